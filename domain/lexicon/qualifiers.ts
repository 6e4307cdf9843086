/**
 * Qualifiers beside a trade (ADR 082): a word that names a narrower trade of the same family moves the search there
 * ("kids doctor" → the pediatrician, «محامي طلاق» → the family lawyer), and a word that asks for what no listing says
 * (a woman doctor, at night, cheap) is shown as not applied and never throws the trade away. A narrower trade's own
 * problem words narrow too (its symptoms, symptoms.ts): «طلاق» is the family lawyer's case beside «محامي».
 */
import { findPhrases, phraseKey, type PhraseLookup } from "../text/phrases";
import type { Lang } from "../text/lang";
import { problemTrades } from "./problemWords";
import { SERVICE_BY_EN } from "./trades";
import { tokenize } from "../text/normalize";
import { withinOne } from "../text/slips";

/** Words that narrow a family's trade to one of its kinds, by the family's English name: the kind, then its words. */
export const NARROWING: Readonly<Record<string, readonly (readonly [kind: string, words: readonly string[]])[]>> = {
  doctor: [
    ["pediatrician", [
      "kids", "kid", "child", "children", "childrens", "baby", "babies", "infant", "pediatric", "اطفال", "طفل", "للاطفال", "جهال", "جاهل", "زغار",
      "رضيع", "منداڵ", "منداڵان", "مندال", "کۆرپە", "zarok"
    ]],
    ["eye doctor", ["eye", "eyes", "عين", "عيون", "چاو"]],
    ["heart doctor", ["heart", "cardiac", "قلب", "قلبية", "دڵ"]],
  ],
  lawyer: [
    ["family lawyer", [
      "family", "divorce", "custody", "marriage", "alimony", "personal status", "احوال شخصية", "شرعي", "طلاق", "نفقة", "حضانة", "زواج", "خلع",
      "تەڵاق", "خێزان", "باری کەسی", "نەفەقە", "جیابوونەوە", "separation", "انفصال", "تفريق",
      // an inheritance is the family lawyer's case too (ADR 093)
      "inheritance", "heirs", "ميراث", "الميراث", "مواريث", "ورث", "الورث", "ورثة", "تركة", "میرات", "میراتی", "میراتگر"
    ]],
    ["criminal lawyer", ["criminal", "crime", "jail", "prison", "جنائي", "جزائي", "جنايات", "سجن", "توقيف", "تاوانکاری", "تاوان", "زیندان"]],
    ["real estate lawyer", ["real estate", "property", "land", "عقارات", "عقار", "طابو", "سند", "ارض", "خانووبەرە", "موڵک", "تاپۆ"]],
  ],
  teacher: [
    // (and as Arabic in Latin letters writes them: "mudaris englizi", "mudaris 3arabi")
    ["english teacher", ["english", "ئینگلیزی", "انكليزي", "انجليزي", "englizi", "inglizi", "ingilizi", "engelizi", "inglizy", "englizy", "ingleezi"]],
    ["arabic teacher", ["arabic", "عربي", "عربية", "العربية", "قواعد", "نحو", "عەرەبی", "arabi", "3arabi", "3arabiya", "arabiya"]],
    // a school subject, in Sorani as well (ADR 087)
    ["math tutor", ["math", "maths", "mathematics", "رياضيات", "بیرکاری", "ماتماتیک", "ماتماتیکی"]],
    ["physics tutor", ["physics", "فيزياء", "فيزيا", "فیزیا", "فیزیک"]],
  ],
  // a sworn, certified or official translation is the sworn translator's (ADR 093), as for an embassy
  translator: [["sworn translator", [
    "sworn", "certified", "official", "notarized", "accredited", "embassy", "محلف", "محلفة", "معتمد", "معتمدة", "رسمي", "رسمية",
    "قانوني", "قانونية", "سفارة", "للسفارة", "سوێندخۆر", "سوێندخوارد", "سوێندخواردوو", "فەرمی", "یاسایی", "باڵیۆزخانە",
  ]]],
  // braces, a whiter smile (ADR 098)
  dentist: [
    ["orthodontist", ["braces", "brace", "crooked", "straighten", "تقويم", "عوج", "عوجة", "معوجة", "ڕێکخستن", "خوار", "taqweem"]],
    ["cosmetic dentist", ["whitening", "whiten", "white", "veneers", "cosmetic", "smile", "تبييض", "تبيض", "تجميل", "فينير", "ابتسامة", "سپی", "سپیکردنەوە", "جوانکاری"]],
  ],
  // a ride to the airport is a taxi's (ADR 087)
  driver: [
    ["taxi driver", ["airport", "the airport", "مطار", "المطار", "للمطار", "فڕۆکەخانە", "matar", "mataar"]],
    // goods, parcels, orders: a delivery, not a ride
    ["delivery driver", [
      "delivery", "deliver", "courier", "goods", "parcel", "parcels", "package", "packages", "طلبات", "بضاعة", "بضائع", "اغراض", "غراض", "كاڵا", "کاڵا",
      "شتومەک", "داواکاری", "پاکێت", "طرد", "طرود", "طلبية", "talabat",
      // food from a restaurant is a delivery too
      "food", "restaurant", "اكل", "أكل", "مطعم", "المطعم", "وجبات", "خواردن", "چێشتخانە",
    ]],
  ],
  // a carpet or an office names the cleaner's kind
  cleaning: [
    ["carpet cleaning", ["carpet", "carpets", "rug", "rugs", "سجاد", "سجادة", "زوالي", "زولية", "موكيت", "فەرش", "مۆکێت", "بەڕە", "sijjad", "zwali"]],
    ["office cleaning", ["office", "offices", "company", "مكتب", "مكاتب", "شركة", "شركات", "نووسینگە", "ئۆفیس"]],
  ],
  // a feast or an event is the caterer's; bread and cakes the baker's
  cook: [
    ["catering", [
      "event", "events", "party", "wedding", "feast", "banquet", "عزيمة", "عزايم", "عزائم", "ولائم", "وليمة", "مناسبة", "مناسبات", "حفلة", "حفلات", "ئاهەنگ",
      "بۆنە", "3azeema", "3azima", "3azayem",
    ]],
    ["baker", ["bread", "bakery", "cake", "cakes", "samoon", "صمون", "خبز", "كيك", "معجنات", "نان", "کێک", "کولێرە"]],
  ],
  photographer: [["videographer", ["video", "filming", "drone", "montage", "فيديو", "درون", "مونتاج", "ڤیدیۆ", "ڤیدیو", "درۆن", "مۆنتاژ"]]],
  "AC repair": [
    ["AC installation", [
      "install", "installation", "installing", "mount", "fit", "move", "new", "نصب", "انصب", "ينصب", "تنصيب", "تنزيل", "نقل", "جديد",
      "دانان", "دانانی", "دابنێت", "دابنرێت", "نوێ", "گواستنەوە", "گواستنەوەی",
    ]],
  ],
  engineer: [
    ["interior designer", ["interior", "decor", "ديكور", "داخلي", "دیکۆر", "ناوەوە"]],
    // (and the building work a civil engineer supervises: a roof's concrete, the site, ADR 098)
    ["civil engineer", [
      "civil", "structural", "supervise", "supervision", "concrete", "construction", "مدني", "مدنية", "انشائي", "يشرف", "اشراف", "صب", "خرسانة",
      "كونكريت", "شارستانی", "سەرپەرشتی", "کۆنکرێت",
      // and what only a civil engineer reckons or inspects: the quantities, the cracks, the foundations (ADR 101)
      "quantities", "quantity", "cracks", "crack", "foundation", "foundations", "soil", "building", "كميات", "الكميات", "تشققات", "تشقق", "شقوق",
      "فطور", "اساس", "اساسات", "تربة", "بناية", "هيكل", "درز", "درزی", "درزەکان", "بنچینە", "بینا", "بیناکە",
    ]],
    ["architect", ["architectural", "معمارية", "تەلارسازی"]],
  ],
};

