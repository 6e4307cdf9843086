/**
 * Whether a message from a number says stop, however it is said (ADR 075): the whole-message words («توقف», "STOP",
 * «ستوب») with invisible marks and trailing punctuation folded, or a stop phrase of the lexicon with nothing else but
 * filler and the words for messages ("stop messages", «الغاء الاشتراك», «بوەستە», "Stop please"). "My AC stopped" and
 * "the bus stop near Karrada" are not. Read by every door a number writes through: the bots and the SMS webhook.
 */
import { COMMAND_PHRASES, WHOLE_MESSAGE_COMMANDS } from "../lexicon/commands";
import { FILLER_WORDS } from "../lexicon/fillerWords";
import { commandWord, normalizeText, tokenize } from "../text/normalize";

const STOP_FORMS = [
  ...new Set(
    COMMAND_PHRASES.filter(([, v]) => "command" in v && v.command === "stop").map(([form]) => normalizeText(form)),
  ),
].sort((a, b) => b.length - a.length);
/** what may stand beside a stop phrase: whom and what it is about, and please */
const ABOUT = new Set(
  [
    "messages",
    "message",
    "texts",
    "text",
    "sms",
    "dalil",
    "now",
    "thanks",
    "thank",
    "you",
    "الرسائل",
    "رسائل",
    "الرساله",
    "رجاء",
    "رجاءا",
    "رجاءً",
    "لطفا",
    "دليل",
    "بعد",
    "نامەکان",
    "نامە",
    "تکایە",
    "دەلیل",
    "سوپاس",
  ].flatMap(tokenize),
);

/** "don't stop", «لا توقف»: a stop phrase said against itself */
const NOT = new Set(["dont", "do", "not", "never", "لا", "ما", "مو", "نا", "نە", "مەکە"].flatMap(tokenize));

export function saysStop(raw: string): boolean {
  if (WHOLE_MESSAGE_COMMANDS.stop.has(commandWord(raw))) return true;
  const text = ` ${tokenize(raw).join(" ")} `;
  const form = STOP_FORMS.find((f) => text.includes(` ${f} `));
  if (!form) return false;
  const rest = tokenize(text.replace(` ${form} `, " "));
  return rest.every((w) => !NOT.has(w) && (FILLER_WORDS.has(w) || ABOUT.has(w) || STOP_FORMS.includes(w)));
}
