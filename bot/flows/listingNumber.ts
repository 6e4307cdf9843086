/**
 * A listing's number writes to the bot (ADR 047): when the chat proves a number that listings no account owns carry,
 * its menu is what waits for them (each booking by #, with Accept / Decline / Another day) and "This is my business:
 * manage it on Dalil". Accept and Decline are the booking answers every provider has (booking:…); the rules are in
 * domain/reach/numberDesk.ts.
 */
import type { Flow } from "../engine/flow";
import type { Turn } from "../engine/turn";
import type { Button } from "../engine/types";
import { claimListingByNumber, linkForNumber, numberDesk, type NumberDesk } from "../../domain/reach/numberDesk";
import { namesForReader } from "../../domain/providers/displayName";
import { isolate } from "../../domain/text/bidi";
import { oneLine } from "../../domain/text/oneLine";
import { providerBookingLines } from "./myBookings";
import { linkInLanguage } from "../../domain/reach/tellListing";
import { saysStop } from "../../domain/understand/saysStop";

const nameOf = (turn: Turn, l: { name: string; nameOther: string | null }) =>
  isolate(oneLine(namesForReader(l, turn.lang).primary));

function showDesk(turn: Turn, desk: NumberDesk, welcome: boolean) {
  const names = desk.listings.map((l) => nameOf(turn, l)).join(" · ");
  const shown = desk.bookings.slice(0, 5);
  // what waits for an answer, then what was accepted already: an accepted request is not "waiting" (ADR 076)
  const waiting = shown.filter((b) => b.status === "pending");
  const accepted = shown.filter((b) => b.status !== "pending");
  const lines = [
    ...(waiting.length
      ? [turn.t("reach.bot.waiting", { name: names }), "", ...waiting.map((b) => providerBookingLines(turn, b))]
      : [turn.t("reach.bot.nothingWaiting", { name: names })]),
    ...(accepted.length
      ? ["", turn.t("reach.bot.accepted"), "", ...accepted.map((b) => providerBookingLines(turn, b))]
      : []),
  ];
  const answers: Button[][] = shown.map((b) =>
    b.status === "pending"
      ? [
          { label: turn.t("bot.acceptBooking", { id: b.id }), action: `booking:accept:${b.id}` },
          { label: turn.t("bot.declineBooking", { id: b.id }), action: `booking:decline:${b.id}` },
          { label: turn.t("reach.bot.anotherDay", { id: b.id }), action: `lmv:${b.id}` },
        ]
      : [{ label: turn.t("reach.bot.anotherDay", { id: b.id }), action: `lmv:${b.id}` }],
  );
  turn.say({
    text: [...(welcome ? [turn.t("bot.welcome"), ""] : []), ...lines].join("\n"),
    buttons: [
      ...answers,
      ...desk.listings.map((l) => [{ label: turn.t("reach.bot.claim"), action: `cl:${l.id}` }]),
      [
        { label: turn.t("bot.searchWords"), action: "s" },
        { label: turn.t("bot.language"), action: "L" },
      ],
    ],
  });
}

async function claim(turn: Turn, providerId: string) {
  const { account, listing } = await claimListingByNumber(turn.ctx, providerId, {
    name: turn.inbound.profileName ?? "",
    lang: turn.lang,
  });
  // the chat is the number itself: it acts as the account from now on
  turn.account = account;
  turn.linkedVia = "phone";
  turn.listing = undefined;
  turn.say({ text: turn.t("reach.bot.claimed", { name: isolate(listing.name), url: `${turn.deps.siteUrl}/login` }) });
  return turn.mainMenu(false);
}

async function anotherDay(turn: Turn, bookingId: string) {
  const path = await linkForNumber(turn.ctx, bookingId);
  // the page opens in the chat's language (ADR 076)
  const link = new URL(linkInLanguage(path, turn.lang), turn.deps.siteUrl).toString();
  turn.say({
    text: turn.t("reach.bot.anotherDayLink", { id: Number(bookingId), link }),
    buttons: [[turn.menuButton()]],
  });
}

export const listingNumberFlow: Flow = {
  name: "listingNumber",
  actions: {
    cl: (turn, providerId) => claim(turn, providerId),
    lmv: (turn, bookingId) => anotherDay(turn, bookingId),
  },
  // a number's first message (a greeting, anything) is answered with what waits for it, not the newcomer's
  // language question: its requests are in the language they were written in
  async first(turn, { isNew, text }) {
    if (!isNew || turn.account) return false;
    // STOP as a first message is the account flow's: it stops
    if (saysStop(text)) return false;
    const desk = await numberDesk(turn.ctx);
    if (!desk.listings.length) return false;
    showDesk(turn, desk, true);
    return true;
  },
  // the menu of a number that listings no account owns carry: what waits for them
  async menu(turn, welcome) {
    if (turn.account && (await turn.myListing())) return false;
    const desk = await numberDesk(turn.ctx);
    if (!desk.listings.length) return false;
    showDesk(turn, desk, welcome);
    return true;
  },
};
