import { tokenize } from "../../domain/text/normalize";
import { choiceBySynonym } from "./choiceSynonyms";
import type { BookingPhoto } from "../../domain/bookings/bookingPhotos";
import { and, eq, isNull } from "drizzle-orm";
import { channelLinks } from "../../db/schema";
import type { Lang, ServiceContext } from "../../domain/context";
import { isLang } from "../../domain/text/lang";
import type { Channel } from "./types";

/** Where a chat is in a dialogue; JSON in channel_links.state, so it survives restarts. */
export interface ConversationState {
  step: Step;
  /** epoch ms of the last change: older than STALE_MS resets politely */
  at: number;
  /** the actions behind the numbers of the last message ("2" → menu[1]) */
  menu: string[];
  /** `day` (YYYY-MM-DD) and `slot`: when the search said the job is wanted; a booking from it takes them */
  search?: {
    q?: string;
    category?: string;
    city?: string;
    lat?: number;
    lng?: number;
    page: number;
    said?: string;
    day?: string;
    slot?: "morning" | "afternoon" | "evening";
  };
  draft?: BookingDraft;
  /** what to resume once the chat is linked to an account */
  resume?: string;
  /** a /start link code for another account, kept while the bot asks whether to move this chat */
  linkCode?: string;
  /** the same choices' words, as a person may type one instead of its number («احجز» for «📅 احجز»): `choiceWord` */
  menuWords?: string[];
  /** `menu` came from a message sent outside the conversation (an alert), not from the bot's last answer */
  menuFromAlert?: boolean;
  /** the choices of the bot's answer before the last, kept one turn: a number it offered still means that (ADR 083) */
  menuBefore?: string[];
  /** the last alerts sent to this chat: a reply quoting one answers that one */
  alerts?: SentAlert[];
  /** relayed chat messages: a reply quoting one goes into its conversation (ADR 034) */
  threads?: { mid: string; conversationId: number; at: number }[];
  /** the conversation the bot last named: what is typed next goes there (until the menu or another choice) */
  chat?: ChatTarget;
  /** the booking whose low rating the person may now say more about */
  reviewing?: number;
  /** the booking whose "did not come" the next message answers (ADR 056) */
  answering?: number;
  /** a booking being moved to another day (bot/flows/changeDay.ts): which one, and the day once chosen */
  move?: { bookingId: number; date?: string };
}

/** A web conversation the chat writes into: an existing one, or a listing to start one with. */
export interface ChatTarget {
  conversationId?: number;
  providerId?: number;
  name: string;
  at: number;
}

/** An alert as sent: the channel's id of the message and the choices it offered. */
export interface SentAlert {
  mid: string;
  menu: string[];
  at: number;
}
/** How many sent alerts a chat remembers. */
export const KEPT_ALERTS = 20;

/**
 * How far back a bare number reaches (ADR 042, amended): a number the bot's last message did not offer answers the
 * newest alert of the last day (and of the KEPT_ALERTS remembered) that offered it.
 */
export const NUMBER_REACH_MS = 24 * 60 * 60 * 1000;

/**
 * The choices a typed number answers: the message it quotes (the caller's), else the bot's last message when it
 * offered that number, else the answer before it (one turn back: «٤» for the line 4 of a menu just replaced by a
 * two-line one, ADR 083), else the newest alert within NUMBER_REACH_MS that did («٢» from a reminder's "2. Change
 * the day" after a newer one-line menu). undefined when no message offered it.
 */
export function menuOffering(
  state: ConversationState,
  n: number,
  now: number,
): { menu: string[]; fromAlert: boolean } | undefined {
  if (n >= 1 && n <= state.menu.length) return { menu: state.menu, fromAlert: Boolean(state.menuFromAlert) };
  if (state.menuBefore && n >= 1 && n <= state.menuBefore.length) return { menu: state.menuBefore, fromAlert: false };
  const alert = [...(state.alerts ?? [])]
    .reverse()
    .find((a) => now - a.at <= NUMBER_REACH_MS && n >= 1 && n <= a.menu.length);
  return alert ? { menu: alert.menu, fromAlert: true } : undefined;
}

export interface BookingDraft {
  providerId: number;
  providerName: string;
  /** idempotency key: a repeated confirm books once */
  key: string;
  description?: string;
  location?: string;
  date?: string;
  time?: "morning" | "afternoon" | "evening" | "flexible";
  urgency?: "low" | "normal" | "high" | "emergency";
  /** the address of the customer's last booking, offered as one tap */
  lastLocation?: string;
  /**
   * photos sent while booking (stored images and their captions), sent
   * to the listing's chat once booked (bot/flows/bookingPhotos.ts)
   */
  photos?: BookingPhoto[];
}

