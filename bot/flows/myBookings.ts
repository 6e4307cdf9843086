/**
 * My bookings: the customer's own and the requests for the provider, with the answers each can take now
 * (cancel, accept, decline, done); a booking decided elsewhere meanwhile says what it is now.
 */
import type { Flow } from "../engine/flow";
import { PAGE_SIZE, type Turn } from "../engine/turn";
import type { Button } from "../engine/types";
import { changeBookingStatus, BOOKING_ACTIONS, type BookingAction } from "../../domain/bookings/changeBookingStatus";
import { getMyBooking } from "../../domain/bookings/getMyBooking";
import { listMyBookings } from "../../domain/bookings/listMyBookings";
import { myArchivedMonths } from "../../domain/bookings/archive";
import { jobLine, type BookingView } from "../../domain/bookings/view";
import { isServiceError } from "../../domain/errors";
import { namesForReader } from "../../domain/providers/displayName";
import { isolate } from "../../domain/text/bidi";
import { clip } from "../../domain/text/clip";
import { formatDay } from "../../domain/text/dates";
import { firstName, urgencyKey } from "../../domain/text/localParams";
import { formatNumber } from "../../domain/text/numbers";
import { intlLocale } from "../../i18n/config";
import { slotHasEnded } from "../../domain/bookings/slotEnded";
import { providerDayActions } from "../../domain/bookings/onTheWay";
import { noShowAnswerOpen } from "../../domain/bookings/afterBookingRules";
import { baghdadToday } from "../../domain/bookings/schemas";

export async function myBookings(turn: Turn) {
  if (!turn.account) {
    if (turn.provenPhone) return noBookingsYet(turn);
    return turn.linkFirst("mb");
  }
  const [{ asCustomer, asProvider }, olderMonths] = await Promise.all([
    listMyBookings(turn.ctx),
    myArchivedMonths(turn.ctx),
  ]);
  const nameOf = (b: BookingView) => providerNameOf(turn, b);
  // "where has he got to?": an accepted booking whose provider said he is on the way says so (ADR 044)
  const onTheWay = (b: BookingView) =>
    b.status === "accepted" && b.onTheWayAt ? ` · 🚗 ${turn.t("onTheWay.customerSees", { provider: nameOf(b) })}` : "";
  const dayText = (b: BookingView) =>
    b.preferredDate ? ` · ${formatDay(b.preferredDate, intlLocale(turn.lang))}` : "";
  const line = (b: BookingView) =>
    `${bookingNumber(turn, b.id)} · ${nameOf(b)} ` +
    `· ${turn.t(`booking.status.${b.status}`)}${dayText(b)}${onTheWay(b)}`;
  const buttons: Button[][] = [];
  const parts: string[] = [];
  const mine = asCustomer.slice(0, PAGE_SIZE);
  if (mine.length) {
    parts.push(`${turn.t("booking.myBookings")}:`, ...mine.map(line));
    for (const b of mine)
      if (b.status === "pending" || b.status === "accepted")
        buttons.push([
          { label: turn.t("bot.cancelBooking", { id: b.id }), action: `booking:cancel:${b.id}` },
          { label: turn.t("changeDay.changeDayButton", { id: b.id }), action: `mv:${b.id}` },
        ]);
    // once the slot has ended: "did not come" (bot/flows/afterBooking.ts); said of her: her answer (ADR 056)
    for (const b of mine) if (noShowOpen(turn, b)) buttons.push([noShowButton(turn, b)]);
    for (const b of mine)
      if (noShowAnswerOpen(b, "customer", turn.ctx.now())) buttons.push([noShowAnswerButton(turn, b)]);
  }
  const forMe = asProvider.filter((b) => b.status === "pending" || b.status === "accepted").slice(0, PAGE_SIZE);
  if (forMe.length) {
    parts.push("", `${turn.t("booking.requestsForMe")}:`, ...forMe.map((b) => providerBookingLines(turn, b)));
    for (const b of forMe) buttons.push(bookingAnswers(turn, b));
  }
  if (!parts.length && !olderMonths.length) return noBookingsYet(turn);
  if (!parts.length) parts.push(turn.t("booking.noBookings"));
  // closed bookings past 60 days are in the archive (ADR 062): the chat names the web page that lists them
  if (olderMonths.length)
    parts.push("", turn.t("booking.older.onTheWeb", { url: `${turn.deps.siteUrl}/bookings/older` }));
  buttons.push([turn.menuButton()]);
  turn.say({ text: parts.join("\n"), buttons });
}

