/**
 * How many strangers one customer can make Dalil text (ADR 075): a customer's first chat messages and bookings reach
 * the numbers of listings not on Dalil at most 5 distinct numbers a Baghdad day, together. A number already reached
 * today costs nothing more. Over it, the message or booking stands on Dalil and the number is not texted.
 */
import type { ServiceContext } from "../context";
import { iraqToday } from "../ids";
import { LIMITS, type Slot } from "../rateLimit";
import { jobLine } from "../bookings/jobText";
import { carriesContacts, withoutContacts } from "../text/withoutContacts";

const NOTHING: Slot = { release: async () => {} };

/** A slot of the customer's outreach for `phone` today, or null when the day's 5 numbers are reached. */
export async function takeOutreach(
  ctx: Pick<ServiceContext, "ports" | "now">,
  customerId: number,
  phone: string,
): Promise<Slot | null> {
  const now = ctx.now().getTime();
  const day = iraqToday(ctx.now());
  const to = LIMITS.outreachTo(customerId, phone, day);
  const marked = await ctx.ports.limits.take(to, now);
  if (!marked) return NOTHING;
  const counted = await ctx.ports.limits.take(LIMITS.outreach(customerId, day), now);
  if (!counted) {
    await ctx.ports.limits.release(to.key, marked);
    return null;
  }
  return {
    release: async () => {
      await Promise.all([
        ctx.ports.limits.release(to.key, marked),
        ctx.ports.limits.release(LIMITS.outreach(customerId, day).key, counted),
      ]);
    },
  };
}

/** Remembers that booking `bookingId`'s text was kept back by the customer's outreach limit, for its confirmation. */
export async function markOutreachRefused(
  ctx: Pick<ServiceContext, "ports" | "now">,
  bookingId: number,
): Promise<void> {
  await ctx.ports.limits.take(LIMITS.outreachRefused(bookingId), ctx.now().getTime());
}

export async function wasOutreachRefused(
  ctx: Pick<ServiceContext, "ports" | "now">,
  bookingId: number,
): Promise<boolean> {
  const limit = LIMITS.outreachRefused(bookingId);
  return (await ctx.ports.limits.count(limit.key, ctx.now().getTime())) > 0;
}

/**
 * A booking's job as a stranger's number reads it: the customer's line, or, when it carried a link, an e-mail or a
 * phone number, the listing's trade instead (words written around a link are the lure's, not the job's).
 */
export function jobForStranger(description: string, trade: string | null, max: number): string {
  if (!carriesContacts(description)) return jobLine(description, max);
  return trade ?? jobLine(withoutContacts(description), max);
}
