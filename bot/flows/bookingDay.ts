/**
 * A booking's day and part of the day: the next named slots the listing works, another day typed in words, the part of
 * the day, and a change of either said later. Each checked with the web's booking schema and the listing's week.
 */
import type { Turn } from "../engine/turn";
import { baghdadToday, bookingSchema } from "../../domain/bookings/schemas";
import { dayOf, whenInText } from "../../domain/text/dayPhrases";
import { isOpenDay, isOpenSlot, listingWeek, openSlots, shortDay, slotLabel } from "../../domain/providers/week";
import { addDays } from "../../domain/baghdadTime";
import { bookUrgency } from "./bookingConfirm";
import { cancelDraft } from "./mindChanged";

const TIME_SLOTS = ["morning", "afternoon", "evening", "flexible"] as const;
/** The named parts of a day a booking can take in one tap. */
const SLOTS = ["morning", "afternoon", "evening"] as const;

/** The web's rule for one field of a booking, as a sentence in the reader's language, or null when it holds. */
export function field(
  turn: Turn,
  name: "serviceDescription" | "customerLocation" | "preferredDate",
  value: string,
): string | null {
  const parsed = bookingSchema(turn.ctx.now()).shape[name].safeParse(value);
  if (parsed.success) return null;
  return turn.t(parsed.error.issues[0]?.message ?? "errors.validation");
}

/** The listing's week (days off, hours per slot): the day question offers only what it works (ADR 044). */
export const weekOf = (turn: Turn) => listingWeek(turn.ctx, turn.state.draft!.providerId);

/**
 * The next named slots the listing works ("Today · Evening", "Tomorrow · Morning"…), one tap each, then "another day".
 */
export async function askDate(turn: Turn) {
  const week = await weekOf(turn);
  const hour = Number(
    new Intl.DateTimeFormat("en-GB", { hour: "numeric", hour12: false, timeZone: "Asia/Baghdad" }).format(
      turn.ctx.now(),
    ),
  );
  const today = baghdadToday(turn.ctx.now());
  const slots: [number, (typeof SLOTS)[number]][] = [];
  for (let offset = 0; offset < 8 && slots.length < 4; offset++) {
    if (!isOpenDay(week, dayOf({ offset }, today))) continue;
    // today's parts that end within the hour are over
    for (const s of openSlots(week)) if (offset > 0 || hour < week.hours[s]!.to - 1) slots.push([offset, s]);
  }
  const dayName = (offset: number) =>
    offset === 0
      ? turn.t("bot.today")
      : offset === 1
        ? turn.t("bot.tomorrow")
        : shortDay(dayOf({ offset }, today), turn.lang);
  turn.say({
    text: turn.t("bot.askDate"),
    buttons: [
      ...slots
        .slice(0, 4)
        .map(([offset, slot]) => [
          { label: `${dayName(offset)} · ${slotLabel(turn.t, week, slot, turn.lang)}`, action: `ds:${offset}:${slot}` },
        ]),
      [{ label: turn.t("bot.otherDay"), action: "d:other" }],
      ...cancelDraft(turn),
    ],
  });
}

/** A day typed in words at the date question: «باچر», "Friday", «دوو سبەی», "in 3 days", or YYYY-MM-DD. */
export async function typedDate(turn: Turn, text: string) {
  const today = baghdadToday(turn.ctx.now());
  const when = whenInText(text);
  const date = when.day ? dayOf(when.day, today) : /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
  const error = date ? field(turn, "preferredDate", date) : turn.t("validation.preferredDate");
  const closed = date && !error && !isOpenDay(await weekOf(turn), date) ? turn.t("errors.week.dayClosed") : null;
  if (error || closed || !date) {
    turn.state.step = "bookOtherDate";
    return turn.say({ text: `${error ?? closed}\n${turn.t("bot.askOtherDate")}`, buttons: cancelDraft(turn) });
  }
  if (when.slot) {
    turn.state.draft!.date = date;
    return bookTime(turn, when.slot);
  }
  return dateChosen(turn, date);
}

export function namedSlot(turn: Turn, offset: number, slot: string | undefined) {
  const draft = turn.state.draft;
  if (
    !draft ||
    !Number.isInteger(offset) ||
    offset < 0 ||
    offset > 13 ||
    !(SLOTS as readonly string[]).includes(slot ?? "")
  )
    return turn.nothingPending();
  draft.date = dayOf({ offset }, baghdadToday(turn.ctx.now()));
  return bookTime(turn, slot!);
}

export function bookDate(turn: Turn, which: string) {
  const draft = turn.state.draft;
  if (!draft) return turn.nothingPending();
  const today = baghdadToday(turn.ctx.now());
  if (which === "other") {
    turn.state.step = "bookOtherDate";
    return turn.say({ text: turn.t("bot.askOtherDate"), buttons: cancelDraft(turn) });
  }
  const date = which === "tomorrow" ? addDays(today, 1) : today;
  return dateChosen(turn, date);
}

export async function dateChosen(turn: Turn, date: string, note?: string) {
  turn.state.draft!.date = date;
  turn.state.step = "bookTime";
  const week = await weekOf(turn);
  turn.say({
    text: note ? `${note}\n${turn.t("bot.askTime")}` : turn.t("bot.askTime"),
    buttons: [
      ...TIME_SLOTS.filter((s) => isOpenSlot(week, s)).map((s) => [
        { label: slotLabel(turn.t, week, s, turn.lang), action: `t:${s}` },
      ]),
      ...cancelDraft(turn),
    ],
  });
}

export async function bookTime(turn: Turn, slot: string) {
  const draft = turn.state.draft;
  if (!draft || !(TIME_SLOTS as readonly string[]).includes(slot)) return turn.nothingPending();
  // a part of the day the listing doesn't work: said, and the parts it works offered
  if (!isOpenSlot(await weekOf(turn), slot)) return dateChosen(turn, draft.date!, turn.t("errors.week.slotClosed"));
  draft.time = slot as (typeof TIME_SLOTS)[number];
  // normal unless the person says otherwise, on the summary
  return bookUrgency(turn, draft.urgency ?? "normal");
}

/**
 * Another day or part of the day said at the summary («لا خليها عكب باجر المسا», "make it Friday") or at the time of
 * day's question: the draft takes it and the summary shows again (or the time of day is asked for that day), with the
 * job, the address and the photos as they were. Before, the "no" in it dropped the whole booking (the walk). A day
 * alone keeps the part of the day chosen; a day the listing does not work, or one too far, is said and another asked
 * for, as at the day question.
 */
export async function anotherTime(turn: Turn, when: ReturnType<typeof whenInText>) {
  const draft = turn.state.draft!;
  if (when.day) {
    const date = dayOf(when.day, baghdadToday(turn.ctx.now()));
    const error =
      field(turn, "preferredDate", date) ??
      (isOpenDay(await weekOf(turn), date) ? null : turn.t("errors.week.dayClosed"));
    if (error) {
      turn.state.step = "bookOtherDate";
      return turn.say({ text: `${error}\n${turn.t("bot.askOtherDate")}`, buttons: cancelDraft(turn) });
    }
    draft.date = date;
  }
  const slot = when.slot ?? draft.time;
  return slot ? bookTime(turn, slot) : dateChosen(turn, draft.date!);
}
