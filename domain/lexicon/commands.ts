/**
 * Commands to the bot as people type them, in English, Iraqi Arabic, Sorani and Latin-script Kurdish (ADR 057): data of
 * the lexicon, read by the bot's reader (domain/understand/understand.ts) through the lexicon's one phrase index, where
 * a trade's spelling comes before a command's («تكييف» is a service). The words a chat's very first turn answers to as
 * a whole message («0», "/start", «ربط») are at the end.
 */
import type { Lang } from "../text/lang";
import { LEXICON } from "./phraseIndex";

import type { Command, CommandValue } from "./shelfTypes";

export type { Command, CommandValue };

/** Every command phrase, in order: [form, meaning, language]. */
export const COMMAND_PHRASES: [string, CommandValue, Lang][] = [];
// a Sorani form also in its Arabic-keyboard spelling, ە typed as ه (with or without ZWNJ, which normalising drops): «وه‌ستاكه‌ نه‌هات»
const say = (lang: Lang, value: CommandValue, ...forms: string[]) =>
  forms.forEach((f) => [...new Set([f, lang === "ku" ? f.replace(/ە/g, "ه") : f])].forEach((g) => COMMAND_PHRASES.push([g, value, lang])));
const cmd = (command: Command) => ({ command }) as const;

// ——— commands, in the forms people type them ———
say("en", cmd("more"), "next", "more", "next page", "show more", "more please", "any more", "anymore", "others", "other ones", "see more");
say("ar", cmd("more"), "التالي", "التالية", "المزيد", "اكثر", "أكثر", "غيرهم", "بعدهم", "الصفحة التالية", "اكو غيرهم", "اكو بعد", "شوفني غيرهم", "غيرها");
// "anyone else?": the next results, never «غير» (change) read out of «غيره»
say("ar", cmd("more"), "ماكو غيره", "ماكو غيرة", "ماكو غيرهم", "ماكو غيرها", "اكو غيره", "ماكو واحد غيره", "غيره", "واحد غيره");
say("ku", cmd("more"), "دواتر", "زیاتر", "ئەوانی تر", "پەڕەی دواتر", "هی تر", "زیاتر پیشان بدە");
say("en", cmd("previous"), "prev", "previous", "previous page", "go back a page", "back a page", "the ones before");
say("ar", cmd("previous"), "السابق", "السابقة", "الصفحة السابقة", "قبلهم", "اللي قبلهم");
say("ku", cmd("previous"), "پێشوو", "پەڕەی پێشوو", "ئەوانەی پێشوو");
say("en", cmd("menu"), "menu", "main menu", "start", "restart", "home", "options", "back");
say("ar", cmd("menu"), "القائمة", "قائمة", "القائمه", "المنيو", "منيو", "الرئيسية", "رجوع", "البداية");
say("ku", cmd("menu"), "لیست", "مێنیو", "مینیو", "لیستی سەرەکی", "سەرەکی", "دەستپێک", "گەڕانەوە", "lista", "menu bede");
say("en", cmd("help"), "help", "how does this work", "what can you do", "how to use");
say("ar", cmd("help"), "مساعدة", "مساعده", "ساعدني", "ساعدوني", "شلون استخدم", "شلون يشتغل");
say("ku", cmd("help"), "یارمەتی", "یارمەتیم بدە", "چۆن کاردەکات", "yarmeti");
// "what can you do?", «شنو تكدرون تسوون؟», «ئەمە چۆن کار دەکات؟»: what the bot does, in a few lines
say("en", cmd("help"), "what can u do", "what do you do", "how does it work", "how do i use this", "how do i use it", "how do i book", "what is dalil", "what is this", "who are you");
say("ar", cmd("help"), "شنو تكدر تسوي", "شنو تكدرون تسوون", "شتكدر تسوي", "شتكدرون تسوون", "شنو تسوون", "شتسوون", "شلون اشتغل", "شلون استعمل", "شلون احجز", "كيف احجز", "كيف يشتغل", "شنو دليل", "شنو هذا");
say("ku", cmd("help"), "چۆن کار دەکات", "ئەمە چۆن کار دەکات", "چی دەکەیت", "چی دەکەن", "چی دەتوانیت بکەیت", "چۆن بەکاری بهێنم", "چۆن کات بگرم", "ئەمە چییە", "دەلیل چییە");
// each language's one opt-out word in every text is first: STOP, «توقف», «ڕاگرتن» (ADR 075)
say("en", cmd("stop"), "stop", "unsubscribe", "stop messages", "stop all", "stopall", "opt out", "optout", "cancel messages", "no more messages");
say("ar", cmd("stop"), "توقف", "ايقاف", "إيقاف", "ستوب", "الغاء الاشتراك", "إلغاء الاشتراك", "اوقف الرسائل", "أوقف الرسائل", "ايقاف الرسائل", "إيقاف الرسائل");
say("ku", cmd("stop"), "ڕاگرتن", "وەستان", "بوەستە", "ستۆپ", "نامە مەنێرە", "ڕایگرە");
say("en", cmd("myBookings"), "my bookings", "bookings", "my booking", "my appointments", "appointments", "my orders", "my reservations", "booking status", "show my bookings");
say("ar", cmd("myBookings"), "حجوزاتي", "حجوزات", "حجزي", "حجوزاتي شنو", "مواعيدي", "مواعيد", "طلباتي", "شوفلي حجوزاتي");
// "where has he got to?", "when is he coming?": the bookings, with their status and "on the way" (ADR 044)
say("ar", cmd("myBookings"), "وين وصل", "وين صار", "شوكت يجي", "شوكت يوصل", "متى يجي", "متى يوصل", "وين الاسطة", "وين الأسطة");
say("ku", cmd("myBookings"), "کەی دێت", "کەی دەگات", "لە کوێیە", "گەیشتە کوێ");
say("en", cmd("myBookings"), "when is he coming", "where is he", "is he coming");
// questions about one's own booking, as people ask them (ADR 053): answered with the bookings, as «حجوزاتي»
say("en", cmd("myBookings"), "what happened to my booking", "what happened", "whats happening", "any news", "any update", "any updates", "whats the status", "status", "did he accept", "has he accepted", "did they accept", "was it accepted", "is it confirmed", "is my booking confirmed", "accept my booking", "is he on his way", "on his way", "is he on the way");
say("ar", cmd("myBookings"), "شصار", "شنو صار", "شصار بالحجز", "شصار بحجزي", "شصار على الحجز", "شنو صار على الحجز", "شنو صار بالحجز", "اكو خبر", "شكو خبر", "شنو الاخبار", "تأكد الحجز", "الحجز تأكد", "انقبل الحجز", "قبل الحجز", "قبلوا الحجز", "وافق على الحجز", "وافق ع الحجز", "الاسطة جاي", "الفني جاي", "صار بالطريق");
say("ku", cmd("myBookings"), "پەسەند کرا", "پەسەندکرا", "ئایا پەسەند کرا", "قبوڵ کرا", "قەبوڵ کرا", "چی لێهات", "چی بوو", "هەواڵ چییە", "هەواڵی کاتگرتنەکەم", "لە ڕێگادایە", "لە ڕێگایە", "ئەی کەی دێت", "kay det", "key det", "kei det");
// the walk: an appointment asked after, "coming or not", a trade and a day in the question (the day is the question's,
// not a search's: «الفني جاي باجر؟» is the booking)
say("en", cmd("myBookings"), "my appointment", "do i have an appointment", "have i got an appointment", "is there an appointment", "coming today", "coming tomorrow", "coming or not", "did he confirm", "has he confirmed");
say("ar", cmd("myBookings"), "موعدي", "اكو موعد", "عندي موعد", "شوكت موعدي", "اكو حجز", "عندي حجز", "الحجز مالي", "الحجز مالتي", "جاي اليوم", "جاي باجر", "يجي اليوم", "يجي باجر", "جاي لو لا", "يجي لو لا", "جاي لولا", "يجي لولا");
say("ku", cmd("myBookings"), "کاتم هەیە", "نۆرەم هەیە", "کاتگرتنم هەیە", "دێت یان نا", "دێت یان نە", "دێت یاخود نا", "ئەمڕۆ دێت", "سبەی دێت", "سبەینێ دێت");
// "did anyone accept my request?", «احد قبل طلبي؟», «کەس قبوڵی کرد؟»: a customer's request is her booking (a provider's
// "requests" are his desk's)
say("en", cmd("myBookings"), "my request", "did anyone accept", "has anyone accepted", "anyone accepted", "did anyone reply", "has anyone replied", "did anyone answer", "nobody replied", "no one replied");
say("ar", cmd("myBookings"), "طلبي", "وين طلبي", "احد قبل", "اكو احد قبل", "محد قبل", "حد قبل", "احد رد", "محد رد", "محد جاوب", "ما رد احد", "انقبل طلبي", "قبلوا طلبي");
say("ku", cmd("myBookings"), "داواکارییەکەم", "داواکاریەکەم", "کەس قبوڵی کرد", "کەس پەسەندی کرد", "کەس وەڵامی دایەوە", "کەس وەڵامی نەدایەوە", "چی بەسەر هات");
say("ku", cmd("myBookings"), "کاتگرتنەکانم", "کاتگرتنەکان", "کاتگرتنم", "کاتگرتن", "کاتگرتنەکەم", "کاتگرتنی", "حجزەکانم", "داواکارییەکانم", "نۆرەکانم", "نۆرەکەم", "نۆرە", "katgirtnekanm", "katgirtinekanm");
/**
 * "Did the plumber confirm?", «الكهربائي أكد الحجز؟», «بۆریچییەکە پشتڕاستی کردەوە؟»: a trade named with a verb of
 * answering a booking, asked after (English: with "did", "has"… before it), is the bookings, not a search. The verbs
 * are also "yes" («اكد», "confirm"), so they are told apart by the question's shape, not by a phrase of the index.
 */
