import { channelAccountById, accountOnProvenMessage, type ChannelAccount } from "../../domain/accounts/channels";
import type { Lang, ServiceContext } from "../../domain/context";
import { isServiceError } from "../../domain/errors";
import { commandWord, normalizeDigits } from "../../domain/text/normalize";
import { understand, type Understood } from "../../domain/understand/understand";
import type { Typed } from "./flow";
import { loadChat, saveTurn } from "./chatStore";
import { choicesOf, freshState, STALE_MS } from "./state";
import { readTurn } from "./readTurn";
import { FORM_BACK, router, routes, taken } from "./routing";
import { Turn, type EngineDeps } from "./turn";
import { flatten, type BotEvent, type EngineResult, type Inbound } from "./types";
import { guessedFromLatin, inArabicScript, languageFrom, writtenIn } from "./language";
import { publicData } from "../../domain/publicData";

export type { EngineDeps } from "./turn";

/**
 * One turn of a conversation, whatever the channel: loads the chat's state, reads the event, routes it to the
 * flow that owns it (as the chat's actor), saves the state and returns what to say.
 */
export async function handleInbound(deps: EngineDeps, inbound: Inbound): Promise<EngineResult> {
  const { ctx } = deps;
  const now = ctx.now().getTime();
  const firstText = inbound.event.kind === "text" ? inbound.event.text : undefined;
  const guessed = languageFrom(inbound.languageHint, firstText) ?? "en";
  const chat = await loadChat(ctx, inbound.channel, inbound.externalId, guessed);

  // who is this? a linked account, or (WhatsApp) the account with the sender's proven phone
  let account: ChannelAccount | null = chat.userId ? await channelAccountById(ctx, chat.userId) : null;
  let lang: Lang = chat.isNew ? guessed : chat.language;
  // a WhatsApp chat its owner unlinked acts as nobody until they link it again
  if (!account && inbound.provenPhone && !chat.unlinked) {
    account = await findAccountByPhone(ctx, inbound, lang);
  }
  // a chat takes the account's language when it is linked to it; after that the chat keeps its own, so a page opened on
  // the web in another language doesn't change its replies (ADR 025, amended)
  if (account && account.userId !== chat.userId) lang = account.language;
  // what the person writes in this chat wins for the reply (ADR 025 amendment)
  lang = writtenIn(firstText, lang);
  // while no language was chosen, taken from an account or written in Arabic script, the chat's is a guess: Arabic or
  // Kurdish in Latin letters is answered in that language (ADR 097)
  const guessing =
    !(account && account.userId !== chat.userId) &&
    (chat.isNew || Boolean(chat.state?.langGuessed)) &&
    !inArabicScript(firstText);
  if (guessing && firstText) lang = guessedFromLatin(firstText, lang, (await publicData(ctx)).cities);

  const turn = new Turn(
    deps,
    inbound,
    lang,
    account,
    chat.state && now - chat.state.at < STALE_MS ? chat.state : freshState(now),
    router,
    chat.unlinked,
  );
  const answered = turn.state.menu;
  if (chat.state && now - chat.state.at >= STALE_MS && chat.state.step !== "idle")
    turn.say({ text: turn.t("bot.stale") });

  try {
    await run(turn, inbound.event, chat.isNew);
  } catch (err) {
    if (!isServiceError(err)) throw err;
    turn.say({ text: turn.t(err.messageKey, err.params), buttons: [[turn.menuButton()]] });
  }

  turn.state.at = now;
  // (the guess outlives a fresh state, as the alerts do, until the person chooses a language)
  turn.state.langGuessed = guessing && !turn.languageSettled ? true : undefined;
  // what was sent to this chat stays answerable whatever the turn did (a fresh state keeps them)
  turn.state.alerts ??= chat.state?.alerts;
  turn.state.threads ??= chat.state?.threads;
  // the conversation the bot named stays the one typed text goes to only while the person is chatting
  if (!turn.chatting) delete turn.state.chat;
  if (turn.replies.length) {
    Object.assign(turn.state, choicesOf(flatten(turn.replies[turn.replies.length - 1].buttons)));
    turn.state.menuFromAlert = false;
  }
  // the menu this message was read against stays answerable by
  // number one more turn, where the new one is shorter (ADR 083)
  turn.state.menuBefore = turn.replies.length && answered.length > turn.state.menu.length ? answered : undefined;
  await saveTurn(ctx, chat.id, chat.storedState, {
    state: turn.state,
    language: turn.lang,
    // the link is written only when this turn made it: a turn that read the
    // chat before a sign-out-everywhere unlinked it must not link it back
    ...((turn.account?.userId ?? null) !== chat.userId
      ? {
          userId: turn.account?.userId ?? null,
          linkedVia: turn.account ? turn.linkedVia : null,
          unlinked: turn.unlinked,
        }
      : turn.unlinked !== chat.unlinked
        ? { unlinked: turn.unlinked }
        : {}),
    // writing to the bot opts in to its messages; "stop" opts out
    optedIn: turn.optedIn ?? true,
    ...(inbound.channel === "whatsapp" ? { lastInboundAt: ctx.now() } : {}),
  });
  return { replies: turn.replies, lang: turn.lang };
}

/** Twilio delivered from this number: its verified holder, or the sender becomes it (ADR 022's claim rule). */
async function findAccountByPhone(ctx: ServiceContext, inbound: Inbound, lang: Lang): Promise<ChannelAccount | null> {
  return accountOnProvenMessage(ctx, inbound.provenPhone!, inbound.profileName ?? "", lang);
}

