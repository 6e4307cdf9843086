/**
 * Who answers, and how fast (ADR 052). A listing's requests over the last 60 days are its bookings that were answered
 * (accepted or declined: `responded_at`) or ended unanswered (expired), and the chats whose first question got a reply,
 * or none within a day. The rate and the median minutes to the first answer live in one precomputed row per listing
 * (`listing_answers`), rewritten by one statement when one of its requests is answered or expires, or a chat gets its
 * first reply: cards and ranking read that row, never the bookings.
 */
import type { ServiceContext } from "../context";

/** 90 in ADR 052; 60 since ADR 069, because closed bookings older than that leave D1 for the archive */
export const ANSWER_WINDOW_DAYS = 60;
/** below this many requests a listing shows no rate and ranks as "not known yet" */
export const MIN_REQUESTS = 3;
/** a chat's first question with no reply after this long counts as unanswered */
export const CHAT_ANSWER_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The rate a card shows: "Answers 9 in 10 · usually within 2 h". */
export interface Answers {
  /** answered in 10, rounded (0–10) */
  inTen: number;
  /** median minutes to the first answer; null when none was answered */
  medianMinutes: number | null;
}

/**
 * One statement rewriting the listing's row from its bookings (index provider_id, status, created_at) and
 * conversations (index provider_id, …) of the window. The median is the lower middle answer time.
 */
export function refreshAnswersStatement(d1: D1Database, providerId: number, now: Date): D1PreparedStatement {
  const t = now.getTime();
  return d1
    .prepare(
      `INSERT OR REPLACE INTO listing_answers (provider_id, requests, answered, median_minutes, answers, updated_at)
       WITH ev AS (
         SELECT created_at AS asked, responded_at AS answered FROM bookings
          WHERE provider_id = ?1 AND created_at >= ?2 AND (responded_at IS NOT NULL OR status = 'expired')
            AND (idempotency_key IS NULL OR idempotency_key NOT LIKE 'service-request:%')
         UNION ALL
         SELECT first_asked_at, first_answered_at FROM conversations
          WHERE provider_id = ?1 AND first_asked_at >= ?2 AND (first_answered_at IS NOT NULL OR first_asked_at < ?3)
       ),
       a AS (SELECT max(answered - asked, 0) AS ms, row_number() OVER (ORDER BY max(answered - asked, 0)) AS rn,
       count(*) OVER () AS n
               FROM ev WHERE answered IS NOT NULL),
       k AS (SELECT (SELECT count(*) FROM ev) AS requests, (SELECT count(*) FROM a) AS answered)
       SELECT ?1, k.requests, k.answered,
              (SELECT CAST(round(ms / 60000.0) AS integer) FROM a WHERE rn = (n + 1) / 2),
              CASE WHEN k.requests < ${MIN_REQUESTS} THEN 1 WHEN k.answered * 2 >= k.requests THEN 2 ELSE 0 END,
              ?4
         FROM k`,
    )
    .bind(providerId, t - ANSWER_WINDOW_DAYS * DAY_MS, t - CHAT_ANSWER_MS, t);
}

/** Rewrites the rows of these listings (after an answer, an expiry, a chat's first reply). */
export async function refreshAnswers(ctx: Pick<ServiceContext, "db" | "now">, providerIds: number[]): Promise<void> {
  const ids = [...new Set(providerIds)];
  if (!ids.length) return;
  const d1 = ctx.db.$client as D1Database;
  const now = ctx.now();
  await d1.batch(ids.map((id) => refreshAnswersStatement(d1, id, now)));
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** "Answers 9 in 10 · usually within 2 h" in the reader's language (cards, the profile, the bot). */
export function answersText(t: T, a: Answers): string {
  const rate = t("reach.answers.rate", { n: a.inTen, of: 10 });
  if (a.medianMinutes === null) return rate;
  const m = Math.max(1, a.medianMinutes);
  const within =
    m < 60
      ? t("reach.answers.withinMin", { n: m })
      : m < 48 * 60
        ? t("reach.answers.withinHours", { n: Math.ceil(m / 60) })
        : t("reach.answers.withinDays", { n: Math.ceil(m / 1440) });
  return `${rate} · ${within}`;
}
