/**
 * One rule for a proven phone, whatever proved it (ADR 009, ADR 022): a code typed on the web, Twilio
 * delivering from the number, Telegram sharing the sender's own contact.
 *
 * - A number has at most one verified holder (the partial unique index of migration 0003). A proof attaches
 *   to that holder and to nobody else.
 * - Until someone proves it, anyone may register the number unverified (the claim rule). The first proof
 *   makes the PROVING person its verified owner, and every other unverified claimant is released in the
 *   same batch: its phone becomes `released:<id>`, its sessions are deleted and its sockets closed.
 * - A proof never verifies an account whose password the prover did not choose: a channel proof makes (or
 *   finds) the channel's own account, never an unverified web account that merely typed the same number.
 */
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { sessions, users } from "../../db/schema";
import type { Lang, ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { oneLine } from "../text/oneLine";

export const isUniqueViolation = (err: unknown) => String((err as Error)?.message ?? err).includes("UNIQUE");

/** The ids of the accounts that registered `phone` but never proved it. */
export async function unverifiedClaimants(ctx: Pick<ServiceContext, "db">, phone: string): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.isPhoneVerified, false)));
  return rows.map((r) => r.id);
}

/**
 * The two statements that release the unverified claimants of `phone` (all but `keepId`), guarded by `when`
 * (an SQL condition true only if the caller's own claim is the one that wins): sessions first, then the phone.
 */
export function releaseStatements(
  ctx: Pick<ServiceContext, "db">,
  phone: string,
  keepId: number | null,
  when = sql`1`,
) {
  const others = keepId === null ? sql`1` : sql`${users.id} <> ${keepId}`;
  return [
    ctx.db.delete(sessions).where(
      and(
        sql`${sessions.userId} in (select id from ${users} where phone = ${phone} and is_phone_verified = 0
            and ${others})`,
        when,
      ),
    ),
    ctx.db
      .update(users)
      .set({ phone: sql`'released:' || ${users.id}`, verificationCode: null, verificationExpiry: null })
      .where(and(eq(users.phone, phone), eq(users.isPhoneVerified, false), others, when)),
  ] as const satisfies readonly BatchItem<"sqlite">[];
}

/** After a release: their sessions are gone, so their open sockets (bell and chat) close too. */
export async function closeReleasedSockets(ctx: Pick<ServiceContext, "ports">, userIds: number[]): Promise<void> {
  await Promise.all(userIds.map((id) => ctx.ports.sessions.end(id, { allExcept: null })));
}

/** Marks the password of an account made from a chat: no password matches it until the person sets one (reset). */
export const NO_PASSWORD = "none$channel";

export const claimColumns = {
  userId: users.id,
  userType: users.userType,
  language: users.language,
  phone: users.phone,
  isPhoneVerified: users.isPhoneVerified,
};
export type ClaimedAccount = {
  userId: number;
  userType: "customer" | "provider";
  language: Lang;
  phone: string;
  isPhoneVerified: boolean;
};

async function verifiedHolder(ctx: Pick<ServiceContext, "db">, phone: string): Promise<ClaimedAccount | null> {
  const [row] = await ctx.db
    .select(claimColumns)
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.isPhoneVerified, true)))
    .limit(1);
  return row ?? null;
}

/**
 * A channel proved that the person writing holds `phone`. Returns the number's verified holder, or makes the
 * prover its verified owner: a new passwordless customer account (they can set a password with a reset),
 * with the unverified claimants released in the same batch. `createIfUnclaimed: false` leaves a number
 * nobody registered alone (a greeting from an unknown number makes no account); a number with unverified
 * claimants is always settled, so a stranger's claim cannot wait for the owner's next message.
 */
export async function claimByChannel(
  ctx: Pick<ServiceContext, "db" | "ports">,
  phone: string,
  who: { name: string; lang: Lang },
  opts: { createIfUnclaimed?: boolean } = {},
): Promise<ClaimedAccount | null> {
  const holder = await verifiedHolder(ctx, phone);
  if (holder) return holder;
  const claimants = await unverifiedClaimants(ctx, phone);
  if (claimants.length === 0 && opts.createIfUnclaimed === false) return null;
  let created: ClaimedAccount[];
  try {
    [created] = await ctx.db.batch([
      // first, so that a verified holder appearing meanwhile (the unique index) aborts the whole batch
      ctx.db
        .insert(users)
        .values({
          phone,
          name: oneLine(who.name).slice(0, 80) || phone,
          passwordHash: NO_PASSWORD,
          language: who.lang,
          isPhoneVerified: true,
        })
        .returning(claimColumns),
      ...releaseStatements(ctx, phone, null),
    ]);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // someone proved the number a moment ago (another message, a code): they hold it
    const winner = await verifiedHolder(ctx, phone);
    if (!winner) throw new ServiceError("CONFLICT", "errors.conflict");
    return winner;
  }
  await closeReleasedSockets(ctx, claimants);
  return created[0] ?? null;
}
