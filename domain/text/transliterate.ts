import { tokenize } from "./normalize";
import { ARTICLE_PREFIXES } from "../lexicon/articles";

/** An Arabic-script token without its article prefix, or null when it has none. */
export function stripArticle(token: string): string | null {
  for (const p of ARTICLE_PREFIXES) {
    if (token.startsWith(p) && token.length - p.length >= 2) return token.slice(p.length);
  }
  return null;
}

/**
 * A transliteration key for a NAME word, the same for its Arabic-script (Arabic or Sorani) and Latin
 * spellings: كريم, کەریم, Karim, Kareem → "krm". It is a consonant skeleton (ADR 006):
 *  - vowels are dropped on both sides: Latin a e i o u y w (and their accented forms); Arabic-script
 *    ا ى ي ی و ۆ ێ ە ع ء (long vowels and glottals that Latin spellings mostly leave out or write as a vowel);
 *  - letters that Iraqi Latin spellings write the same way fall into one class (one key letter):
 *    k = ك ک ق / k q c; g = گ غ / g gh; t = ت ط ث / t th; d = د ذ ض ظ / d dh; s = س ص / s;
 *    h = ح ه / h; w = ش / sh ş; c = چ / ch ç; x = خ / kh x; j = ج / j; v = ژ / zh; f = ف ڤ / f v ph;
 *    b = ب پ / b p; r = ر ڕ / r; l = ل ڵ / l; z = ز / z; m = م / m; n = ن / n;
 *  - a word-final ه (ة is folded to ه by normalizeText) and a Latin final h after a vowel are dropped
 *    ("Fatimah", "فاطمة", "Fatima" → "ftm");
 *  - repeated classes collapse ("Mohammed" and "محمد" → "mhmd").
 * Limits (ADR 006): short names lose too much (علي / Ali → "l" is too short to index); different
 * names with the same consonants meet (كرم Karam and كريم Kareem); a Latin spelling that writes a
 * consonant Arabic leaves out, or the reverse, misses (Abdul-/عبد ال is fine, "Qusay" vs "Kusai" fine,
 * but "Jaafar" vs "Ga'far" not).
 */

/** Keys shorter than this are not indexed nor queried: one consonant would match half the names. */
export const MIN_KEY_LENGTH = 2;

/**
 * A name that ends in a vowel carries "a" after its consonants: «رضا» / Ridha "rda" is not «رعد» / Raad "rd", and
 * «مهدي» / Mahdi "mhda" is not «معهد» "mhd". Arabic script ends in a vowel with a final ا ى ي ی و ۆ ێ ە, a final ة/ه
 * (Fatima, Abdullah), or a final ع or ء, which Latin spellings write as a vowel (Shafi, Alaa); Latin with a final vowel
 * letter (a final h after a vowel is already dropped: Fatimah).
 */
const VOWEL_END = "a";
const ARABIC_VOWEL_ENDINGS = new Set(["ا", "ى", "ي", "ی", "و", "ۆ", "ێ", "ە", "ه", "ع", "ء"]);

const ARABIC_CLASS: Readonly<Record<string, string>> = {
  ب: "b",
  پ: "b",
  ت: "t",
  ط: "t",
  ث: "t",
  ج: "j",
  چ: "c",
  ح: "h",
  ه: "h",
  خ: "x",
  د: "d",
  ذ: "d",
  ض: "d",
  ظ: "d",
  ر: "r",
  ڕ: "r",
  ز: "z",
  ژ: "v",
  س: "s",
  ص: "s",
  ش: "w",
  غ: "g",
  گ: "g",
  ف: "f",
  ڤ: "f",
  ق: "k",
  ک: "k",
  ل: "l",
  ڵ: "l",
  م: "m",
  ن: "n",
};
/** Arabic-script letters that are vowels or glottals in names: left out of the skeleton. */
const ARABIC_SILENT = new Set(["ا", "ى", "ي", "ی", "و", "ۆ", "ێ", "ە", "ع", "ء"]);

