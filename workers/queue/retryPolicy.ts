import { DeliveryError } from "../../domain/errors";

/**
 * A message's deliveries: wrangler.toml's `max_retries = 5` for the outbox queue, so its sixth is its last (ADR 084).
 */
export const OUTBOX_TRIES = 6;

/** The longest the queue holds a message back (Cloudflare Queues' delaySeconds limit: 12 hours). */
export const QUEUE_MAX_DELAY_SECONDS = 43_200;

/** Exponential backoff for a 5xx or a timeout: 30 s doubling, at most 15 minutes, each drawn in its upper half. */
export const BACKOFF = { firstSeconds: 30, maxSeconds: 900 } as const;

/**
 * How long a failed delivery waits before its next try (ADR 084). A 429 that said how long (Twilio's Retry-After,
 * Telegram's retry_after) waits exactly that; anything else backs off exponentially with "equal jitter": half the
 * step fixed, half random, so the steps keep growing and a burst of failures does not come back as one.
 */
export function retryDelaySeconds(err: unknown, attempt: number, random: () => number = Math.random): number {
  const asked = err instanceof DeliveryError ? err.retryAfterSeconds : undefined;
  if (asked !== undefined && asked > 0) return Math.min(QUEUE_MAX_DELAY_SECONDS, Math.ceil(asked));
  const step = Math.min(BACKOFF.maxSeconds, BACKOFF.firstSeconds * 2 ** Math.max(0, attempt - 1));
  return Math.ceil(step / 2 + (random() * step) / 2);
}
