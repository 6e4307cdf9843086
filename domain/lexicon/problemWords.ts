import { findPhrases, phraseKey } from "../text/phrases";
import type { Lang } from "../text/lang";
import { LEXICON, type PhraseView } from "./phraseIndex";
import { normalizeText, tokenize } from "../text/normalize";
import { SERVICE_BY_EN, findServiceTerms, sayingLang, type ServiceTerm } from "./trades";
import { SYMPTOMS } from "./symptoms";

/**
 * Single words that tell which trade a problem needs when people describe it instead of naming the trade: "dripping",
 * «ينكط», «دەتکێت». Unlike a trade's `says` phrases (trades.ts), which are read as the trade itself, a problem word is
 * one more weighted term of the ranking: it lifts that trade's listings among the candidates, and a listing whose own
 * words match the query still wins. Keyed by the service term's English name. Words that several trades share ("water",
 * «ماي») belong to none.
 */
export const PROBLEM_WORDS: Readonly<Record<string, readonly string[]>> = {
  plumber: [
    "leaking", "leaks", "drip", "dripping", "drips", "tap", "taps", "faucet", "pipe", "burst", "clogged", "blocked", "drain", "toilet", "sink", "sewage", "flooding",
    "تسرب", "يسرب", "ينقط", "ينكط", "تنقط", "تنكط", "يخر", "حنفية", "مسدود", "مسدودة", "طافح", "يطفح", "مرافق", "سيفون", "مغسلة", "تانكي",
    "دزە", "دزەکردن", "دەتکێت", "بۆرییەکە", "گیراوە", "حەمام", "سنبورە",
    // and in Latin letters ("bori aw tagiwa": the water pipe burst, ADR 101)
    "bori", "bory", "bori aw", "boriy aw", "tagiwa", "taqiwa", "aw datke",
    // water seeping through, as Baghdad says it («السقف ينضح», ADR 087)
    "ينضح", "تنضح", "نضح", "نضوح", "السقف ينضح", "الحايط ينضح", "ينضح مي", "ينضح ماي",
    // water coming through a ceiling or a wall is the plumber's job first (the lead's walk: «الماي ينكط من السقف»);
    // "water" and «ماي» alone belong to no trade, so the phrases hold them with the leak
    "water leaking", "leaking water", "water leak", "water dripping", "dripping water", "leaking ceiling", "ceiling leak", "ceiling leaking", "ceiling dripping",
    "الماي ينكط", "المي ينكط", "الماي ينقط", "المي تنقط", "الماي يخر", "المي يخر", "الماء يتسرب", "تسرب الماء", "تسرب مي", "السقف ينكط", "السقف ينقط", "السقف يخر", "ينكط من السقف", "ينقط من السقف", "يخر من السقف", "الماي ينقطع", "المي ينقطع", "الماي مقطوع", "المي مقطوع",
    "ئاو دەتکێت", "ئاو دزە دەکات", "بنمیچ دەتکێت", "سەقف دەتکێت", "لە بنمیچەوە دەتکێت", "لە سەقفەوە دەتکێت", "بنمیچەکە دەتکێت",
    // water coming down, said as it comes (ADR 098)
    "ئاو دێتە خوارەوە", "ئاو لە بنمیچ", "ئاو لە بنمیچەوە", "water coming through the ceiling", "water coming down",
    // the ceiling with its "the" and its "from" («لە بنمیچەکەوە», «لە سەقفەکەوە»), which the stem does not undo (ADR 101)
    "ئاو لە بنمیچەکەوە", "ئاو لە سەقفەکەوە", "لە بنمیچەکەوە", "لە سەقفەکەوە", "بنمیچەکەوە", "سەقفەکەوە",
    // water that does not reach upstairs: the pump, the pressure
    "المي ما يوصل", "الماي ما يوصل", "ضغط المي ضعيف", "ضغط الماي ضعيف", "no water pressure", "low water pressure", "ئاو ناگات",
  ],
  electrician: [
    "power", "outage", "sparks", "spark", "socket", "sockets", "breaker", "fuse", "switch", "lights", "shock",
    "طافية", "طافي", "انطفت", "قاطع", "سويج", "بلك", "تماس", "ضوي", "اضوية", "الكهرباء", "امبير", "الامبير",
    "بڕاوە", "کوژاوەتەوە", "فیوز", "سویچ", "گڵۆپ", "کارەباکە",
    // the power going off and on, as it is said («تطفي وتشتغل», «الضوه يطفي», «دەکوژێتەوە»)
    "flickering", "flicker", "flickers", "tripping", "trips", "cutting out", "cuts out", "power cut", "power cuts",
    "تطفي", "يطفي", "تنطفي", "ينطفي", "طفت", "طفى", "الضوه", "ضوه", "يفصل", "تفصل", "يرمش", "ترمش", "تنقطع", "ينقطع", "انقطاع",
    "دەکوژێتەوە", "دەبڕێت", "کوژایەوە",
    // the breaker is «الجوزة» in Iraqi Arabic, and it «تطب» (trips): ADR 087
    "جوزة", "جوزات", "الجوزة تطب", "الجوزة طبت", "تطب الجوزة", "الجوزة تفصل",
    // the socket is «الفيش» in Baghdad, and its sparks «شرار» (ADR 101)
    "فيش", "الفيش", "فيشة", "شرار", "شرارة", "يشرر", "تشرر",
    // what an electrician fits and mends in a house (the third holdout's kind): light fittings and chandeliers, sockets
    // and switches, fans, heaters, the wiring
    "chandelier", "chandeliers", "light fitting", "light fittings", "light fixture", "light fixtures", "spotlight", "spotlights", "bulb", "bulbs", "lamp", "lamps",
    "outlet", "outlets", "switches", "fan", "fans", "ceiling fan", "heater", "heaters", "electric heater", "rewiring", "short circuit",
    "ثريا", "ثرية", "ثريات", "سبوت", "سبوتات", "لمبة", "لمبات", "اضاءة", "انارة", "بلكات", "سويجات", "مروحة", "مراوح", "بنكة", "بنكات", "پنكة", "هيتر", "صوبة", "اسلاك", "تمديدات",
    "چڵچرا", "گڵۆپەکان", "لایت", "سۆکێت", "پانکە", "پەنکە", "هیتەر", "وایەر", "وایەرەکان",
  ],
  "AC repair": [
    "cooling", "cool", "hot", "compressor", "freon",
    "يبرد", "حار", "حارة", "كمبروسر", "فريون", "غاز",
    "سارد", "ساردناکاتەوە", "گەرم", "کۆمپرێسەر", "غازی",
  ],
  "network technician": ["signal", "الانترنت", "نت"],
  // the sun's system said as its parts: a solar unit, its panels, its inverter (ADR 098)
  "solar panels": ["شمسي", "الشمسي", "شمسية", "منظومة شمسية", "انفرتر", "انفيرتر", "inverter", "solar system", "خۆری", "ئینڤێرتەر"],
  // a funeral's lunch, a feast's dinner: the caterer's; a cake the baker's; a house's plan the architect's (ADR 098)
  catering: ["عزاء", "مجلس عزاء", "فاتحة", "ثواب", "غدا", "غداء", "عشا", "عشاء", "funeral lunch", "پرسە"],
  baker: ["cake", "cakes", "birthday cake", "كيك", "كيكة", "كعك", "معجنات", "كليجة", "صمون", "کێک", "کولێرە", "شیرینی"],
  architect: ["house plan", "floor plan", "خارطة", "خارطة بيت", "مخطط بيت", "مخطط"],
  // a computer that is slow or stuck is the computer repairer's own work, not a printer's (ADR 093)
  "computer repair": ["slow", "very slow", "lagging", "بطيء", "بطيئة", "بطيئه", "هێواش", "هێواشە", "خاو", "خاوە"],
  "printer repair": ["ink", "toner", "cartridge", "paper jam", "حبر", "تونر", "خرطوشة", "مەرەکەب", "تۆنەر"],
  "phone repair": ["screen", "cracked", "charger", "شاشة", "مكسورة", "شاحن", "بطارية", "شاشە", "شکاوە", "پاتری"],
  mechanic: [
    "engine", "brakes", "brake", "braking", "gearbox", "overheating", "محرك", "ماكينة", "بريك", "كير", "سيارتي", "بزوێنەر", "ئۆتۆمبێلەکەم",
    // a car's trouble said as its symptom (the third holdout's kind): the battery, the heat, not starting. A battery
    // alone is a phone's too («بطارية»): beside the car it is the car's. «عاطلة» (out of order) is said of a fan or a
    // fridge as often: no trade's
    "my car", "car battery", "dead battery", "battery dead", "flat battery", "battery flat", "battery died", "overheats", "overheated", "radiator", "clutch", "exhaust", "stalling", "wont start", "not starting",
    "بطارية السيارة", "بطارية سيارة", "بطارية سيارتي", "السيارة تحمى", "سيارتي تحمى", "المكينة تحمى", "الماكينة تحمى", "المحرك يحمى", "ما تقوم", "راديتر", "رديتر", "كلج", "دبرياج", "اكزوز",
    "پاتری ئۆتۆمبێل", "پاتریی ئۆتۆمبێل", "ئۆتۆمبێلەکەم گەرم دەبێت", "بزوێنەرەکە گەرم دەبێت", "هەڵناسێت", "کلەچ",
    // a car said plainly, and its smoke (ADR 098): a trade said beside it (a taxi, a car's AC) wins
    "السيارة", "سيارة", "smoke from the engine", "white smoke", "دخان ابيض", "دخان اسود", "تطلع دخان", "دوکەڵ دەکات", "دوکەڵی سپی",
  ],
  // (the teeth as Baghdad says them, «سنوني», «ضروسي»: ADR 087)
  dentist: ["tooth", "teeth", "filling", "gums", "سن", "سني", "اسناني", "سنون", "سنوني", "ضروس", "ضروسي", "لثة", "ددانم", "ددانەکانم", "پووک"],
  // a car's lights, horn, alarm: the car's electrician, not the house's (ADR 098)
  "auto electrician": ["car lights", "my car lights", "headlights", "headlight", "car horn", "ضوايات السيارة", "ضواية السيارة", "هورن السيارة", "گڵۆپی ئۆتۆمبێل"],
  // crooked teeth, a whiter smile: the dentist's kinds (ADR 098)
  orthodontist: ["crooked teeth", "straighten teeth", "سنون عوج", "اسنان عوجة", "ددانی خوار"],
  "cosmetic dentist": ["whitening", "whiter teeth", "تبييض", "ددان سپیکردنەوە"],
  doctor: [
    "fever", "pain", "sick", "flu", "حرارة", "حمى", "مريض", "وجع", "تا", "نەخۆش", "ئازار",
    // symptoms as they are said: English, Iraqi Arabic, Sorani (a child's: the pediatrician, CHILD_WORDS below)
    "cough", "coughing", "vomiting", "diarrhea", "headache", "rash", "dizzy", "temperature",
    "مسخن", "مسخنة", "سخونة", "سخونية", "يكح", "تكح", "كحة", "سعال", "يستفرغ", "تستفرغ", "استفراغ", "اسهال", "صداع", "دوخة", "زكام", "نشلة",
    "تای", "کۆکە", "کۆخە", "سەرئێشە", "ڕشانەوە", "دەڕشێتەوە", "سکچوون", "هەڵامەت", "زوکام", "سەرم دێشێت", "سکم دێشێت",
    // the skin and an allergy: no skin doctor is listed, the doctor first (a child's: the pediatrician)
    "allergy", "allergic", "itching", "itchy", "itch", "eczema", "hives", "skin rash", "skin allergy",
    "حساسية", "حساسيه", "حكة", "حكه", "اكزيما", "حبوب بالجلد", "حساسية جلد", "حساسية بالجلد", "طفح جلدي",
    "هەستیاری", "خوران", "خورشت", "هەستیاریی پێست", "پێستم دەخورێت",
    // (a pain said with its verb alone, PAIN_VERBS below, is the doctor's too)
  ],
  // the eye, the heart: symptoms of one doctor's kind go to that kind's listings first
  "eye doctor": ["blurry", "vision", "عيني توجعني", "عيوني توجعني", "نظري", "چاوەکانم"],
  "heart doctor": ["palpitations", "chest pain", "blood pressure", "خفقان", "صدري يوجعني", "ضغط الدم", "دڵەکوتێ", "فشاری خوێن", "قلبي", "دڵم"],
  driver: ["ride", "airport", "trip", "lift", "مطار", "توصيلة", "مشوار", "فڕۆکەخانە"],
  // moving a house's things, said with the verb and the things (ADR 093): the movers, a kind of driver, first
  "furniture moving": [
    "furniture", "moving", "removal", "relocation", "belongings",
    "عفش", "اثاث", "ينقل", "ينقلون", "ينقللي", "انقل", "ننقل", "تنقل", "اغراض البيت", "غراض البيت", "اغراضي", "غراضي", "اغراض الشقة",
    "گواستنەوە", "بگوازێتەوە", "بگوازمەوە", "بگوازینەوە", "کەلوپەل", "کەلوپەلی ماڵ", "کەلوپەلەکانم",
  ],
  // the elderly said as the person cared for: a grandmother, an old father (ADR 093); a doctor named beside them stays
  "elderly caregiver": [
    "grandmother", "grandma", "granny", "grandfather", "grandpa", "elderly", "old age",
    "جدتي", "جدتى", "حبوبتي", "بيبيتي", "جدي", "عجوز", "شايب", "شايبة", "حجية", "كبير بالعمر", "كبيرة بالعمر", "كبار السن", "مسن", "مسنة",
    "داپیرە", "داپیرەم", "نەنک", "نەنکم", "باپیرە", "باپیرەم", "پیرەژن", "بەساڵاچوو", "بەتەمەن",
    // an old father or mother (ADR 098)
    "elderly father", "elderly mother", "my old father", "my old mother", "ابوي الكبير", "امي الكبيرة", "والدي الكبير", "والدتي الكبيرة", "كبير بالسن", "كبيرة بالسن",
    "باوکی پیرم", "دایکی پیرم",
  ],
  photographer: ["photos", "pictures", "video", "drone", "wedding", "صور", "فيديو", "درون", "عرس", "زفاف", "وێنە", "ڤیدیۆ", "ئاهەنگ"],
  lawyer: ["court", "case", "contract", "محكمة", "قضية", "دعوى", "عقد", "دادگا"],
  // a divorce, an inheritance: the family lawyer's case (beside «محامي» they narrow to the kind, qualifiers.ts)
  "family lawyer": ["divorce", "inheritance", "طلاق", "ورث", "ميراث", "ورثة", "تركة", "تەڵاق", "میرات"],
  cook: ["feast", "banquet", "food", "dinner", "عزيمة", "وليمة", "ولائم", "اكل", "طبخ", "خواردن", "میوانداری"],
  cleaning: [
    // (a carpet is its cleaner's own trade word now: carpet cleaning, a kind of cleaning)
    "dirty", "dust", "غسل", "پیس", "شتن",
    // cleaning said as the verb, a house, a flat, a villa or an office after it (the third holdout's kind)
    "clean", "cleaned", "cleans", "tidy", "mopping", "mop", "scrub", "deep clean",
    "تنظف", "ينظف", "نظف", "تنظفلي", "ينظفلي", "نظافة", "تنظيف البيت", "تنظيف الشقة",
    "پاک", "خاوێن", "پاکی بکاتەوە", "پاک بکاتەوە", "خاوێنی بکاتەوە", "خاوێن بکاتەوە",
  ],
  translator: ["documents", "document", "certified", "وثائق", "مستمسكات", "بەڵگەنامە"],
  engineer: ["design", "supervision", "blueprint", "تصميم", "خريطة", "اشراف", "دیزاین", "نەخشە"],
  teacher: ["lessons", "lesson", "exam", "exams", "homework", "grade", "دروس", "درس", "خصوصي", "امتحان", "السادس", "وانە", "تاقیکردنەوە"],
  nanny: ["kids", "children", "baby", "اطفال", "طفل", "جاهل", "منداڵ", "منداڵەکەم"],
};