const LATIN_DIGRAPHS: Readonly<Record<string, string>> = {
  sh: "w",
  ch: "c",
  kh: "x",
  gh: "g",
  th: "t",
  dh: "d",
  zh: "v",
  ph: "f",
};
const LATIN_CLASS: Readonly<Record<string, string>> = {
  b: "b",
  p: "b",
  t: "t",
  j: "j",
  h: "h",
  // Arabizi's 7 (ح), as the Arabizi reader writes it: an h no digraph takes ("t7ma" is «تحمى», not "thma")
  ħ: "h",
  x: "x",
  d: "d",
  r: "r",
  z: "z",
  s: "s",
  g: "g",
  f: "f",
  v: "f",
  k: "k",
  q: "k",
  c: "k",
  l: "l",
  m: "m",
  n: "n",
  ş: "w",
  ç: "c",
};
const LATIN_VOWELS = new Set(["a", "e", "i", "o", "u", "y", "w"]);

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

function arabicKey(word: string): string {
  const vowelEnd = ARABIC_VOWEL_ENDINGS.has([...word].at(-1) ?? "");
  return withEnding(arabicSkeleton(word), vowelEnd);
}

/** A key without its vowel ending: what a name still being typed may turn into. */
export const skeletonOf = (key: string) => (key.endsWith(VOWEL_END) ? key.slice(0, -VOWEL_END.length) : key);

/** The consonant skeleton and, when there is one to mark, the vowel ending. */
const withEnding = (skeleton: string, vowelEnd: boolean) =>
  skeleton.length >= MIN_KEY_LENGTH && vowelEnd ? skeleton + VOWEL_END : skeleton;

/** و and ي as letters of their own (`semivowelKey`): W and Y, outside the key's classes. */
const ARABIC_SEMIVOWELS: Readonly<Record<string, string>> = { و: "W", ۆ: "W", ي: "Y", ی: "Y", ێ: "Y" };

function arabicSkeleton(word: string, semivowels = false): string {
  let w = word;
  if (w.length > 2 && w.endsWith("ه")) w = w.slice(0, -1);
  let out = "";
  for (const ch of w) {
    const semi = semivowels ? ARABIC_SEMIVOWELS[ch] : undefined;
    if (semi) {
      if (!out.endsWith(semi)) out += semi;
      continue;
    }
    if (ARABIC_SILENT.has(ch)) continue;
    const c = ARABIC_CLASS[ch];
    if (!c) continue;
    if (!out.endsWith(c)) out += c;
  }
  return out;
}

function latinKey(word: string): string {
  const bare = word.normalize("NFD").replace(/\p{M}/gu, "");
  // a final h after a vowel is a written vowel ending (Fatimah): the word ends in that vowel
  const end = bare.replace(/(?<=[aeiouyw])h$/, "");
  return withEnding(latinSkeleton(word), LATIN_VOWELS.has(end.at(-1) ?? ""));
}

function latinSkeleton(word: string, semivowels = false): string {
  // ş and ç carry their own class; other accents (ê î û é) are vowels or decoration
  const w = word
    .replace(/[şç]/g, (c) => (c === "ş" ? "\u0001" : "\u0002"))
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\u0001/g, "ş")
    .replace(/\u0002/g, "ç");
  let out = "";
  const chars = [...w];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const next = chars[i + 1];
    // a final h after a vowel is a written vowel ending (Fatimah, Hamzah, Shah)
    if (ch === "h" && i === chars.length - 1 && i > 0 && LATIN_VOWELS.has(chars[i - 1]!)) continue;
    let c: string | undefined;
    if (next !== undefined && LATIN_DIGRAPHS[ch + next]) {
      c = LATIN_DIGRAPHS[ch + next];
      i++;
    } else if (semivowels && (ch === "w" || ch === "y")) {
      c = ch === "w" ? "W" : "Y";
    } else if (semivowels && next !== undefined && LATIN_LONG_VOWELS[ch + next]) {
      c = LATIN_LONG_VOWELS[ch + next];
      i++;
    } else if (LATIN_VOWELS.has(ch)) {
      continue;
    } else {
      c = LATIN_CLASS[ch];
    }
    if (!c) continue;
    if (!out.endsWith(c)) out += c;
  }
  return out;
}

