import { tokenize } from "../../domain/text/normalize";
import { choiceBySynonym } from "./choiceSynonyms";
import type { BookingPhoto } from "../../domain/bookings/bookingPhotos";
import type { Lang } from "../../domain/context";
import { namesForReader } from "../../domain/providers/displayName";

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
  /**
   * the chat's language is still a guess (a hint, the default, Latin letters): a message in Latin letters read as
   * Arabic or Kurdish sets it (ADR 097); a choice, a linked account's language or Arabic script ends the guess
   */
  langGuessed?: true;
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
  /** the listing's name as the reader read it when the booking began */
  providerName: string;
  /** its name in the other script, if it has one: a language switched mid-booking names it in the new one */
  providerNameOther?: string;
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

/** The draft's listing as the reader of `lang` names it (the language may have changed since the booking began). */
export const draftProvider = (draft: BookingDraft, lang: Lang) =>
  namesForReader({ name: draft.providerName, nameOther: draft.providerNameOther }, lang).primary;
