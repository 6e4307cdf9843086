/**
 * Booking a listing: what is wrong, where, a named slot or another day, then one summary to confirm (at most
 * five messages from a chosen listing; fewer when the search already said what is wrong or the last address
 * is reused). Every answer is checked with the web's own booking schema; `createBooking` books once per draft.
 */
import type { Flow } from "../engine/flow";
import { freshState } from "../engine/state";
import { ltr, type Turn } from "../engine/turn";
import type { Button } from "../engine/types";
import { understand } from "../../domain/understand/understand";
import { accountForProvenPhone } from "../../domain/accounts/channels";
import { requestPromise } from "../../domain/reach/tellListing";
import { createBooking, newBookingKey } from "../../domain/bookings/createBooking";
import { lastBookingAddress } from "../../domain/bookings/lastAddress";
import { depositAskedBy } from "../../domain/payments/deposit";
import { baghdadToday, bookingSchema } from "../../domain/bookings/schemas";
import { nearestPlace } from "../../domain/places/nearestPlace";
import { namesForReader } from "../../domain/providers/displayName";
import { getProvider } from "../../domain/providers/getProvider";
import { isolate } from "../../domain/text/bidi";
import { clip } from "../../domain/text/clip";
import { formatDay } from "../../domain/text/dates";
import { dayOf, whenInText } from "../../domain/text/dayPhrases";
import { urgencyKey } from "../../domain/text/localParams";
import { oneLine } from "../../domain/text/oneLine";
import { intlLocale } from "../../i18n/config";
import { isOpenDay, isOpenSlot, listingWeek, openSlots, shortDay, slotLabel } from "../../domain/providers/week";
import { sendBookingPhotos, withPhotos } from "./bookingPhotos";
import { cancelDraft, jobNotAddress, searchInstead } from "./mindChanged";
import { addDays } from "../../domain/baghdadTime";

const TIME_SLOTS = ["morning", "afternoon", "evening", "flexible"] as const;
const URGENCIES = ["low", "normal", "high", "emergency"] as const;
/** The named parts of a day a booking can take in one tap. */
const SLOTS = ["morning", "afternoon", "evening"] as const;

async function startBooking(turn: Turn, rawId: string) {
  const p = await getProvider(turn.ctx, rawId);
  if (!turn.account) {
    if (turn.provenPhone) {
      turn.account = await accountForProvenPhone(turn.ctx, turn.provenPhone, turn.inbound.profileName ?? "", turn.lang);
    } else {
      return turn.linkFirst(`b:${p.id}`);
    }
  }
  if (!turn.account.isPhoneVerified) return turn.linkFirst(`b:${p.id}`);
  const last = await lastBookingAddress(turn.ctx);
  // the listing as the reader reads it, in every line of the booking
  const name = oneLine(namesForReader(p, turn.lang).primary);
  // the day and the part of it the search said ("tomorrow evening") are the booking's (ADR 027)
  const { day, slot } = turn.state.search ?? {};
  turn.state = {
    ...turn.state,
    step: "bookDescription",
    draft: {
      providerId: p.id,
      providerName: name,
      key: newBookingKey(),
      ...(last ? { lastLocation: last } : {}),
      ...(day ? { date: day } : {}),
      ...(slot ? { time: slot } : {}),
    },
  };
  // the words of the search ("AC not cooling in Karrada") are the description already, when they say enough
  const said = turn.state.search?.said;
  if (said && !field(turn, "serviceDescription", said)) {
    turn.say({ text: `${turn.t("bot.bookingFor", { provider: isolate(name) })}\n📝 ${isolate(said)}` });
    return bookDescription(turn, said);
  }
  turn.say({
    text: `${turn.t("bot.bookingFor", { provider: isolate(name) })}\n${turn.t("bot.askDescription")}`,
    buttons: cancelDraft(turn),
  });
}

function askDescription(turn: Turn) {
  turn.say({ text: turn.t("bot.askDescription"), buttons: cancelDraft(turn) });
}

function askLocation(turn: Turn) {
  const draft = turn.state.draft!;
  const again: Button[][] = draft.lastLocation
    ? [[{ label: `📍 ${clip(draft.lastLocation, 40)}`, action: "loc:last" }]]
    : [];
  turn.say({
    text: turn.t(draft.lastLocation ? "bot.askBookingLocationAgain" : "bot.askBookingLocation"),
    ask: "location",
    buttons: [...again, ...cancelDraft(turn)],
  });
}

/** The web's rule for one field of a booking, as a sentence in the reader's language, or null when it holds. */
function field(
  turn: Turn,
  name: "serviceDescription" | "customerLocation" | "preferredDate",
  value: string,
): string | null {
  const parsed = bookingSchema(turn.ctx.now()).shape[name].safeParse(value);
  if (parsed.success) return null;
  return turn.t(parsed.error.issues[0]?.message ?? "errors.validation");
}

function bookDescription(turn: Turn, text: string) {
  const draft = turn.state.draft;
  if (!draft) return turn.mainMenu(false);
  const error = field(turn, "serviceDescription", text);
  if (error) return turn.say({ text: `${error}\n${turn.t("bot.askDescription")}`, buttons: cancelDraft(turn) });
  draft.description = text;
  turn.state.step = "bookLocation";
  askLocation(turn);
}

async function bookLocation(turn: Turn, text: string) {
  const draft = turn.state.draft;
  if (!draft) return turn.mainMenu(false);
  const error = field(turn, "customerLocation", text);
  if (error)
    return turn.say({
      text: `${error}\n${turn.t("bot.askBookingLocation")}`,
      ask: "location",
      buttons: cancelDraft(turn),
    });
  draft.location = text;
  // a day said in the search is used when it is still a day a booking can take; its part of the day too
  if (draft.date && !field(turn, "preferredDate", draft.date) && isOpenDay(await weekOf(turn), draft.date)) {
    if (draft.time) return bookTime(turn, draft.time);
    return dateChosen(turn, draft.date);
  }
  draft.date = undefined;
  turn.state.step = "bookDate";
  return askDate(turn);
}