export const STATUS_QUESTIONS: readonly RegExp[] = [
  /\b(?:did|has|have|had|was|is)\b.*\b(?:confirm|confirmed|accept|accepted|agree|agreed|reply|replied|respond|responded|answer|answered)\b/i,
  /(?:^|\s)(?:أكد|اكد|أكّد|وافق|ثبت|جاوب|رد علي|رد عليه)(?:\s|$|[?؟])/,
  /(?:پشتڕاستی\s*کردەوە|پشتڕاست\s*کرایەوە|پشتڕاستی\s*کردۆتەوە|پەسەندی\s*کرد|قبوڵی\s*کرد|قەبوڵی\s*کرد|وەڵامی\s*دایەوە)/,
];
say("en", cmd("cancel"), "cancel", "cancel booking", "cancel my booking", "cancel the booking", "cancel appointment", "call off");
say("ar", cmd("cancel"), "الغي", "الغاء", "إلغاء", "ألغي", "الغي الحجز", "الغاء الحجز", "إلغاء الحجز", "الغي حجزي", "بطل الحجز", "لا اريد الحجز");
say("ku", cmd("cancel"), "هەڵوەشاندنەوە", "هەڵوەشاندنەوەی", "هەڵیوەشێنەوە", "هەڵبوەشێنەوە", "هەڵیبوەشێنەوە", "هەڵبوەشێنمەوە", "هەڵیبوەشێنمەوە", "هەڵدەوەشێنمەوە", "پاشگەزبوونەوە", "پاشگەزبوومەوە", "کاتگرتنەکە هەڵبوەشێنەوە");
say("en", cmd("change"), "change", "change booking", "change my booking", "reschedule", "move my booking", "change the time", "change the date");
say("ar", cmd("change"), "غير", "اغير", "أغير", "نغير", "ابدل", "أبدل", "أأجل", "اأجل", "عدل", "تعديل", "تغيير", "غير الموعد", "تغيير الموعد", "تغيير الحجز", "غير الحجز", "بدل الموعد", "اجل الموعد", "تأجيل");
say("ku", cmd("change"), "گۆڕین", "بگۆڕە", "بیگۆڕە", "دەمەوێت بیگۆڕم", "کاتەکە بگۆڕە", "گۆڕینی کاتگرتن", "دوایبخە", "دوای بخە");
// "I want to change the day" in Sorani
say("ku", cmd("change"), "دەمەوێت ڕۆژەکە بگۆڕم", "ڕۆژەکە بگۆڕم", "ڕۆژەکە بگۆڕە", "ڕۆژەکەی بگۆڕە", "دەمەوێت ڕۆژەکەی بگۆڕم", "ڕۆژ بگۆڕە", "گۆڕینی ڕۆژ");
// "he didn't come": today's booking, with "did not come" to tap
say("en", cmd("noShow"), "didnt come", "did not come", "didnt show up", "did not show up", "never came", "never showed up", "no show", "hasnt come", "has not come");
say("ar", cmd("noShow"), "ما اجه", "ما اجا", "ما اجى", "ما إجه", "ما إجا", "ماجه", "ماجا", "ما جه", "ما جا", "ما جاء", "ما اجانه", "ما اجانا", "لم يأت", "لم ياتي", "لم يحضر", "ما حضر", "الاسطة ما اجه", "الاسطه ما اجه", "الأسطة ما اجه", "الاسطة ما اجا", "ما اجه الاسطة", "ما اجا الاسطة");
say("en", cmd("noShow"), "nobody came", "no one came", "noone came", "nobody showed up", "didnt turn up", "did not turn up", "never turned up", "didnt show");
say("ar", cmd("noShow"), "محد اجه", "محد اجا", "ما اجه احد", "ماكو احد اجه");
say("ku", cmd("noShow"), "نەهات", "نەهاتووە", "هەر نەهات", "وەستاکە نەهات", "وەستا نەهات", "نەهاتە لام", "کەس نەهات", "هیچ کەس نەهات", "nehat");
// "how much?": the listing in view's prices, or how to ask it
say("en", cmd("price"), "how much", "how much is it", "how much does it cost", "how much does he charge", "how much do you charge", "price", "prices", "the price", "cost", "what does it cost", "fee", "rates");
say("ar", cmd("price"), "شكد ياخذ", "شكد ياخذون", "شكد تاخذ", "شكد تاخذون", "شكد السعر", "شكد الاجرة", "شكد الأجرة", "شكد الكلفة", "بيش", "بيشي", "بكم", "كم السعر", "كم ياخذ", "كم تاخذ", "السعر", "سعر", "الاسعار", "الأسعار", "اسعار", "الاجور", "اجور", "الكلفة", "الاجرة", "الأجرة");
say("ku", cmd("price"), "چەند دەبات", "چەند دەبەیت", "چەند وەردەگرێت", "چەند وەردەگریت", "بە چەندە", "چەندە", "نرخ", "نرخی", "نرخەکەی", "نرخەکەی چەندە", "نرخەکان", "کرێ", "کرێکەی", "کرێکەی چەندە", "nrx", "chanda");
say("en", cmd("language"), "language", "change language", "lang");
say("ar", cmd("language"), "اللغة", "لغة", "تغيير اللغة", "غير اللغة");
say("ku", cmd("language"), "زمان", "گۆڕینی زمان", "زمانەکە بگۆڕە");
say("en", { lang: "en" }, "english", "in english", "inglizi");
say("ar", { lang: "ar" }, "عربي", "العربية", "عربية", "بالعربي", "arabic");
say("ku", { lang: "ku" }, "کوردی", "كوردي", "كردي", "kurdi", "kurdish", "sorani", "سۆرانی");
say("en", cmd("nearMe"), "near me", "nearby", "close to me", "around me", "closest", "nearest");
say("ar", cmd("nearMe"), "قريب", "قريب مني", "قريبين", "يمي", "جنبي", "الاقرب", "الأقرب", "بمنطقتي", "قريب علي");
say("ku", cmd("nearMe"), "نزیک", "نزیکم", "لە نزیکم", "نزیکترین", "دەوروبەرم", "nizik", "nizikm", "nzik", "nzikm", "nizikim");
say("en", cmd("greeting"), "hi", "hello", "hey", "hiya", "good morning", "good evening", "helo", "hallo", "helloo", "hii", "heya", "salam", "salaam", "assalamu alaikum", "marhaba", "slaw", "silaw");
say("ar", cmd("greeting"), "مرحبا", "مرحبه", "هلو", "هلوو", "هلا والله", "هلاوو", "هلا", "هلاو", "اهلا", "أهلا", "السلام عليكم", "سلام عليكم", "سلام", "صباح الخير", "مساء الخير", "شلونك", "شلونكم", "هاي", "شكو ماكو", "شخبارك", "شخباركم", "شلون الحال");
say("ku", cmd("greeting"), "سڵاو", "سلاو", "سڵاوتان لێبێت", "بەیانیت باش", "ئێوارەت باش", "بەیانی باش", "ئێوارە باش", "ڕۆژباش", "ڕۆژ باش", "چۆنی", "چۆنن", "choni", "rozh bash", "beyani bash");
say("en", cmd("thanks"), "thanks", "thank you", "thx", "ty", "thanks a lot", "great thanks", "cheers", "appreciate it");
say("ar", cmd("thanks"), "شكرا", "شكراً", "مشكور", "مشكورين", "تسلم", "تسلمون", "الله يخليك", "يعطيك العافية", "عاشت ايدك", "ممنون", "شكرا جزيلا");
say("ku", cmd("thanks"), "سوپاس", "زۆر سوپاس", "دەستت خۆش", "مەمنون", "سپاس", "spas", "supas");
say("en", cmd("yes"), "yes", "yeah", "yep", "yup", "ok", "okay", "sure", "correct", "confirm", "right", "go ahead", "y");
say("ar", cmd("yes"), "زين", "نعم", "اي", "إي", "ايه", "أيوه", "ايوه", "اكيد", "أكيد", "تمام", "ماشي", "اوكي", "صح", "موافق", "اكد", "تأكيد", "يب");
say("ku", cmd("yes"), "بەڵێ", "بەلێ", "ئا", "ئەرێ", "باشە", "دروستە", "ئۆکەی", "erê", "ere", "bale", "bałê", "bashe", "basha");
say("en", cmd("no"), "no", "nope", "nah", "not now", "n");
say("ar", cmd("no"), "لا", "كلا", "لأ", "مو", "ما اريد", "لا شكرا", "مو هسه", "مو هسة", "مو الحين", "مو هلوقت");
say("ku", cmd("no"), "نەخێر", "نا", "نە", "نامەوێت", "ئێستا نا", "ئێستا نە", "nexer", "naxer", "nexêr");
say("en", cmd("search"), "search", "find", "look for", "looking for", "search for", "i need", "we need", "i want");
say("ar", cmd("search"), "بحث", "ابحث", "دور", "دورلي", "دوّر", "احتاج", "أحتاج", "اريد", "أريد", "ابي", "ابغى", "محتاج", "نريد", "عندي");
say("ku", cmd("search"), "گەڕان", "بگەڕێ", "دەمەوێت", "دەوێت", "پێویستم", "پێویستمە", "پێویستم بە", "پێویستە", "پێویستی");
// a provider's answers
say("en", cmd("accept"), "accept", "accept it", "approve", "i accept", "accept booking", "accept the booking", "take it", "i'll take it");
say("ar", cmd("accept"), "قبول", "اقبل", "أقبل", "قبلت", "اقبله", "اقبلها", "قبول الحجز", "اقبل الحجز", "موافق عليه", "اوافق", "أوافق");
say("ku", cmd("accept"), "پەسەند", "پەسەندکردن", "پەسەندی دەکەم", "پەسەندم کرد", "قبوڵ", "قەبوڵ", "وەریدەگرم", "qebul", "pesend");
say("en", cmd("decline"), "decline", "reject", "refuse", "can't", "cant", "can t", "cannot", "i can't", "i cant", "not available for it", "decline booking", "decline it");
say("ar", cmd("decline"), "رفض", "ارفض", "أرفض", "رفضت", "ارفضه", "ارفضها", "ما اكدر", "ماكدر", "ما أكدر", "اعتذر", "أعتذر", "رفض الحجز");
say("ku", cmd("decline"), "ڕەتکردنەوە", "ڕەتی بکەرەوە", "ڕەتیدەکەمەوە", "ڕەت", "ناتوانم", "ناتوانم بێم", "ret");
say("en", cmd("complete"), "done", "completed", "complete", "finished", "job done", "mark done", "mark as done", "i finished");
say("ar", cmd("complete"), "خلصت", "خلص", "خلصنا", "انتهيت", "انتهى", "اكتمل", "كملت", "كملنا", "تم الشغل", "خلص الشغل", "منتهي");
say("ku", cmd("complete"), "تەواو", "تەواوبوو", "تەواو بوو", "تەواوم کرد", "کارەکە تەواو بوو", "tewaw", "tawaw");
// the provider's menu in his own words (its first line and "My week"): any line's words, or its main word, open that line
say("en", cmd("requests"), "requests", "the requests", "booking requests", "requests and todays bookings", "todays bookings", "bookings today", "today bookings", "jobs today", "todays jobs");
say("ar", cmd("requests"), "الطلبات", "طلبات", "طلبات الحجز", "الطلبات وحجوزات اليوم", "حجوزات اليوم", "حجوزات اليوم والطلبات", "طلبات اليوم", "شغل اليوم");
say("ku", cmd("requests"), "داواکارییەکان", "داواکاری", "داواکارییەکانی کاتگرتن", "داواکارییەکان و کاتگرتنەکانی ئەمڕۆ", "کاتگرتنەکانی ئەمڕۆ", "کاتگرتنی ئەمڕۆ", "کاری ئەمڕۆ");
say("en", cmd("week"), "my week", "week", "the week", "my hours", "working hours", "opening hours", "my days off", "days off");
say("ar", cmd("week"), "أسبوعي", "اسبوعي", "الأسبوع", "الاسبوع", "أسبوع", "اسبوع", "ساعات العمل", "أوقات العمل", "اوقات الدوام", "أيام العطلة", "ايام العطلة");
say("ku", cmd("week"), "هەفتەکەم", "هەفتە", "هەفتەکە", "هەفتەی من", "کاتەکانی کار", "کاتژمێرەکانی کار");
say("en", cmd("busy"), "busy", "busy today", "i'm busy", "im busy", "not available", "unavailable", "off today", "day off", "mark me unavailable");
say("ar", cmd("busy"), "مشغول", "مشغول اليوم", "اني مشغول", "آني مشغول", "ما متوفر", "مو متوفر", "غير متوفر", "عطلة", "عطلة اليوم", "مسافر");
say("ku", cmd("busy"), "سەرقاڵم", "سەرقاڵ", "ئەمڕۆ سەرقاڵم", "بەردەست نیم", "مەشغوڵم", "مەشغوڵ", "پشوو", "serqalm", "meshghulm");
say("en", cmd("available"), "available", "available again", "i'm available", "im available", "free now", "back to work", "open again", "mark me available");
say("ar", cmd("available"), "متوفر", "متوفر من جديد", "متوفر هسه", "اني متوفر", "آني متوفر", "متاح", "فاضي", "رجعت", "رجعت للشغل", "متوفر مرة ثانية");
say("ku", cmd("available"), "بەردەستم", "بەردەست", "ئامادەم", "دیسان بەردەستم", "گەڕامەوە", "berdestm", "amadem");

