/**
 * A booking's last step: its urgency, the summary to confirm, and the booking made from the draft (once per draft,
 * with its photos sent on and the listing's deposit offered).
 */
import { draftProvider, freshState } from "../engine/state";
import { ltr, type Turn } from "../engine/turn";
import { requestPromise } from "../../domain/reach/tellListing";
import { createBooking } from "../../domain/bookings/createBooking";
import { depositAskedBy } from "../../domain/payments/deposit";
import { namesForReader } from "../../domain/providers/displayName";
import { isolate } from "../../domain/text/bidi";
import { formatDay } from "../../domain/text/dates";
import { urgencyKey } from "../../domain/text/localParams";
import { oneLine } from "../../domain/text/oneLine";
import { intlLocale } from "../../i18n/config";
import { sendBookingPhotos } from "./bookingPhotos";

const URGENCIES = ["low", "normal", "high", "emergency"] as const;

export function bookUrgency(turn: Turn, urgency: string) {
  const draft = turn.state.draft;
  if (!draft || !(URGENCIES as readonly string[]).includes(urgency)) return turn.nothingPending();
  draft.urgency = urgency as (typeof URGENCIES)[number];
  turn.state.step = "bookConfirm";
  summary(turn);
}

export function summary(turn: Turn) {
  const d = turn.state.draft!;
  const urgency = turn.t(urgencyKey(d.urgency!));
  turn.say({
    text: [
      turn.t("bot.summaryTitle", { provider: isolate(draftProvider(d, turn.lang)) }),
      `📝 ${isolate(d.description!)}`,
      `📍 ${isolate(d.location!)}`,
      `📅 ${formatDay(d.date!, intlLocale(turn.lang), "full")} · ${turn.t(`booking.${d.time}`)}`,
      `⚡ ${urgency}`,
      ...(d.photos?.length ? [`📷 ${turn.t("bot.summaryPhotos", { count: d.photos.length })}`] : []),
      `📞 ${ltr(turn.account?.phone ?? "")}`,
    ].join("\n"),
    buttons: [
      [
        { label: turn.t("bot.confirm"), action: "ok" },
        { label: turn.t("bot.cancelDraft"), action: "x" },
      ],
      ...(d.urgency === "normal" ? [[{ label: `⚡ ${turn.t("bot.makeUrgent")}`, action: "u:high" }]] : []),
    ],
  });
}

export async function confirmBooking(turn: Turn) {
  const d = turn.state.draft;
  if (!d || !d.urgency || !turn.account) return turn.nothingPending();
  const { booking, created } = await createBooking(turn.ctx, {
    providerId: d.providerId,
    serviceDescription: d.description,
    customerLocation: d.location,
    customerPhone: turn.account.phone,
    preferredDate: d.date,
    preferredTime: d.time,
    urgency: d.urgency,
    idempotencyKey: d.key,
  });
  const photos = created ? await sendBookingPhotos(turn, booking, d) : null;
  turn.state = freshState(turn.state.at);
  const name = isolate(
    oneLine(
      namesForReader({ name: booking.providerName ?? "", nameOther: booking.providerNameOther }, turn.lang).primary,
    ),
  );
  // a deposit the listing asks is paid from here (ADR 085): the choice starts it as the web's booking card does
  const deposit = booking.deposit?.status === "paid" ? null : await depositAskedBy(turn.ctx, booking.providerId);
  const asked = deposit ? `\n${turn.t("payments.chat.depositAsked", { amount: deposit })}` : "";
  const booked = turn.t(created ? "bot.booked" : "bot.alreadyBooked", { id: booking.id, provider: name });
  // the promise matches what will happen: answered on Dalil, texted to the number, or call
  const promise = await requestPromise(turn.ctx, booking.id, booking.providerId);
  turn.say({
    text: `${booked}\n${turn.t(`reach.confirm.${promise}`, { provider: name })}${photos ? `\n${photos}` : ""}${asked}`,
    buttons: [
      ...(deposit ? [[{ label: turn.t("payments.chat.payDeposit"), action: `dp:${booking.id}` }]] : []),
      [{ label: turn.t("bot.myBookings"), action: "mb" }, turn.menuButton()],
    ],
  });
}
