import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { BOOKING_ACTIONS, changeBookingStatus, type BookingAction } from "../../domain/bookings/changeBookingStatus";
import { listMyBookings } from "../../domain/bookings/listMyBookings";
import { markNotificationsReadAbout } from "../../domain/notifications/notifications";
import { createReview } from "../../domain/reviews/createReview";
import { addReviewDetails, myReviewsOf } from "../../domain/reviews/quickReview";
import { answerNoShow, reportNoShow } from "../../domain/bookings/noShow";
import { actionError, formObject } from "../actions.server";
import { useToast } from "../components/toast";
import { useTranslation } from "../i18n/react";
import { servicesFor } from "../services.server";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { useLiveScreen } from "../useLiveEvents";
import { useRootData } from "../rootData";
import { answerDayProposal, dayProposalsFor, proposeDay } from "../../domain/bookings/changeDay";
import { onMyWay } from "../../domain/bookings/onTheWay";
import { resendBooking, resentTo } from "../../domain/bookings/resendBooking";
import { alternativesFor } from "../../domain/bookings/expireStaleBookings";
import { listingWeeks } from "../../domain/providers/week";
import { DEFAULT_WEEK } from "../../domain/providers/weekRules";
import { BookingCard } from "../components/bookings/BookingCard";
import { startPayment } from "../../domain/payments/startPayment";
import { GATEWAYS } from "../../domain/payments/gateway";
import { siteOrigin } from "../../workers/siteOrigin";

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/bookings");
  const ctx = servicesFor(context);
  // the bookings are on screen: their notifications are read
  const [page] = await Promise.all([listMyBookings(ctx), markNotificationsReadAbout(ctx, { type: "booking" })]);
  // each card's day changes and its listing's week (ADR 044)
  const all = [...page.asCustomer, ...page.asProvider];
  const [proposals, weeks] = await Promise.all([
    dayProposalsFor(
      ctx,
      all.map((b) => b.id),
    ),
    listingWeeks(
      ctx,
      all.map((b) => b.providerId),
    ),
  ]);
  // a request that ended unanswered offers up to three who answer, one tap each (the newest five)
  const unanswered = page.asCustomer.filter((b) => b.status === "expired").slice(0, 5);
  // each marked once the request went to it, so the card says "Sent to …" instead of offering it again
  const others = Object.fromEntries(
    await Promise.all(
      unanswered.map(async (b) => {
        const offered = await alternativesFor(ctx, b.providerId);
        const sent = await resentTo(
          ctx,
          b.id,
          offered.map((o) => o.id),
        );
        return [b.id, offered.map((o) => ({ ...o, sent: sent.includes(o.id) }))] as const;
      }),
    ),
  );
  // the customer's own reviews, so "add details" starts from what they gave (ADR 078)
  const reviews = await myReviewsOf(
    ctx,
    page.asCustomer.filter((b) => b.hasReview).map((b) => b.id),
  );
  // the ways a deposit can be paid here (none while deposits are off, ADR 085)
  const depositGateways = ctx.ports.payments.depositsAllowed
    ? GATEWAYS.filter((g) => ctx.ports.payments.gateways[g])
    : [];
  return { ...page, proposals, weeks, others, reviews, depositGateways };
}

/** The after-booking answers of a card (ADR 044): a day proposed or answered, on my way, can't make it. */
async function dayAction(ctx: ReturnType<typeof servicesFor>, form: Record<string, string>): Promise<boolean> {
  if (form.intent === "proposeDay") await proposeDay(ctx, form.bookingId ?? "", form);
  else if (form.intent === "acceptDay" || form.intent === "declineDay")
    await answerDayProposal(ctx, form.proposalId ?? "", form.intent === "acceptDay" ? "accept" : "decline");
  else if (form.intent === "onMyWay") await onMyWay(ctx, form.bookingId ?? "");
  else return false;
  return true;
}
const DAY_INTENTS = ["proposeDay", "acceptDay", "declineDay", "onMyWay"];

