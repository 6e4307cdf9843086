/**
 * The provider's desk: a provider's own menu, the requests and today's bookings with their answers, alerts answered by
 * quoting them, by their buttons or by "accept 9", and the availability switch.
 */
import type { Flow } from "../engine/flow";
import { PAGE_SIZE, type Turn } from "../engine/turn";
import { listMyBookings } from "../../domain/bookings/listMyBookings";
import { baghdadToday } from "../../domain/bookings/schemas";
import { namesForReader } from "../../domain/providers/displayName";
import { setMyAvailability, type MyListing } from "../../domain/providers/myListing";
import { isolate } from "../../domain/text/bidi";
import { bookingAnswers, changeBooking, myBookings, providerBookingLines } from "./myBookings";
import { providerToDo } from "../../domain/dashboard/toDo";

/** How many bookings the remembered alerts offer that still wait for an accept or decline. */
async function waitingAlerts(turn: Turn): Promise<number> {
  const offered = new Set(
    (turn.state.alerts ?? [])
      .flatMap((a) => a.menu)
      .filter((m) => m.startsWith("booking:"))
      .map((m) => Number(m.split(":")[2])),
  );
  if (!turn.account || offered.size < 2) return offered.size;
  const { asProvider } = await listMyBookings(turn.ctx);
  return asProvider.filter((b) => offered.has(b.id) && b.status === "pending").length;
}

async function providerMenu(turn: Turn, listing: MyListing, welcome: boolean) {
  const { asProvider } = await listMyBookings(turn.ctx);
  const pending = asProvider.filter((b) => b.status === "pending").length;
  const today = baghdadToday(turn.ctx.now());
  const todays = asProvider.filter((b) => b.status === "accepted" && b.preferredDate === today).length;
  // what waits on the provider, newest first, as the dashboard opens with it
  const toDo = (await providerToDo(turn.ctx, listing.id)).slice(0, 5);
  const lines = [
    welcome ? turn.t("bot.welcome") : "",
    turn.t("bot.providerMenuText", { name: isolate(namesForReader(listing, turn.lang).primary) }),
    turn.t("bot.providerWaiting", { count: pending }),
    ...(todays ? [turn.t("bot.providerToday", { count: todays })] : []),
    listing.isAvailable ? `🟢 ${turn.t("bot.youAreAvailable")}` : `⏸️ ${turn.t("bot.youAreBusy")}`,
    ...(toDo.length
      ? [
          "",
          `${turn.t("dashboard.todo.title")}:`,
          ...toDo.map((i) => {
            const job = i.kind === "request" || i.kind === "noShow" ? ` · ${isolate(i.job)}` : "";
            return `• ${turn.t(`dashboard.todo.${i.kind}`, { id: i.bookingId })}${job}`;
          }),
        ]
      : []),
  ].filter((l, i) => l || i > 0);
  const answers = toDo.flatMap((i) =>
    i.kind === "request"
      ? [
          [
            { label: turn.t("bot.acceptBooking", { id: i.bookingId }), action: `booking:accept:${i.bookingId}` },
            { label: turn.t("bot.declineBooking", { id: i.bookingId }), action: `booking:decline:${i.bookingId}` },
          ],
        ]
      : i.kind === "day"
        ? [
            [
              { label: turn.t("changeDay.acceptButton", { id: i.bookingId }), action: `mva:${i.proposalId}` },
              { label: turn.t("changeDay.declineButton", { id: i.bookingId }), action: `mvd:${i.proposalId}` },
            ],
          ]
        : [],
  );
  turn.say({
    text: lines.join("\n"),
    buttons: [
      [{ label: turn.t("bot.providerBookings"), action: "pb" }],
      [
        listing.isAvailable
          ? { label: turn.t("bot.busyToday"), action: "av:0" }
          : { label: turn.t("bot.availableAgain"), action: "av:1" },
        { label: turn.t("week.bot.button"), action: "wk" },
      ],
      [
        { label: turn.t("bot.searchWords"), action: "s" },
        { label: turn.t("bot.myBookings"), action: "mb" },
      ],
      [
        { label: turn.t("bot.language"), action: "L" },
        { label: turn.t("bot.help"), action: "h" },
      ],
      // after the menu's own choices, so their numbers stay where people learned them
      ...answers,
    ],
  });
}