// the problems' shelf of the lexicon's one index (ADR 057)
// (with the phrasings of the symptom shelf, symptoms.ts: ADR 082)
LEXICON.register(
  "problem",
  [...Object.entries(PROBLEM_WORDS), ...Object.entries(SYMPTOMS)].flatMap(([en, words]) => {
    const term = SERVICE_BY_EN.get(en);
    return term ? words.map((w) => [w, term, sayingLang(w)] as const) : [];
  }),
);

/** Problem words → the trades they point to: the problems' view of the one index. */
const PROBLEM_INDEX: PhraseView<ServiceTerm> = LEXICON.view(["problem"], (_shelf, v: ServiceTerm) => v);

/** Every word of every problem phrase, normalised (the reader never "mends" one into a trade: ADR 053). */
export const PROBLEM_VOCAB: ReadonlySet<string> = PROBLEM_INDEX.vocab;

/**
 * Words that say the one who needs it is a child («منداڵەکەم», «ابني», "my son"): beside a symptom they make it the
 * children's doctor's (FOR_A_CHILD), and the child is then who is ill, not a nanny's job. Not a trade's problem words
 * on their own: «ابني» alone asks for nothing.
 */
export const CHILD_WORDS: readonly string[] = [
  "child", "kid", "kids", "children", "baby", "son", "daughter", "toddler",
  "طفل", "طفلي", "اطفال", "جاهل", "جهال", "ابني", "بنتي", "ابنتي", "وليدي", "بنيتي", "الطفل",
  "منداڵ", "منداڵەکەم", "منداڵەکەمان", "کوڕەکەم", "کچەکەم", "کۆرپەکەم", "کۆرپە",
];
const CHILD: ReadonlySet<string> = new Set(CHILD_WORDS.flatMap((w) => tokenize(w)));
/** A trade's kind for a child: a child's fever is the pediatrician's. */
const FOR_A_CHILD: Readonly<Record<string, string>> = { doctor: "pediatrician" };

