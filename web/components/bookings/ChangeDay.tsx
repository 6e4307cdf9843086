import { Form, Link } from "@remix-run/react";
import { CalendarClock } from "lucide-react";
import { dayCanMove, proposalsLeft } from "../../../domain/bookings/afterBookingRules";
import type { Week } from "../../../domain/providers/weekRules";
import { formatDay } from "../../../domain/text/dates";
import { useLanguage, useTranslation } from "../../i18n/react";

/** A proposal as the page receives it (its times as JSON strings). */
export interface DayProposalRow {
  id: number;
  side: "customer" | "provider";
  date: string;
  time: string;
  status: "pending" | "accepted" | "declined" | "superseded";
}

const STATUS_TONE: Record<DayProposalRow["status"], string> = {
  pending: "text-amber-800",
  accepted: "text-brand-700",
  declined: "text-red-700",
  superseded: "text-stone-500",
};

/**
 * A booking card's day changes (ADR 044): the history of proposals, Accept / Decline on the other side's waiting ones,
 * and "Change the day" with the listing's open days and parts of the day.
 */
export function ChangeDay({
  booking,
  role,
  proposals,
  week,
  otherName,
  busy,
}: {
  booking: { id: number; status: string };
  role: "customer" | "provider";
  proposals: DayProposalRow[];
  week: Week;
  /** how the other side is named in the history: the listing, or the customer's name */
  otherName: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const open = dayCanMove(booking.status);
  const left = proposalsLeft(proposals.length);
  if (!open && proposals.length === 0) return null;
  const when = (p: DayProposalRow) => ({ day: formatDay(p.date, locale, "full"), slot: t(`booking.${p.time}`) });
  return (
    <div className="mt-3 space-y-2">
      {proposals.length > 0 && (
        <section className="rounded-xl bg-stone-50 p-3" data-testid={`day-history-${booking.id}`}>
          <h4 className="flex items-center gap-1.5 text-sm font-semibold text-stone-800">
            <CalendarClock aria-hidden className="size-4 shrink-0" />
            {t("changeDay.history")}
          </h4>
          <ol className="mt-1 space-y-2 text-sm">
            {proposals.map((p) => {
              const mine = p.side === role;
              // a proposal left waiting on a booking that has since closed is closed with it
              const status = !open && p.status === "pending" ? "superseded" : p.status;
              return (
                <li key={p.id} data-testid="day-proposal" data-status={status}>
                  <span className="text-stone-800">
                    {mine ? t("changeDay.byYou", when(p)) : t("changeDay.byOther", { ...when(p), name: otherName })}
                  </span>
                  {" · "}
                  <span className={`font-medium ${STATUS_TONE[status]}`}>{t(`changeDay.status.${status}`)}</span>
                  {!mine && p.status === "pending" && open && (
                    <Form method="post" className="mt-1.5 flex gap-2">
                      <input type="hidden" name="bookingId" value={booking.id} />
                      <input type="hidden" name="proposalId" value={p.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="acceptDay"
                        disabled={busy}
                        className={
                          "min-h-11 flex-1 rounded-xl bg-brand-600 px-3 text-sm font-semibold text-white " +
                          "disabled:opacity-60"
                        }
                        data-testid="accept-day"
                      >
                        {t("changeDay.accept")}
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="declineDay"
                        disabled={busy}
                        className={
                          "min-h-11 flex-1 rounded-xl bg-stone-200 px-3 text-sm font-semibold text-stone-800 " +
                          "disabled:opacity-60"
                        }
                      >
                        {t("changeDay.decline")}
                      </button>
                    </Form>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      )}
      {/* the day picker is a page of its own (web/routes/bookings_.$id.day.tsx): /bookings does not load its code */}
      {open && left > 0 && (
        <Link
          to={`/bookings/${booking.id}/day`}
          className={
            "flex min-h-11 items-center justify-center rounded-xl border border-stone-200 px-3 font-semibold " +
            "text-brand-700"
          }
          data-testid="change-day-open"
        >
          {t("changeDay.open")}
        </Link>
      )}
      {open && left <= 0 && <p className="text-sm text-stone-600">{t("changeDay.noneLeft")}</p>}
    </div>
  );
}