/** Long vowels Latin spellings write doubled, as the Arabic letter that writes them: "oo" و, "ee" ي. */
const LATIN_LONG_VOWELS: Readonly<Record<string, string>> = { oo: "W", ou: "W", uu: "W", ee: "Y", ii: "Y" };

/**
 * The skeleton with و and ي kept (W, Y), and Latin's w, y, "oo", "ee" as them; a final one dropped (a vowel ending):
 * «واحد» "Whd" and «حداد» "hd", «مكيف» "mkYf" and «موقوف» "mWkWf", which the key makes one ("hd", "mkf"). Not a
 * name's key (Latin spellings of names drop or add these freely): what tells apart two words a key joins, where the
 * way the word was written says which («wa7ed», «7addad»; «mukayyef»).
 */
export function semivowelKey(token: string): string {
  const skeleton = ARABIC_SCRIPT.test(token) ? arabicSkeleton(token, true) : latinSkeleton(token, true);
  return skeleton.replace(/[WY]$/, "");
}

/**
 * The key of ONE normalised token (see the header), or null when it is too short to be useful or the
 * token holds digits (a name word like "Store21" is matched as itself).
 */
export function nameKeyOf(token: string): string | null {
  if (!token || /\d/.test(token) || NOT_NAMES.has(token)) return null;
  const key = ARABIC_SCRIPT.test(token) ? arabicKey(token) : latinKey(token);
  return key.length >= MIN_KEY_LENGTH ? key : null;
}

/**
 * A word's key inside a phrase of two words or more (the Arabizi reader's, ADR 061): as `nameKeyOf`, but a short word
 * keeps its one-letter key («ما» and "ma" "m", «عيون» and "3uyoon" "n"), since the phrase as a whole tells it apart.
 */
export function phraseWordKeyOf(token: string): string | null {
  if (!token || /\d/.test(token)) return null;
  const key = ARABIC_SCRIPT.test(token) ? arabicKey(token) : latinKey(token);
  return key || null;
}

/**
 * Words of business names that are not names: matched as themselves, never through a key («معهد» institute
 * would otherwise meet "Mahdi", «مركز» centre "Markaz"…).
 */
const NOT_NAMES = new Set(
  [
    "معهد",
    "مركز",
    "شركة",
    "شركه",
    "محل",
    "مكتب",
    "عيادة",
    "عياده",
    "مؤسسة",
    "مؤسسه",
    "ورشة",
    "ورشه",
    "مجمع",
    "صالون",
    "كراج",
    "مطعم",
    "سەنتەر",
    "کۆمپانیا",
    "نووسینگە",
    "دووکان",
  ].flatMap((w) => tokenize(w)),
);

/** What every key token starts with (no real word does: "zz" + a facet letter, like zzs/zzc/zzt). */
export const NAME_KEY_PREFIX = "zzk";

/** The index token for a key: "zzk" + the key ("zzkkrm"). */
export function nameKeyToken(key: string): string {
  return `${NAME_KEY_PREFIX}${key}`;
}

/** Every name key token of a name as typed ("Kareem Electric" → ["zzkkrm", "zzklktrk"]). */
export function nameKeyTokens(name: string | null | undefined): string[] {
  if (!name) return [];
  const out = new Set<string>();
  for (const token of tokenize(name)) {
    for (const form of [token, stripArticle(token)]) {
      const key = form ? nameKeyOf(form) : null;
      if (key) out.add(nameKeyToken(key));
    }
  }
  return [...out];
}
