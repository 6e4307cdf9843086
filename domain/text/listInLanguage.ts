import type { Lang } from "./lang";

/** A city's name in a language: the Arabic or Sorani label when there is one, else the English name. */
export function cityIn(c: { city: string | null; cityAr?: string | null; cityKu?: string | null }, lang: Lang): string {
  if (lang === "ar") return c.cityAr || c.city || "";
  if (lang === "ku") return c.cityKu || c.cityAr || c.city || "";
  return c.city || "";
}

/** Parts of a place or a list joined as the language joins them: «، » in Arabic and Sorani, ", " in English. */
export function listInLanguage(parts: (string | null | undefined)[], lang: Lang): string {
  return parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(lang === "en" ? ", " : "، ");
}
