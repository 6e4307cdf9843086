/**
 * After the booking (ADR 043): the answers on the scheduler's messages. The customer confirms from a reminder
 * (`cf:<booking>`), rates with one tap (`rv:<booking>:<1-5>`, then optionally says what went wrong), and either side
 * says the other did not come (`ns:<booking>`), and the side said to be absent answers it (`nsa:<booking>`, then one
 * message, ADR 056). Every answer goes through the domain's verbs, as the web.
 */
import type { Flow } from "../engine/flow";
import type { Turn } from "../engine/turn";
import { confirmBooking } from "../../domain/bookings/confirmBooking";
import { answerNoShow, reportNoShow } from "../../domain/bookings/noShow";
import { isServiceError } from "../../domain/errors";
import { addReviewComment, myReviewOf, rateByTap } from "../../domain/reviews/quickReview";
import { bookingForParticipant } from "../../domain/bookings/participants";
import { isolate } from "../../domain/text/bidi";
import { namesForReader } from "../../domain/providers/displayName";
import { listMyBookings } from "../../domain/bookings/listMyBookings";
import { slotHasEnded } from "../../domain/bookings/slotEnded";
import { baghdadToday } from "../../domain/bookings/schemas";
import type { BookingView } from "../../domain/bookings/view";
import { bookingNumber, myBookings } from "./myBookings";
import { addDays } from "../../domain/baghdadTime";

const stars = (n: number) => "⭐".repeat(n);

/** A chat that is nobody's account yet links first, then the tap goes on. */
function needsAccount(turn: Turn, resume: string): boolean {
  if (turn.account) return false;
  turn.linkFirst(resume);
  return true;
}

async function confirm(turn: Turn, rawId: string) {
  if (needsAccount(turn, `cf:${rawId}`)) return;
  const done = await confirmBooking(turn.ctx, rawId);
  turn.say({
    text: turn.t("bot.bookingConfirmedThanks", {
      id: done.id,
      provider: isolate(namesForReader({ name: done.providerName }, turn.lang).primary),
    }),
    buttons: [[{ label: turn.t("bot.myBookings"), action: "mb" }, turn.menuButton()]],
  });
}

async function rate(turn: Turn, rawId: string, rawStars: string) {
  const n = Number(rawStars);
  if (!/^[1-5]$/.test(rawStars ?? "")) return turn.nothingPending();
  if (needsAccount(turn, `rv:${rawId}:${rawStars}`)) return;
  const booking = await bookingForParticipant(turn.ctx, rawId);
  const provider = isolate(namesForReader({ name: booking.providerName }, turn.lang).primary);
  try {
    await rateByTap(turn.ctx, rawId, n);
  } catch (err) {
    if (!isServiceError(err) || err.messageKey !== "errors.reviewExists") throw err;
    const mine = await myReviewOf(turn.ctx, booking.id);
    return turn.say({
      text: turn.t("bot.reviewAlready", { id: booking.id, stars: stars(mine?.rating ?? n) }),
      buttons: [[turn.menuButton()]],
    });
  }
  turn.say({ text: turn.t("bot.reviewThanks", { stars: stars(n), provider }) });
  if (n >= 4)
    return turn.say({
      text: turn.t("bot.menuText"),
      buttons: [[{ label: turn.t("bot.myBookings"), action: "mb" }, turn.menuButton()]],
    });
  // below four: what went wrong, in free text, optional
  turn.state = { ...turn.state, step: "reviewWhy", reviewing: booking.id };
  askWhy(turn);
}

function askWhy(turn: Turn) {
  turn.say({ text: turn.t("bot.reviewWhy"), buttons: [[{ label: turn.t("bot.reviewWhySkip"), action: "m" }]] });
}

async function noShow(turn: Turn, rawId: string) {
  if (needsAccount(turn, `ns:${rawId}`)) return;
  const done = await reportNoShow(turn.ctx, rawId);
  turn.say({
    text: turn.t("bot.noShowRecorded", {
      id: done.id,
      what: turn.t(done.noShow === "provider" ? "booking.noShowProvider" : "booking.noShowCustomer"),
    }),
    buttons: [[{ label: turn.t("bot.myBookings"), action: "mb" }, turn.menuButton()]],
  });
}

