/** What went wrong, as a code: the edge (API, web, bot) turns it into a translated sentence. */
export const SERVICE_ERROR_CODES = [
  "VALIDATION",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "UNAVAILABLE",
] as const;
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number];

export class ServiceError extends Error {
  constructor(
    readonly code: ServiceErrorCode,
    /** translation key for the user-facing sentence, e.g. "errors.providerNotFound" */
    readonly messageKey: string,
    /** per-field translation keys for VALIDATION errors */
    readonly fields?: Record<string, string>,
    readonly params?: Record<string, string | number>,
  ) {
    super(`${code}: ${messageKey}`);
    this.name = "ServiceError";
  }
}

export const isServiceError = (e: unknown): e is ServiceError => e instanceof ServiceError;

/** How a channel's API answered a send: the outbox decides from this whether to retry (ADR 084). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    /** a 4xx that will never succeed (bot blocked, invalid number, not opted in): no retry */
    readonly permanent: boolean,
    /** what the API asked us to wait (Telegram retry_after, HTTP Retry-After), in seconds */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DeliveryError";
  }
}
