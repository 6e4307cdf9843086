/**
 * Booking a listing: what is wrong, where, a named slot or another day, then one summary to confirm (at most
 * five messages from a chosen listing; fewer when the search already said what is wrong or the last address
 * is reused). Every answer is checked with the web's own booking schema; `createBooking` books once per draft.
 */
import type { Flow, StepHandler } from "../engine/flow";
import { draftProvider, freshState } from "../engine/state";
import type { Turn } from "../engine/turn";
import type { Button } from "../engine/types";
import { understand } from "../../domain/understand/understand";
import { accountForProvenPhone } from "../../domain/accounts/channels";
import { newBookingKey } from "../../domain/bookings/createBooking";
import { lastBookingAddress } from "../../domain/bookings/lastAddress";
import { baghdadToday } from "../../domain/bookings/schemas";
import { nearestPlace } from "../../domain/places/nearestPlace";
import { namesForReader } from "../../domain/providers/displayName";
import { getProvider } from "../../domain/providers/getProvider";
import { isolate } from "../../domain/text/bidi";
import { clip } from "../../domain/text/clip";
import { dayOf, whenInText } from "../../domain/text/dayPhrases";
import { oneLine } from "../../domain/text/oneLine";
import { isOpenDay } from "../../domain/providers/week";
import { withPhotos } from "./bookingPhotos";
import { confirmBooking, bookUrgency, summary } from "./bookingConfirm";
import {
  anotherTime,
  askDate,
  bookDate,
  bookTime,
  dateChosen,
  field,
  namedSlot,
  typedDate,
  weekOf,
} from "./bookingDay";
import { cancelDraft, jobNotAddress, searchInstead } from "./mindChanged";

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
  const { primary, secondary } = namesForReader(p, turn.lang);
  const name = oneLine(primary);
  // the day and the part of it the search said ("tomorrow evening") are the booking's (ADR 027)
  const { day, slot } = turn.state.search ?? {};
  turn.state = {
    ...turn.state,
    step: "bookDescription",
    draft: {
      providerId: p.id,
      providerName: name,
      ...(secondary ? { providerNameOther: oneLine(secondary) } : {}),
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

/** A booking form interrupted by a question (help, my bookings) says what waits: "You were booking Abu Firas." */
const draftWaiting = (turn: Turn) =>
  turn.state.draft
    ? turn.t("bot.draftWaiting", { provider: isolate(draftProvider(turn.state.draft, turn.lang)) })
    : undefined;
const waitingDraft = <S extends Record<string, StepHandler>>(steps: S): S =>
  Object.fromEntries(
    Object.entries(steps).map(([step, handler]) => [step, { ...handler, waiting: draftWaiting }]),
  ) as S;

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
  // a photo at any step is kept for the provider (ADR 046); a question at any step keeps the draft
  steps: waitingDraft(
    withPhotos(
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
        bookOtherDate: {
          read: (turn, { text }) => typedDate(turn, text),
          numberIsAnswer: true,
          ask: (turn) => turn.say({ text: turn.t("bot.askOtherDate"), buttons: cancelDraft(turn) }),
        },
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
  ),
};
