/**
 * Changing a booking's day from the chat (ADR 044): "change my booking", the reminders' "Change the day" (mv:), a day
 * chosen (mvp:) and its part (mvs:), the other side's Accept / Decline (mva:, mvd:), and the provider's "On my way"
 * (omw:) and "Can't make it" (cant:). Every rule is in domain/bookings/changeDay.ts.
 */
import { dayCanMove } from "../../domain/bookings/afterBookingRules";
import type { Flow } from "../engine/flow";
import { PAGE_SIZE, type Turn } from "../engine/turn";
import type { Button } from "../engine/types";
import { answerDayProposal, proposeDay } from "../../domain/bookings/changeDay";
import { getMyBooking } from "../../domain/bookings/getMyBooking";
import { listMyBookings } from "../../domain/bookings/listMyBookings";
import { onMyWay } from "../../domain/bookings/onTheWay";
import { baghdadToday } from "../../domain/bookings/schemas";
import type { BookingView } from "../../domain/bookings/view";
import { isServiceError } from "../../domain/errors";
import { addDays, toCalendarDate } from "../../domain/ids";
import {
  isOpenDay,
  isOpenSlot,
  listingWeek,
  nextOpenDays,
  openSlots,
  shortDay,
  slotLabel,
  type Week,
} from "../../domain/providers/week";
import { formatDay } from "../../domain/text/dates";
import { dayOf, whenInText, type DayWord } from "../../domain/text/dayPhrases";
import { intlLocale } from "../../i18n/config";
import { bookingNumber } from "./myBookings";

const movable = (b: BookingView) => dayCanMove(b.status);

/** A move interrupted by a question (help, my bookings) says what waits: "You were moving booking #12 to …" */
const moveWaiting = (turn: Turn) =>
  turn.state.move
    ? turn.t("changeDay.bot.moveWaiting", { ref: bookingNumber(turn, turn.state.move.bookingId) })
    : undefined;

/** A day as a button or a line reads it: "Tomorrow", else «الخميس ٢٧ تشرين الثاني». */
function dayWords(turn: Turn, day: string, full = false): string {
  const today = baghdadToday(turn.ctx.now());
  if (!full && day === today) return turn.t("bot.today");
  if (!full && day === addDays(today, 1)) return turn.t("bot.tomorrow");
  // a button stays short (WhatsApp cuts a list row at 24 characters)
  return full ? formatDay(day, intlLocale(turn.lang), "full") : shortDay(day, turn.lang);
}

/** The chat must belong to someone with bookings: a WhatsApp number with no account has none to move. */
function whoFirst(turn: Turn, resume: string): boolean {
  if (turn.account) return true;
  if (turn.provenPhone) turn.say({ text: turn.t("changeDay.bot.nothingToMove"), buttons: [[turn.menuButton()]] });
  else turn.linkFirst(resume);
  return false;
}

/**
 * "Change the day" on booking `rawId`: the next open days of its listing, one tap each, or a day in words;
 * `refused` (a sentence) says first why the last day given can't be taken.
 */
async function startMove(
  turn: Turn,
  rawId: string,
  said?: { day?: DayWord; slot?: string },
  refused?: string,
): Promise<void> {
  if (!whoFirst(turn, `mv:${rawId}`)) return;
  const booking = await getMyBooking(turn.ctx, rawId);
  if (!movable(booking))
    return turn.say({
      text: turn.t("changeDay.errors.status"),
      buttons: [[{ label: turn.t("bot.myBookings"), action: "mb" }, turn.menuButton()]],
    });
  const week = await listingWeek(turn.ctx, booking.providerId);
  turn.state = { ...turn.state, step: "moveDay", move: { bookingId: booking.id } };
  if (said?.day) return dayChosen(turn, booking.id, dayOf(said.day, baghdadToday(turn.ctx.now())), said.slot, week);
  const current = booking.preferredDate
    ? `${dayWords(turn, booking.preferredDate, true)} · ${turn.t(`booking.${booking.preferredTime ?? "flexible"}`)}`
    : turn.t("changeDay.bot.noDay");
  const days = nextOpenDays(week, baghdadToday(turn.ctx.now()), 6).filter(
    (d) => d !== booking.preferredDate || openSlots(week).length > 1,
  );
  const ask = turn.t("changeDay.bot.askDay", { ref: bookingNumber(turn, booking.id), current });
  turn.say({
    text: refused ? `${refused}\n${ask}` : ask,
    buttons: [
      ...days.map((d) => [{ label: dayWords(turn, d), action: `mvp:${booking.id}:${d}` }]),
      [turn.menuButton()],
    ],
  });
}