// paying from the chat (ADR 085): renewing the plan, or paying what is asked (a booking's deposit); «الغاء الاشتراك» stays STOP
say("en", cmd("renew"), "renew", "renew now", "renew my plan", "renew plan", "renew the plan", "renew subscription", "renew my subscription", "renewal", "pay my plan", "pay the plan", "pay subscription", "pay my subscription", "extend my plan");
say("ar", cmd("renew"), "جدد", "جدّد", "جدد الاشتراك", "جدّد الاشتراك", "جدد اشتراكي", "جدد الان", "جدّد الآن", "تجديد", "تجديد الاشتراك", "اجدد", "اجدد الاشتراك", "ادفع الاشتراك", "دفع الاشتراك");
say("ku", cmd("renew"), "نوێکردنەوە", "نوێکردنەوەی بەشداری", "نوێی بکەرەوە", "نوێ بکەرەوە", "ئێستا نوێی بکەرەوە", "بەشدارییەکەم نوێ بکەرەوە", "بەشدارییەکەم نوێبکەرەوە");
say("en", cmd("pay"), "pay", "pay now", "payment", "pay online", "pay deposit", "pay the deposit", "deposit", "i want to pay", "how do i pay");
say("ar", cmd("pay"), "ادفع", "دفع", "الدفع", "اريد ادفع", "ادفع الان", "ادفع هسه", "ادفع العربون", "دفع العربون", "العربون", "عربون");
say("ku", cmd("pay"), "پارەدان", "پارە بدەم", "پارە دەدەم", "دەمەوێت پارە بدەم", "بەیعانە", "بەیعانەکە", "بەیعانەکە بدە", "بەیعانە بدەم");