/** A list of phrases in any language as a lookup `findPhrases` reads (whether one is said, not what it means). */
function phraseList(phrases: readonly string[]) {
  const index = new Map(phrases.map((w) => [phraseKey(w), { value: true, langs: new Set<Lang>(["en", "ar", "ku"]) }]));
  return {
    get: (k: string) => index.get(k),
    vocab: new Set([...index.keys()].flatMap((k) => k.split(" "))),
    maxWords: Math.max(...[...index.keys()].map((k) => k.split(" ").length)),
  };
}

/**
 * Care said with its verb or its noun («يعتني», «يباوع على», «چاودێر», "look after"): beside a grown-up who is cared for
 * (a mother, an old father, a grandmother: CARED_FOR) it asks for a carer, not the doctor the illness names («احد يعتني
 * بوالدتي المريضة»); beside a child, for a nanny. ADR 101.
 */
const CARE_WORDS: readonly string[] = [
  "look after", "looks after", "looking after", "take care of", "takes care of", "taking care of", "care for", "caring for", "stay with", "sit with", "carer", "caretaker",
  "يعتني", "تعتني", "يعتنون", "يرعى", "ترعى", "يرعاها", "يرعاه", "رعاية", "يهتم", "تهتم", "يخدم", "تخدم", "يباوع على", "تباوع على", "يبقى وياها", "يبقى وياه", "تبقى وياها", "تبقى وياه", "يكعد وياها", "تكعد وياها", "يدير باله", "تدير بالها",
  "چاودێر", "چاودێری", "چاودێرێک", "ئاگاداری", "ئاگای لێ بێت", "خزمەتی بکات", "لەگەڵی بمێنێتەوە",
];
const CARE_LOOKUP = phraseList(CARE_WORDS);
/** A grown-up cared for: a parent, a grandparent, someone old (the elderly caregiver's own words count too). */
const CARED_FOR: ReadonlySet<string> = new Set(
  [
    "mother", "mom", "mum", "father", "dad", "parent", "parents", "aunt", "uncle", "husband", "wife", "patient",
    "امي", "امه", "امها", "والدتي", "والدي", "والدتنا", "والدنا", "ابوي", "ابويه", "ابوه", "ابوها", "عمتي", "خالتي", "زوجي", "زوجتي", "مريض", "مريضة", "المريض", "المريضة",
    "دایکم", "باوکم", "دایکمان", "باوکمان", "پیرە", "پیر", "نەخۆش", "نەخۆشەکە", "پوورم", "مامم", "خاڵم",
  ].flatMap((w) => tokenize(w)),
);
/** A word with an Arabic «و», «ب» or «ل» before it («بوالدتي», «لامي»), as the word. */
const bare = (w: string) => w.replace(/^و?[بل](?=..)/, "");

