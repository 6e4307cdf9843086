import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { myBilling } from "../../domain/payments/billing";
import { setDepositAmount } from "../../domain/payments/deposit";
import { startPayment } from "../../domain/payments/startPayment";
import { isServiceError } from "../../domain/errors";
import { actionError, formObject } from "../actions.server";
import { card, secondaryButton, useResultToast, type ActionResult } from "../components/admin/shared";
import { Alert } from "../components/form";
import { GatewayButtons, PaymentLine } from "../components/payments/PaymentParts";
import { useIqd } from "../components/provider/money";
import { useTranslation } from "../i18n/react";
import { useDate } from "../components/provider/DashboardParts";
import { servicesFor } from "../services.server";
import { siteOrigin } from "../../workers/siteOrigin";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";

export const meta: MetaFunction = () => [{ title: "Plan and payments — Dalil" }];

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/dashboard/billing");
  try {
    return await myBilling(servicesFor(context));
  } catch (e) {
    if (isServiceError(e) && e.code === "FORBIDDEN") throw redirect("/provider-application");
    throw e;
  }
}

/**
 * subscribe / sponsor: the payment starts and the person goes to the gateway's page (FIB: Dalil's page with its QR).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/dashboard/billing");
  const form = await formObject(request);
  const ctx = servicesFor(context);
  try {
    if (form.intent === "deposit") {
      await setDepositAmount(ctx, { amount: form.amount ?? "" });
      return { ok: true as const, intent: "deposit" };
    }
    const purpose = form.intent === "sponsor" ? "sponsored" : "subscription";
    const started = await startPayment(
      ctx,
      { purpose, gateway: form.gateway, position: form.position, days: form.days },
      siteOrigin(context.cloudflare.env, request.url),
    );
    throw redirect(form.gateway === "fib" ? `/payments/${started.paymentId}` : started.redirectUrl);
  } catch (err) {
    if (err instanceof Response) throw err;
    return actionError(err);
  }
}

export default function BillingPage() {
  const b = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation();
  const iqd = useIqd();
  const date = useDate();
  const nav = useNavigation();
  const busy = nav.state !== "idle" ? String(nav.formData?.get("intent") ?? "") : "";
  const [position, setPosition] = useState<"hero" | "category" | "sidebar">("category");
  const [days, setDays] = useState(7);
  useResultToast(result, (r) => (r.ok ? { success: t("billing.depositSaved") } : null));
  const failed = result && !result.ok ? result.error : undefined;
  const until = b.subscribedUntil ? date(new Date(b.subscribedUntil).toISOString()) : null;
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-6" data-testid="billing">
      <Link to="/dashboard" className="text-sm font-medium text-brand-700">
        {t("listingForm.back")}
      </Link>
      <h1 className="text-2xl font-bold">{t("billing.title")}</h1>
      {failed && <Alert>{t(failed.messageKey, failed.params)}</Alert>}
      <section className={`${card} space-y-3`} data-testid="plan">
        <h2 className="text-lg font-bold">{t("billing.plan")}</h2>
        <p className="text-stone-800" data-testid="plan-state">
          {b.active
            ? t("billing.activeUntil", { day: until ?? "" })
            : until
              ? t("billing.lapsed", { day: until })
              : t("billing.none")}
        </p>
        <p className="text-sm text-stone-600">{t("billing.gives")}</p>
        <p className="text-lg font-semibold">{t("billing.monthPrice", { price: iqd(b.prices.subscription) })}</p>
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="subscribe" />
          <GatewayButtons
            gateways={b.gateways}
            busy={busy === "subscribe"}
            label={b.active ? t("billing.renewWith") : t("billing.payWith")}
          />
        </Form>
      </section>
      <section className={`${card} space-y-3`} data-testid="sponsor">
        <h2 className="text-lg font-bold">{t("billing.sponsorTitle")}</h2>
        <p className="text-sm text-stone-600">{t("billing.sponsorIntro")}</p>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="sponsor" />
          <fieldset className="grid grid-cols-3 gap-2">
            <legend className="mb-1 text-sm font-medium">{t("billing.position")}</legend>
            {(["hero", "category", "sidebar"] as const).map((p) => (
              <label
                key={p}
                className={
                  `flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-xl border px-2 py-2 ` +
                  `text-center text-sm ${position === p ? "border-brand-600 bg-brand-50" : "border-stone-300"}`
                }
              >
                <input
                  type="radio"
                  name="position"
                  value={p}
                  checked={position === p}
                  onChange={() => setPosition(p)}
                  className="sr-only"
                />
                <span className="font-medium">{t(`billing.positions.${p}`)}</span>
                <span className="text-xs text-stone-600">
                  {t("billing.perDay", { price: iqd(b.prices.sponsored[p]) })}
                </span>
              </label>
            ))}
          </fieldset>
          <label className="block text-sm font-medium">
            {t("billing.days")}
            <select
              name="days"
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
              className="mt-1 block min-h-11 w-full rounded-xl border border-stone-300 bg-white px-3"
            >
              {[1, 3, 7, 14, 30].map((d) => (
                <option key={d} value={d}>
                  {t("billing.dayCount", { count: d })}
                </option>
              ))}
            </select>
          </label>
          {/* the price first: what the server will charge for this choice */}
          <p className="text-lg font-semibold" data-testid="sponsor-price">
            {t("billing.total", { price: iqd(b.prices.sponsored[position] * days) })}
          </p>
          <GatewayButtons gateways={b.gateways} busy={busy === "sponsor"} label={t("billing.payWith")} />
        </Form>
      </section>
      {b.depositsAllowed && (
        <Form method="post" className={`${card} space-y-3`} data-testid="deposit-form">
          <h2 className="text-lg font-bold">{t("billing.depositTitle")}</h2>
          <p className="text-sm text-stone-600">{t("billing.depositIntro")}</p>
          <input type="hidden" name="intent" value="deposit" />
          <label className="block text-sm font-medium">
            {t("billing.depositAmount")}
            <input
              name="amount"
              inputMode="numeric"
              defaultValue={b.depositAmount ?? ""}
              placeholder="5000"
              className="mt-1 block min-h-11 w-full rounded-xl border border-stone-300 px-3"
            />
          </label>
          {!b.active && <p className="text-sm text-amber-800">{t("billing.depositNeedsPlan")}</p>}
          <button type="submit" className={secondaryButton} disabled={busy === "deposit"}>
            {t("billing.saveDeposit")}
          </button>
        </Form>
      )}
      <section className={`${card} space-y-2`} data-testid="invoices">
        <h2 className="text-lg font-bold">{t("billing.history")}</h2>
        <p className="text-sm text-stone-700">{t("billing.earnings", { amount: iqd(b.earnings) })}</p>
        {b.payments.length === 0 ? (
          <p className="text-sm text-stone-600">{t("billing.noPayments")}</p>
        ) : (
          b.payments.map((p) => <PaymentLine key={p.id} payment={p} />)
        )}
        <p className="text-sm text-stone-600">{t("billing.cashDefault")}</p>
      </section>
    </div>
  );
}

export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
