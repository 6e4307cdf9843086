import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { MessageCircle } from "lucide-react";
import { useTranslation } from "react-i18next";

export async function loader({ context }: LoaderFunctionArgs) {
  // conversations are private: sign in first, then come back here
  if (!context.account) throw redirect("/login?redirectTo=/messages");
  return null;
}

/** The spec's Messages screen: its empty state (the conversation list arrives with the chat work). */
export default function MessagesPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("inbox.title")}</h1>
      <div className="mt-6 flex flex-col items-center rounded-2xl bg-white p-8 text-center shadow-sm" data-testid="inbox-empty">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <MessageCircle aria-hidden className="size-7" />
        </span>
        <h2 className="mt-4 text-lg font-semibold">{t("inbox.emptyTitle")}</h2>
        <p className="mt-1 text-stone-600">{t("inbox.emptyText")}</p>
        <Link to="/search" className="mt-5 inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
          {t("inbox.findProviders")}
        </Link>
      </div>
    </section>
  );
}