/** Whom care is asked for in `words`: a child, a grown-up (`elderly`: the carer's own words were said), or no one. */
function careAskedFor(words: string, elderly: boolean): "child" | "grown" | null {
  if (!findPhrases(words, CARE_LOOKUP).length) return null;
  const tokens = tokenize(words);
  if (tokens.some((w) => CHILD.has(w))) return "child";
  return elderly || tokens.some((w) => CARED_FOR.has(w) || CARED_FOR.has(bare(w))) ? "grown" : null;
}

/**
 * The trades a text's words point to as problems ("my tap is dripping" → plumber), most pointed-to first: the search
 * ranks by them (ADR 048), and the bot reads a message that has them as a search (ADR 053). A symptom beside a child
 * word («منداڵەکەم تای هەیە») points to the children's doctor first, then the doctor, and no longer to a nanny.
 */
/** How much, said inside a symptom («سەرم زۆر دێشێت», «راسي كلش يوجعني», "my head hurts so badly"): not its words. */
const INTENSIFIERS: ReadonlySet<string> = new Set(
  ["very", "so", "really", "too", "badly", "كلش", "هواية", "جدا", "جداً", "كثير", "كلّش", "زۆر", "زۆرم", "گەلێک", "تەواو"].map(
    (w) => normalizeText(w),
  ),
);