/**
 * What a qualifier may ask that listings do not say yet: who the provider is (a woman), when (at night, all night,
 * an emergency), how much (cheap). Each a short label the page quotes as typed.
 */
export const NOT_HONOURED: readonly string[] = [
  "female", "woman", "women", "lady", "ladies", "نسائي", "نسائية", "امراة", "مرأة", "خانم", "ئافرەت", "ژن", "ئافرەتی",
  "at night", "night", "بالليل", "ليلي", "ليلا", "بە شەو", "شەوان", "24 hours", "24h", "24/7", "all night", "overnight", "late night", "emergency",
  "24 ساعة", "طوارئ", "خفر", "طول الليل", "بعد نص الليل", "24 کاتژمێر", "فریاکەوتن", "هەموو شەو",
  "cheap", "cheapest", "affordable", "low price", "budget", "رخيص", "رخيصة", "ارخص", "سعر مناسب", "ببلاش", "هەرزان", "هەرزانترین", "نرخی گونجاو",
];

interface Qualifier {
  /** a kind of this family the word names, or null: a word listings do not say */
  kind: string | null;
  family: string | null;
}

/** The qualifiers as a phrase lookup of their own (the scan the lexicon's views use). */
const LOOKUP: PhraseLookup<Qualifier> = (() => {
  const map = new Map<string, { value: Qualifier; langs: ReadonlySet<Lang> }>();
  const langs: ReadonlySet<Lang> = new Set<Lang>(["en", "ar", "ku"]);
  for (const [family, kinds] of Object.entries(NARROWING)) for (const [kind, words] of kinds) for (const w of words) map.set(phraseKey(w), { value: { kind, family }, langs });
  const none: Qualifier = { kind: null, family: null };
  for (const w of NOT_HONOURED) if (!map.has(phraseKey(w))) map.set(phraseKey(w), { value: none, langs });
  const vocab = new Set([...map.keys()].flatMap((k) => k.split(" ")));
  return { get: (k) => map.get(k), vocab, maxWords: Math.max(...[...map.keys()].map((k) => k.split(" ").length)) };
})();

