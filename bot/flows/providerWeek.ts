/**
 * The provider's week from the chat (ADR 044): days off one tap each (wd:), a part of the day's hours from a few
 * choices or closed (ws:, wh:), shown from the desk's "My week" (wk:). A booking on a time the change closes is not
 * cancelled: it is listed with "Change the day" (the changeDay flow's mv:).
 */
import type { Flow } from "../engine/flow";
import type { Turn } from "../engine/turn";
import type { Button } from "../engine/types";
import {
  myWeek,
  setMyWeek,
  slotLabel,
  WEEK_SLOTS,
  WEEKDAYS,
  weekdayName,
  type Week,
  type WeekSlot,
} from "../../domain/providers/week";
import { formatDay } from "../../domain/text/dates";
import { formatNumber } from "../../domain/text/numbers";
import { intlLocale } from "../../i18n/config";
import { bookingNumber } from "./myBookings";

/** The hours a part of the day can take in one tap (any others on the web's listing page). */
const HOUR_CHOICES: Record<WeekSlot, [number, number][]> = {
  morning: [
    [7, 11],
    [8, 12],
    [9, 13],
    [10, 14],
  ],
  afternoon: [
    [12, 16],
    [12, 17],
    [13, 18],
    [14, 18],
  ],
  evening: [
    [16, 20],
    [17, 20],
    [17, 21],
    [18, 22],
  ],
};

async function showWeek(
  turn: Turn,
  week?: Week,
  toMove: { id: number; date: string; time: string | null }[] = [],
  saved = false,
) {
  if (!(await turn.myListing())) return turn.notUnderstood();
  if (!week) ({ week, toMove } = await myWeek(turn.ctx));
  const w = week;
  const days = w.daysOff.length
    ? WEEKDAYS.filter((d) => w.daysOff.includes(d))
        .map((d) => weekdayName(d, turn.lang))
        .join(turn.lang === "en" ? ", " : "، ")
    : turn.t("week.bot.noDaysOff");
  const hours = WEEK_SLOTS.map((s) =>
    w.hours[s] ? slotLabel(turn.t, w, s, turn.lang) : turn.t("week.bot.slotClosed", { slot: turn.t(`week.slot.${s}`) }),
  ).join("\n");
  const dayButton = (d: number): Button => ({
    label: `${w.daysOff.includes(d) ? "⛔" : "✅"} ${weekdayName(d, turn.lang)}`,
    action: `wd:${d}`,
  });
  const lines = [...(saved ? [turn.t("week.bot.saved")] : []), turn.t("week.bot.text", { days, hours })];
  if (toMove.length) {
    lines.push(
      "",
      turn.t("week.bot.toMove"),
      ...toMove.map(
        (b) =>
          `${bookingNumber(turn, b.id)} · ${formatDay(b.date, intlLocale(turn.lang), "full")} ` +
          `· ${turn.t(`booking.${b.time ?? "flexible"}`)}`,
      ),
    );
  }
  // bookings to move come first (the week again one tap away); else seven days and three parts of the day:
  // ten choices, WhatsApp's most in one list
  const buttons: Button[][] = toMove.length
    ? [
        ...toMove
          .slice(0, 5)
          .map((b) => [{ label: turn.t("changeDay.changeDayButton", { id: b.id }), action: `mv:${b.id}` }]),
        [{ label: turn.t("week.bot.button"), action: "wk" }],
      ]
    : [
        WEEKDAYS.slice(0, 4).map(dayButton),
        WEEKDAYS.slice(4).map(dayButton),
        WEEK_SLOTS.map((s) => ({
          label: w.hours[s] ? slotLabel(turn.t, w, s, turn.lang) : `⛔ ${turn.t(`week.slot.${s}`)}`,
          action: `ws:${s}`,
        })),
      ];
  turn.say({ text: lines.join("\n"), buttons });
}

async function toggleDay(turn: Turn, raw: string) {
  const day = Number(raw);
  if (!(await turn.myListing()) || !(WEEKDAYS as readonly number[]).includes(day)) return turn.nothingPending();
  const { week } = await myWeek(turn.ctx);
  const daysOff = week.daysOff.includes(day) ? week.daysOff.filter((d) => d !== day) : [...week.daysOff, day];
  const saved = await setMyWeek(turn.ctx, { daysOff, hours: week.hours });
  return showWeek(turn, saved.week, saved.toMove, true);
}

async function askHours(turn: Turn, slot: string) {
  if (!(await turn.myListing()) || !(WEEK_SLOTS as readonly string[]).includes(slot)) return turn.nothingPending();
  const s = slot as WeekSlot;
  const n = (h: number) => formatNumber(h, turn.lang);
  turn.say({
    text: turn.t("week.bot.askHours", { slot: turn.t(`week.slot.${s}`) }),
    buttons: [
      ...HOUR_CHOICES[s].map(([from, to]) => [{ label: `${n(from)}–${n(to)}`, action: `wh:${s}:${from}-${to}` }]),
      [{ label: `⛔ ${turn.t("week.bot.closeSlot")}`, action: `wh:${s}:off` }],
    ],
  });
}

async function setHours(turn: Turn, slot: string, value: string) {
  if (!(await turn.myListing()) || !(WEEK_SLOTS as readonly string[]).includes(slot)) return turn.nothingPending();
  const { week } = await myWeek(turn.ctx);
  const [from, to] = (value ?? "").split("-").map(Number);
  const hours = { ...week.hours, [slot]: value === "off" ? null : { from, to } };
  const saved = await setMyWeek(turn.ctx, { daysOff: week.daysOff, hours });
  return showWeek(turn, saved.week, saved.toMove, true);
}

export const providerWeekFlow: Flow = {
  name: "providerWeek",
  actions: {
    wk: (turn) => showWeek(turn),
    wd: (turn, day) => toggleDay(turn, day),
    ws: (turn, slot) => askHours(turn, slot),
    wh: (turn, slot, value) => setHours(turn, slot, value),
  },
  // "my week", «أسبوعي», «هەفتەکەم» typed: the menu's line
  intents: { week: (turn) => showWeek(turn) },
};