/** A day chosen: refused when the listing doesn't work it; with its part of the day, proposed; else asked. */
async function dayChosen(
  turn: Turn,
  bookingId: number,
  rawDay: string,
  slot?: string,
  knownWeek?: Week,
): Promise<void> {
  const day = toCalendarDate(rawDay);
  const booking = await getMyBooking(turn.ctx, String(bookingId));
  const week = knownWeek ?? (await listingWeek(turn.ctx, booking.providerId));
  if (!day || !isOpenDay(week, day))
    return startMove(
      turn,
      String(bookingId),
      undefined,
      turn.t(day ? "errors.week.dayClosed" : "validation.preferredDate"),
    );
  if (slot && isOpenSlot(week, slot)) return propose(turn, bookingId, day, slot);
  turn.state = { ...turn.state, step: "moveTime", move: { bookingId, date: day } };
  const slots = [...openSlots(week), "flexible"];
  turn.say({
    text: turn.t("changeDay.bot.askTime", { day: dayWords(turn, day, true) }),
    buttons: [
      ...slots.map((s) => [{ label: slotLabel(turn.t, week, s, turn.lang), action: `mvs:${bookingId}:${day}_${s}` }]),
      [turn.menuButton()],
    ],
  });
}

async function propose(turn: Turn, bookingId: number, day: string, slot: string): Promise<void> {
  try {
    await proposeDay(turn.ctx, String(bookingId), { date: day, time: slot });
  } catch (err) {
    // a day or part of it the rules refuse: said, and the day asked again; anything else is the engine's to say
    if (!isServiceError(err) || err.code !== "VALIDATION") throw err;
    return startMove(turn, String(bookingId), undefined, turn.t(err.messageKey, err.params));
  }
  turn.state = { ...turn.state, step: "idle", move: undefined };
  turn.say({
    text: turn.t("changeDay.bot.sent", {
      day: dayWords(turn, day, true),
      slot: turn.t(`booking.${slot}`),
      ref: bookingNumber(turn, bookingId),
    }),
    buttons: [[{ label: turn.t("bot.myBookings"), action: (await turn.myListing()) ? "pb" : "mb" }, turn.menuButton()]],
  });
}

async function answer(turn: Turn, rawProposalId: string, verdict: "accept" | "decline") {
  if (!whoFirst(turn, `${verdict === "accept" ? "mva" : "mvd"}:${rawProposalId}`)) return;
  const { proposal, bookingId } = await answerDayProposal(turn.ctx, rawProposalId, verdict);
  const ref = bookingNumber(turn, bookingId);
  turn.say({
    text:
      verdict === "accept"
        ? turn.t("changeDay.bot.accepted", {
            ref,
            day: dayWords(turn, proposal.date, true),
            slot: turn.t(`booking.${proposal.time}`),
          })
        : turn.t("changeDay.bot.declined", { ref }),
    buttons: [
      ...(verdict === "decline"
        ? [[{ label: turn.t("changeDay.changeDayButton", { id: bookingId }), action: `mv:${bookingId}` }]]
        : []),
      [{ label: turn.t("bot.myBookings"), action: "mb" }, turn.menuButton()],
    ],
  });
}

/** The provider's "On my way": the customer is told at once; then "Done" is one tap away. */
async function onTheWay(turn: Turn, rawId: string) {
  if (!whoFirst(turn, `omw:${rawId}`)) return;
  const { booking, told } = await onMyWay(turn.ctx, rawId);
  turn.say({
    text: turn.t(told ? "onTheWay.told" : "onTheWay.alreadyTold", { ref: bookingNumber(turn, booking.id) }),
    buttons: [
      [{ label: turn.t("bot.completeBooking", { id: booking.id }), action: `booking:complete:${booking.id}` }],
      [turn.menuButton()],
    ],
  });
}

