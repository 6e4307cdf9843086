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
