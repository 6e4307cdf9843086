import type { MetaFunction } from "@remix-run/cloudflare";
import { Form } from "@remix-run/react";
import { useTranslation } from "../i18n/react";

/**
 * What the two pages a listing's number opens from a message share (ADRs 047 and 052): `/r/:token` (a request) and
 * `/r/c/:token` (a first chat message). Neither is kept by a cache, indexed, or sent on as a referrer.
 */
export const linkMeta: MetaFunction = () => [
  { title: "Dalil" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];
export const linkHeaders = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

/** The pages' full-width button. */
export const linkButton =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl px-4 font-semibold disabled:opacity-60";

/** A token that is not one of ours (guessed, cut short): one sentence, nothing about any booking or chat. */
export function InvalidLink() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-10" data-testid="listing-link">
      <h1 className="text-xl font-bold">{t("reach.page.invalidTitle")}</h1>
      <p className="mt-2 text-stone-700">{t("reach.errors.linkInvalid")}</p>
    </section>
  );
}

/** What Dalil is, and, while the link is open, "stop these messages" for good. */
export function LinkFooter({ open, busy }: { open: boolean; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-sm text-stone-600">{t("reach.page.whatIsDalil")}</p>
      {open && (
        <Form method="post">
          <button
            type="submit"
            name="action"
            value="stop"
            disabled={busy}
            className="min-h-11 text-sm text-stone-600 underline"
          >
            {t("reach.page.stop")}
          </button>
        </Form>
      )}
    </>
  );
}
