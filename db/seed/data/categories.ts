/**
 * Service categories (SPEC §3 "categories"): English / Arabic / Kurdish Sorani names, a lucide-react
 * icon component name (PascalCase, checked against lucide-react 1.x) and a colour key.
 * Order matters: the seed gives category ids in this order (1-based). Pure data.
 */
export type CategoryColor = "red" | "blue" | "cyan" | "green" | "purple" | "pink" | "gray";

export interface CategorySeed {
  slug: string;
  name: string;
  nameAr: string;
  nameKu: string;
  icon: string;
  color: CategoryColor;
}

export const CATEGORIES: CategorySeed[] = [
  { slug: "doctors", name: "Doctors", nameAr: "أطباء", nameKu: "پزیشکەکان", icon: "Stethoscope", color: "red" },
  { slug: "dentists", name: "Dentists", nameAr: "أطباء أسنان", nameKu: "پزیشکانی ددان", icon: "Smile", color: "cyan" },
  { slug: "electricians", name: "Electricians", nameAr: "كهربائيون", nameKu: "کارەباچییەکان", icon: "Zap", color: "blue" },
  { slug: "plumbers", name: "Plumbers", nameAr: "سباكون", nameKu: "بۆریچییەکان", icon: "Wrench", color: "cyan" },
  { slug: "ac-repair", name: "AC Repair", nameAr: "تصليح المكيفات", nameKu: "چاککردنەوەی فێنککەرەوە", icon: "AirVent", color: "blue" },
  { slug: "computer-repair", name: "Computer & Phone Repair", nameAr: "تصليح الحاسبات والموبايلات", nameKu: "چاککردنەوەی کۆمپیوتەر و مۆبایل", icon: "Laptop", color: "purple" },
  { slug: "cleaning", name: "House Cleaning", nameAr: "تنظيف المنازل", nameKu: "پاککردنەوەی ماڵ", icon: "Sparkles", color: "green" },
  { slug: "auto-repair", name: "Auto Repair", nameAr: "تصليح السيارات", nameKu: "چاککردنەوەی ئۆتۆمبێل", icon: "Car", color: "red" },
  { slug: "drivers", name: "Drivers", nameAr: "سائقون", nameKu: "شۆفێرەکان", icon: "CarFront", color: "green" },
  { slug: "teachers", name: "Teachers & Tutors", nameAr: "مدرسون ومعلمون خصوصيون", nameKu: "مامۆستایان و وانەی تایبەت", icon: "GraduationCap", color: "purple" },
  { slug: "lawyers", name: "Lawyers", nameAr: "محامون", nameKu: "پارێزەران", icon: "Scale", color: "blue" },
  { slug: "cooks", name: "Cooks & Catering", nameAr: "طباخون وتجهيز طعام", nameKu: "چێشتلێنەر و ئامادەکردنی خواردن", icon: "ChefHat", color: "pink" },
  { slug: "nannies", name: "Nannies & Childcare", nameAr: "مربيات ورعاية أطفال", nameKu: "دایەن و چاودێری منداڵ", icon: "Baby", color: "pink" },
  { slug: "translators", name: "Translators", nameAr: "مترجمون", nameKu: "وەرگێڕەکان", icon: "Languages", color: "cyan" },
  { slug: "photographers", name: "Photographers", nameAr: "مصورون", nameKu: "وێنەگرەکان", icon: "Camera", color: "purple" },
  { slug: "engineers", name: "Engineers", nameAr: "مهندسون", nameKu: "ئەندازیاران", icon: "HardHat", color: "green" },
];