export type Step =
  | "idle"
  | "chatCompose"
  | "searchText"
  | "pickCity"
  | "bookDescription"
  | "bookLocation"
  | "bookDate"
  | "bookOtherDate"
  | "bookTime"
  | "bookUrgency"
  | "bookConfirm"
  | "linkContact"
  | "nearMe"
  | "reviewWhy"
  | "noShowAnswer"
  | "moveDay"
  | "moveTime";

export const STALE_MS = 24 * 60 * 60 * 1000;

/** A choice's label as a typed word is compared with it: normalised, emoji, arrows and punctuation gone. */
export const choiceWord = (label: string) => tokenize(label).join(" ");

/** The numbers and words a message's choices can be answered with. */
export const choicesOf = (buttons: { label: string; action: string }[]) => ({
  menu: buttons.map((b) => b.action),
  menuWords: buttons.map((b) => choiceWord(b.label)),
});

/** The action whose label the typed text says, if one does. */
export function choiceByWords(state: ConversationState, typed: string): string | undefined {
  const word = choiceWord(typed);
  if (!word) return undefined;
  const at = (state.menuWords ?? []).indexOf(word);
  return at >= 0 ? state.menu[at] : choiceBySynonym(state.menu, word);
}

export const freshState = (now: number): ConversationState => ({ step: "idle", at: now, menu: [] });

export interface ChatRow {
  id: number;
  userId: number | null;
  /** the owner unlinked this WhatsApp chat: the number's messages act as nobody until they link again */
  unlinked: boolean;
  language: Lang;
  optedIn: boolean;
  state: ConversationState | null;
  /** the state as stored when the turn read it: the turn's save only lands on that (saveTurn) */
  storedState: string | null;
  isNew: boolean;
}

function parseState(raw: string | null): ConversationState | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as ConversationState;
    return s && typeof s.step === "string" && Array.isArray(s.menu) ? s : null;
  } catch {
    return null;
  }
}

/** The chat's row, made on first contact (not linked to anyone until a phone is proven). */
export async function loadChat(
  ctx: Pick<ServiceContext, "db">,
  channel: Channel,
  externalId: string,
  lang: Lang,
): Promise<ChatRow> {
  const cols = {
    id: channelLinks.id,
    userId: channelLinks.userId,
    unlinked: channelLinks.unlinked,
    language: channelLinks.language,
    optedIn: channelLinks.optedIn,
    state: channelLinks.state,
  };
  const [inserted] = await ctx.db
    .insert(channelLinks)
    .values({ channel, externalId, language: lang })
    .onConflictDoNothing()
    .returning(cols);
  const row =
    inserted ??
    (
      await ctx.db
        .select(cols)
        .from(channelLinks)
        .where(and(eq(channelLinks.channel, channel), eq(channelLinks.externalId, externalId)))
        .limit(1)
    )[0];
  return {
    ...row,
    language: isLang(row.language) ? row.language : "ar",
    state: parseState(row.state),
    storedState: row.state ?? null,
    isNew: Boolean(inserted),
  };
}