export async function changeBooking(turn: Turn, rawId: string, action: string) {
  if (!(BOOKING_ACTIONS as readonly string[]).includes(action)) return turn.nothingPending();
  // on WhatsApp the sender's proven number is who they are: a number with no account answers only for the
  // listings no account owns that carry it (ADR 047)
  if (!turn.account && !turn.provenPhone) return turn.linkFirst(`booking:${action}:${rawId}`);
  let booking: BookingView;
  try {
    booking = await changeBookingStatus(turn.ctx, rawId, action as BookingAction);
  } catch (err) {
    if (
      !turn.account &&
      isServiceError(err) &&
      (err.code === "NOT_FOUND" || err.code === "FORBIDDEN" || err.code === "UNAUTHENTICATED")
    )
      return noBookingToCancel(turn, Number(rawId));
    if (!turn.account && isServiceError(err) && err.code === "CONFLICT")
      return turn.say({ text: turn.t("errors.bookingState"), buttons: [[turn.menuButton()]] });
    // decided already (on the web, by the customer, or by an earlier tap): say what it is now
    if (!isServiceError(err) || err.code !== "CONFLICT") throw err;
    const now = await getMyBooking(turn.ctx, rawId);
    return turn.say({
      text: turn.t("bot.bookingAlready", { id: now.id, status: turn.t(`booking.status.${now.status}`) }),
      buttons: [
        [{ label: turn.t("bot.myBookings"), action: (await turn.myListing()) ? "pb" : "mb" }, turn.menuButton()],
      ],
    });
  }
  turn.say({
    text: turn.t("bot.bookingChanged", { id: booking.id, status: turn.t(`booking.status.${booking.status}`) }),
    buttons: [[{ label: turn.t("bot.myBookings"), action: "mb" }, turn.menuButton()]],
  });
}

/** "You have no bookings yet" and what to do: write what you need, as in the example, or tap Search. */
function noBookingsYet(turn: Turn) {
  turn.say({
    text: turn.t("bot.noBookingsYet"),
    buttons: [[{ label: turn.t("bot.searchWords"), action: "s" }, turn.menuButton()]],
  });
}

/** "Cancel booking #12 with Abu Firas, Monday?": the one cancellable booking, cancelled by the button's tap. */
function askToCancel(turn: Turn, b: BookingView) {
  const when = b.preferredDate
    ? `${turn.lang === "en" ? ", " : "، "}${formatDay(b.preferredDate, intlLocale(turn.lang), "full")}`
    : "";
  turn.say({
    text: turn.t("bot.cancelOne", { id: bookingNumber(turn, b.id), provider: providerNameOf(turn, b), when }),
    buttons: [
      [{ label: turn.t("bot.cancelBooking", { id: b.id }), action: `booking:cancel:${b.id}` }],
      [{ label: turn.t("bot.keepBooking"), action: "mb" }, turn.menuButton()],
    ],
  });
}

/** The listing's name in the reader's script, or "a former provider". */
const providerNameOf = (turn: Turn, b: BookingView) =>
  b.providerName
    ? isolate(namesForReader({ name: b.providerName, nameOther: b.providerNameOther }, turn.lang).primary)
    : turn.t("account.formerProvider");

/** "You have no booking #12 to cancel" / "You have no bookings to cancel", and the way on. */
function noBookingToCancel(turn: Turn, id?: number) {
  turn.say({
    text: id && Number.isFinite(id) ? turn.t("bot.noSuchBookingToCancel", { id }) : turn.t("bot.noBookingsToCancel"),
    buttons: [[{ label: turn.t("bot.searchWords"), action: "s" }, turn.menuButton()]],
  });
}

/** A booking's number as every message writes it: "#١٢" in ar and ku, "#12" in en, never grouped. */
export const bookingNumber = (turn: Turn, id: number) => `#${formatNumber(id, turn.lang, { useGrouping: false })}`;

