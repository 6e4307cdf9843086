/**
 * The bot's phrase index (ADR 027, 057): the lexicon's one index as the bot reads it (trades, then commands, then
 * filler), with the places after it; split out of understand.ts along its seam, unchanged.
 */
import type { Lang } from "../text/lang";
import { CITIES, formsOf } from "../lexicon/dictionary";
import { normalizeText } from "../text/normalize";
import { PhraseIndex, type PhraseLookup } from "../text/phrases";
import { SERVICE_BY_EN, SERVICE_TERMS } from "../lexicon/trades";
// (the filler shelf registers with the lexicon when fillerWords.ts loads)
import "../lexicon/fillerWords";
import { COMMAND_PHRASES, type CommandValue } from "../lexicon/commands";
import { LEXICON, type Shelf, type Shelves } from "../lexicon/phraseIndex";
import { registerTypoVocab } from "./typos";
import { PLACE_WORDS } from "../lexicon/placeWords";

export interface Place {
  slug: string;
  name: string;
  nameAr?: string | null;
  nameKu?: string | null;
}

export type Value = CommandValue | { filler: true } | { service: string; says?: true } | { city: string };
// words that carry no meaning of their own here
// (the lexicon's one list, domain/lexicon/fillerWords.ts, where no command took the word first: «لا» is "no")
const FILLER_VALUE: Value = { filler: true };

// services: the one dictionary the search indexes listings by (domain/lexicon/trades.ts, ADR 040, 053): its English,
// Iraqi Arabic, Sorani and Latin-script Kurdish forms, the dialect words and the trades without a category yet
const serviceValues = new Map<string, Value>();
const serviceValue = (name: string, says = false) => {
  const key = says ? `says:${name}` : name;
  let v = serviceValues.get(key);
  if (!v) serviceValues.set(key, (v = says ? { service: name, says: true } : { service: name }));
  return v;
};
// (services first: a service word that is also a command word, such as «تكييف», is a service); what people say
// instead of the trade («السيارة ما تشتغل») is the trade, and the message describes the job
/**
 * The bot's view of the lexicon's one index: trades, then
 * commands, then filler where no trade or command took the word.
 */
const BOT_VIEW = LEXICON.view<Value>(
  ["trade", "command", "filler"],
  (shelf: Shelf, value: never) => {
    if (shelf === "trade") {
      const v = value as Shelves["trade"];
      return serviceValue(v.term.en, v.says);
    }
    return shelf === "filler" ? FILLER_VALUE : (value as CommandValue);
  },
  { quiet: ["filler"] },
);
/** The service the bot names a trade by (an air cooler is the AC repairer's work). */
export const botService = (name: string) => SERVICE_BY_EN.get(name)?.parent ?? name;

/**
 * The whole index for a list of places: the lexicon's one index as the bot reads it (commands, services, filler), with
 * every label of every city after it (commands before cities: «القائمة», the menu, is not al-Qaim with a suffix).
 */
const indexes = new WeakMap<readonly Place[], PhraseLookup<Value> & { collisions: readonly string[] }>();
export function indexFor(places: readonly Place[]): PhraseLookup<Value> & { collisions: readonly string[] } {
  let index = indexes.get(places);
  if (!index) {
    const cities = new PhraseIndex<Value>();
    const typoWords = new Set<string>();
    const wordsOf = (form: string) =>
      normalizeText(form)
        .split(" ")
        .forEach((w) => typoWords.add(w));
    for (const term of SERVICE_TERMS)
      for (const form of [term.en, ...term.enAlt, ...term.ar, ...term.ku, ...(term.says ?? [])]) wordsOf(form);
    // a provider's and a customer's English commands of six letters or more ("acept 9", "declin", "bookngs"),
    // but not "change" ("any chance tomorrow?") and not a real word one letter away ("cancer doctor")
    for (const [form, value, lang] of COMMAND_PHRASES)
      if (lang === "en" && "command" in value && /^[a-z]{6,}$/.test(form) && form !== "change") typoWords.add(form);
    // and the words of a question about one's booking ("whats hapening with my bookng")
    for (const [form, value, lang] of COMMAND_PHRASES)
      if (lang === "en" && "command" in value && value.command === "myBookings")
        for (const w of form.split(" ")) if (/^[a-z]{6,}$/.test(w)) typoWords.add(w);
    for (const p of places) {
      const v: Value = { city: p.slug };
      const labels: [string, Lang][] = [
        [p.name, "en"],
        [p.slug.replace(/-/g, " "), "en"],
        ...(p.nameAr ? [[p.nameAr, "ar"] as [string, Lang]] : []),
        ...(p.nameKu ? [[p.nameKu, "ku"] as [string, Lang]] : []),
      ];
      // the dictionary's other spellings (Hawler, Sulaimani, Basrah…), the Latin Kurdish names people type among them
      const entry = CITIES.find((c) => c.en === p.name);
      if (entry)
        for (const lang of ["en", "ar", "ku"] as const) for (const f of formsOf(entry, lang)) labels.push([f, lang]);
      for (const [label, lang] of labels) {
        cities.add(label, v, lang);
        wordsOf(label);
      }
    }
    // the place words of a city people name besides its label: its neighbourhoods the directory does not list (Ankawa
    // is Erbil's), its places written without the article («بصرة») (domain/lexicon/placeWords.ts)
    const listed = new Set(places.map((p) => p.slug));
    for (const [form, slug, lang] of PLACE_WORDS) {
      if (!listed.has(slug)) continue;
      cities.add(form, { city: slug }, lang);
      wordsOf(form);
    }
    const view = BOT_VIEW;
    const vocab = new Set([...view.vocab, ...cities.vocab]);
    const cityClashes = [...cities.collisions];
    for (const key of cities.keys()) {
      const hit = view.get(key);
      if (hit && hit.value !== cities.get(key)!.value) cityClashes.push(key);
    }
    const built = {
      get: (key: string) => view.get(key) ?? cities.get(key),
      vocab,
      maxWords: Math.max(view.maxWords, cities.maxWords),
      collisions: [...view.collisions, ...cityClashes],
    };
    indexes.set(places, built);
    registerTypoVocab(built, typoWords);
    index = built;
  }
  return index;
}
