// What each shelf of the lexicon holds, as types alone: the phrase index names them, and each shelf's data registers
// itself into the index, so the types live apart from both (a type circle otherwise).
import type { Lang } from "../text/lang";

export interface ServiceTerm {
  /** The English term the spec's hero search sends. */
  readonly en: string;
  /** Other English spellings (matched, and returned by expandServiceWords). */
  readonly enAlt: readonly string[];
  /** Arabic spellings, the usual one first. */
  readonly ar: readonly string[];
  /** Kurdish (Sorani) spellings, the usual one first (Latin-script Kurdish among them). */
  readonly ku: readonly string[];
  /**
   * The broader service the bot names this trade by (ADR 027's utterances): an air cooler is "AC repair" to
   * the bot's reply, while the search still ranks air-cooler repairers first (ADR 040).
   */
  readonly parent?: string;
  /** A trade that is a kind of another: a listing of it is also found as that one (an eye doctor is a doctor). */
  readonly kindOf?: string;
  /** The category whose listings do this work when none names the trade (a refrigeration technician fixes fridges). */
  readonly category?: string;
  /**
   * What people say when they need this trade instead of naming it («السيارة ما تشتغل», «ئاوی حەمامەکەم
   * دەچۆڕێت»): found like the trade's own words, but a message saying one describes the job (the bot keeps it
   * as the booking's description), and the search does not look for these words in listings.
   */
  readonly says?: readonly string[];
  /**
   * The trade whose own listings do this work where nobody lists this one, before the rest of its category: a fridge is
   * the refrigeration technician's, who is listed as an AC repairer, not an AC installer.
   */
  readonly doneBy?: string;
}

export type EntryKind = "specialty" | "city" | "event" | "word";

export interface DictionaryEntry {
  readonly kind: EntryKind;
  readonly en: string;
  readonly ar: string;
  readonly ku: string;
  readonly alt?: { readonly en?: readonly string[]; readonly ar?: readonly string[]; readonly ku?: readonly string[] };
}

export type Command = "menu" | "help" | "stop" | "myBookings" | "cancel" | "change" | "language" | "nearMe" | "greeting" | "thanks" | "yes" | "no" | "search" | "accept" | "decline" | "complete" | "busy" | "available" | "more" | "previous" | "noShow" | "price" | "requests" | "week" | "pay" | "renew";
/** What a command phrase means: a command, or a language named. */
export type CommandValue = { command: Command } | { lang: Lang };

export type DaySlot = "morning" | "afternoon" | "evening";
/** A day relative to today (0 today, 1 tomorrow…) or a weekday (0 Sunday … 6 Saturday, the next one). */
export type DayWord = { offset: number } | { weekday: number };
export type WhenWord = { day: DayWord } | { slot: DaySlot };
