import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { refreshPayment } from "../../domain/payments/payments";
import { isServiceError } from "../../domain/errors";
import { card, primaryButton, secondaryButton } from "../components/admin/shared";
import { useIqd } from "../components/provider/money";
import { useTranslation } from "../i18n/react";
import { servicesFor } from "../services.server";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";

export const meta: MetaFunction = () => [{ title: "Payment — Dalil" }];

/**
 * Where a gateway sends the payer back (and FIB's QR page). Coming back proves nothing: the loader asks the gateway
 * where the payment stands (refreshPayment), and while it is open the page asks again every few seconds. A link a chat
 * sent carries `k`, the payment's signature: it shows that one payment, read-only, to a browser nobody signed in on.
 */
async function shown({ context, params, request }: LoaderFunctionArgs) {
  const link = new URL(request.url).searchParams.get("k") ?? undefined;
  // (encoded like every other page's: an id holding a control character must not break the Location header)
  const login = `/login?redirectTo=${encodeURIComponent(`/payments/${params.id ?? ""}`)}`;
  if (!context.account && !link) throw redirect(login);
  try {
    return {
      ...(await refreshPayment(servicesFor(context), params.id ?? "", link)),
      signedIn: Boolean(context.account),
    };
  } catch (e) {
    if (isServiceError(e) && e.code === "NOT_FOUND") throw new Response("Not Found", { status: 404 });
    // a link past its day, without a session: signing in shows it as before
    if (isServiceError(e) && !context.account) throw redirect(login);
    throw e;
  }
}

export const loader = (args: LoaderFunctionArgs) => shown(args);
export const action = (args: ActionFunctionArgs) => shown(args);

export default function PaymentPage() {
  const p = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const iqd = useIqd();
  const revalidator = useRevalidator();
  const open = p.status === "pending";
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 4000);
    return () => clearInterval(timer);
  }, [open, revalidator]);
  const back = p.purpose === "deposit" ? `/bookings#booking-${p.bookingId ?? ""}` : "/dashboard/billing";
  const paid = p.status === "paid";
  const returned = p.status === "refunded" || p.status === "partially_refunded";
  return (
    <div className="mx-auto max-w-md space-y-4 px-4 py-6" data-testid="payment">
      <section className={`${card} space-y-3 text-center`}>
        <div className="flex justify-center">
          {paid ? (
            <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
          ) : open ? (
            <Clock className="h-12 w-12 text-amber-600" aria-hidden />
          ) : (
            <XCircle className="h-12 w-12 text-stone-500" aria-hidden />
          )}
        </div>
        <h1 className="text-xl font-bold" data-testid="payment-status">
          {t(`paymentPage.heading.${p.status}`)}
        </h1>
        <p className="text-stone-700">
          {t(`payments.purpose.${p.purpose}`)} · {t(`payments.gateway.${p.gateway}`)}
        </p>
        <p className="text-2xl font-semibold">{iqd(p.amount)}</p>
        {returned && <p className="text-stone-700">{t("paymentPage.returned", { amount: iqd(p.refundedAmount) })}</p>}
        {paid && <p className="text-sm text-stone-600">{t("paymentPage.receipt", { id: p.id })}</p>}
        {!open && !paid && !returned && <p className="text-stone-700">{t("paymentPage.nothingCharged")}</p>}
      </section>
      {open && p.gateway === "fib" && p.readableCode && (
        <section className={`${card} space-y-3 text-center`} data-testid="fib-pay">
          <p className="text-stone-700">{t("paymentPage.fibScan")}</p>
          {p.qrCode && <img src={p.qrCode} alt={t("paymentPage.qrAlt")} className="mx-auto h-56 w-56" />}
          <p className="text-sm text-stone-600">{t("paymentPage.fibCode")}</p>
          <p className="font-mono text-2xl tracking-widest" dir="ltr" data-testid="fib-code">
            {p.readableCode}
          </p>
          {p.appLink && (
            <a href={p.appLink} className={`${primaryButton} w-full`}>
              {t("paymentPage.openApp")}
            </a>
          )}
        </section>
      )}
      {open && p.gateway !== "fib" && p.redirectUrl && (
        <a href={p.redirectUrl} className={`${primaryButton} w-full`}>
          {t("paymentPage.continue", { gateway: t(`payments.gateway.${p.gateway}`) })}
        </a>
      )}
      {open && (
        <Form method="post" className="text-center">
          <p className="mb-2 text-sm text-stone-600">{t("paymentPage.waiting")}</p>
          <button type="submit" className={secondaryButton}>
            {t("paymentPage.checkAgain")}
          </button>
        </Form>
      )}
      {p.signedIn ? (
        <Link to={back} className="block text-center font-medium text-brand-700">
          {p.purpose === "deposit" ? t("paymentPage.toBookings") : t("paymentPage.toBilling")}
        </Link>
      ) : (
        <p className="text-center text-sm text-stone-600" data-testid="payment-from-chat">
          {t("paymentPage.backToChat")}
        </p>
      )}
    </div>
  );
}

export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
