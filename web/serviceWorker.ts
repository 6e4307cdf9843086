import { useEffect } from "react";
import type { Lang } from "../i18n/config";

const OFFLINE_LANG_KEY = "dalil-offline-lang";
/** Once per page: the worker this visit installed has the offline page in the language it loaded with. */
let installCachedOffline = false;

/**
 * Registers /sw.js once the page has loaded (it never competes with the first render), and keeps the
 * cached offline page in the language the person reads (ADR 014).
 */
export function useServiceWorker(lang: Lang) {
  useOfflineNavigation();
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
    // no worker controlled this page when it loaded: the one that becomes ready was installed by this visit, and its
    // install cached the offline page in the cookie's language already (a second fetch of it was a whole page more
    // over a weak network on a first visit)
    const firstInstall = !navigator.serviceWorker.controller;
    void navigator.serviceWorker.ready.then((registration) => {
      if (cancelled) return;
      let cachedLang: string | null = null;
      try {
        cachedLang = localStorage.getItem(OFFLINE_LANG_KEY);
      } catch {
        // storage unavailable: refresh every time
      }
      if (cachedLang === lang) return;
      if (firstInstall && cachedLang === null && !installCachedOffline) installCachedOffline = true;
      else registration.active?.postMessage({ type: "refresh-offline" });
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

/**
 * With the network gone, an in-app tap is a plain page load of where the person tapped: the service worker then shows
 * the offline page AT THAT ADDRESS, so its "Try again" retries the tapped page. (A client-side navigation would fail to
 * fetch the next page's code, and the router would reload the page the person was leaving.) Links to this site and GET
 * forms only; new tabs, downloads and modified clicks are left alone.
 */
function useOfflineNavigation() {
  useEffect(() => {
    const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;
    const onClick = (e: MouseEvent) => {
      if (!offline() || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
        return;
      const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== "_self") || a.hasAttribute("download")) return;
      const url = new URL(a.href, location.href);
      if (
        url.origin !== location.origin ||
        (url.pathname === location.pathname && url.search === location.search && url.hash)
      )
        return;
      e.preventDefault();
      e.stopPropagation();
      location.assign(url.href);
    };
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target as HTMLFormElement | null;
      if (!offline() || !form || (form.method || "get").toLowerCase() !== "get") return;
      const url = new URL(form.action || location.href, location.href);
      if (url.origin !== location.origin) return;
      url.search = new URLSearchParams(new FormData(form, e.submitter) as unknown as Record<string, string>).toString();
      e.preventDefault();
      e.stopPropagation();
      location.assign(url.href);
    };
    // capture: before the router's own handlers turn the tap into a client-side navigation
    document.addEventListener("click", onClick, true);
    document.addEventListener("submit", onSubmit, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("submit", onSubmit, true);
    };
  }, []);
}