export async function saveChat(
  ctx: Pick<ServiceContext, "db">,
  id: number,
  patch: {
    state?: ConversationState | null;
    language?: Lang;
    userId?: number | null;
    linkedVia?: "phone" | "session" | null;
    unlinked?: boolean;
    optedIn?: boolean;
    lastInboundAt?: Date;
  },
): Promise<void> {
  const { state, ...rest } = patch;
  await ctx.db
    .update(channelLinks)
    .set({
      ...rest,
      ...(state !== undefined ? { state: state ? JSON.stringify(state) : null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(channelLinks.id, id));
}

type ChatPatch = Parameters<typeof saveChat>[2];

/**
 * Writes the chat's row only if its state is still `stored` (what the writer read); false when it changed meanwhile.
 */
async function saveIfUnchanged(
  ctx: Pick<ServiceContext, "db">,
  id: number,
  stored: string | null,
  patch: ChatPatch & { state: ConversationState },
): Promise<boolean> {
  const { state, ...rest } = patch;
  const written = await ctx.db
    .update(channelLinks)
    .set({ ...rest, state: JSON.stringify(state), updatedAt: new Date() })
    .where(and(eq(channelLinks.id, id), stored === null ? isNull(channelLinks.state) : eq(channelLinks.state, stored)))
    .returning({ id: channelLinks.id });
  return written.length > 0;
}

/** The messages sent to the chat that either side remembers (by message id), the newest KEPT_ALERTS of each kind. */
function withSentOf(mine: ConversationState, theirs: ConversationState | null): ConversationState {
  if (!theirs) return mine;
  const union = <T extends { mid: string; at: number }>(a: T[] = [], b: T[] = []) => {
    const byId = new Map<string, T>();
    for (const x of [...b, ...a]) byId.set(x.mid, x);
    return [...byId.values()].sort((x, y) => x.at - y.at).slice(-KEPT_ALERTS);
  };
  const alerts = union(mine.alerts, theirs.alerts);
  const threads = union(mine.threads, theirs.threads);
  return { ...mine, ...(alerts.length ? { alerts } : {}), ...(threads.length ? { threads } : {}) };
}

/**
 * A turn's end: its state, language and account saved. The deliverer may have remembered an alert or a relayed
 * message (rememberMenu, rememberThread) while the turn ran: the save then reads the row again and keeps those
 * message ids beside the turn's state, so a reply quoting them still lands, instead of writing over them.
 */
export async function saveTurn(
  ctx: Pick<ServiceContext, "db">,
  id: number,
  stored: string | null,
  patch: ChatPatch & { state: ConversationState },
): Promise<void> {
  let expected = stored;
  let state = patch.state;
  // (each lost attempt means another writer landed: a chat has few at once, so this ends within a handful)
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await saveIfUnchanged(ctx, id, expected, { ...patch, state })) return;
    const [row] = await ctx.db
      .select({ state: channelLinks.state })
      .from(channelLinks)
      .where(eq(channelLinks.id, id))
      .limit(1);
    expected = row?.state ?? null;
    state = withSentOf(patch.state, parseState(expected));
  }
  console.error("bot state: a turn's save lost 50 times to parallel writers; written over them");
  await saveChat(ctx, id, { ...patch, state });
}

/**
 * Reads a chat's state (by channel and id), changes it, saves it only over what it read (read again and
 * changed again otherwise), so parallel deliveries and a turn never write over each other; nothing when the
 * chat is unknown.
 */
async function updateState(
  ctx: Pick<ServiceContext, "db">,
  channel: Channel,
  externalId: string,
  now: number,
  change: (state: ConversationState) => ConversationState,
): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [row] = await ctx.db
      .select({ id: channelLinks.id, state: channelLinks.state })
      .from(channelLinks)
      .where(and(eq(channelLinks.channel, channel), eq(channelLinks.externalId, externalId)))
      .limit(1);
    if (!row) return;
    if (
      await saveIfUnchanged(ctx, row.id, row.state ?? null, { state: change(parseState(row.state) ?? freshState(now)) })
    )
      return;
  }
  console.error("bot state: 50 attempts lost to parallel writers", channel);
}

/**
 * Remembers the numbered choices of a message sent outside a conversation (an alert), so "1" works, and the
 * message's id with them, so a reply quoting that message answers it whatever came after.
 */
export async function rememberMenu(
  ctx: Pick<ServiceContext, "db">,
  channel: Channel,
  externalId: string,
  menu: string[],
  now: number,
  messageId?: string,
  menuWords?: string[],
): Promise<void> {
  await updateState(ctx, channel, externalId, now, (state) => {
    const alerts = messageId
      ? [...(state.alerts ?? []), { mid: messageId, menu, at: now }].slice(-KEPT_ALERTS)
      : state.alerts;
    return {
      ...state,
      step: "idle",
      draft: undefined,
      at: now,
      menu,
      menuWords,
      menuFromAlert: true,
      menuBefore: undefined,
      ...(alerts ? { alerts } : {}),
    };
  });
}

/**
 * Remembers a relayed chat message (ADR 034): its id with its conversation, so a reply quoting it goes back
 * there, and that conversation as the one the bot last named, so a reply that quotes nothing goes there too.
 */
export async function rememberThread(
  ctx: Pick<ServiceContext, "db">,
  channel: Channel,
  externalId: string,
  thread: { conversationId: number; name: string },
  now: number,
  messageId?: string,
): Promise<void> {
  await updateState(ctx, channel, externalId, now, (state) => {
    const threads = messageId
      ? [...(state.threads ?? []), { mid: messageId, conversationId: thread.conversationId, at: now }].slice(
          -KEPT_ALERTS,
        )
      : state.threads;
    // a form half filled in (a booking) is not interrupted: its answers stay its answers
    const busy = state.step !== "idle" && now - state.at < STALE_MS;
    return {
      ...state,
      ...(threads ? { threads } : {}),
      ...(busy ? {} : { chat: { conversationId: thread.conversationId, name: thread.name, at: now }, at: now }),
    };
  });
}