/** A booking as a provider reads it: who, when, where, how urgent, what. */
export function providerBookingLines(turn: Turn, b: BookingView): string {
  const day = b.preferredDate ? formatDay(b.preferredDate, intlLocale(turn.lang), "full") : turn.t("notices.anyDay");
  const urgent = b.urgency === "high" || b.urgency === "emergency" ? ` · ⚡ ${turn.t(urgencyKey(b.urgency))}` : "";
  const status =
    b.status === "pending"
      ? "booking.status.pendingForYou"
      : b.status === "expired"
        ? "booking.status.missed"
        : `booking.status.${b.status}`;
  return [
    // a customer who deleted their account has no name left: "Former customer" (ADR 041)
    `${bookingNumber(turn, b.id)} ` +
      `· ${b.customerName ? isolate(firstName(b.customerName)) : turn.t("account.formerCustomer")} ` +
      `· ${turn.t(status)}${urgent}`,
    `   📅 ${day} · ${turn.t(`booking.${b.preferredTime ?? "flexible"}`)}`,
    `   📍 ${isolate(clip(b.customerLocation, 60))}`,
    `   📝 ${isolate(jobLine(b.serviceDescription, 100))}`,
  ].join("\n");
}

/** Whether one side may now say the other did not come (accepted, its slot ended, nothing recorded yet). */
const noShowOpen = (turn: Turn, b: BookingView) =>
  b.status === "accepted" && !b.noShow && slotHasEnded(b, turn.ctx.now());
const noShowButton = (turn: Turn, b: BookingView): Button => ({
  label: turn.t("bot.noShow", { id: b.id }),
  action: `ns:${b.id}`,
});
const noShowAnswerButton = (turn: Turn, b: BookingView): Button => ({
  label: turn.t("bot.noShowAnswer", { id: b.id }),
  action: `nsa:${b.id}`,
});

/** The answers a booking can take now, each naming it. */
export function bookingAnswers(turn: Turn, b: BookingView): Button[] {
  if (b.status === "pending")
    return [
      { label: turn.t("bot.acceptBooking", { id: b.id }), action: `booking:accept:${b.id}` },
      { label: turn.t("bot.declineBooking", { id: b.id }), action: `booking:decline:${b.id}` },
    ];
  if (b.status === "accepted") {
    // on its day: "On my way" until said, then "Done"; any day: another day for the customer (ADR 044)
    // once "did not come" is recorded, neither "On my way" nor "Done" (ADR 056); said of him: his answer
    const { onMyWay, done } = providerDayActions(b, baghdadToday(turn.ctx.now()));
    return [
      ...(onMyWay ? [{ label: turn.t("onTheWay.buttonId", { id: b.id }), action: `omw:${b.id}` }] : []),
      ...(done ? [{ label: turn.t("bot.completeBooking", { id: b.id }), action: `booking:complete:${b.id}` }] : []),
      { label: turn.t("changeDay.changeDayButton", { id: b.id }), action: `mv:${b.id}` },
      ...(noShowOpen(turn, b) ? [noShowButton(turn, b)] : []),
      ...(noShowAnswerOpen(b, "provider", turn.ctx.now()) ? [noShowAnswerButton(turn, b)] : []),
    ];
  }
  return [];
}

export const myBookingsFlow: Flow = {
  name: "myBookings",
  actions: {
    mb: (turn) => myBookings(turn),
    booking: (turn, action, bookingId) => changeBooking(turn, bookingId, action),
  },
  intents: {
    myBookings: (turn) => myBookings(turn),
    async cancelBooking(turn, u) {
      if (u.bookingId) return changeBooking(turn, String(u.bookingId), "cancel");
      // nothing that can be cancelled: say so, rather than ask which one
      if (!turn.account && turn.provenPhone) return noBookingToCancel(turn);
      const open = turn.account
        ? (await listMyBookings(turn.ctx)).asCustomer.filter((b) => b.status === "pending" || b.status === "accepted")
        : [];
      if (turn.account && !open.length) return noBookingToCancel(turn);
      // one it can be: that one, to confirm with a tap, not "which booking?"
      if (open.length === 1) return askToCancel(turn, open[0]);
      turn.say({ text: turn.t("bot.whichBooking") });
      return myBookings(turn);
    },
  },
};
