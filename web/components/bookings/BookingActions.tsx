import { Form } from "@remix-run/react";
import { Check } from "lucide-react";
import { providerDayActions } from "../../../domain/bookings/afterBookingRules";
import type { BookingAction } from "../../../domain/bookings/changeBookingStatus";
import type { BookingView } from "../../../domain/bookings/view";
import { iraqToday } from "../../../domain/ids";
import { useTranslation } from "../../i18n/react";

/** A request that ended unanswered: up to three listings that answer, one tap each, and those it already went to. */
export function ResendOffer({
  bookingId,
  others,
  busy,
}: {
  bookingId: number;
  others: { id: number; name: string; sent: boolean }[];
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="mt-3 space-y-2" data-testid="resend">
      <p className="text-sm text-stone-700">{t("reach.noAnswerOffer")}</p>
      <input type="hidden" name="bookingId" value={bookingId} />
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
              "min-h-11 w-full rounded-xl bg-brand-600 px-3 text-sm font-semibold text-white disabled:opacity-60"
            }
          >
            {t("reach.sendTo", { name: o.name })}
          </button>
        ),
      )}
    </Form>
  );
}

const PRIMARY = "bg-brand-600 text-white";
const SECONDARY = "bg-stone-100 text-stone-800";
const toneOf = (a: BookingAction) => (a === "accept" || a === "complete" ? PRIMARY : SECONDARY);

/** The status's buttons: accept or decline a request, "Done" from the booked day on, or cancel my own booking. */
export function BookingActions({
  booking,
  role,
  busy,
}: {
  booking: BookingView;
  role: "customer" | "provider";
  busy: boolean;
}) {
  const { t } = useTranslation();
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
  if (actions.length === 0) return null;
  return (
    <Form method="post" className="mt-3 flex gap-2">
      <input type="hidden" name="bookingId" value={booking.id} />
      {actions.map((a) => (
        <button
          key={a}
          type="submit"
          name="intent"
          value={a}
          disabled={busy}
          className={`min-h-11 flex-1 rounded-xl px-3 text-sm font-semibold disabled:opacity-60 ${toneOf(a)}`}
        >
          {t(`booking.${a}`)}
        </button>
      ))}
    </Form>
  );
}
