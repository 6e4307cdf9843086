import { cookieValue } from "../workers/cookies";

/** Languages Dalil speaks. `ku` is Sorani in Arabic script: rendered as lang="ckb" (plain "ku" means Kurmanji). */
export const LANGUAGES = ["en", "ar", "ku"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "en";
export const LANGUAGE_COOKIE = "language";
export const LANGUAGE_STORAGE_KEY = "language";

const HTML_LANG: Record<Lang, string> = { en: "en", ar: "ar", ku: "ckb" };
const DIRECTION: Record<Lang, "ltr" | "rtl"> = { en: "ltr", ar: "rtl", ku: "rtl" };
/** Intl locale for numbers and dates: Iraqi Arabic, Sorani as used in Iraq */
const INTL_LOCALE: Record<Lang, string> = { en: "en-IQ", ar: "ar-IQ", ku: "ckb-IQ" };

export const isLang = (value: unknown): value is Lang =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** Anything unknown falls back to English. */
export const resolveLang = (value: unknown): Lang => (isLang(value) ? value : DEFAULT_LANG);

export const htmlLang = (lang: Lang) => HTML_LANG[lang];
export const direction = (lang: Lang) => DIRECTION[lang];
export const intlLocale = (lang: Lang) => INTL_LOCALE[lang];

/** The toggle cycles en → ar → ku → en. */
export const nextLang = (lang: Lang): Lang => LANGUAGES[(LANGUAGES.indexOf(lang) + 1) % LANGUAGES.length];

/**
 * A cookie's value as sent (percent-decoded when it decodes); any
 * bytes a browser or a probe sends read as a value, never throw.
 */
function decodeCookieValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The language the `language` cookie names, or null when it is
 * absent or names none (a malformed value is "none", not an error).
 */
export function langFromCookieHeader(cookieHeader: string | null): Lang | null {
  const raw = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  if (raw === null) return null;
  const value = decodeCookieValue(raw.trim());
  return isLang(value) ? value : null;
}

/**
 * The language of a request: ?lng= wins, then the cookie, then the
 * browser's Accept-Language when it names one of ours, then English.
 */
export function langOfRequest(request: Request): { lang: Lang; fromQuery: boolean } {
  const q = new URL(request.url).searchParams.get("lng");
  if (q !== null) return { lang: resolveLang(q), fromQuery: true };
  return {
    lang:
      langFromCookieHeader(request.headers.get("Cookie")) ??
      langFromAcceptLanguage(request.headers.get("Accept-Language")) ??
      DEFAULT_LANG,
    fromQuery: false,
  };
}

/**
 * The first of the browser's languages (by its q weights) that Dalil speaks: "ckb" and "ku…" are Sorani here (an Iraqi
 * Kurdish phone says ckb-IQ), "ar…" Arabic, "en…" English; null when none is ours.
 */
export function langFromAcceptLanguage(header: string | null): Lang | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((l) => l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    if (primary === "ckb" || primary === "ku") return "ku";
    if (primary === "ar") return "ar";
    if (primary === "en") return "en";
  }
  return null;
}

export const languageCookie = (lang: Lang) => `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