export interface Qualified {
  /** the trade asked for, narrowed where a qualifier names a kind of it */
  service: string;
  /** spans of `text` the qualifiers took (no longer words to match) */
  taken: [number, number][];
  /** qualifiers no listing says yet, as typed */
  notApplied: string[];
}

/**
 * The trade `service` as its qualifiers in `text` make it (outside `skip`, the spans other readings took): a kind its
 * words name, or its own; the words asking what listings cannot say, as not applied.
 */
export function qualify(service: string, text: string, skip: readonly [number, number][] = []): Qualified {
  const out: Qualified = { service, taken: [], notApplied: [] };
  const free = (s: number, e: number) => !skip.some(([a, b]) => s < b && e > a);
  const family = service;
  for (const m of findPhrases(text, LOOKUP)) {
    if (!free(m.start, m.end)) continue;
    const q = m.hit.value;
    if (q.kind === null) {
      out.notApplied.push(text.slice(m.start, m.end));
      out.taken.push([m.start, m.end]);
    } else if (q.family === family && out.service === family) {
      out.service = q.kind;
      out.taken.push([m.start, m.end]);
    }
  }
  // a slip inside the qualifier («دكتور اطفل»): a free word of four letters or more one slip from one kind's word
  if (out.service === family && NARROWING[family]) {
    text.replace(/\S+/g, (w, at: number) => {
      const typed = tokenize(w)[0];
      if (out.service !== family || !typed || typed.length < 4 || !free(at, at + w.length)) return w;
      const kinds = NARROWING[family]!.filter(([, words]) => words.some((k) => !k.includes(" ") && k.length >= 4 && withinOne(typed, phraseKey(k))));
      if (kinds.length === 1) {
        out.service = kinds[0]![0];
        out.taken.push([at, at + w.length]);
      }
      return w;
    });
  }
  // a narrower kind's own problem said beside the family's name («محامي طلاق», "lawyer for my divorce")
  if (out.service === family) {
    const rest = text.replace(/\S+/g, (w, at: number) => (free(at, at + w.length) ? w : " "));
    const kind = problemTrades(rest).find((t) => t.kindOf === family && SERVICE_BY_EN.has(t.en));
    if (kind) out.service = kind.en;
  }
  return out;
}