/** "Answer" on a "did not come" notice: the next message is the answer (the verb checks it is theirs, and in time). */
async function askNoShowAnswer(turn: Turn, rawId: string) {
  if (needsAccount(turn, `nsa:${rawId}`)) return;
  const b = await bookingForParticipant(turn.ctx, rawId);
  turn.state = { ...turn.state, step: "noShowAnswer", answering: b.id };
  turn.say({ text: turn.t("bot.noShowAnswerAsk", { id: b.id }), buttons: [[turn.menuButton()]] });
}

/**
 * "He didn't come" typed: today's and yesterday's accepted bookings on either side, each with "did not come" to tap
 * once its slot has ended (the same rule as the card and the verb, ADR 056); none ended yet says so; none of those days
 * shows the bookings as they stand.
 */
async function didNotCome(turn: Turn) {
  // a WhatsApp number with no account has no bookings: said so, with what to do (no contact asked for)
  if (!turn.account && turn.provenPhone) return myBookings(turn);
  if (needsAccount(turn, "mb")) return;
  const { asCustomer, asProvider } = await listMyBookings(turn.ctx);
  const now = turn.ctx.now();
  const today = baghdadToday(now);
  const yesterday = addDays(today, -1);
  const todays = [...asCustomer, ...asProvider].filter(
    (b) => b.status === "accepted" && !b.noShow && (b.preferredDate === today || b.preferredDate === yesterday),
  );
  const more = [{ label: turn.t("bot.myBookings"), action: "mb" }, turn.menuButton()];
  // none of today or yesterday: said, then the bookings as they stand (or "no bookings yet" and what to do)
  if (!todays.length) {
    if (asCustomer.length || asProvider.length) turn.say({ text: turn.t("bot.noShowNoneToday") });
    return myBookings(turn);
  }
  const ended = todays.filter((b) => slotHasEnded(b, now));
  if (!ended.length) return turn.say({ text: turn.t("errors.noShowNotYet"), buttons: [more] });
  const other = (b: BookingView) =>
    b.customerId === turn.account?.userId
      ? b.providerName
        ? isolate(namesForReader({ name: b.providerName, nameOther: b.providerNameOther }, turn.lang).primary)
        : turn.t("account.formerProvider")
      : b.customerName
        ? isolate(b.customerName)
        : turn.t("account.formerCustomer");
  turn.say({
    text: [
      turn.t("bot.noShowToday"),
      ...ended.map(
        (b) => `${bookingNumber(turn, b.id)} · ${other(b)} · ${turn.t(`booking.${b.preferredTime ?? "flexible"}`)}`,
      ),
    ].join("\n"),
    buttons: [...ended.map((b) => [{ label: turn.t("bot.noShow", { id: b.id }), action: `ns:${b.id}` }]), more],
  });
}

export const afterBookingFlow: Flow = {
  name: "afterBooking",
  actions: {
    cf: (turn, id) => confirm(turn, id),
    rv: (turn, id, n) => rate(turn, id, n),
    ns: (turn, id) => noShow(turn, id),
    nsa: (turn, id) => askNoShowAnswer(turn, id),
  },
  intents: {
    noShow: (turn) => didNotCome(turn),
  },
  steps: {
    noShowAnswer: {
      async read(turn, typed) {
        const id = turn.state.answering;
        turn.state = { ...turn.state, step: "idle", answering: undefined };
        if (!id) return turn.mainMenu(false);
        await answerNoShow(turn.ctx, String(id), { answer: typed.raw });
        turn.say({
          text: turn.t("bot.noShowAnswerSaved", { id }),
          buttons: [[{ label: turn.t("bot.myBookings"), action: "mb" }, turn.menuButton()]],
        });
      },
      ask: (turn) => askNoShowAnswer(turn, String(turn.state.answering ?? "")),
    },
    reviewWhy: {
      async read(turn, typed) {
        const id = turn.state.reviewing;
        turn.state = { ...turn.state, step: "idle", reviewing: undefined };
        if (!id) return turn.mainMenu(false);
        await addReviewComment(turn.ctx, String(id), { comment: typed.raw });
        turn.say({
          text: turn.t("bot.reviewCommentSaved", { id }),
          buttons: [[{ label: turn.t("bot.myBookings"), action: "mb" }, turn.menuButton()]],
        });
      },
      ask: (turn) => askWhy(turn),
    },
  },
};
