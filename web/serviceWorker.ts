import { useEffect } from "react";
import type { Lang } from "./i18n/config";

const OFFLINE_LANG_KEY = "dalil-offline-lang";

/**
 * Registers /sw.js once the page has loaded (it never competes with the first render), and keeps the
 * cached offline page in the language the person reads (ADR 014).
 */
export function useServiceWorker(lang: Lang) {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const register = () => {
      navigator.serviceWorker.register("/sw.js").catch(() => {
        // no service worker (private mode, an old browser): the site works as before
      });
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => window.removeEventListener("load", register);
  }, []);

  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let cancelled = false;
    void navigator.serviceWorker.ready.then((registration) => {
      if (cancelled) return;
      let cachedLang: string | null = null;
      try {
        cachedLang = localStorage.getItem(OFFLINE_LANG_KEY);
      } catch {
        // storage unavailable: refresh every time
      }
      // a newly installed worker cached the offline page in the cookie's language already
      if (cachedLang === lang) return;
      registration.active?.postMessage({ type: "refresh-offline" });
      try {
        localStorage.setItem(OFFLINE_LANG_KEY, lang);
      } catch {
        // ignore
      }
    });
    return () => {
      cancelled = true;
    };
  }, [lang]);
}