async function run(turn: Turn, event: BotEvent, isNew: boolean): Promise<void> {
  switch (event.kind) {
    case "start":
      await routes.start(turn, event.payload, isNew);
      return;
    case "action":
      return turn.act(event.action);
    case "location": {
      const atStep = routes.step(turn.state.step)?.location;
      if (atStep && (await taken(atStep(turn, event.lat, event.lng)))) return;
      await routes.location(turn, event.lat, event.lng);
      return;
    }
    case "contact":
      await routes.contact(turn, event.phone, event.own);
      return;
    case "text":
      return text(turn, event.text, isNew);
    case "image": {
      // a form's step may take it (a photo while booking, ADR 046); else the flow that owns photos
      const atStep = routes.step(turn.state.step)?.image;
      if (atStep && (await taken(atStep(turn, event.fetch, event.caption)))) return;
      await routes.image(turn, event.fetch, event.caption);
      return;
    }
    case "voice":
      // into the conversation being written to (the chat bridge); anywhere else, what the bot can take instead
      for (const voice of routes.voice) if (await taken(voice(turn, event))) return;
      return unreadable(turn, "voice");
    case "unreadable":
      return unreadable(turn, event.what);
  }
}

/**
 * Never "didn't understand": what the bot can take; a form is kept and asks again; a voice note gets the menu (#29).
 */
async function unreadable(turn: Turn, what: "voice" | "other"): Promise<void> {
  const inForm = turn.state.step !== "idle" && Boolean(routes.step(turn.state.step)?.ask);
  if (inForm) turn.say({ text: turn.t(what === "voice" ? "bot.voiceNotRead" : "bot.fileNotRead") });
  else
    turn.say({
      text: turn.t(what === "voice" ? "bot.voiceOutsideChat" : "bot.fileNotRead"),
      ...(what === "voice" ? {} : { buttons: [[turn.menuButton()]] }),
    });
  if (inForm) await router.askAgain(turn);
  else if (what === "voice") await turn.mainMenu(false);
}

/** Typed text, in the order readTurn.ts tables: the engine's own rows there, the flows' hooks here in their places. */
async function text(turn: Turn, raw: string, isNew: boolean): Promise<void> {
  const text = normalizeDigits(raw).trim();
  const typed: Typed = {
    raw,
    text,
    word: commandWord(text),
    number: /^\d{1,2}$/.test(text) ? Number(text) : null,
    isNew,
  };
  const step = routes.step(turn.state.step);
  // a reply that quotes an alert answers that alert, whatever was sent after it
  const quoted = turn.quotedAlert();
  const reading = readTurn(turn.state, typed, {
    quoted,
    // (not when the bot's last answer was another question's, offering the form back: «١» is "continue" then)
    numberIsAnswer: Boolean(step?.numberIsAnswer) && !turn.state.menu.includes(FORM_BACK),
    now: turn.ctx.now().getTime(),
  });
  // 1. nothing typed
  if (reading.kind === "empty") {
    turn.say({ text: turn.t("bot.hint") });
    return turn.mainMenu(false);
  }
  // 2. commands and quoted replies
  for (const first of routes.first) if (await taken(first(turn, typed))) return;
  // 3, 4. a choice, by its number or its words
  if (reading.kind === "choice") {
    for (const pick of routes.pick) if (await taken(pick(turn, reading.action, reading.quoted))) return;
    return turn.act(reading.action);
  }
  // 5. "I want to book" with nothing to book: the search's question
  if (reading.kind === "whatToBook") return turn.act("s");
  // 6. the open conversation
  for (const typing of routes.typing) if (await taken(typing(turn, typed))) return;
  // 7. a command inside a form
  if (step && turn.state.step !== "idle" && typed.number === null && (await commandInForm(turn, typed))) return;
  // 8. the form's step (at idle, the reader)
  if (step?.read && (await taken(step.read(turn, typed)))) return;
  // 9. a typed answer where a button was expected: say how to answer, and repeat the question
  turn.say({ text: turn.t("bot.hint") });
  if (step?.ask) await step.ask(turn);
  else await turn.mainMenu(false);
}

/** What a person may say at any step of any form: these are never taken as the form's answer. */
const FORM_COMMANDS = new Set<Understood["intent"]>(["cancelBooking", "myBookings", "language", "menu", "help"]);

/**
 * A command typed inside a form: «الغي الحجز», "my bookings", "kurdi", «عربي», "main menu", "help". Cancel
 * without a number ends the form; a question (help, my bookings, cancelling booking #12) is answered and a form that
 * holds what the person gave is offered back (`aside`); the language keeps the form and asks its question again;
 * the menu leaves it, and so does my bookings from a form that holds nothing yet. Long messages are answers (a job
 * description may well say "help").
 */
async function commandInForm(turn: Turn, typed: Typed): Promise<boolean> {
  if (typed.text.split(/\s+/).length > 5) return false;
  const u = understand(typed.text, await turn.places());
  if (!FORM_COMMANDS.has(u.intent)) return false;
  const inDraft = Boolean(turn.state.draft);
  if (u.intent === "cancelBooking" && !u.bookingId) {
    if (inDraft) await turn.act("x");
    else await turn.act("m");
    return true;
  }
  const answer = routes.intents.get(u.intent)!;
  if (u.intent !== "language" && u.intent !== "menu" && (await turn.aside(() => answer(turn, u, typed.text))))
    return true;
  if (u.intent === "language" || u.intent === "help") {
    await answer(turn, u, typed.text);
    // the language's own choice asks again once chosen; help asks again now
    if (u.intent === "help") await router.askAgain(turn);
    return true;
  }
  turn.state = freshState(turn.state.at);
  await answer(turn, u, typed.text);
  return true;
}