export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/bookings");
  const form = await formObject(request);
  const intent = form.intent as BookingAction | "review" | "reviewDetails" | "noShow" | "answerNoShow" | "resend";
  if (form.intent === "payDeposit") return payDeposit(request, context, form);
  if (
    intent !== "review" &&
    intent !== "reviewDetails" &&
    intent !== "noShow" &&
    intent !== "answerNoShow" &&
    intent !== "resend" &&
    !BOOKING_ACTIONS.includes(intent) &&
    !DAY_INTENTS.includes(intent)
  )
    throw new Response("Bad Request", { status: 400 });
  try {
    if (intent === "resend") {
      // the same verb as the bot's rs: and POST /api/bookings/:id/resend/:providerId
      await resendBooking(servicesFor(context), form.bookingId ?? "", form.providerId ?? "");
      return { ok: true as const, intent };
    }
    if (intent === "noShow") {
      await reportNoShow(servicesFor(context), form.bookingId ?? "");
      return { ok: true as const, intent };
    }
    if (intent === "answerNoShow") {
      await answerNoShow(servicesFor(context), form.bookingId ?? "", { answer: form.answer });
      return { ok: true as const, intent };
    }
    if (await dayAction(servicesFor(context), form)) return { ok: true as const, intent };
    if (intent === "review") {
      // the stars alone, or with whatever parts the client sent: nothing is filled in for the person (ADR 078)
      await createReview(servicesFor(context), form.bookingId ?? "", form);
      return { ok: true as const, intent };
    }
    if (intent === "reviewDetails") {
      await addReviewDetails(servicesFor(context), form.bookingId ?? "", form);
      return { ok: true as const, intent };
    }
    await changeBookingStatus(
      servicesFor(context),
      form.bookingId ?? "",
      intent,
      intent === "complete" ? { amount: form.amount } : undefined,
    );
    return { ok: true as const, intent };
  } catch (err) {
    return actionError(err);
  }
}

/** The deposit's payment starts and the customer goes to the gateway's page (FIB: Dalil's page with its QR). */
async function payDeposit(request: Request, context: ActionFunctionArgs["context"], form: Record<string, string>) {
  try {
    const started = await startPayment(
      servicesFor(context),
      { purpose: "deposit", gateway: form.gateway, bookingId: form.bookingId },
      siteOrigin(context.cloudflare.env, request.url),
    );
    return redirect(form.gateway === "fib" ? `/payments/${started.paymentId}` : started.redirectUrl);
  } catch (err) {
    return actionError(err);
  }
}

/** What a successful answer says, by the form's intent: what happened ("Booking cancelled"), never only "updated". */
const DONE_TOAST: Record<string, string> = {
  cancel: "notices.bookingCancelled.title",
  accept: "notices.bookingAccepted.title",
  decline: "notices.bookingDeclined.title",
  complete: "notices.bookingCompleted.title",
  resend: "reach.resentToast",
  review: "review.thanks",
  reviewDetails: "review.detailsSaved",
  proposeDay: "changeDay.proposed",
  acceptDay: "changeDay.acceptedToast",
  declineDay: "changeDay.declinedToast",
  onMyWay: "onTheWay.said",
};

export default function BookingsPage() {
  const { asCustomer, asProvider, proposals, weeks, others, reviews, depositGateways } = useLoaderData<typeof loader>();
  const cardProps = (b: (typeof asCustomer)[number]) => ({
    proposals: proposals[b.id] ?? [],
    week: weeks[b.providerId] ?? DEFAULT_WEEK,
    depositGateways,
  });
  // a new booking, a status changed elsewhere (the other side, the bot, another tab): shown without a reload
  useLiveScreen(useRootData()?.user?.id ?? null, ["booking"]);
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const toast = useToast();
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast({ title: t(DONE_TOAST[result.intent] ?? "booking.updated"), variant: "success" });
    else toast({ title: t("booking.updateFailed"), description: t(result.error.messageKey), variant: "destructive" });
  }, [result, t, toast]);

  return (
    <div className="mx-auto max-w-xl space-y-8 px-4 py-8">
      {/* one h1 on every page: the two lists below are its sections */}
      <h1 className="sr-only">{t("a11y.bookingsTitle")}</h1>
      {asProvider.length > 0 && (
        <section>
          <h2 className="mb-3 text-2xl font-bold">{t("booking.requestsForMe")}</h2>
          <ul className="space-y-3">
            {asProvider.map((b) => (
              <BookingCard key={b.id} booking={b} role="provider" {...cardProps(b)} />
            ))}
          </ul>
        </section>
      )}
      <section>
        <h2 className="mb-3 text-2xl font-bold">{t("booking.myBookings")}</h2>
        {asCustomer.length === 0 ? (
          <div className="rounded-2xl bg-white p-8 text-center shadow-sm">
            <p className="text-stone-600">{t("booking.noBookings")}</p>
            <Link
              to="/search"
              className="mt-4 inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white"
            >
              {t("booking.findProvider")}
            </Link>
          </div>
        ) : (
          <ul className="space-y-3">
            {asCustomer.map((b) => (
              <BookingCard
                key={b.id}
                booking={b}
                role="customer"
                {...cardProps(b)}
                others={others[b.id] ?? []}
                review={reviews[b.id]}
              />
            ))}
          </ul>
        )}
      </section>
      {/* closed bookings past 60 days are in the archive (ADR 062), month by month */}
      <Link
        to="/bookings/older"
        className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700"
        data-testid="older-bookings"
      >
        {t("booking.older.link")}
      </Link>
    </div>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