/** "Can't make it": another day for the customer, or the booking cancelled with the customer told, or kept. */
async function cantMakeIt(turn: Turn, rawId: string) {
  if (!whoFirst(turn, `cant:${rawId}`)) return;
  const booking = await getMyBooking(turn.ctx, rawId);
  const listing = await turn.myListing();
  if (!listing || listing.id !== booking.providerId || !movable(booking))
    return turn.say({
      text: turn.t("bot.bookingAlready", { id: booking.id, status: turn.t(`booking.status.${booking.status}`) }),
      buttons: [[turn.menuButton()]],
    });
  // a request not yet accepted is declined; an accepted one is cancelled by the provider
  const cancel = booking.status === "pending" ? "decline" : "withdraw";
  turn.say({
    text: turn.t("changeDay.bot.cantMakeIt", { ref: bookingNumber(turn, booking.id) }),
    buttons: [
      [{ label: turn.t("changeDay.changeDayButton", { id: booking.id }), action: `mv:${booking.id}` }],
      [{ label: turn.t("changeDay.bot.cancelIt", { id: booking.id }), action: `booking:${cancel}:${booking.id}` }],
      [{ label: turn.t("changeDay.bot.keep"), action: "pb" }],
    ],
  });
}

/** "Change my booking" (to Friday): the named booking, or the only one that can move, or asked which. */
async function changeBookingSaid(turn: Turn, u: { bookingId?: number; day?: DayWord; slot?: string }) {
  if (u.bookingId) return startMove(turn, String(u.bookingId), u);
  if (!whoFirst(turn, "mb")) return;
  const { asCustomer, asProvider } = await listMyBookings(turn.ctx);
  const open = [...asCustomer, ...asProvider].filter(movable).slice(0, PAGE_SIZE);
  if (!open.length) return turn.say({ text: turn.t("changeDay.bot.nothingToMove"), buttons: [[turn.menuButton()]] });
  if (open.length === 1) return startMove(turn, String(open[0].id), u);
  const buttons: Button[][] = open.map((b) => [
    { label: turn.t("changeDay.changeDayButton", { id: b.id }), action: `mv:${b.id}` },
  ]);
  turn.say({ text: turn.t("changeDay.bot.whichBooking"), buttons: [...buttons, [turn.menuButton()]] });
}

export const changeDayFlow: Flow = {
  name: "changeDay",
  actions: {
    mv: (turn, bookingId) => startMove(turn, bookingId),
    mvp: (turn, bookingId, day) =>
      whoFirst(turn, `mv:${bookingId}`) ? dayChosen(turn, Number(bookingId), day) : undefined,
    mvs(turn, bookingId, daySlot) {
      const [day, slot] = (daySlot ?? "").split("_");
      if (!whoFirst(turn, `mv:${bookingId}`)) return;
      return dayChosen(turn, Number(bookingId), day, slot);
    },
    mva: (turn, proposalId) => answer(turn, proposalId, "accept"),
    mvd: (turn, proposalId) => answer(turn, proposalId, "decline"),
    omw: (turn, bookingId) => onTheWay(turn, bookingId),
    cant: (turn, bookingId) => cantMakeIt(turn, bookingId),
  },
  intents: {
    changeBooking: (turn, u) => changeBookingSaid(turn, u),
  },
  steps: {
    // a day in words («الخميس», "in 3 days", «سبەینێ ئێوارە»), with its part of the day when said
    moveDay: {
      read(turn, { text }) {
        const move = turn.state.move;
        if (!move) return false;
        const when = whenInText(text);
        const day = when.day ? dayOf(when.day, baghdadToday(turn.ctx.now())) : toCalendarDate(text);
        if (!day) return false;
        return dayChosen(turn, move.bookingId, day, when.slot);
      },
      ask: (turn) => (turn.state.move ? startMove(turn, String(turn.state.move.bookingId)) : false),
      waiting: moveWaiting,
    },
    moveTime: {
      read(turn, { text }) {
        const move = turn.state.move;
        const { slot } = whenInText(text);
        if (!move?.date || !slot) return false;
        return dayChosen(turn, move.bookingId, move.date, slot);
      },
      ask: (turn) => (turn.state.move?.date ? dayChosen(turn, turn.state.move.bookingId, turn.state.move.date) : false),
      waiting: moveWaiting,
    },
  },
};