/**
 * The problem phrases in `words`: as typed, and those of two words or more that an intensifier between them hid (the
 * text without its intensifiers). Each with its text, for the spans.
 */
function problemMatches(words: string) {
  const typed = findPhrases(words, PROBLEM_INDEX).map((m) => ({ ...m, text: words }));
  const plain = words.replace(/[\p{L}\p{M}]+/gu, (w) => (INTENSIFIERS.has(normalizeText(w)) ? " " : w));
  if (plain === words) return typed;
  const seen = new Set(typed.map((m) => m.key));
  const hidden = findPhrases(plain, PROBLEM_INDEX).filter((m) => m.key.includes(" ") && !seen.has(m.key));
  return [...typed, ...hidden.map((m) => ({ ...m, text: plain }))];
}

/**
 * A pain said with its verb, wherever it hurts («گوێی دێشێت», «رجلي توجعني», "my knee hurts"): the doctor's, but only
 * where nothing else in the text names a trade or a problem («سنوني توجعني» is the dentist's, «دڵم ئازاری هەیە» the
 * heart doctor's). ADR 098.
 */
const PAIN_VERBS: readonly string[] = [
  "hurts", "hurting", "ache", "aches", "aching",
  "يوجعني", "توجعني", "يوجعه", "توجعه", "يوجعها", "توجعها", "دێشێت", "دێشێ", "ئازاری هەیە", "ئازارم هەیە",
];
const PAIN_LOOKUP = phraseList(PAIN_VERBS);

