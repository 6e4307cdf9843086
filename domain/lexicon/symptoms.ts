/**
 * The problem shelf's phrasings (ADR 082): what people say when they need a trade, by the trade's English name, in
 * English, Iraqi Arabic and Sorani as typed (dialect allowed), for people (a fever, a toothache, a lawsuit) and for
 * things (appliances, cars, pipes, generators, pumps, ACs). Registered with the single problem words (problemWords.ts)
 * and read by the same reader: a phrasing lifts its trade's listings, and a listing's own words still count beside it.
 * Folding covers spellings (أ/ا, ي/ی, ة/ه, ك/ک, an article, a Sorani ending): one form of each phrasing is enough.
 * lexicon.test.ts holds every trade to 15 or more, each leading to its trade and claimed by no other.
 */
export const SYMPTOMS: Readonly<Record<string, readonly string[]>> = {
  driver: [
    "school run", "drive me", "drive my kids", "monthly driver", "private car", "need someone to drive",
    "خط مدارس", "خط طلاب", "خط دوام", "يوصل الجهال", "يوصلني للدوام", "يوديني ويجيبني", "سيارة خصوصي", "واحد يسوق",
    "هێڵی قوتابخانە", "بمگەیەنێتە دەوام", "منداڵەکانم بگەیەنێت", "ئۆتۆمبێلی تایبەت",
  ],
  "taxi driver": [
    "need a cab", "need a ride", "ride to the airport", "pick me up", "drop me off", "take me to the airport",
    "اريد تكسي", "يوصلني للمطار", "مشوار للمطار", "يجي ياخذني", "يوصلني للبيت", "يوصلني", "اريد اروح للمطار",
    "بمگەیەنێتە فڕۆکەخانە", "بێت بمبات", "بمگەیەنێتەوە ماڵ", "سواربوون",
  ],
  // a parcel, an order, goods: the delivery driver's (a kind of driver, ADR 098)
  "delivery driver": [
    "deliver a package", "send a parcel", "deliver my order", "courier service", "deliver goods", "delivery for my shop",
    "يوصل طلبية", "يوصل بضاعة", "توصيل اغراض للزبائن", "ابي اوصل طرد", "مندوب يوصل", "يوصل طلبات المحل",
    "گەیاندنی پاکێت", "کاڵاکانم بگەیەنێت", "داواکارییەکان بگەیەنێت", "پاکێتێک بنێرم",
  ],
  "furniture moving": [
    "moving house", "moving out", "move my furniture", "moving truck", "shift furniture", "pack and move",
    "ننقل البيت", "انقل البيت", "نقل عفش", "ننقل الغراض", "لوري نقل", "بيكب نقل", "تحميل اغراض", "انتقال بيت",
    "ماڵ گواستنەوە", "کەلوپەل بگوازمەوە", "بارکردنی کەلوپەل", "لۆری بار",
  ],
  doctor: [
    "high fever", "feeling sick", "stomach ache", "sore throat", "need a checkup", "body aches", "feel dizzy", "chest infection",
    "عندي حرارة", "بطني يوجعني", "راسي يوجعني", "بلعومي يوجعني", "حلكي يوجعني", "عندي زكام", "تعبان كلش", "فحص عام",
    "گەروم دێشێت", "تام هەیە", "نەخۆشم", "سەرم گێژ دەخوات", "پشکنینی گشتی", "ئازاری سک",
  ],
  pediatrician: [
    "baby has a fever", "baby wont eat", "baby crying all night", "child vaccination", "baby rash", "child keeps coughing",
    "ابني مسخن", "بنتي مسخنة", "الطفل يستفرغ", "الجاهل يكح", "تلقيح اطفال", "لقاح الطفل", "الرضيع ما ياكل",
    "منداڵەکەم تای هەیە", "کۆرپەکەم دەگری", "کوتانی منداڵ", "منداڵەکەم دەکۆکێت", "منداڵەکەم دەڕشێتەوە",
  ],
  // braces and a whiter smile: the dentist's kinds the seed lists (ADR 098)
  orthodontist: [
    "teeth are crooked", "braces for my daughter", "fix my bite", "gap between teeth", "teeth overlapping", "clear aligners",
    "سنونه عوج", "اسنانها معوجة", "تقويم للاطفال", "فراغ بين الاسنان", "سنون متراكبة", "تركيب تقويم",
    "ددانەکانم خوارن", "ڕێکخستنی ددانی منداڵ", "بۆشایی نێوان ددان", "تەقویم دابنێت",
  ],
  "cosmetic dentist": [
    "whiter teeth", "yellow teeth", "smile makeover", "teeth stains", "dental veneers", "whiten my teeth",
    "اسناني صفر", "ابيض اسناني", "ابتسامة هوليوود", "تلبيس اسنان", "عدسات اسنان", "تجميل الابتسامة",
    "ددانەکانم زەردن", "ددانم سپی بکاتەوە", "جوانکاری ددان بکەم", "ڕووکەشی ددان",
  ],
  "heart doctor": [
    "heart racing", "chest tightness", "shortness of breath", "high blood pressure", "irregular heartbeat", "ecg",
    "قلبي يدك", "ضربات القلب", "ضغطي عالي", "ضيق نفس", "تخطيط قلب", "قلبي يوجعني", "نفسي ضايق",
    "دڵم خێرا لێدەدات", "فشارم بەرزە", "هەناسەتەنگی", "سنگم دێشێت", "هێڵکاری دڵ",
  ],
  "eye doctor": [
    "eye pain", "red eyes", "cant see well", "need glasses", "eye test", "itchy eyes",
    "عيني حمرة", "ما اشوف زين", "نظارات طبية", "فحص نظر", "عيوني تحكني", "ضعف نظر", "عيني تدمع",
    "چاوم دێشێت", "چاوم سوور بووە", "باش نابینم", "چاویلکە", "پشکنینی چاو",
  ],
  dentist: [
    "tooth pain", "broken tooth", "chipped tooth", "bleeding gums", "pull a tooth", "wisdom tooth", "root canal", "tooth cavity",
    "ضرس العقل", "قلع ضرس", "قلع سن", "حشوة سن", "سني مكسور", "لثتي تنزف", "سني متسوس", "عصب السن",
    "ددانم شکا", "دەرهێنانی ددان", "پووکم خوێنی لێدێت", "ددانی عەقڵ", "پڕکردنەوەی ددان",
  ],
  "AC repair": [
    "ac not cooling", "ac blowing hot air", "ac leaking water", "ac making noise", "ac wont turn on", "ac needs gas",
    "المكيف ما يبرد", "السبلت ما يبرد", "السبلت يطلع هوا حار", "السبلت يكطر ماي", "المكيف يطلع صوت", "يحتاج غاز", "خلص الغاز",
    "سپلیتەکە سارد ناکاتەوە", "سپلیتەکە هەوای گەرم دەدات", "سپلیتەکە ئاو دەتکێنێت", "غازی تەواو بووە", "دەنگ دەکات",
  ],
  "AC installation": [
    "install an ac", "install a split", "mount the ac", "move my ac", "new split unit", "fit an air conditioner",
    "نصب سبلت", "اريد انصب مكيف", "فتح سبلت ونصبه", "نقل مكيف", "نصب مكيف جديد", "تنزيل سبلت", "سبلت جديد",
    "دانانی سپلیتی نوێ", "سپلیت دابنێت", "گواستنەوەی سپلیت", "سپلیتێکی نوێ",
  ],
  "air cooler repair": [
    "cooler not cooling", "cooler pump broken", "cooler pads", "cooler motor", "cooler fan not spinning", "water cooler leaking",
    "المبردة ما تبرد", "ماطور المبردة", "كاروك المبردة", "قش المبردة", "دينمو المبردة", "المبردة تخر", "مضخة المبردة",
    "کوولەرەکە سارد ناکاتەوە", "ماتۆڕی کوولەر", "پووشی کوولەر", "کوولەرەکە ئاو دەڕژێنێت",
  ],
  "refrigerator repair": [
    "fridge not cooling", "fridge warm", "freezer not freezing", "fridge leaking", "fridge making noise", "fridge wont turn on",
    "الثلاجة ما تبرد", "الثلاجة حارة", "الفريزر ما يجمد", "البراد ما يبرد", "الثلاجة تطلع صوت", "الثلاجة تخر ماي", "ماطور الثلاجة",
    "سەلاجەکە سارد ناکاتەوە", "فریزەرەکە نابەستێت", "سەلاجەکە دەنگ دەکات", "سەلاجەکە گەرمە",
  ],
  "washing machine repair": [
    "washer not spinning", "washer wont drain", "washer leaking", "washer wont start", "washer shaking", "laundry machine broken",
    "الغسالة ما تعصر", "الغسالة ما تشتغل", "الغسالة تخر", "الغسالة ما تصرف", "حوض الغسالة", "ماطور الغسالة", "الغسالة عاطلة",
    "جلشۆرەکە ناسووڕێتەوە", "جلشۆرەکە ئیش ناکات", "جلشۆرەکە ئاو دەڕژێنێت", "جلشۆرەکە تێکچووە",
  ],
  "water heater repair": [
    "no hot water", "water heater not heating", "boiler not working", "heater leaking", "cold shower", "heater element",
    "ماكو ماي حار", "السخان ما يحمي", "السخان يخر", "الماي بارد بالحمام", "مقاومة السخان", "السخان عاطل", "ترموستات السخان",
    "ئاوی گەرم نییە", "ئاوگەرمکەرەکە گەرم ناکات", "ئاوی حەمام ساردە", "ئاوگەرمکەرەکە دەتکێت",
    // hot water said plainly: the heater's, not the AC's "hot" (ADR 101)
    "hot water", "مي حارة", "مي حار", "ماي حار", "ماي حارة", "المي الحار", "الماي الحار", "مي دافي", "ماي دافي", "ئاوی گەرم", "ئاوە گەرمەکە",
  ],
  "water tank installation": [
    "new water tank", "tank on the roof", "tank overflowing", "tank float", "roof tank", "install a water tank",
    "خزان جديد", "تانكي جديد", "تانكي السطح", "عوامة التانكي", "التانكي يفيض", "تبديل خزان", "غسل التانكي",
    "تانکی نوێ", "تانکی سەربان", "تانکەکە پڕ دەبێت", "گۆڕینی تانکی",
  ],
  plumber: [
    "toilet wont flush", "sink blocked", "drain clogged", "burst pipe", "low water pressure", "water pump broken",
    "المجاري طافحة", "الحنفية تنقط", "البوري مكسور", "المغسلة مسدودة", "السيفون عاطل", "الماي ضعيف", "انفجر البوري", "ماي بالبيت",
    "ئاوەڕۆکە گیراوە", "بۆرییەکە تەقیوە", "سنبورەکە دەتکێت", "ئاو کەمە", "تەوالێتەکە گیراوە",
  ],
  "generator technician": [
    "generator wont start", "generator not working", "generator making noise", "generator needs service", "generator oil change", "generator overheating",
    "المولدة عاطلة", "المولدة تطفي", "صيانة مولدة", "المولدة تدخن", "تبديل دهن المولدة", "المولدة تسخن", "المولدة تطلع دخان",
    // the generator said «مولد», and its load (ADR 101)
    "مولد", "المولد", "مولد كهرباء", "ما يشيل حمل", "ما تشيل حمل", "ما يشيل امبيرات",
    "مۆلیدەکە ئیش ناکات", "مۆلیدەکە دەنگ دەکات", "مۆلیدەکە گەرم دەبێت", "ڕۆنی مۆلیدە", "مۆلیدەکە هەڵناکات",
  ],
  electrician: [
    "power keeps tripping", "no power", "sockets not working", "lights flickering", "burning smell from socket", "breaker keeps tripping",
    "القاطع يطفي", "الكهرباء تطفي", "ماكو كهرباء بالبيت", "البلك يطك", "الضوه يرمش", "الامبير ما يكفي", "ريحة حرك بالبلك", "الخط الذهبي",
    "کارەباکە دەکوژێتەوە", "پلاکەکە ئیش ناکات", "گڵۆپەکان دەلەرزن", "فیوزەکە دەپەڕێت", "کارەبامان نییە",
  ],
  "solar panels": [
    "solar not charging", "batteries not charging", "inverter error", "off grid system", "solar batteries", "panel installation",
    "الانفرتر عاطل", "البطاريات ما تشحن", "الواح ما تشحن", "منظومة شمسية", "انفرتر", "بطاريات ليثيوم", "منظومة للبيت",
    "ئینڤێرتەرەکە تێکچووە", "پاترییەکان پڕ نابنەوە", "سیستەمی خۆر", "پانێڵەکان",
  ],
  "electrical engineer": [
    "lighting design", "load calculation", "single line diagram", "substation design", "power distribution design", "panel design",
    "تصميم انارة", "مخطط احمال", "حساب الاحمال", "توزيع الاحمال", "تصميم محولة", "مخطط تاسيسات", "لوحة توزيع",
    "نەخشەی بار", "دیزاینی ڕووناکی", "ژمێرینی بار", "دابەشکردنی بار",
  ],
  mechanic: [
    "engine noise", "check engine light", "car overheating", "engine leaking oil", "car making noise", "brakes squeaking",
    "السيارة تطلع صوت", "تهريب دهن", "ضوة المكينة", "السيارة ترجف", "البريك يصيح", "السيارة تطفي بالطريق", "تبديل دهن", "الكير ما يبدل",
    // an oil change is a car's service, not a booking changed (ADR 101)
    "oil change", "تغيير زيت", "تغيير دهن", "تبديل زيت", "گۆڕینی ڕۆن", "گۆڕینی زەیت",
    "ئۆتۆمبێلەکەم دەنگ دەکات", "بزوێنەرەکە دەنگ دەکات", "ڕۆن دەتکێت", "بریکەکە دەنگ دەکات", "ئۆتۆمبێلەکەم دەلەرزێت",
  ],
  "tire repair": [
    "tyre went flat", "tyre puncture", "tire blowout", "tire pressure", "change a tire", "wheel balancing",
    "التاير بنجر", "التاير نازل", "بنجر بالطريق", "تبديل تاير", "ترصيص", "التاير مفشوش", "نفخ تاير", "ميزان عجلات",
    "تایەکە پەنچەر بووە", "تایەکە بایەکەی نەماوە", "گۆڕینی تایە", "هاوسەنگکردنی تایە",
  ],
  "network technician": [
    "slow internet", "wifi not working", "router not working", "weak wifi", "internet keeps dropping", "fiber installation",
    "النت ضعيف", "الوايفاي ما يشتغل", "النت يقطع", "تنصيب راوتر", "تقوية وايفاي", "فايبر", "الشبكة طايحة",
    "ئینتەرنێتەکە خاوە", "وایفایەکە ئیش ناکات", "ئینتەرنێتەکە دەبڕێت", "ڕاوتەرەکە ئیش ناکات",
  ],
  "phone repair": [
    "phone wont charge", "phone screen broken", "phone fell in water", "battery drains fast", "phone speaker not working", "mobile wont turn on",
    "الشاشة مكسورة", "التلفون ما يشحن", "التلفون طاح بالماي", "البطارية تخلص بسرعة", "الموبايل طافي", "سماعة الموبايل عاطلة",
    "مۆبایلەکەم شەحن ناکات", "شاشەکەی شکاوە", "مۆبایلەکەم کەوتە ئاوەوە", "مۆبایلەکەم ناکرێتەوە",
  ],
  "computer repair": [
    "laptop wont turn on", "computer very slow", "computer virus", "laptop screen broken", "install windows", "laptop overheating",
    "اللابتوب ما يشتغل", "الحاسبة بطيئة", "فرمتة", "سوفتوير", "الكمبيوتر بي فايروس", "تنزيل ويندوز", "اللابتوب يحمى",
    "لاپتۆپەکەم ناکرێتەوە", "کۆمپیوتەرەکەم خاوە", "ڤایرۆسی کۆمپیوتەر", "لاپتۆپەکەم گەرم دەبێت",
  ],
  "printer repair": [
    "printer paper jam", "printer not printing", "printer prints blank pages", "printer streaks", "refill ink", "printer offline",
    "الطابعة تعلك ورق", "الطابعة ما تطبع", "الطابعة تطبع فارغ", "تعبئة حبر", "الطابعة تخطط", "حبر الطابعة خلص", "استنساخ عاطلة",
    "پرینتەرەکە کاغەز دەگرێت", "پرینتەرەکە چاپ ناکات", "مەرەکەبی پرینتەر", "پرینتەرەکە خەت دەکات",
  ],
  "auto electrician": [
    "car lights not working", "car horn not working", "car alarm not working", "car wiring fault", "headlights not working",
    "ضوايات السيارة عاطلة", "انذار السيارة ما يشتغل", "سلف السيارة ما يدور", "دينمو السيارة", "اسلاك السيارة محترقة",
    "ئەلارمی ئۆتۆمبێل", "داینەمۆی ئۆتۆمبێل", "سەلفی ئۆتۆمبێل", "وایەری ئۆتۆمبێل سووتاوە", "گڵۆپی پێشەوەی ئۆتۆمبێل",
  ],
  // a car's air conditioning: nobody lists it yet (missingTrades.ts)
  "car AC repair": [
    "car ac not cooling", "car ac blowing hot air", "car aircon gas", "car ac compressor", "car ac smells", "car ac leaking",
    "مكيف السيارة ما يبرد", "تبريد السيارة يطلع حار", "غاز مكيف السيارة", "كمبريسر السيارة", "مكيف سيارتي عاطل", "تعبئة غاز السيارة",
    "فێنککەرەوەی ئۆتۆمبێلەکەم سارد ناکاتەوە", "غازی فێنککەرەوەی ئۆتۆمبێل", "ئێرکۆندیشنی سەیارەکەم خراپە", "فێنککەرەوەی ئۆتۆمبێل گەرم دەکات",
  ],
  "TV repair": [
    "tv wont turn on", "tv no picture", "tv no sound", "tv screen lines", "tv broken", "smart tv not working",
    "التلفزيون ما يشتغل", "الشاشة ما بيها صورة", "ماكو صوت بالتلفزيون", "خطوط بالشاشة", "التلفزيون عاطل", "الشاشة طافية", "بورد التلفزيون",
    "تەلەفزیۆنەکە ناکرێتەوە", "وێنە نییە", "دەنگی تەلەفزیۆن نییە", "شاشەکە هێڵی تێدایە",
  ],
  satellite: [
    "no signal on tv", "dish alignment", "install a dish", "channels missing", "no satellite signal", "receiver not working",
    "ماكو اشارة", "الصحن منحرف", "تنصيب صحن", "القنوات طايرة", "تنزيل قنوات", "الرسيفر عاطل", "توجيه الصحن",
    "سیگناڵ نییە", "دیشەکە لاری بووە", "دانانی دیش", "کەناڵەکان نەماون",
  ],
  painter: [
    "paint my walls", "paint the house", "walls need painting", "repaint the rooms", "peeling paint", "wall putty",
    "صبغ البيت", "صبغ غرف", "اصبغ البيت", "الصبغ متقشر", "معجون جدران", "صبغ واجهة", "صبغ حيطان",
    "بۆیاخکردنی ماڵ", "دیوارەکان بۆیاخ بکرێن", "بۆیاخی ژوور", "بۆیاخەکە هەڵوەریوە",
  ],
  carpenter: [
    "door wont close", "fix a door", "kitchen cabinets", "wooden door", "wardrobe repair", "door hinge broken",
    "الباب ما يتسكر", "تصليح باب", "كاونترات مطبخ", "باب خشب", "تصليح كنتور", "مفصلة الباب", "تفصيل كنتور", "غرفة نوم خشب",
    "دەرگاکە داناخرێت", "چاککردنی دەرگا", "کابینەی مەتبەخ", "دۆڵابی دار",
    // the wooden things of a house said alone, and a door that is loose or stuck (ADR 101): a steel door stays the smith's
    "wobbly door", "loose door", "door stuck", "door is stuck", "squeaky door", "hinge", "hinges", "wardrobe", "closet", "cupboard", "cupboards", "drawer", "drawers", "shelves", "bed frame", "wooden",
    "كنتور", "كناتير", "دولاب", "دواليب", "جرار", "جرارات", "رفوف", "مفصلة", "مفاصل", "خشب", "خشبي", "الباب يخلخل", "الباب عالك",
    "کەنتۆر", "دۆڵاب", "دۆڵابەکە", "ڕەفە", "دەرگای دار", "دەرگاکە دەلەرزێت",
  ],
  blacksmith: [
    "metal gate", "gate repair", "window grills", "steel door", "welding job", "iron railing",
    "باب حديد", "تصليح باب حديد", "شبابيك حديد", "سلم حديد", "سياج حديد", "درابزين", "تلحيم", "مظلة حديد",
    "دەرگای ئاسن", "پەنجەرەی ئاسن", "لەحیمکردن", "پەرژینی ئاسن",
  ],
  locksmith: [
    "locked out", "lost my keys", "lock broken", "change the lock", "key stuck", "open the door",
    "القفل عاطل", "ضيعت المفتاح", "انقفل الباب", "تبديل قفل", "المفتاح انكسر", "فتح باب", "نسخة مفتاح",
    "کلیلەکەم ون کرد", "قوفڵەکە تێکچووە", "دەرگاکە داخرا", "گۆڕینی قوفڵ",
  ],
  tailor: [
    "hem my trousers", "alter a dress", "take in a suit", "sew a dress", "dress alterations", "fix a zipper",
    "تقصير بنطرون", "تضييق فستان", "خياطة دشداشة", "تفصيل بدلة", "تصليح سحاب", "تفصيل عباية", "خياطة فستان",
    "کورتکردنەوەی پانتۆڵ", "دوورینی جل", "فیستان بدوورێت", "جلی کوردی", "پانتۆڵەکەم کورت بکاتەوە", "تەقەڵی جل",
  ],
  security: [
    "guard my shop", "night guard", "event security", "protect my house", "need a bodyguard", "site guard",
    "حارس للمحل", "حارس ليلي", "حماية حفلة", "حارس شخصي", "حراسة موقع", "حراسة بيت", "حراسة مخزن",
    "پاسەوانی دوکان", "پاسەوانی شەو", "پاسەوانی ماڵ", "پاسەوانی تایبەت",
  ],
  "pest control": [
    "cockroaches", "bed bugs", "mice in the house", "termites", "ants everywhere", "bugs in the kitchen",
    "صراصر", "بق", "فيران بالبيت", "ارضة", "نمل بالمطبخ", "رش البيت", "جريذي",
    "قالۆنچە", "مشک لە ماڵ", "مێروولە", "مێشووله",
  ],
  cleaning: [
    "house is dirty", "clean my house", "after party cleanup", "move out cleaning", "clean the flat", "clean before eid",
    "البيت وصخ", "ينظف البيت", "تنظيف بعد الحفلة", "تنظيف شقة", "تنظيف قبل العيد", "عاملة تنظف", "تعزيل البيت", "غسل الكاشي",
    "ماڵەکە پیسە", "ماڵەکەم پاک بکاتەوە", "پاککردنەوەی پێش جەژن", "شوشتنی ماڵ",
  ],
  // an office, a shop, a clinic: the office cleaner's (a kind of cleaning, ADR 098)
  "office cleaning": [
    "clean the office", "clean our office", "office cleaning weekly", "clean the company", "clean my shop", "clean the clinic",
    "تنظيف مكتب", "تنظيف شركة", "تنظيف الدائرة", "ننظف المكتب", "تنظيف محل", "تنظيف عيادة",
    "پاککردنەوەی ئۆفیس", "پاککردنەوەی کۆمپانیا", "خاوێنکردنەوەی دوکان", "نووسینگەکەمان پاک بکاتەوە",
  ],
  "carpet cleaning": [
    "carpet stains", "wash my carpets", "rug stains", "carpet smells", "sofa stains", "upholstery stains",
    "غسل زوالي", "الزولية وصخة", "بقع بالسجادة", "غسل كنب", "غسل قنفات", "غسل موكيت", "السجاد ريحته",
    "فەرشەکان بشۆرێت", "فەرشەکە پیسە", "شوشتنی قەنەفە", "شوشتنی بەتانی",
  ],
  teacher: [
    "help with homework", "failing at school", "private lessons", "exam preparation", "tutor for my son", "ministerial exams",
    "ابني راسب", "دروس تقوية", "تدريس خصوصي", "مدرس للسادس", "الوزاري", "تحضير للامتحان", "مدرس يجي للبيت",
    "کوڕەکەم دەرنەچووە", "وانەی تایبەت", "خۆئامادەکردن بۆ تاقیکردنەوە", "مامۆستا بۆ ماڵەوە",
  ],
  "math tutor": [
    "math homework help", "algebra lessons", "geometry help", "failing math", "math exam prep",
    "تقوية بالرياضيات", "دروس رياضيات", "مسائل رياضيات", "رياضيات الثالث متوسط", "رياضيات السادس الاعدادي",
    "وانەی بیرکاری", "یارمەتی بیرکاری", "تاقیکردنەوەی بیرکاری", "بیرکاری پۆلی دوازدە", "وانەی ماتماتیک",
  ],
  "physics tutor": [
    "physics homework", "physics exam prep", "physics lessons", "help with physics", "failing physics",
    "دروس فيزياء", "مسائل فيزياء", "تقوية بالفيزياء", "فيزياء السادس العلمي", "فيزياء الخامس",
    "وانەی فیزیا", "تاقیکردنەوەی فیزیا", "فیزیای پۆلی دوازدە", "یارمەتی فیزیا", "وانەی فیزیک",
  ],
  // grammar, reading, writing in Arabic: the Arabic teacher's (ADR 098)
  "arabic teacher": [
    "learn arabic", "arabic grammar", "arabic reading", "arabic for kids", "arabic writing", "arabic lessons for my son",
    "قواعد عربي", "اتعلم عربي", "تقوية عربي", "نحو وصرف", "درس اعراب", "تقوية بالاملاء",
    "فێربوونی عەرەبی", "ڕێزمانی عەرەبی", "زمانی عەرەبی بخوێنم", "وانەی عەرەبی",
  ],
  "english teacher": [
    "learn english", "english speaking", "ielts preparation", "english grammar", "speak english", "toefl",
    "اتعلم انكليزي", "محادثة انكليزي", "قواعد انكليزي", "ايلتس", "تقوية انكليزي", "دورة انكليزي",
    "فێربوونی ئینگلیزی", "قسەکردنی ئینگلیزی", "ئایلتس", "ڕێزمانی ئینگلیزی",
  ],
  nanny: [
    "look after my kids", "watch my baby", "someone for the kids", "while i work", "childcare at home", "care for my children",
    "تباوع الجهال", "تدير بالها على الطفل", "تكعد ويا الجهال", "تربي الطفل", "مربية بالبيت", "رعاية طفل", "ترعى الجهال",
    "ئاگاداری منداڵەکانم", "چاودێری کۆرپە", "لە ماڵ لەگەڵ منداڵ",
  ],
  "elderly caregiver": [
    "care for my father", "care for my mother", "elderly parent", "bedridden", "help my grandmother", "old man care",
    "رعاية والدي", "رعاية امي", "شايب يحتاج رعاية", "حجية تحتاج", "مريض طريح الفراش", "مرافق لابوي", "خدمة كبير السن",
    "چاودێری باوکم", "چاودێری دایکم", "پیرەمێرد", "کەوتووی سەر جێگا",
  ],
  "home nurse": [
    "injection at home", "change a dressing", "iv drip at home", "wound dressing", "post surgery care", "blood sugar check",
    "زرق ابرة", "ابرة بالبيت", "تغيير ضماد", "مغذي بالبيت", "تضميد جرح", "بعد العملية", "فحص سكر",
    "دەرزی لە ماڵ", "گۆڕینی پەڕۆ", "سیروم لە ماڵ", "برینپێچان",
  ],
  cook: [
    "cook for us", "home cooked food", "daily meals", "dinner at home", "someone to cook", "meal prep",
    "يطبخلنا", "طبخ بيتي", "اكل بيت", "غدا يومي", "عشا للبيت", "تطبخ بالبيت", "دولمة", "قوزي",
    "خواردنی ماڵەوە", "چێشت لێنان", "نانی نیوەڕۆ", "خواردن بۆ ماڵ",
  ],
  catering: [
    "food for a party", "wedding food", "event catering", "food for 100", "buffet", "funeral food",
    "اكل للعرس", "ولائم عزاء", "بوفيه", "تجهيز حفلة", "طعام مناسبات", "ذبيحة وتمن", "اكل لمية نفر",
    "خواردنی ئاهەنگ", "خواردنی زەماوەند", "خواردنی پرسە", "بوفێ",
  ],
  baker: [
    "birthday cake", "fresh bread", "order a cake", "wedding cake", "pastries", "kleicha",
    "كيك عيد ميلاد", "خبز حار", "كليجة", "معجنات", "صمون", "كيكة عرس", "خبز تنور",
    "کێکی لەدایکبوون", "نانی گەرم", "کلێچە", "شیرینی",
  ],
  photographer: [
    "photos for an event", "photo shoot", "passport photos", "family photos", "product photos", "graduation photos",
    "تصوير حفلة", "جلسة تصوير", "صور تخرج", "صور عائلية", "تصوير منتجات", "صور شخصية", "تصوير خطوبة",
    "وێنەی ئاهەنگ", "وێنەی دەرچوون", "وێنەی خێزانی", "وێنەگرتنی بەرهەم",
  ],
  videographer: [
    "film my wedding", "wedding video", "promo video", "drone filming", "video editing", "event video",
    "تصوير عرس فيديو", "فيديو زفاف", "مونتاج", "تصوير درون", "فيديو اعلاني", "تصوير حفلة فيديو", "فيديو تخرج",
    "ڤیدیۆی زەماوەند", "مۆنتاژ", "ڤیدیۆی ڕیکلام", "وێنەگرتنی درۆن",
  ],
  translator: [
    "translate my documents", "translate a contract", "translate my degree", "interpret at a meeting", "translate a letter", "translate a website",
    "ترجمة وثائق", "ترجمة مستمسكات", "ترجمة شهادة", "ترجمة عقد", "ترجمة فورية", "ترجمة رسالة", "ترجمة موقع",
    "وەرگێڕانی بەڵگەنامە", "وەرگێڕانی بڕوانامە", "وەرگێڕانی گرێبەست", "وەرگێڕانی نامە",
  ],
  "sworn translator": [
    "certified translation", "official translation", "sworn translation", "notarized translation", "translation for the embassy",
    "ترجمة رسمية", "ترجمة محلفة", "ترجمة معتمدة", "ترجمة قانونية", "ترجمة للسفارة", "مترجم محلف بختم", "ترجمة مستمسكات رسمية",
    "وەرگێڕانی فەرمی", "وەرگێڕانی یاسایی", "وەرگێڕانی سوێندخۆر", "وەرگێڕانی بۆ باڵیۆزخانە",
  ],
  lawyer: [
    "legal advice", "sue someone", "legal case", "power of attorney", "need legal help", "court hearing",
    "استشارة قانونية", "اقيم دعوى", "وكالة عامة", "عندي قضية", "مشكلة قانونية", "جلسة محكمة", "تبليغ",
    "ڕاوێژی یاسایی", "سکاڵا تۆمار بکەم", "کێشەی یاسایی", "دانیشتنی دادگا",
  ],
  "family lawyer": [
    "getting divorced", "child custody", "divorce case", "alimony case", "marriage contract", "inheritance dispute",
    "قضية طلاق", "دعوى نفقة", "حضانة الاطفال", "عقد زواج", "تفريق", "حصر ورثة", "قسام شرعي",
    "کێشەی تەڵاق", "سەرپەرشتی منداڵ", "گرێبەستی هاوسەرگیری", "میرات",
  ],
  "criminal lawyer": [
    "arrested", "police case", "criminal charge", "bail", "assault case", "theft case",
    "موقوف", "قضية جنائية", "كفالة", "تهمة", "قضية سرقة", "مركز شرطة", "انحبس",
    "دەستگیرکراوە", "کێشەی پۆلیس", "کەفالەت", "تۆمەت",
  ],
  "real estate lawyer": [
    "property dispute", "land dispute", "title deed", "tenant wont leave", "rent contract", "house sale contract",
    "نزاع عقار", "طابو البيت", "عقد ايجار", "المستاجر ما يطلع", "بيع بيت", "تسجيل ارض", "فرز قطعة",
    "کێشەی زەوی", "سەنەدی تاپۆ", "گرێبەستی کرێ", "فرۆشتنی خانوو",
  ],
  "civil engineer": [
    "civil engineer for a new house", "civil engineer to check cracks", "structural engineer for a roof", "civil engineer site visit",
    "site engineer for my building",
    "مهندس مدني للبناء", "مهندس مدني يكشف على البيت", "مهندس انشائي للسقف", "مهندس مدني للاشراف", "حسابات انشائية",
    "ئەندازیاری شارستانی بۆ خانوو", "ئەندازیاری شارستانی بۆ سەرپەرشتی", "ئەندازیاری بیناسازی بۆ بنچینە", "ئەندازیاری شارستانی بۆ درز",
    "civil engineering drawings",
    // the quantities reckoned, a wall's cracks, the foundations (ADR 101)
    "bill of quantities", "quantity surveying", "cracks in the wall", "wall cracks", "cracked wall", "foundation problem",
    "حساب الكميات", "حساب كميات", "جدول الكميات", "تشققات الجدران", "تشققات بالجدار", "تشقق الجدار", "شقوق بالحايط", "فطور بالحايط", "فحص تربة", "الاساس نازل",
    "درزی دیوار", "بنچینەی خانوو", "ژمێرەی کەرەستە",
  ],
  architect: [
    "architect to design a villa", "architect for a facade", "hire an architect", "architect drawings", "architecture for a new home",
    "مهندس معماري لواجهة البيت", "مهندس معماري لفيلا", "تصميم معماري", "مخطط معماري", "معماري لبيت جديد",
    "ئەندازیاری تەلارسازی بۆ خانوو", "تەلارسازی ڤیلا", "ئەندازیاری تەلارسازی بۆ نەخشە", "دیزاینی تەلارسازی",
    "architect for a shop",
  ],
  engineer: [
    "build a house", "house plans", "building permit", "crack in the wall", "site supervision", "structural check",
    "ابني بيت", "خريطة بيت", "اجازة بناء", "شق بالحايط", "اشراف على البناء", "تشققات", "بناء طابق",
    "خانوو دروست بکەم", "نەخشەی خانوو", "مۆڵەتی بیناسازی", "دیوارەکە درزی بردووە",
  ],
  "interior designer": [
    "redesign my living room", "interior decoration", "kitchen design", "false ceiling", "gypsum board", "decorate my flat",
    "ديكور بيت", "سقف ثانوي", "جبسن بورد", "تصميم مطبخ", "ديكور صالة", "تصميم غرفة نوم", "ورق جدران",
    "دیکۆری ماڵ", "سەقفی لاوەکی", "دیزاینی مەتبەخ", "جیپسۆم بۆرد",
  ],
};
