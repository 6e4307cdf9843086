import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Send } from "lucide-react";
import { isServiceError } from "../../domain/errors";
import { answerChatLink, openChatLink } from "../../domain/reach/tellChat";
import { isolate } from "../../domain/text/bidi";
import { actionError, formObject } from "../actions.server";
import { card } from "../components/admin/shared";
import { Alert } from "../components/form";
import { InvalidLink, LinkFooter, linkButton, linkHeaders, linkMeta } from "../components/ListingLinkParts";
import { useTranslation } from "../i18n/react";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { servicesFor } from "../services.server";

/**
 * The page a listing's number opens from the message about a customer's first chat message (ADR 052): no account, only
 * the link's single-use token. It replies once into the chat, or stops the messages. A plain form: it works without
 * JavaScript.
 */
export const meta = linkMeta;

export const headers = linkHeaders;

export async function loader({ params, context }: LoaderFunctionArgs) {
  try {
    const view = await openChatLink(servicesFor(context), params.token ?? "");
    return data({ view }, { headers: { "Cache-Control": "no-store" } });
  } catch (e) {
    if (isServiceError(e) && e.code === "NOT_FOUND")
      return data({ invalid: true as const }, { status: 404, headers: { "Cache-Control": "no-store" } });
    throw e;
  }
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const form = await formObject(request);
  try {
    return { ok: true as const, done: await answerChatLink(servicesFor(context), params.token ?? "", form) };
  } catch (err) {
    return actionError(err, form);
  }
}

export default function ChatLinkPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  if ("invalid" in loaded) return <InvalidLink />;
  const { view } = loaded;
  const error = result && !result.ok ? result.error : undefined;
  const done = result && result.ok ? result.done : null;
  const open = view.state === "open" && !done;
  const button = linkButton;
  return (
    <section className="mx-auto max-w-xl space-y-4 px-4 py-6" data-testid="listing-link">
      <h1 className="text-2xl font-bold">{t("reach.chatPage.title", { provider: isolate(view.providerName) })}</h1>
      <div className={`${card} space-y-2`}>
        <p className="text-stone-600">{t("reach.chatPage.from", { customer: isolate(view.customer) })}</p>
        <p className="font-medium whitespace-pre-wrap">
          <bdi>{view.excerpt}</bdi>
        </p>
      </div>
      {done && (
        <p role="status" className="rounded-xl bg-brand-50 p-3 font-medium text-brand-800" data-testid="link-done">
          {t(done === "stop" ? "reach.page.done.stop" : "reach.chatPage.replied", { customer: isolate(view.customer) })}
        </p>
      )}
      {error && <Alert>{t(error.messageKey, error.params)}</Alert>}
      {!done && view.state !== "open" && (
        <p className="rounded-xl bg-stone-100 p-3 text-stone-800" data-testid="link-state">
          {t(view.state === "used" ? "reach.chatPage.used" : "reach.errors.linkClosed")}
        </p>
      )}
      {open && (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="action" value="reply" />
          <label className="block text-sm font-medium" htmlFor="reply">
            {t("reach.chatPage.reply")}
          </label>
          <textarea
            id="reply"
            name="message"
            rows={4}
            maxLength={2000}
            required
            className="w-full rounded-xl border border-stone-300 p-3"
            data-testid="link-reply"
          />
          <button type="submit" disabled={busy} className={`${button} bg-brand-600 text-white`} data-testid="link-send">
            <Send aria-hidden className="flip-rtl size-4" />
            {t("reach.chatPage.send")}
          </button>
        </Form>
      )}
      <LinkFooter open={open} busy={busy} />
    </section>
  );
}

export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