/** Whether `words` say a pain with its verb ("my back hurts", «ظهري يوجعني», «پشتم دێشێت»). */
export function saysPain(words: string): boolean {
  return findPhrases(words, PAIN_LOOKUP).length > 0;
}

export function problemTrades(words: string): ServiceTerm[] {
  const count = new Map<ServiceTerm, number>();
  for (const m of problemMatches(words)) count.set(m.hit.value, (count.get(m.hit.value) ?? 0) + 1);
  const doctor = SERVICE_BY_EN.get("doctor");
  if (!count.size && doctor && saysPain(words) && !findServiceTerms(words).length)
    count.set(doctor, 1);
  const named = [...count.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
  // a kind's problem is its family's too, after it: a child's cough finds the doctors where no pediatrician is listed
  const found = [...new Set([...named, ...named.map((t) => (t.kindOf ? SERVICE_BY_EN.get(t.kindOf) : undefined)).filter((t): t is ServiceTerm => Boolean(t))])];
  const child = tokenize(words).some((w) => CHILD.has(w));
  const carer = SERVICE_BY_EN.get("elderly caregiver");
  const nanny = SERVICE_BY_EN.get("nanny");
  const cared = carer && nanny ? careAskedFor(words, found.includes(carer)) : null;
  if (carer && nanny && cared) {
    // care asked for someone: a carer (or a child's nanny), and not the doctor their illness names
    const who = cared === "child" ? [nanny] : [carer, nanny];
    return [...who, ...found.filter((t) => !who.includes(t) && t !== doctor && t.kindOf !== "doctor")];
  }
  const forChild = found.map((t) => FOR_A_CHILD[t.en]).find(Boolean);
  if (forChild && child) {
    const kind = SERVICE_BY_EN.get(forChild);
    if (kind) return [kind, ...found.filter((t) => t !== kind && t !== nanny)];
  }
  return found;
}

/**
 * How many problem words a text holds («الحنفية تنقط» two; "it is very hot today" one); care asked for counts as one
 * ("someone to look after my grandma": the care and the grandmother).
 */
export function problemWordCount(words: string): number {
  const matches = problemMatches(words);
  const elderly = matches.some((m) => m.hit.value.en === "elderly caregiver");
  return matches.length + (careAskedFor(words, elderly) ? 1 : 0);
}

/**
 * The typed words of the query that a problem phrase of two words or more took ("water leaking", «الماي ينكط»): they
 * were read as the problem, so the ranking does not count them again as words a listing's name may hold ("water" in a
 * water-tank installer's specialty). Single problem words stay words: "leaking" still finds "Leak repair".
 */
export function problemPhraseWords(words: string): Set<string> {
  const out = new Set<string>();
  for (const m of problemMatches(words)) if (m.key.includes(" ")) for (const t of tokenize(m.text.slice(m.start, m.end))) out.add(t);
  // the child beside a symptom was read as who is ill ("my son has a fever"): not a name's word ("son", the name key of «سنان»)
  const [first] = problemTrades(words);
  if (first && Object.values(FOR_A_CHILD).includes(first.en)) for (const t of tokenize(words)) if (CHILD.has(t)) out.add(t);
  return out;
}
