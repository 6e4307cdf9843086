// A chat's stored row in channel_links: loaded at the start of a turn, saved at its end only over the state the
// turn read, and the sent menus and threads both sides remember (the state's shape is in state.ts).
import { and, eq, isNull } from "drizzle-orm";
import { channelLinks } from "../../db/schema";
import type { Lang, ServiceContext } from "../../domain/context";
import { isLang } from "../../domain/text/lang";
import { freshState, KEPT_ALERTS, STALE_MS, type ConversationState } from "./state";
import type { Channel } from "./types";

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
 * message's id with them, so a reply quoting that message answers it whatever came after. A form under way (a
 * booking, a day being moved) is not ended by it: the alert lands whenever the queue delivers it, between any two
 * of the person's messages, and the form's answer, help's «↩ Continue» and the draft stay as they were (ADR 100).
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
    const busy = state.step !== "idle" && now - state.at < STALE_MS;
    return {
      ...state,
      ...(busy ? {} : { step: "idle", draft: undefined, move: undefined, at: now }),
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
