import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useContext, useEffect, type ReactNode } from "react";
import { BottomNav } from "./components/BottomNav";
import { Footer } from "./components/Footer";
import { Header } from "./components/Header";
import { InlineCatalog } from "./components/InlineCatalog";
import { InstallBanner } from "./components/InstallBanner";
import { NotFoundScreen } from "./components/NotFoundScreen";
import { StartFailure } from "./components/StartFailure";
import { Toaster } from "./components/toast";
import { useLanguage, useTranslation } from "./i18n/react";
import { htmlLang as htmlLangOf, LANGUAGES } from "../i18n/config";
import { useAddressIn } from "./components/LanguageSwitcher";
import { NonceContext } from "./nonce";
import { useRootData, type RootData } from "./rootData";
import { useServiceWorker } from "./serviceWorker";
import { useFormFeedback } from "./formFeedback";
import "./load-context";
import { siteOrigin } from "../workers/siteOrigin";
import stylesheet from "./tailwind.css?url";
import arabicFont from "@fontsource/vazirmatn/files/vazirmatn-arabic-400-normal.woff2?url";
import latinFont from "@fontsource/vazirmatn/files/vazirmatn-latin-400-normal.woff2?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export async function loader({ context, request }: LoaderFunctionArgs): Promise<RootData> {
  const a = context.account;
  // only what the shell shows; the server never trusts anything the browser keeps
  const user = a ? { id: a.id, name: a.name, phone: a.phone, userType: a.userType, isAdmin: a.isAdmin } : null;
  // the site's own address, for the language alternates search engines read (ADR 026): the configured one, never
  // whatever Host the request named
  return { lang: context.lang, user, origin: siteOrigin(context.cloudflare.env, request.url) };
}

/** Each language's address of this page for search engines: hreflang alternates, English as the default. */
function LanguageAlternates() {
  const origin = useRootData()?.origin;
  const addressIn = useAddressIn();
  if (!origin) return null;
  return (
    <>
      {LANGUAGES.map((l) => (
        <link key={l} rel="alternate" hrefLang={htmlLangOf(l)} href={`${origin}${addressIn(l)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${addressIn("en")}`} />
    </>
  );
}

const USER_STORAGE_KEY = "user";

export function Layout({ children }: { children: ReactNode }) {
  const { lang, dir, htmlLang } = useLanguage();
  const { t } = useTranslation();
  const nonce = useContext(NonceContext);
  return (
    <html lang={htmlLang} dir={dir} data-lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, interactive-widget=resizes-content" />
        <meta name="theme-color" content="#17663d" />
        <title>{`${t("app.name")} — ${t("app.tagline")}`}</title>
        <Meta />
        {/* the one font file the page's script needs first (ADR 018); the same URL the stylesheet names */}
        <link
          rel="preload"
          as="font"
          type="font/woff2"
          href={lang === "en" ? latinFont : arabicFont}
          crossOrigin="anonymous"
        />
        <Links />
        <LanguageAlternates />
      </head>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        <a
          href="#main"
          className={
            "sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded " +
            "focus:bg-white focus:p-2"
          }
        >
          {t("app.skipToContent")}
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* last: it carries the strings everything above asked for (ADR 031) */}
        <InlineCatalog />
      </body>
    </html>
  );
}

/** A thin bar at the top while a navigation or a form's answer is on its way: every tap shows it was taken. */
function PendingBar() {
  const busy = useNavigation().state !== "idle";
  return busy ? (
    <div aria-hidden className="pending-bar fixed inset-x-0 top-0 z-50 h-1 bg-brand-600" data-testid="pending-bar" />
  ) : null;
}

function Shell({ children }: { children: ReactNode }) {
  const { lang } = useLanguage();
  useServiceWorker(lang);
  return (
    <Toaster>
      <PendingBar />
      <div className="flex min-h-screen flex-col pb-20 md:pb-0">
        <Header />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer />
        <BottomNav />
        <InstallBanner />
      </div>
    </Toaster>
  );
}

export default function App() {
  const user = useRootData()?.user ?? null;
  // a form's answer takes the focus where the eye must go
  useFormFeedback();
  useEffect(() => {
    // lets tests (and styles) know the page is interactive
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    // the spec mirrors {id, name, phone, userType} under `user` for display; cleared on sign-out
    try {
      if (user) {
        const { id, name, phone, userType } = user;
        localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ id, name, phone, userType }));
      } else localStorage.removeItem(USER_STORAGE_KEY);
    } catch {
      // storage unavailable
    }
  }, [user]);
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundScreen />
      </Shell>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return <StartFailure />;
}