/** The listing's week (days off, hours per slot): the day question offers only what it works (ADR 044). */
const weekOf = (turn: Turn) => listingWeek(turn.ctx, turn.state.draft!.providerId);

/**
 * The next named slots the listing works ("Today · Evening", "Tomorrow · Morning"…), one tap each, then "another day".
 */
async function askDate(turn: Turn) {
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
async function typedDate(turn: Turn, text: string) {
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

function namedSlot(turn: Turn, offset: number, slot: string | undefined) {
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

function bookDate(turn: Turn, which: string) {
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

async function dateChosen(turn: Turn, date: string, note?: string) {
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

async function bookTime(turn: Turn, slot: string) {
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
async function anotherTime(turn: Turn, when: ReturnType<typeof whenInText>) {
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

function bookUrgency(turn: Turn, urgency: string) {
  const draft = turn.state.draft;
  if (!draft || !(URGENCIES as readonly string[]).includes(urgency)) return turn.nothingPending();
  draft.urgency = urgency as (typeof URGENCIES)[number];
  turn.state.step = "bookConfirm";
  summary(turn);
}

function summary(turn: Turn) {
  const d = turn.state.draft!;
  const urgency = turn.t(urgencyKey(d.urgency!));
  turn.say({
    text: [
      turn.t("bot.summaryTitle", { provider: isolate(d.providerName) }),
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

async function confirmBooking(turn: Turn) {
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
  turn.say({
    // the promise matches what will happen: answered on Dalil, texted to the number, or call
    text: `${turn.t(created ? "bot.booked" : "bot.alreadyBooked", { id: booking.id, provider: name })}\n${turn.t(`reach.confirm.${await requestPromise(turn.ctx, booking.id, booking.providerId)}`, { provider: name })}${photos ? `\n${photos}` : ""}${asked}`,
    buttons: [
      ...(deposit ? [[{ label: turn.t("payments.chat.payDeposit"), action: `dp:${booking.id}` }]] : []),
      [{ label: turn.t("bot.myBookings"), action: "mb" }, turn.menuButton()],
    ],
  });
}

export const bookingFlow: Flow = {
  name: "booking",
  actions: {
    b: (turn, providerId) => startBooking(turn, providerId),
    d: (turn, which) => bookDate(turn, which),
    ds: (turn, offset, slot) => namedSlot(turn, Number(offset), slot),
    loc: (turn) =>
      turn.state.draft?.lastLocation ? bookLocation(turn, turn.state.draft.lastLocation) : turn.nothingPending(),
    t: (turn, slot) => bookTime(turn, slot),
    u: (turn, urgency) => bookUrgency(turn, urgency),
    ok: (turn) => confirmBooking(turn),
    x(turn) {
      turn.state = freshState(turn.state.at);
      turn.say({ text: turn.t("bot.bookingDropped") });
      return turn.mainMenu(false);
    },
  },
  // a photo at any step is kept for the provider (ADR 046)
  steps: withPhotos(
    {
      // what the person typed is kept as typed, digits included («دار ١٢» stays «دار ١٢»)
      bookDescription: {
        read: async (turn, { raw, text }) => (await searchInstead(turn, text)) || bookDescription(turn, raw.trim()),
        ask: askDescription,
      },
      bookLocation: {
        read: async (turn, { raw, text }) => (await jobNotAddress(turn, text)) || bookLocation(turn, raw.trim()),
        ask: askLocation,
        async location(turn, lat, lng) {
          if (!turn.state.draft) return false;
          let place = "";
          try {
            const p = await nearestPlace(turn.ctx, { lat, lng });
            place = (turn.lang === "ar" ? p.nameAr : turn.lang === "ku" ? p.nameKu : p.name) ?? p.name;
          } catch {
            // far from every known city: the coordinates alone say where
          }
          return bookLocation(turn, `${place ? `${place} ` : ""}(${lat.toFixed(5)}, ${lng.toFixed(5)})`);
        },
      },
      bookDate: { read: (turn, { text }) => typedDate(turn, text), ask: askDate },
      bookOtherDate: { read: (turn, { text }) => typedDate(turn, text), numberIsAnswer: true },
      bookTime: {
        read(turn, { text }) {
          // «نا، با دووسبەی ئێوارە بێت» at "what time of day?": the day said changes too (the walk)
          const when = whenInText(text);
          if (when.day) return anotherTime(turn, when);
          return when.slot ? bookTime(turn, when.slot) : false;
        },
        ask: (turn) => dateChosen(turn, turn.state.draft!.date!),
      },
      bookUrgency: { ask: (turn) => bookTime(turn, turn.state.draft!.time!) },
      bookConfirm: {
        read(turn, { text }) {
          // "no, the day after tomorrow in the evening": another day, not no (the walk)
          const when = whenInText(text);
          const draft = turn.state.draft!;
          const same =
            (!when.day || dayOf(when.day, baghdadToday(turn.ctx.now())) === draft.date) &&
            (!when.slot || when.slot === draft.time);
          if ((when.day || when.slot) && !same) return anotherTime(turn, when);
          const u = understand(text);
          if (u.intent === "yes") return confirmBooking(turn);
          if (u.intent === "no" || u.intent === "cancelBooking") return turn.act("x");
          return false;
        },
        ask: summary,
      },
    },
    bookDescription,
  ),
};
