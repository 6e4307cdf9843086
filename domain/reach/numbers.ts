/**
 * Who holds a listing's number (ADR 047). A listing is "on Dalil" when an account whose phone is proven owns it;
 * otherwise only its number can answer for it. Whoever proves that number (the single-use link it was sent, a WhatsApp
 * message Twilio delivered from it, an account that proved it with a code or a contact share) acts for the listing as
 * its provider would, on a listing no account owns.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { listingAnswers, serviceProviders, stoppedNumbers, users } from "../../db/schema";
import { MIN_REQUESTS, type Answers } from "./answers";
import type { Actor, ServiceContext } from "../context";
import { normalizeIraqiPhone } from "../text/phone";
import { requireUser } from "../accounts/requireUser";

/**
 * The signed-in user behind a booking verb, or null for a listing's number that proves itself without an account
 * (a link it was sent, a WhatsApp message from it): UNAUTHENTICATED for anyone else.
 */
export function userOrNumber(actor: Actor) {
  if (actor.kind === "listing" || (actor.kind === "whatsapp" && !actor.user && actor.provenPhone)) return null;
  return requireUser(actor);
}

/** A listing's number as E.164 when it is an Iraqi mobile (a landline gets no SMS), else null. */
export const mobileOf = (phone: string | null | undefined): string | null =>
  phone ? normalizeIraqiPhone(phone) : null;

/** The phone the actor has proven, if any: a link's number, a WhatsApp sender, an account's verified phone. */
export async function provenPhoneOf(ctx: Pick<ServiceContext, "db" | "actor">): Promise<string | null> {
  const actor: Actor = ctx.actor;
  if (actor.kind === "listing") return actor.phone;
  if (actor.kind === "whatsapp" && actor.provenPhone) return actor.provenPhone;
  const userId =
    actor.kind === "user"
      ? actor.userId
      : actor.kind === "telegram" || actor.kind === "whatsapp"
        ? (actor.user?.userId ?? null)
        : null;
  if (!userId) return null;
  const [me] = await ctx.db
    .select({ phone: users.phone, verified: users.isPhoneVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return me?.verified ? me.phone : null;
}

/**
 * Whether the actor answers for this booking's listing as its number: the listing has no owner, and the actor
 * proves the listing's number (a link proves it for its own booking only).
 */
export async function actsForListing(
  ctx: Pick<ServiceContext, "db" | "actor">,
  row: { id: number; providerUserId: number | null; providerPhone: string },
): Promise<boolean> {
  if (row.providerUserId != null) return false;
  if (ctx.actor.kind === "listing" && ctx.actor.bookingId !== row.id) return false;
  const listing = mobileOf(row.providerPhone);
  if (!listing) return false;
  return (await provenPhoneOf(ctx)) === listing;
}

export interface ListingReach {
  /** owned by an account whose phone is proven */
  onDalil: boolean;
  /** not on Dalil and its number said STOP: calling is the only way (no booking, no chat) */
  callOnly: boolean;
  /** who answers, and how fast (ADR 052): null below 3 requests in 60 days */
  answers: Answers | null;
}

/** Each listing's reach, for a page of cards or one profile: one query for owners, one for stopped numbers. */
export async function listingReach(ctx: Pick<ServiceContext, "db">, ids: number[]): Promise<Map<number, ListingReach>> {
  const out = new Map<number, ListingReach>();
  if (!ids.length) return out;
  const rows: {
    id: number;
    phone: string;
    ownerVerified: boolean | null;
    requests: number | null;
    answered: number | null;
    medianMinutes: number | null;
  }[] = [];
  // D1 binds at most 100 values per statement
  for (let i = 0; i < ids.length; i += 90) {
    rows.push(
      ...(await ctx.db
        .select({
          id: serviceProviders.id,
          phone: serviceProviders.phone,
          ownerVerified: users.isPhoneVerified,
          requests: listingAnswers.requests,
          answered: listingAnswers.answered,
          medianMinutes: listingAnswers.medianMinutes,
        })
        .from(serviceProviders)
        .leftJoin(users, eq(users.id, serviceProviders.userId))
        .leftJoin(listingAnswers, eq(listingAnswers.providerId, serviceProviders.id))
        .where(inArray(serviceProviders.id, ids.slice(i, i + 90)))),
    );
  }
  const numbers = [
    ...new Set(
      rows
        .filter((r) => !r.ownerVerified)
        .map((r) => mobileOf(r.phone))
        .filter((p): p is string => Boolean(p)),
    ),
  ];
  const stopped = new Set<string>();
  for (let i = 0; i < numbers.length; i += 90) {
    const found = await ctx.db
      .select({ phone: stoppedNumbers.phone })
      .from(stoppedNumbers)
      .where(and(inArray(stoppedNumbers.phone, numbers.slice(i, i + 90)), isNotNull(stoppedNumbers.stoppedAt)));
    for (const f of found) stopped.add(f.phone);
  }
  for (const r of rows) {
    const onDalil = Boolean(r.ownerVerified);
    const mobile = mobileOf(r.phone);
    const answers =
      r.requests != null && r.requests >= MIN_REQUESTS
        ? { inTen: Math.round(((r.answered ?? 0) / r.requests) * 10), medianMinutes: r.medianMinutes }
        : null;
    out.set(r.id, { onDalil, callOnly: !onDalil && (!mobile || stopped.has(mobile)), answers });
  }
  return out;
}

export async function reachOf(ctx: Pick<ServiceContext, "db">, id: number): Promise<ListingReach> {
  return (await listingReach(ctx, [id])).get(id) ?? { onDalil: false, callOnly: false, answers: null };
}

/** STOP («توقف», «ڕاگرتن») from a number: it gets no message about a listing again (ADR 047). */
export async function stopNumber(ctx: Pick<ServiceContext, "db" | "now">, phone: string): Promise<void> {
  const e164 = mobileOf(phone) ?? phone;
  await ctx.db.insert(stoppedNumbers).values({ phone: e164, stoppedAt: ctx.now() }).onConflictDoNothing();
}

/** START from the number itself (its SMS): messages about a listing may reach it again (ADR 075). */
export async function resumeNumber(ctx: Pick<ServiceContext, "db">, phone: string): Promise<void> {
  await ctx.db.delete(stoppedNumbers).where(eq(stoppedNumbers.phone, mobileOf(phone) ?? phone));
}

export async function isStopped(ctx: Pick<ServiceContext, "db">, phone: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ phone: stoppedNumbers.phone })
    .from(stoppedNumbers)
    .where(eq(stoppedNumbers.phone, phone))
    .limit(1);
  return Boolean(row);
}

/** Dalil's own WhatsApp (TWILIO_WHATSAPP_FROM) as a wa.me address, to say hello or answer on; "" when none is set. */
export const dalilWhatsApp = (from: string | undefined): string => (from ? `wa.me/${from.replace(/\D/g, "")}` : "");
