/** Interface languages: English, Arabic, Kurdish (Sorani, Arabic script; BCP 47 "ckb"). */
export type Lang = "en" | "ar" | "ku";

export const LANGS: readonly Lang[] = ["en", "ar", "ku"];

export function isLang(x: unknown): x is Lang {
  return x === "en" || x === "ar" || x === "ku";
}
