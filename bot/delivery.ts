// How a channel's HTTP answer becomes a DeliveryError (domain/errors.ts), the outbox's reading of it.

/** 429 and 5xx are worth retrying; other 4xx are not. */
export const isPermanentStatus = (status: number) => status >= 400 && status < 500 && status !== 429 && status !== 408;

/**
 * The longest a send waits for Twilio or Telegram: a provider that
 * does not answer is a failure to retry, not a held delivery.
 */
export const SEND_TIMEOUT_SECONDS = 10;