/** Today's and waiting bookings for the provider, each with its answers; `heading` asks which one. */
async function providerBookings(turn: Turn, heading?: string) {
  if (!(await turn.myListing())) return myBookings(turn);
  const { asProvider } = await listMyBookings(turn.ctx);
  const open = asProvider
    .filter((b) => b.status === "pending" || b.status === "accepted")
    // waiting answers first, then the accepted ones by day
    .sort((x, y) =>
      x.status === y.status
        ? (x.preferredDate ?? "9999").localeCompare(y.preferredDate ?? "9999") || x.id - y.id
        : x.status === "pending"
          ? -1
          : 1,
    )
    .slice(0, PAGE_SIZE);
  if (!open.length) return turn.say({ text: turn.t("bot.providerNothingOpen"), buttons: [[turn.menuButton()]] });
  turn.say({
    text: [
      heading
        ? turn.t(heading, { count: open.filter((b) => b.status === "pending").length })
        : `${turn.t("bot.providerBookings")}:`,
      "",
      ...open.map((b) => providerBookingLines(turn, b)),
    ].join("\n"),
    buttons: [...open.map((b) => bookingAnswers(turn, b)).filter((row) => row.length), [turn.menuButton()]],
  });
}

/** "accept", «قبول ٩», «تەواو»: the named booking, the quoted alert's, or the only one it can be; else asked back. */
async function answerBooking(turn: Turn, action: "accept" | "decline" | "complete", bookingId?: number) {
  if (!(await turn.myListing())) return turn.notUnderstood();
  if (bookingId) return changeBooking(turn, String(bookingId), action);
  const quoted = turn.quotedAlert()?.menu.find((m) => m.startsWith("booking:"));
  if (quoted) return changeBooking(turn, quoted.split(":")[2], action);
  const { asProvider } = await listMyBookings(turn.ctx);
  const candidates = asProvider.filter((b) => b.status === (action === "complete" ? "accepted" : "pending"));
  if (candidates.length === 1) return changeBooking(turn, String(candidates[0].id), action);
  return providerBookings(turn, candidates.length ? "bot.whichAlert" : undefined);
}

/** The availability switch from the chat: "busy today" / "available again". */
async function setAvailable(turn: Turn, available: boolean) {
  if (!(await turn.myListing())) return turn.notUnderstood();
  turn.listing = await setMyAvailability(turn.ctx, { available });
  turn.say({ text: turn.t(available ? "bot.nowAvailable" : "bot.nowBusy") });
  return turn.mainMenu(false);
}

export const providerDeskFlow: Flow = {
  name: "providerDesk",
  actions: {
    pb: (turn) => providerBookings(turn),
    av: (turn, on) => setAvailable(turn, on === "1"),
  },
  intents: {
    acceptBooking: (turn, u) => answerBooking(turn, "accept", u.bookingId),
    declineBooking: (turn, u) => answerBooking(turn, "decline", u.bookingId),
    completeBooking: (turn, u) => answerBooking(turn, "complete", u.bookingId),
    // «الطلبات», «حجوزات اليوم»: his menu's first line (a customer's words for his own bookings reach myBookings)
    providerBookings: (turn) => providerBookings(turn),
    busy: (turn) => setAvailable(turn, false),
    available: (turn) => setAvailable(turn, true),
  },
  // "1" after two alerts could mean either: asked back, never guessed
  async pick(turn, action, quoted) {
    if (!quoted && turn.state.menuFromAlert && action.startsWith("booking:") && (await waitingAlerts(turn)) > 1) {
      await providerBookings(turn, "bot.whichAlert");
      return true;
    }
    return false;
  },
  // a chat linked to a provider's account has its own menu
  async menu(turn, welcome) {
    const listing = await turn.myListing();
    if (!listing) return false;
    await providerMenu(turn, listing, welcome);
    return true;
  },
};
