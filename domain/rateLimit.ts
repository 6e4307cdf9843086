import type { ServiceContext } from "./context";
import { ServiceError } from "./errors";

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** One taken slot under a limit: `release()` gives it back when the attempt it guarded did not count. */
export interface Slot {
  release(): Promise<void>;
}

/**
 * A slot as taken: its limit's key and its id in that key's object,
 * what a held message keeps to give it back later (ADR 076).
 */
export interface TakenSlot extends Slot {
  key: string;
  id: number;
}

type Ctx = Pick<ServiceContext, "ports" | "now">;

/**
 * Takes one slot under `limit`, or throws RATE_LIMITED. Each limit key is counted in an object of its own
 * (ports.limits, ADR 054), which answers one take at a time: with max 10, exactly 10 of 30 simultaneous callers
 * get a slot. Slots are forgotten by the object once their window has passed; D1 holds none.
 * Reserve first, then do the work; release the slot if the work should not count (ADR 009).
 */
export async function takeSlot(ctx: Ctx, limit: Limit): Promise<TakenSlot> {
  const id = await ctx.ports.limits.take(limit, ctx.now().getTime());
  if (!id) throw new ServiceError("RATE_LIMITED", "errors.rateLimited");
  return {
    key: limit.key,
    id,
    async release() {
      await ctx.ports.limits.release(limit.key, id);
    },
  };
}

/** Takes one slot under each limit, in order, or none: a refusal gives back the slots already taken. */
export async function takeSlots(ctx: Ctx, limits: Limit[]): Promise<Slot> {
  const taken: Slot[] = [];
  const all: Slot = { release: async () => void (await Promise.all(taken.map((s) => s.release()))) };
  for (const limit of limits) taken.push(await releaseOnError(all, () => takeSlot(ctx, limit)));
  return all;
}

/** Runs `work` holding `slot`; the slot is given back if `work` throws (a failed attempt does not count). */
export async function releaseOnError<T>(slot: Slot, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await slot.release();
    throw err;
  }
}

/** Takes a slot of `limit`, then runs `work`; see releaseOnError. */
export async function withSlot<T>(ctx: Ctx, limit: Limit, work: () => Promise<T>): Promise<T> {
  return releaseOnError(await takeSlot(ctx, limit), work);
}

/**
 * Takes a slot per address, when the door knows one: a null ip (a bot, a job) skips it, and the
 * per-phone and per-user limits still apply. Returns a no-op slot when skipped.
 */
export async function takeIpSlot(
  ctx: Ctx & Pick<ServiceContext, "client">,
  limit: (ip: string) => Limit,
): Promise<Slot> {
  const ip = ctx.client?.ip;
  if (!ip) return { release: async () => {} };
  return takeSlot(ctx, limit(ip));
}

/** Forgets every event under `key` (a successful login clears its failures). */
export async function clearEvents(ctx: Pick<ServiceContext, "ports">, key: string): Promise<void> {
  await ctx.ports.limits.clear(key);
}

