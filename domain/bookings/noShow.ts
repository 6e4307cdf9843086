import { and, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import { bookings } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { notify } from "../notifications/notifications";
import { clip } from "../text/clip";
import { parseInput } from "../validation";
import { NO_SHOW_ANSWER_HOURS, noShowAnswerOpen } from "./afterBookingRules";
import { bookingForParticipant } from "./participants";
import { slotHasEnded } from "./slotEnded";
import { tellListingOfChange } from "../reach/tellListing";

/**
 * Once the slot has ended, either side says the other did not come (ADR 056): recorded on the booking once (`no_show`
 * names the side that did not come), the other side is told (bell and linked chats, in their language, with an answer
 * button), and the admin page counts it. Only the two participants, only an accepted booking, only once its slot has
 * ended by the listing's own hours.
 */
export async function reportNoShow(
  ctx: ServiceContext,
  rawId: string,
): Promise<{ id: number; noShow: "customer" | "provider" }> {
  const b = await bookingForParticipant(ctx, rawId);
  if (b.noShow) throw new ServiceError("CONFLICT", "errors.noShowExists");
  if (b.status !== "accepted") throw new ServiceError("CONFLICT", "errors.noShowState");
  if (!slotHasEnded(b, ctx.now())) throw new ServiceError("CONFLICT", "errors.noShowNotYet");
  const absent = b.side === "customer" ? "provider" : "customer";
  const done = await ctx.db
    .update(bookings)
    .set({ noShow: absent, noShowAt: ctx.now() })
    .where(and(eq(bookings.id, b.id), eq(bookings.status, "accepted"), isNull(bookings.noShow)))
    .returning({ id: bookings.id });
  // a parallel report by the other side got there first
  if (!done.length) throw new ServiceError("CONFLICT", "errors.noShowExists");
  const other = b.side === "customer" ? b.providerUserId : b.customerId;
  if (other) {
    await notify(ctx, {
      userId: other,
      type: "booking",
      key: b.side === "customer" ? "notices.noShowByCustomer" : "notices.noShowByProvider",
      params: { provider: b.providerName },
      relatedId: b.id,
      choices: [{ key: "bot.noShowAnswer", action: `nsa:${b.id}` }],
    });
    await ctx.ports.notifier
      .notifyUser(other, { type: "changed", topic: "booking" })
      .catch((e) => console.error("live refresh failed", e));
  }
  // a listing no account owns accepted it at its number: the claim reaches that number (ADR 076)
  if (!other && b.side === "customer") await tellListingOfChange(ctx, b.id, "noShow", { heard: true });
  if (b.userId)
    await ctx.ports.notifier
      .notifyUser(b.userId, { type: "changed", topic: "booking" })
      .catch((e) => console.error("live refresh failed", e));
  return { id: b.id, noShow: absent };
}

const answerSchema = z.object({
  answer: z
    .string({ error: "validation.reply" })
    .trim()
    .min(1, { error: "validation.reply" })
    .max(1000, { error: "validation.reply" }),
});

/**
 * The side said to be absent answers the claim, once, within 48 hours of it (ADR 056): the answer shows beside the
 * claim on both sides' cards and makes it "contested" on the admin's No-shows tab, and the side that made the claim is
 * told. Only that side; a second answer, a late one or two at once change nothing.
 */
export async function answerNoShow(
  ctx: ServiceContext,
  rawId: string,
  raw: unknown,
): Promise<{ id: number; answer: string }> {
  const b = await bookingForParticipant(ctx, rawId);
  const { answer } = parseInput(answerSchema, raw);
  // nothing to answer: no claim, or the claim is about the other side (who made it)
  if (!b.noShow || b.noShow !== b.side) throw new ServiceError("CONFLICT", "errors.noShowNothingToAnswer");
  if (b.noShowAnswer !== null) throw new ServiceError("CONFLICT", "errors.noShowAnswered");
  const now = ctx.now();
  if (!noShowAnswerOpen(b, b.side, now)) throw new ServiceError("CONFLICT", "errors.noShowAnswerLate");
  const done = await ctx.db
    .update(bookings)
    .set({ noShowAnswer: answer, noShowAnswerAt: now })
    .where(
      and(
        eq(bookings.id, b.id),
        eq(bookings.noShow, b.side),
        isNotNull(bookings.noShowAt),
        gt(bookings.noShowAt, new Date(now.getTime() - NO_SHOW_ANSWER_HOURS * 3_600_000)),
        isNull(bookings.noShowAnswer),
      ),
    )
    .returning({ id: bookings.id });
  // a parallel answer got there first
  if (!done.length) throw new ServiceError("CONFLICT", "errors.noShowAnswered");
  const claimant = b.side === "customer" ? b.providerUserId : b.customerId;
  if (claimant) {
    await notify(ctx, {
      userId: claimant,
      type: "booking",
      key: b.side === "customer" ? "notices.noShowAnsweredByCustomer" : "notices.noShowAnsweredByProvider",
      params: { provider: b.providerName, answer: clip(answer, 200) },
      relatedId: b.id,
    });
    await ctx.ports.notifier
      .notifyUser(claimant, { type: "changed", topic: "booking" })
      .catch((e) => console.error("live refresh failed", e));
  }
  return { id: b.id, answer };
}
