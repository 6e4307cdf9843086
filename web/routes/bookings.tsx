import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CalendarDays, Check, MapPin, UserRound } from "lucide-react";
import { useEffect } from "react";
import { BOOKING_ACTIONS, changeBookingStatus, type BookingAction } from "../../domain/bookings/changeBookingStatus";
import { listMyBookings } from "../../domain/bookings/listMyBookings";
import { markNotificationsReadAbout } from "../../domain/notifications/notifications";
import { createReview } from "../../domain/reviews/createReview";
import { addReviewDetails, myReviewsOf, type MyReview } from "../../domain/reviews/quickReview";
import { answerNoShow, reportNoShow } from "../../domain/bookings/noShow";
import { AfterBookingNotes } from "../components/AfterBookingNotes";
import { titleAndDescription } from "../../domain/bookings/jobText";
import type { BookingView } from "../../domain/bookings/view";
import { formatPhoneForDisplay } from "../../domain/text/phone";
import { actionError, formObject } from "../actions.server";
import { useIqd } from "../components/provider/money";
import { useToast } from "../components/toast";
import { useLanguage, useTranslation } from "../i18n/react";
import { servicesFor } from "../services.server";
import { formatDay } from "../../domain/text/dates";
import { clip } from "../../domain/text/clip";
import { ProviderNames } from "../components/ProviderNames";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { useLiveScreen } from "../useLiveEvents";
import { useRootData } from "../rootData";
import { answerDayProposal, dayProposalsFor, proposeDay } from "../../domain/bookings/changeDay";
import { onMyWay } from "../../domain/bookings/onTheWay";
import { resendBooking, resentTo } from "../../domain/bookings/resendBooking";
import { alternativesFor } from "../../domain/bookings/expireStaleBookings";
import { listingWeeks } from "../../domain/providers/week";
import { DEFAULT_WEEK, isOpenDay, isOpenSlot, type Week } from "../../domain/providers/weekRules";
import { iraqToday } from "../../domain/ids";
import { providerDayActions } from "../../domain/bookings/afterBookingRules";
import { ChangeDay, type DayProposalRow } from "../components/bookings/ChangeDay";
import { OnTheWay } from "../components/bookings/OnTheWay";
import { Review } from "../components/bookings/Review";
import { DepositNote } from "../components/payments/DepositNote";
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

const TONE: Record<BookingView["status"], string> = {
  pending: "bg-amber-50 text-amber-800",
  accepted: "bg-brand-50 text-brand-700",
  declined: "bg-red-50 text-red-700",
  completed: "bg-stone-100 text-stone-700",
  cancelled: "bg-stone-100 text-stone-600",
  expired: "bg-stone-100 text-stone-600",
};

type CardBooking = BookingView;

