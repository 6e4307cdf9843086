import { Download, Share, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../i18n/react";
import { ensureCatalog } from "../i18n/pageCatalog";

/** The spec's storage key: once set, the banner never shows again on this device. */
export const INSTALL_DISMISSED_KEY = "pwa-install-dismissed";
/** SPEC section 9: the iOS banner appears 3 s after load. */
export const IOS_BANNER_DELAY_MS = 3000;

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

const isStandalone = () =>
  window.matchMedia?.("(display-mode: standalone)").matches === true ||
  (navigator as { standalone?: boolean }).standalone === true;
const isIos = () => /iphone|ipad|ipod/i.test(navigator.userAgent);
const wasDismissed = () => {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
};
const rememberDismissal = () => {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, "true");
  } catch {
    // private mode: the banner simply may come back
  }
};

/**
 * SPEC section 4, install banner: hidden by default; shown when the browser offers an install prompt
 * (or 3 s after load on iOS, with the share-sheet instructions), unless the app runs standalone or was
 * dismissed. Install runs the prompt (a dismissed prompt is remembered); Later and close remember too.
 */
export function InstallBanner() {
  const { t } = useTranslation();
  const [shown, setMode] = useState<"hidden" | "prompt" | "ios">("hidden");
  // it appears only in the browser, later than the page: it waits for the language's whole catalog rather
  // than have every page carry its words (ADR 031)
  const [strings, setStrings] = useState(false);
  useEffect(() => {
    if (shown !== "hidden" && !strings)
      void ensureCatalog().then(
        () => setStrings(true),
        () => setStrings(true),
      );
  }, [shown, strings]);
  const mode = strings ? shown : "hidden";
  const deferred = useRef<InstallPromptEvent | null>(null);

  useEffect(() => {
    if (isStandalone() || wasDismissed()) return;
    const onPrompt = (event: Event) => {
      event.preventDefault();
      deferred.current = event as InstallPromptEvent;
      if (!wasDismissed()) setMode("prompt");
    };
    const onInstalled = () => setMode("hidden");
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    const timer = isIos() ? window.setTimeout(() => !wasDismissed() && setMode("ios"), IOS_BANNER_DELAY_MS) : undefined;
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
      if (timer) window.clearTimeout(timer);
    };
  }, []);

  if (mode === "hidden") return null;

  const dismiss = () => {
    rememberDismissal();
    setMode("hidden");
  };
  const install = async () => {
    const event = deferred.current;
    deferred.current = null;
    setMode("hidden");
    if (!event) return;
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === "dismissed") rememberDismissal();
  };

  return (
    <section
      aria-labelledby="install-banner-title"
      data-testid="install-banner"
      className={
        "fixed inset-x-3 bottom-20 z-50 mx-auto max-w-md rounded-2xl border border-stone-200 bg-white p-4 " +
        "shadow-lg md:bottom-4"
      }
    >
      <div className="flex items-start gap-3">
        <svg aria-hidden viewBox="0 0 32 32" className="size-10 shrink-0">
          <rect width="32" height="32" rx="9" fill="#17663d" />
          <path
            d="M16 6a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Z"
            fill="#f5b43c"
          />
        </svg>
        <div className="min-w-0 flex-1">
          <h2 id="install-banner-title" className="font-semibold text-stone-900">
            {t("pwa.install.title")}
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            {mode === "ios" ? (
              <>
                <Share aria-hidden className="inline size-4 align-text-bottom" /> {t("pwa.install.ios")}
              </>
            ) : (
              t("pwa.install.text")
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t("pwa.install.close")}
          className={
            "-me-2 -mt-2 flex size-11 shrink-0 items-center justify-center rounded-full text-stone-600 " +
            "hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
          }
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <button
          type="button"
          onClick={dismiss}
          className={
            "min-h-11 rounded-xl px-4 font-medium text-stone-700 hover:bg-stone-100 focus-visible:outline " +
            "focus-visible:outline-2 focus-visible:outline-brand-600"
          }
        >
          {t("pwa.install.later")}
        </button>
        {mode === "prompt" && (
          <button
            type="button"
            onClick={install}
            className={
              "inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-700 px-4 font-semibold text-white " +
              "hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 " +
              "focus-visible:outline-brand-600"
            }
          >
            <Download aria-hidden className="size-4" />
            {t("pwa.install.install")}
          </button>
        )}
      </div>
    </section>
  );
}
