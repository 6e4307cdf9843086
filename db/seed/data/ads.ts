/**
 * Sample sponsored ads (SPEC §3 "Sponsored ad"): fixed content for the hero, category and sidebar
 * positions; the footer position has NO content, so nothing shows there. imageUrl is null (the UI
 * draws a tinted block). linkUrl is a relative app path; `category=` carries the category slug.
 * Pure data.
 */
export type AdPosition = "hero" | "category" | "sidebar" | "footer";

export interface AdSeed {
  position: AdPosition;
  title: string;
  titleAr: string;
  titleKu: string;
  description: string;
  descriptionAr: string;
  descriptionKu: string;
  imageUrl: string | null;
  linkUrl: string;
  sponsor: string;
  ctaText: string;
  ctaTextAr: string;
  ctaTextKu: string;
}

export const ADS: AdSeed[] = [
  {
    position: "hero",
    title: "Summer AC check-up",
    titleAr: "فحص المكيفات قبل الصيف",
    titleKu: "پشکنینی فێنککەرەوە پێش هاوین",
    description: "Book a verified AC technician before the heat arrives: cleaning, gas refill and repairs.",
    descriptionAr: "احجز فني تكييف موثوقاً قبل الحر: تنظيف وتعبئة غاز وتصليح.",
    descriptionKu: "پێش گەرما وەستایەکی متمانەپێکراوی فێنککەرەوە بگرە: پاککردنەوە، پڕکردنەوەی گاز و چاککردنەوە.",
    imageUrl: null,
    linkUrl: "/search?category=ac-repair",
    sponsor: "Al-Rafidain Cooling",
    ctaText: "Find AC technicians",
    ctaTextAr: "ابحث عن فني تكييف",
    ctaTextKu: "وەستای فێنککەرەوە بدۆزەرەوە",
  },
  {
    position: "hero",
    title: "Grow your business with Dalil",
    titleAr: "طوّر عملك مع دليل",
    titleKu: "کارەکەت لەگەڵ دەلیل گەشە پێبدە",
    description: "Join providers across Iraq. Apply in minutes and get found by customers near you.",
    descriptionAr: "انضم إلى مقدمي الخدمات في كل العراق. قدّم طلبك خلال دقائق ودع الزبائن القريبين يجدونك.",
    descriptionKu: "ببە بە یەکێک لە دابینکەرانی خزمەتگوزاری لە سەرانسەری عێراق. لە چەند خولەکێکدا داواکاری پێشکەش بکە و با کڕیارانی نزیک بتدۆزنەوە.",
    imageUrl: null,
    linkUrl: "/provider-application",
    sponsor: "Dalil",
    ctaText: "Apply now",
    ctaTextAr: "قدّم الآن",
    ctaTextKu: "ئێستا داواکاری بکە",
  },
  {
    position: "category",
    title: "Verified electricians",
    titleAr: "كهربائيون موثوقون",
    titleKu: "کارەباچیی متمانەپێکراو",
    description: "Generator lines, house wiring and breakers, fixed today.",
    descriptionAr: "خطوط المولدة والتأسيسات الكهربائية والقواطع، تصليح في نفس اليوم.",
    descriptionKu: "هێڵی مۆلیدە، وایەرکێشانی ماڵ و فیوز، هەر ئەمڕۆ چاک دەکرێت.",
    imageUrl: null,
    linkUrl: "/search?category=electricians",
    sponsor: "Al-Noor Electrical Supplies",
    ctaText: "See electricians",
    ctaTextAr: "عرض الكهربائيين",
    ctaTextKu: "کارەباچییەکان ببینە",
  },
  {
    position: "category",
    title: "Doctors who visit you at home",
    titleAr: "أطباء يزورونك في البيت",
    titleKu: "پزیشک کە سەردانی ماڵەکەت دەکات",
    description: "General doctors and specialists for home visits, day and night.",
    descriptionAr: "أطباء عامون واختصاصيون للزيارات المنزلية ليلاً ونهاراً.",
    descriptionKu: "پزیشکی گشتی و پسپۆڕ بۆ سەردانی ماڵەوە، شەو و ڕۆژ.",
    imageUrl: null,
    linkUrl: "/search?category=doctors",
    sponsor: "Al-Shifa Medical Center",
    ctaText: "Find a doctor",
    ctaTextAr: "ابحث عن طبيب",
    ctaTextKu: "پزیشکێک بدۆزەرەوە",
  },
  {
    position: "sidebar",
    title: "Tutors for ministerial exams",
    titleAr: "مدرسون للامتحانات الوزارية",
    titleKu: "مامۆستای تایبەت بۆ تاقیکردنەوەی وەزاری",
    description: "Math, physics and English tutors for the 6th preparatory year.",
    descriptionAr: "مدرسو رياضيات وفيزياء ولغة إنجليزية للسادس الإعدادي.",
    descriptionKu: "مامۆستای بیرکاری، فیزیا و ئینگلیزی بۆ پۆلی دوازدە.",
    imageUrl: null,
    linkUrl: "/search?category=teachers",
    sponsor: "Baghdad Learning Hub",
    ctaText: "Browse tutors",
    ctaTextAr: "تصفح المدرسين",
    ctaTextKu: "مامۆستاکان ببینە",
  },
  {
    position: "sidebar",
    title: "Car trouble?",
    titleAr: "سيارتك عاطلة؟",
    titleKu: "ئۆتۆمبێلەکەت تێکچووە؟",
    description: "Mechanics and auto electricians near you, with roadside help.",
    descriptionAr: "ميكانيكيون وكهربائيو سيارات قريبون منك مع خدمة على الطريق.",
    descriptionKu: "میکانیکی و کارەباچیی ئۆتۆمبێل لە نزیکت، لەگەڵ یارمەتی لەسەر ڕێگا.",
    imageUrl: null,
    linkUrl: "/search?category=auto-repair",
    sponsor: "Tigris Auto Parts",
    ctaText: "Find a mechanic",
    ctaTextAr: "ابحث عن ميكانيكي",
    ctaTextKu: "میکانیکییەک بدۆزەرەوە",
  },
];