const MINUTE = 60_000;
export const LIMITS = {
  /** payments started by one account: 20 an hour (each opens a gateway's page; more is a script) */
  startPayment: (userId: number): Limit => ({ key: `start-payment:${userId}`, max: 20, windowMs: 60 * MINUTE }),
  /** a gateway's callbacks from one address: 600 a minute (Qi retries until answered; a flood is not a gateway) */
  paymentCallbacks: (ip: string): Limit => ({ key: `payment-callback-ip:${ip}`, max: 600, windowMs: MINUTE }),
  /** 10 failed logins for a phone in 15 minutes locks that phone until the window passes */
  failedLogin: (phone: string): Limit => ({ key: `login-fail:${phone}`, max: 10, windowMs: 15 * MINUTE }),
  /** verification codes: 5 per phone per hour */
  sendCode: (phone: string): Limit => ({ key: `send-code:${phone}`, max: 5, windowMs: 60 * MINUTE }),
  /** failed sign-ins from a device that signed in to this phone before: its own limit, not the phone's */
  failedLoginFromDevice: (deviceId: string): Limit => ({
    key: `login-fail-device:${deviceId}`,
    max: 10,
    windowMs: 15 * MINUTE,
  }),
  /**
   * password-reset codes to a phone: 5 an hour, a budget of their own (a stranger's resets never spend the
   * owner's verification codes), and each code lives an hour, so while it is spent the owner holds a working one
   */
  resetCode: (phone: string): Limit => ({ key: `reset-code:${phone}`, max: 5, windowMs: 60 * MINUTE }),
  /** wrong reset codes typed from one address: 30 an hour (a code has 75 bits: this only stops hammering) */
  resetFinishFromIp: (ip: string): Limit => ({ key: `reset-finish-ip:${ip}`, max: 30, windowMs: 60 * MINUTE }),
  /** password-reset codes asked from one address: 10 an hour, whatever phones (the per-phone limit is resetCode's) */
  resetFromIp: (ip: string): Limit => ({ key: `reset-ip:${ip}`, max: 10, windowMs: 60 * MINUTE }),
  /** registrations: 5 attempts per phone per hour */
  register: (phone: string): Limit => ({ key: `register:${phone}`, max: 5, windowMs: 60 * MINUTE }),
  /** failed sign-ins from one address: 50 in 15 minutes, whatever phones they try */
  failedLoginFromIp: (ip: string): Limit => ({ key: `login-fail-ip:${ip}`, max: 50, windowMs: 15 * MINUTE }),
  /** new accounts from one address: 10 an hour (families and offices share addresses) */
  registerFromIp: (ip: string): Limit => ({ key: `register-ip:${ip}`, max: 10, windowMs: 60 * MINUTE }),
  /** wrong current passwords on password change: 5 per user in 15 minutes */
  passwordCheck: (userId: number): Limit => ({ key: `password-check:${userId}`, max: 5, windowMs: 15 * MINUTE }),
  /** contact-form messages: 3 per e-mail, 5 per address and 5 per signed-in user an hour */
  contactFromEmail: (email: string): Limit => ({ key: `contact:${email}`, max: 3, windowMs: 60 * MINUTE }),
  contactFromIp: (ip: string): Limit => ({ key: `contact-ip:${ip}`, max: 5, windowMs: 60 * MINUTE }),
  contactFromUser: (userId: number): Limit => ({ key: `contact-user:${userId}`, max: 5, windowMs: 60 * MINUTE }),
  /** one counted contact click per visitor, listing, kind and day */
  contactClick: (visitor: string, providerId: number, kind: string, day: string): Limit => ({
    key: `click:${providerId}:${kind}:${day}:${visitor}`,
    max: 1,
    windowMs: 24 * 60 * MINUTE,
  }),
  /** bookings: 10 per customer per hour */
  booking: (userId: number): Limit => ({ key: `booking:${userId}`, max: 10, windowMs: 60 * MINUTE }),
  /**
   * the numbers of listings not on Dalil that one customer's first chat messages and bookings may have texted: 5
   * distinct numbers a Baghdad day, chats and bookings together (ADR 075); `outreachTo` marks a number already reached
   */
  outreach: (userId: number, day: string): Limit => ({
    key: `outreach:${userId}:${day}`,
    max: 5,
    windowMs: 24 * 60 * MINUTE,
  }),
  outreachTo: (userId: number, phone: string, day: string): Limit => ({
    key: `outreach-to:${userId}:${phone}:${day}`,
    max: 1,
    windowMs: 24 * 60 * MINUTE,
  }),
  /** a booking whose text the customer's outreach limit kept back: remembered a day, for its confirmation to say so */
  outreachRefused: (bookingId: number): Limit => ({
    key: `outreach-refused:${bookingId}`,
    max: 1,
    windowMs: 24 * 60 * MINUTE,
  }),
  /**
   * messages about a listing to its own number when no account owns it: 3 per number per Baghdad day (ADR 047), the
   * day it is sent (a held one counts on the day of its 08:00; kept 48 hours, so one taken the evening before still
   * counts all that day, ADR 076)
   */
  listingNumber: (phone: string, day: string): Limit => ({
    key: `listing-number:${phone}:${day}`,
    max: 3,
    windowMs: 48 * 60 * MINUTE,
  }),
};
