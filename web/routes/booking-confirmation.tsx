import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { CheckCircle2, Clock, Phone, Wallet } from "lucide-react";
import { requestPromise } from "../../domain/reach/tellListing";
import { useLanguage, useTranslation } from "../i18n/react";
import { namesForReader } from "../../domain/providers/displayName";
import { getMyBooking } from "../../domain/bookings/getMyBooking";
import { isServiceError } from "../../domain/errors";
import { servicesFor } from "../services.server";
import { isolate } from "../../domain/text/bidi";
import { withCatalog } from "../i18n/pageCatalog";

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.account) throw redirect("/login");
  const id = new URL(request.url).searchParams.get("id") ?? "";
  try {
    const ctx = servicesFor(context);
    const b = await getMyBooking(ctx, id);
    // the promise matches what will happen: answered on Dalil, texted, held till 08:00, or call
    return {
      booking: {
        id: b.id,
        providerName: b.providerName,
        providerNameOther: b.providerNameOther,
        providerPhone: b.providerPhone,
        promise: await requestPromise(ctx, b.id, b.providerId),
      },
    };
  } catch (err) {
    if (isServiceError(err)) return { booking: null };
    throw err;
  }
}

export default function BookingConfirmation() {
  const { booking } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { lang } = useLanguage();
  // the listing's name in the reader's script, in the heading and the promise alike (ADR 013)
  const provider = booking
    ? isolate(namesForReader({ name: booking.providerName, nameOther: booking.providerNameOther }, lang).primary)
    : "";
  // the heading says what happened: sent, or received and texted at 08:00, or received and to be called
  const title =
    booking?.promise === "held"
      ? "booking.confirmedTitleHeld"
      : booking?.promise === "notSent"
        ? "booking.confirmedTitleNotSent"
        : "booking.confirmedTitle";
  return (
    <section className="mx-auto max-w-xl px-4 py-10 text-center">
      <CheckCircle2 aria-hidden className="mx-auto size-14 text-brand-600" />
      <h1 className="mt-4 text-2xl font-bold" data-testid="booking-confirmed">
        {t(title, { provider })}
      </h1>
      {booking && <p className="mt-1 text-stone-500">{t("booking.reference", { id: booking.id })}</p>}
      <div className="mt-6 space-y-3 rounded-2xl bg-white p-5 text-start shadow-sm">
        <p className="flex gap-3">
          <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span data-testid="confirmation-promise">
            {booking ? t(`reach.confirm.${booking.promise}`, { provider }) : t("booking.confirmedTextGeneric")}
          </span>
        </p>
        {booking && booking.promise !== "onDalil" && (
          <a
            href={`tel:${booking.providerPhone}`}
            className={
              "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 " +
              "font-semibold text-white"
            }
            data-testid="confirmation-call"
          >
            <Phone aria-hidden className="size-4" />
            {t("provider.callNow")}
          </a>
        )}
        <p className="flex gap-3 text-stone-700">
          <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-stone-400" />
          <span>{t("booking.fallback")}</span>
        </p>
        <p className="flex gap-3 text-stone-700">
          <Wallet aria-hidden className="mt-0.5 size-5 shrink-0 text-stone-400" />
          <span>{t("booking.payment")}</span>
        </p>
      </div>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link
          to="/bookings"
          className={
            "inline-flex min-h-11 items-center justify-center rounded-xl bg-brand-600 px-5 font-semibold " +
            "text-white"
          }
        >
          {t("booking.myBookings")}
        </Link>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center justify-center rounded-xl bg-stone-100 px-5 font-semibold"
        >
          {t("notFound.home")}
        </Link>
      </div>
    </section>
  );
}

// a client-side visit renders once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
