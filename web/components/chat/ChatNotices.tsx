import { Link } from "@remix-run/react";
import { AlertCircle, ChevronLeft, Inbox, LogIn } from "lucide-react";
import { useTranslation } from "../../i18n/react";

/** Signed-out visitors: sign in, then come back to this same chat. */
export function ChatSignIn({ name, returnTo }: { name: string; returnTo: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={
        "flex flex-col items-center rounded-xl border " + "border-dashed border-stone-300 bg-stone-50 p-6 text-center"
      }
      data-testid="chat-signin"
    >
      <h3 className="font-semibold">{t("chat.signInTitle")}</h3>
      <p className="mt-1 text-sm text-stone-600">{t("chat.signInText", { name: "\u2068" + name + "\u2069" })}</p>
      <Link
        to={`/login?redirectTo=${encodeURIComponent(returnTo)}`}
        className={
          "mt-4 inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-600 px-5 font-semibold text-white " +
          "hover:bg-brand-700"
        }
      >
        <LogIn aria-hidden className="flip-rtl size-4" />
        {t("chat.signIn")}
      </Link>
    </div>
  );
}

/** A provider looking at its own listing: its chats are in Messages. */
export function ChatOwnListing() {
  const { t } = useTranslation();
  return (
    <div
      className={
        "flex flex-col items-center rounded-xl border " + "border-dashed border-stone-300 bg-stone-50 p-6 text-center"
      }
      data-testid="chat-own-listing"
    >
      <p className="text-sm text-stone-600">{t("chat.ownListing")}</p>
      <Link
        to="/messages"
        className={
          "mt-4 inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-600 px-5 font-semibold text-white " +
          "hover:bg-brand-700"
        }
      >
        <Inbox aria-hidden className="size-4" />
        {t("chat.openMessages")}
      </Link>
    </div>
  );
}

/** The spec's failure screen for a chat: 'Provider Not Found' and 'Unable to load chat with this provider.' */
export function ChatLoadFailed() {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center"
      data-testid="chat-not-found"
    >
      <AlertCircle aria-hidden className="size-12 text-red-500" />
      <h1 className="mt-4 text-2xl font-bold">{t("chat.loadFailedTitle")}</h1>
      <p className="mt-2 text-stone-600">{t("chat.loadFailedText")}</p>
      <Link
        to="/search"
        className={
          "mt-6 inline-flex min-h-11 items-center gap-1 rounded-xl bg-brand-600 px-5 font-semibold text-white " +
          "hover:bg-brand-700"
        }
      >
        <ChevronLeft aria-hidden className="flip-rtl size-4" />
        {t("common.goBack")}
      </Link>
    </section>
  );
}
