import type { Lang } from "../../domain/context";
import { COMMAND_PHRASES } from "../../domain/lexicon";
import { tokenize } from "../../domain/text/normalize";
import { latinLanguage } from "../../domain/understand/latinLanguage";
import type { Place } from "../../domain/understand/understand";

/**
 * Which language a message to the bot is written in (ADR 025, amended): what a person writes in a chat wins for the
 * reply. Sorani and Iraqi Arabic share a script, and people in Baghdad type چ and گ as often as people in Erbil do
 * («باچر», «گلي», «پنچر»): only the letters Arabic never writes make a message Sorani on their own.
 */

/** Letters only Sorani writes. */
const SORANI_ONLY = /[ەێۆڕڵ]/;
/** Letters Sorani shares with Iraqi Arabic as typed (and with Persian): Sorani only beside Sorani's own ی or ک. */
const SHARED = /[گچپژڤ]/;
const SORANI_YEH_KAF = /[یک]/;
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;
/** Letters an Arabic keyboard writes and a Sorani one doesn't (Sorani has ی ک ە for ي ك ة). */
const ARABIC_ONLY = /[يكةىثذضظ]/;

/** ە typed on an Arabic keyboard: ه with a ZWNJ after it, which Arabic never writes («وه‌ستاكه‌ نه‌هات»). */
const SORANI_E_TYPED = /ه\u200c/;

/** A message as one spelling: the search's fold (one yeh, one kaf, no punctuation or emoji), words joined. */
const folded = (text: string) => tokenize(text).join(" ");

let soraniOnlyWords: Set<string> | undefined;
/**
 * Whole messages the lexicon has Sorani say and Arabic never («سلاو», «سوپاس», «نا»): typed on an Arabic keyboard
 * they carry no letter of Sorani's own.
 */
function isSoraniWord(text: string): boolean {
  if (!soraniOnlyWords) {
    const arabic = new Set(COMMAND_PHRASES.filter(([, , l]) => l === "ar").map(([f]) => folded(f)));
    soraniOnlyWords = new Set(
      COMMAND_PHRASES.filter(([f, , l]) => l === "ku" && ARABIC_SCRIPT.test(f))
        .map(([f]) => folded(f))
        .filter((f) => !arabic.has(f)),
    );
  }
  return soraniOnlyWords.has(folded(text));
}

/**
 * Whether a message is plainly Sorani: a letter only Sorani writes (or its ە typed as ه‌), a shared one with
 * Sorani's ی/ک and nothing Arabic-only, or a whole message only Sorani says.
 */
export const isSorani = (text: string) =>
  SORANI_ONLY.test(text) ||
  SORANI_E_TYPED.test(text) ||
  (SHARED.test(text) && SORANI_YEH_KAF.test(text) && !ARABIC_ONLY.test(text)) ||
  isSoraniWord(text);

/**
 * The language a message is plainly written in, else the chat's: Sorani is Sorani; Arabic script with Arabic-only
 * letters is Arabic; Latin letters change nothing (Latin-script Kurdish and Arabic are typed too), and neither does
 * Arabic script without a telling letter in a Sorani chat.
 */
export function writtenIn(text: string | undefined, chatLang: Lang): Lang {
  if (!text) return chatLang;
  if (isSorani(text)) return "ku";
  if (ARABIC_SCRIPT.test(text) && (chatLang === "en" || ARABIC_ONLY.test(text))) return "ar";
  return chatLang;
}

/** A new chat's language: the channel's hint (Telegram's language_code), else what its first message is written in. */
export function languageFrom(hint: string | undefined, text: string | undefined): Lang | null {
  const h = (hint ?? "").toLowerCase();
  if (h === "ckb" || h.startsWith("ku")) return "ku";
  if (h.startsWith("ar")) return "ar";
  if (h.startsWith("en")) return "en";
  if (text && isSorani(text)) return "ku";
  if (text && ARABIC_SCRIPT.test(text)) return "ar";
  return null;
}

/** Whether a message is in Arabic script (Arabic or Sorani): the person's script tells, no guess is needed. */
export const inArabicScript = (text: string | undefined) => Boolean(text && ARABIC_SCRIPT.test(text));

/**
 * The language of a chat whose language is still a guess (the channel's hint, English by default, or an earlier
 * message in Latin letters) after this message: the one its Latin letters are read in (ADR 097: "ariid sabbak" is
 * Arabic, "kareba hawler" Sorani, "need plumber" English), else the guess. A language chosen, a linked account's or
 * Arabic script is no guess, and is never read here.
 */
export function guessedFromLatin(text: string | undefined, guess: Lang, places: readonly Place[]): Lang {
  return (text && latinLanguage(text, places)) || guess;
}
