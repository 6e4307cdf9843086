/** How a channel's API answered a send: the outbox decides from this whether to retry. */
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

/** 429 and 5xx are worth retrying; other 4xx are not. */
export const isPermanentStatus = (status: number) => status >= 400 && status < 500 && status !== 429 && status !== 408;

/** The longest a send waits for Twilio or Telegram: a provider that does not answer is a failure to retry, not a held delivery. */
export const SEND_TIMEOUT_SECONDS = 10;