LEXICON.register("command", COMMAND_PHRASES);

/**
 * Whole messages the account flow answers before any other reading (bot/flows/account.ts): the menu, help, stop, and
 * "link" on a WhatsApp its owner unlinked. Matched as the whole message, lower-cased.
 */
export const WHOLE_MESSAGE_COMMANDS = {
  menu: new Set(["0", "menu", "/menu", "start", "/start", "hi", "hello", "helo", "salam", "مرحبا", "هلو", "السلام عليكم", "سلام", "القائمة", "سڵاو", "لیست"]),
  help: new Set(["help", "/help", "?", "؟", "مساعدة", "یارمەتی"]),
  stop: new Set(["stop", "/stop", "unsubscribe", "stopall", "ايقاف", "إيقاف", "توقف", "ستوب", "وەستان", "ڕاگرتن", "بوەستە", "ستۆپ"]),
  link: new Set(["link", "/link", "ربط", "اربط", "بەستنەوە", "بیبەستەوە"]),
  /** STOP's undo, by SMS (ADR 075): the words carriers use, and one per language in the texts (START, «ابدأ», «دەستپێبکە») */
  resume: new Set(["start", "unstop", "yes", "ابدأ", "ابدا", "دەستپێبکە", "دەستپێکردن"]),
} as const;