function BookingCard({
  booking,
  role,
  proposals,
  week,
  others = [],
  review,
}: {
  booking: CardBooking;
  role: "customer" | "provider";
  proposals: DayProposalRow[];
  week: Week;
  others?: { id: number; name: string; sent: boolean }[];
  review?: MyReview;
}) {
  const { depositGateways } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const iqd = useIqd();
  const { locale } = useLanguage();
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("bookingId") === String(booking.id);
  const actions: BookingAction[] =
    role === "provider"
      ? booking.status === "pending"
        ? ["accept", "decline"]
        : // "Done" from the booked day on, as the verb allows it (a button for a later day would only be refused)
          providerDayActions(booking, iraqToday(new Date())).done
          ? ["complete"]
          : []
      : booking.status === "pending" || booking.status === "accepted"
        ? ["cancel"]
        : [];
  const job = titleAndDescription(booking.serviceDescription);
  const when = [
    booking.preferredDate ? formatDay(booking.preferredDate, locale, "full") : null,
    booking.preferredTime ? t(`booking.${booking.preferredTime}`) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <li
      id={`booking-${booking.id}`}
      className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
      data-testid="booking-card"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-xs text-stone-500">{t("booking.reference", { id: booking.id })}</p>
          <h3 className="font-semibold">
            {role === "customer" ? (
              <ProviderNames name={booking.providerName} nameOther={booking.providerNameOther} />
            ) : (
              <bdi>{clip(job.title, 60) || t("account.jobRemoved")}</bdi>
            )}
          </h3>
          {role === "provider" && (
            // who booked, by name
            <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-700" data-testid="booking-customer">
              <UserRound aria-hidden className="size-4 shrink-0" />
              {booking.customerName ? <bdi>{booking.customerName}</bdi> : t("account.formerCustomer")}
            </p>
          )}
        </div>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${TONE[booking.status]}`}
          data-testid="booking-status"
        >
          {t(
            role === "provider" && booking.status === "pending"
              ? "booking.status.pendingForYou"
              : role === "provider" && booking.status === "expired"
                ? "booking.status.missed"
                : `booking.status.${booking.status}`,
          )}
        </span>
      </div>
      {role === "customer" && (
        // the job's title apart from its description (a booking from a request has both)
        <p dir="auto" className="mt-2 text-start text-sm text-stone-700" data-testid="booking-job">
          {job.description ? (
            <>
              <span className="block font-medium text-stone-800" data-testid="booking-job-title">
                {job.title}
              </span>
              <span className="block">{job.description}</span>
            </>
          ) : (
            job.title
          )}
        </p>
      )}
      {role === "provider" && job.description && (
        // the title apart from the description, cut at a word with an ellipsis
        <p dir="auto" className="mt-2 text-start text-sm text-stone-700" data-testid="booking-description">
          {clip(job.description, 160)}
        </p>
      )}
      {booking.customerLocation && (
        // a customer who left Dalil took their address with them (ADR 041): no empty line where it was
        <p className="mt-2 flex items-center gap-1.5 text-sm text-stone-600" data-testid="booking-location">
          <MapPin aria-hidden className="size-4 shrink-0" />
          <bdi>{booking.customerLocation}</bdi>
        </p>
      )}
      {when && (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600" data-testid="booking-when">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          {when}
        </p>
      )}
      {role === "provider" &&
        (booking.status === "pending" || booking.status === "accepted") &&
        booking.preferredDate &&
        booking.preferredDate >= iraqToday(new Date()) &&
        (!isOpenDay(week, booking.preferredDate) || !isOpenSlot(week, booking.preferredTime ?? "flexible")) && (
          // a day the provider has since closed: asked to move it, never cancelled (ADR 044)
          <p
            role="note"
            className="mt-2 rounded-xl border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900"
            data-testid="closed-day"
          >
            {t("changeDay.closedDay")}
          </p>
        )}
      {role === "provider" && booking.customerPhone && (
        <p className="mt-1 text-sm" data-testid="booking-phone">
          <a href={`tel:${booking.customerPhone}`} className="font-medium text-brand-700">
            <bdi dir="ltr" className="phone">
              {formatPhoneForDisplay(booking.customerPhone)}
            </bdi>
          </a>
        </p>
      )}
      {booking.estimatedCost !== null && booking.paidAmount === null && (
        // the price agreed on a quote, on both sides
        <p className="mt-1 text-sm font-medium text-stone-800" data-testid="agreed-price">
          {t("booking.agreedPrice", { amount: iqd(booking.estimatedCost) })}
        </p>
      )}
      {booking.paidAmount !== null && (
        <p className="mt-1 text-sm font-medium text-stone-800" data-testid="paid-amount">
          {t("dashboard.paid", { amount: iqd(booking.paidAmount) })}
        </p>
      )}
      <DepositNote booking={booking} role={role} gateways={depositGateways} busy={busy} />
      <AfterBookingNotes booking={booking} role={role} busy={busy} />
      {role === "customer" && <Review booking={booking} review={review} busy={busy} />}
      <OnTheWay booking={booking} role={role} busy={busy} />
      <ChangeDay
        booking={booking}
        role={role}
        proposals={proposals}
        week={week}
        busy={busy}
        otherName={role === "customer" ? booking.providerName : booking.customerName || t("account.formerCustomer")}
      />
      {role === "customer" && booking.status === "expired" && others.length > 0 && (
        <Form method="post" className="mt-3 space-y-2" data-testid="resend">
          <p className="text-sm text-stone-700">{t("reach.noAnswerOffer")}</p>
          <input type="hidden" name="bookingId" value={booking.id} />
          <input type="hidden" name="intent" value="resend" />
          {others.map((o) =>
            o.sent ? (
              <p
                key={o.id}
                className={
                  "flex min-h-11 items-center justify-center gap-1.5 rounded-xl bg-brand-50 px-3 text-sm " +
                  "font-semibold text-brand-700"
                }
                data-testid="resent"
              >
                <Check aria-hidden className="size-4 shrink-0" />
                {t("reach.sentTo", { name: o.name })}
              </p>
            ) : (
              <button
                key={o.id}
                type="submit"
                name="providerId"
                value={o.id}
                disabled={busy}
                className={
                  "min-h-11 w-full rounded-xl bg-brand-600 px-3 text-sm font-semibold text-white " +
                  "disabled:opacity-60"
                }
              >
                {t("reach.sendTo", { name: o.name })}
              </button>
            ),
          )}
        </Form>
      )}
      {actions.length > 0 && (
        <Form method="post" className="mt-3 flex gap-2">
          <input type="hidden" name="bookingId" value={booking.id} />
          {actions.map((a) => (
            <button
              key={a}
              type="submit"
              name="intent"
              value={a}
              disabled={busy}
              className={
                `min-h-11 flex-1 rounded-xl px-3 text-sm font-semibold ` +
                `disabled:opacity-60 ${a === "accept" || a === "complete" ? "bg-brand-600 text-white" : "bg-stone-100 text-stone-800"}`
              }
            >
              {t(`booking.${a}`)}
            </button>
          ))}
        </Form>
      )}
    </li>
  );
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
  const { asCustomer, asProvider, proposals, weeks, others, reviews } = useLoaderData<typeof loader>();
  const cardProps = (b: (typeof asCustomer)[number]) => ({
    proposals: proposals[b.id] ?? [],
    week: weeks[b.providerId] ?? DEFAULT_WEEK,
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
