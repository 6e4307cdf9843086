import { eq } from "drizzle-orm";
import type { TFunction } from "../../i18n/t";
import { users } from "../../db/schema";
import { accountForProvenPhone, accountOnProvenMessage, channelAccountById, claimTelegramLinkCode, peekTelegramLinkCode, type ChannelAccount } from "../../domain/accounts/channels";
import { randomToken } from "../../domain/accounts/tokens";
import { changeBookingStatus, BOOKING_ACTIONS, type BookingAction } from "../../domain/bookings/changeBookingStatus";
import { createBooking } from "../../domain/bookings/createBooking";
import { listMyBookings } from "../../domain/bookings/listMyBookings";
import { baghdadToday, bookingSchema } from "../../domain/bookings/schemas";
import type { BookingView } from "../../domain/bookings/view";
import { listCategories } from "../../domain/categories/listCategories";
import type { Actor, Lang, ServiceContext } from "../../domain/context";
import { isServiceError } from "../../domain/errors";
import { listCities } from "../../domain/places/listCities";
import { nearestPlace } from "../../domain/places/nearestPlace";
import { getProvider } from "../../domain/providers/getProvider";
import { searchProviders } from "../../domain/search/searchProviders";
import { isLang, LANGS } from "../../domain/text/lang";
import { normalizeDigits } from "../../domain/text/normalize";
import { normalizeIraqiPhone } from "../../domain/text/phone";
import { translatorFor } from "../../i18n/translator";
import { freshState, loadChat, saveTurn, STALE_MS, type ChatTarget, type ConversationState, type SentAlert } from "./state";
import { sendMessage } from "../../domain/chat/sendMessage";
import { storeImage } from "../../domain/uploads/storeImage";
import { findMyListing, setMyAvailability, type MyListing } from "../../domain/providers/myListing";
import { getMyBooking } from "../../domain/bookings/getMyBooking";
import { jobLine } from "../../domain/bookings/view";
import { firstName, urgencyKey } from "../../domain/text/localParams";
import { searchTextOf, understand } from "../understand/understand";
import { namesForReader } from "../../domain/providers/displayName";
import { formatNumber } from "../../domain/text/numbers";
import { clip } from "../../domain/text/clip";
import { isolate } from "../../domain/text/bidi";
import { dayOf, whenInText } from "../../domain/text/dayPhrases";
import { formatDay } from "../../domain/text/dates";
import { publicData } from "../../domain/publicData";
import { intlLocale } from "../../i18n/config";
import { flatten, type BotEvent, type Button, type EngineResult, type Inbound, type Reply } from "./types";

export const PAGE_SIZE = 5;
/** A phone number or date kept left-to-right inside Arabic or Kurdish text (Unicode isolates). */
const ltr = (s: string) => `\u2066${s}\u2069`;
const TIME_SLOTS = ["morning", "afternoon", "evening", "flexible"] as const;
const URGENCIES = ["low", "normal", "high", "emergency"] as const;
/** The named parts of a day a booking can take in one tap. */
const SLOTS = ["morning", "afternoon", "evening"] as const;
const TOP_CITIES = ["baghdad", "erbil", "basra", "sulaymaniyah", "mosul", "najaf", "kirkuk", "duhok"];

export interface EngineDeps {
  /** a service context for the domain verbs; the engine sets the actor per conversation */
  ctx: ServiceContext;
  /** the public web address, for profile links */
  siteUrl: string;
}

/** Sorani letters Arabic doesn't use: a message with them is Kurdish. */
const SORANI = /[ەێۆڕڵڤگچپژ]/;
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

function languageFrom(hint: string | undefined, text: string | undefined): Lang | null {
  const h = (hint ?? "").toLowerCase();
  if (h === "ckb" || h.startsWith("ku")) return "ku";
  if (h.startsWith("ar")) return "ar";
  if (h.startsWith("en")) return "en";
  if (text && SORANI.test(text)) return "ku";
  if (text && ARABIC_SCRIPT.test(text)) return "ar";
  return null;
}

const MENU_WORDS = new Set(["0", "menu", "/menu", "start", "/start", "hi", "hello", "salam", "مرحبا", "السلام عليكم", "سلام", "القائمة", "سڵاو", "لیست"]);
const HELP_WORDS = new Set(["help", "/help", "?", "؟", "مساعدة", "یارمەتی"]);
const STOP_WORDS = new Set(["stop", "/stop", "unsubscribe", "ايقاف", "إيقاف", "وەستان"]);
/** "link" on a WhatsApp its owner unlinked links it again (issue #26 item 6) */
const LINK_WORDS = new Set(["link", "/link", "ربط", "اربط", "بەستنەوە", "بیبەستەوە"]);

/**
 * One turn of a conversation, whatever the channel: loads the chat's state, reads the event, calls the
 * domain verbs as the chat's actor, saves the state and returns what to say.
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
  // a WhatsApp chat its owner unlinked acts as nobody until they link it again (issue #26 item 6)
  if (!account && inbound.provenPhone && !chat.unlinked) {
    account = await findAccountByPhone(ctx, inbound, lang);
  }
  // the person's language is the account's on every door (issue #19 item 2, ADR 025)
  if (account) lang = account.language;

  const turn = new Turn(deps, inbound, lang, account, chat.state && now - chat.state.at < STALE_MS ? chat.state : freshState(now), chat.unlinked);
  if (chat.state && now - chat.state.at >= STALE_MS && chat.state.step !== "idle") turn.say({ text: turn.t("bot.stale") });

  try {
    await turn.run(inbound.event, chat.isNew);
  } catch (err) {
    if (!isServiceError(err)) throw err;
    turn.say({ text: turn.t(err.messageKey, err.params), buttons: [[turn.menuButton()]] });
  }

  turn.state.at = now;
  // what was sent to this chat stays answerable whatever the turn did (a fresh state keeps them)
  turn.state.alerts ??= chat.state?.alerts;
  turn.state.threads ??= chat.state?.threads;
  // the conversation the bot named stays the one typed text goes to only while the person is chatting
  if (!turn.chatting) delete turn.state.chat;
  if (turn.replies.length) {
    turn.state.menu = flatten(turn.replies[turn.replies.length - 1].buttons).map((b) => b.action);
    turn.state.menuFromAlert = false;
  }
  await saveTurn(ctx, chat.id, chat.storedState, {
    state: turn.state,
    language: turn.lang,
    // the link is written only when this turn made it: a turn that read the chat before a sign-out-everywhere
    // unlinked it must not link it back (issue #26)
    ...((turn.account?.userId ?? null) !== chat.userId
      ? { userId: turn.account?.userId ?? null, linkedVia: turn.account ? turn.linkedVia : null, unlinked: turn.unlinked }
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

/** How long typed text keeps going to the conversation the bot last named. */
export const CHAT_MS = 30 * 60 * 1000;

class Turn {
  replies: Reply[] = [];
  /** this turn wrote in (or opened) a web conversation: the chat stays the target of what is typed next */
  chatting = false;
  t: TFunction;
  optedIn: boolean | undefined;
  /** how this turn's account came to the chat, if it did: the number itself, or a link code made in a session */
  linkedVia: "phone" | "session" = "phone";

  constructor(
    readonly deps: EngineDeps,
    readonly inbound: Inbound,
    public lang: Lang,
    public account: ChannelAccount | null,
    public state: ConversationState,
    public unlinked = false,
  ) {
    this.t = translatorFor(lang);
  }

  /** the number this chat proves (a WhatsApp sender), unless its owner unlinked the chat */
  get provenPhone(): string | undefined {
    return this.unlinked ? undefined : this.inbound.provenPhone;
  }

  /** asks the person to link the chat: share the contact (Telegram), or, on a WhatsApp they unlinked, "link" */
  askToLink() {
    if (this.unlinked && this.inbound.provenPhone) return this.say({ text: this.t("bot.whatsappUnlinked"), buttons: [[{ label: this.t("bot.linkAgain"), action: "lk:w" }], [this.menuButton()]] });
    this.say({ text: this.t("bot.shareContact", { url: `${this.deps.siteUrl}/register` }), ask: "contact", buttons: [[this.menuButton()]] });
  }

  get ctx(): ServiceContext {
    const actor: Actor =
      this.inbound.channel === "telegram"
        ? { kind: "telegram", chatId: this.inbound.externalId, userId: this.account?.userId ?? null, user: this.account ?? undefined }
        : { kind: "whatsapp", phone: this.inbound.externalId, userId: this.account?.userId ?? null, user: this.account ?? undefined };
    return { ...this.deps.ctx, actor, locale: this.lang };
  }

  say(reply: Reply) {
    this.replies.push(reply);
  }

  setLang(lang: Lang) {
    this.lang = lang;
    this.t = translatorFor(lang);
  }

  menuButton(): Button {
    return { label: this.t("bot.menu"), action: "m" };
  }

  async run(event: BotEvent, isNew: boolean) {
    switch (event.kind) {
      case "start":
        return this.start(event.payload, isNew);
      case "action":
        return this.act(event.action);
      case "location":
        return this.location(event.lat, event.lng);
      case "contact":
        return this.contact(event.phone, event.own);
      case "text":
        return this.text(event.text, isNew);
      case "image":
        return this.image(event.fetch, event.caption);
    }
  }

  // ——— entry points ———

  async start(payload: string | undefined, isNew: boolean) {
    this.state = freshState(this.state.at);
    if (payload) {
      const check = await peekTelegramLinkCode(this.ctx, payload);
      if (!check.ok) {
        this.say({ text: this.t(check.reason === "unproven" ? "bot.linkNeedsVerifiedPhone" : "bot.linkCodeInvalid") });
      } else if (this.account && this.account.userId !== check.account.userId) {
        // a chat that acts for one account is never moved to another by a code without asking (issue #26 item 6)
        this.state.linkCode = payload;
        return this.say({
          text: this.t("bot.linkMoveAsk"),
          buttons: [[{ label: this.t("bot.linkMoveYes"), action: "lk:y" }, { label: this.t("bot.linkMoveNo"), action: "lk:n" }]],
        });
      } else {
        await this.linkWithCode(payload);
      }
    }
    if (isNew && !payload && !this.account) return this.chooseLanguage(true);
    return this.mainMenu(true);
  }

  /** Uses a link code: from now on this chat acts for the code's account, as a chat linked from a session. */
  async linkWithCode(code: string) {
    const label = `Telegram · ${this.inbound.profileName ?? ""}${this.inbound.handle ? ` (@${this.inbound.handle})` : ""}`;
    const check = await claimTelegramLinkCode(this.ctx, code, { externalId: this.inbound.externalId, label });
    if (!check.ok) return this.say({ text: this.t(check.reason === "unproven" ? "bot.linkNeedsVerifiedPhone" : "bot.linkCodeInvalid") });
    this.account = check.account;
    this.linkedVia = "session";
    this.setLang(check.account.language);
    this.say({ text: this.t("bot.linked") });
  }

  /** The answer to "move this chat to the other account?" (lk:y / lk:n), or "link" on an unlinked WhatsApp (lk:w). */
  async linkAnswer(answer: string) {
    const code = this.state.linkCode;
    this.state = freshState(this.state.at);
    if (answer === "w") return this.relinkWhatsApp();
    if (answer === "y" && code) await this.linkWithCode(code);
    else this.say({ text: this.t("bot.linkKept") });
    return this.mainMenu(false);
  }

  /** "link" from a WhatsApp its owner unlinked: the number acts for its verified holder again. */
  async relinkWhatsApp() {
    if (!this.unlinked || !this.inbound.provenPhone) return this.mainMenu(false);
    this.unlinked = false;
    this.account = await accountOnProvenMessage(this.ctx, this.inbound.provenPhone, this.inbound.profileName ?? "", this.lang);
    this.linkedVia = "phone";
    if (this.account) this.setLang(this.account.language);
    this.say({ text: this.t(this.account ? "bot.linked" : "bot.linkNothingToLink") });
    return this.mainMenu(false);
  }

  async text(raw: string, isNew: boolean) {
    const text = normalizeDigits(raw).trim();
    const word = text.toLowerCase();
    const number = /^\d{1,2}$/.test(text) ? Number(text) : null;
    if (STOP_WORDS.has(word)) {
      this.optedIn = false;
      this.state = freshState(this.state.at);
      return this.say({ text: this.t("bot.stopped") });
    }
    if (HELP_WORDS.has(word)) return this.help();
    if (this.unlinked && LINK_WORDS.has(word)) return this.relinkWhatsApp();
    if (!text) {
      this.say({ text: this.t("bot.hint") });
      return this.mainMenu(false);
    }
    if (MENU_WORDS.has(word) || word === this.t("bot.menu").toLowerCase()) {
      this.state = freshState(this.state.at);
      if (isNew && !this.account) return this.chooseLanguage(true);
      return this.mainMenu(false);
    }
    // a reply quoting a relayed chat message goes into that conversation (issue #20 item 4)
    const thread = this.quotedThread();
    if (thread) return this.sendToChat(thread, { message: raw.trim() });
    // a reply that quotes an alert answers that alert, whatever was sent after it (issue #20 item 3)
    const quoted = this.quotedAlert();
    const menu = quoted?.menu ?? this.state.menu;
    if (number !== null && number >= 1 && number <= menu.length && !["bookOtherDate"].includes(this.state.step)) {
      const action = menu[number - 1];
      // "1" after two alerts could mean either: asked back, never guessed
      if (!quoted && this.state.menuFromAlert && action.startsWith("booking:") && (await this.waitingAlerts()) > 1) return this.providerBookings("bot.whichAlert");
      return this.act(action);
    }
    // typing after the bot named a conversation writes in it; a provider's short command still works
    const chat = this.chatTarget();
    if (chat && !(await this.commandWhileChatting(text))) return this.sendToChat(chat, { message: raw.trim() });
    switch (this.state.step) {
      case "bookDescription":
        return this.bookDescription(text);
      case "bookLocation":
        return this.bookLocation(text);
      case "bookDate":
      case "bookOtherDate":
        return this.typedDate(text);
      case "bookTime": {
        const { slot } = whenInText(text);
        if (slot) return this.bookTime(slot);
        break;
      }
      case "bookConfirm": {
        const u = understand(text);
        if (u.intent === "yes") return this.confirmBooking();
        if (u.intent === "no" || u.intent === "cancelBooking") return this.act("x");
        break;
      }
      case "pickCity": {
        const u = understand(text, await this.places());
        return this.search({ ...this.state.search, city: u.intent === "search" && u.city ? u.city : text, page: 1 });
      }
      case "searchText":
      case "idle":
      case "nearMe":
        return this.understood(text, number);
      default:
        break;
    }
    // a typed answer where a button was expected: say how to answer, and repeat the question
    this.say({ text: this.t("bot.hint") });
    return this.repeatStep();
  }

  /** The cities the bot knows, for reading messages (the isolate's memo, ADR 016). */
  async places() {
    return (await publicData(this.ctx)).cities;
  }

  /** A message outside a form: what it means, answered (issue #20 item 1, ADR 027). */
  async understood(text: string, number: number | null) {
    const explicitSearch = this.state.step === "searchText";
    const u = number !== null ? ({ intent: "unknown" } as const) : understand(text, await this.places());
    switch (u.intent) {
      case "search":
        if (u.nearMe) {
          this.state = { ...freshState(this.state.at), step: "nearMe", search: { q: searchTextOf(u, text, await this.places()), page: 1 } };
          return this.say({ text: this.t("bot.askLocation"), ask: "location", buttons: [[this.menuButton()]] });
        }
        // a message that says what is wrong ("the generator line is off") will be the booking's description
        return this.search({ q: searchTextOf(u, text, await this.places()), city: u.city, page: 1, ...(u.describes ? { said: text } : {}) });
      case "more":
        // the next page of the list just shown; with no list, as if not understood
        if (this.state.search) return this.search({ ...this.state.search, page: this.state.search.page + 1 });
        return this.notUnderstood();
      case "myBookings":
        return this.myBookings();
      case "cancelBooking":
        if (u.bookingId) return this.changeBooking(String(u.bookingId), "cancel");
        this.say({ text: this.t("bot.whichBooking") });
        return this.myBookings();
      case "changeBooking":
        this.say({ text: this.t("bot.changeBooking") });
        return this.myBookings();
      case "acceptBooking":
      case "declineBooking":
      case "completeBooking":
        return this.answerBooking(u.intent === "acceptBooking" ? "accept" : u.intent === "declineBooking" ? "decline" : "complete", u.bookingId);
      case "busy":
      case "available":
        return this.setAvailable(u.intent === "available");
      case "language":
        return u.lang ? this.act(`l:${u.lang}`) : this.chooseLanguage(false);
      case "help":
        return this.help();
      case "menu":
        this.state = freshState(this.state.at);
        return this.mainMenu(false);
      case "nearMe":
        return this.act("n");
      case "greeting":
        this.say({ text: this.t("bot.hello") });
        return this.mainMenu(false);
      case "thanks":
        return this.say({ text: this.t("bot.youAreWelcome"), buttons: [[this.menuButton()]] });
      case "yes":
      case "no":
        return this.say({ text: this.t("bot.anythingElse"), buttons: [[this.menuButton()]] });
      default:
        // the person chose "search" and typed words we don't know: search them as typed
        if (explicitSearch && number === null) return this.search({ q: text, page: 1 });
        // one short line and the menu: never a search of random words, never two contradicting lines
        return this.notUnderstood();
    }
  }

  /** "I didn't catch that" and the menu. */
  notUnderstood() {
    this.say({ text: this.t("bot.didNotCatch") });
    return this.mainMenu(false);
  }

  /** A day typed in words at the date question: «باچر», "Friday", «دوو سبەی», "in 3 days", or YYYY-MM-DD. */
  typedDate(text: string) {
    const today = baghdadToday(this.ctx.now());
    const when = whenInText(text);
    const date = when.day ? dayOf(when.day, today) : /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
    const error = date ? this.field("preferredDate", date) : this.t("validation.preferredDate");
    if (error || !date) {
      this.state.step = "bookOtherDate";
      return this.say({ text: `${error}\n${this.t("bot.askOtherDate")}`, buttons: [[{ label: this.t("bot.cancelDraft"), action: "x" }]] });
    }
    if (when.slot) {
      this.state.draft!.date = date;
      return this.bookTime(when.slot);
    }
    return this.dateChosen(date);
  }

  async location(lat: number, lng: number) {
    if (this.state.step === "bookLocation" && this.state.draft) {
      let place = "";
      try {
        const p = await nearestPlace(this.ctx, { lat, lng });
        place = (this.lang === "ar" ? p.nameAr : this.lang === "ku" ? p.nameKu : p.name) ?? p.name;
      } catch {
        // far from every known city: the coordinates alone say where
      }
      return this.bookLocation(`${place ? `${place} ` : ""}(${lat.toFixed(5)}, ${lng.toFixed(5)})`);
    }
    // "a plumber near me" asked for the place first: the search keeps its words
    return this.search({ q: this.state.step === "nearMe" ? this.state.search?.q : undefined, lat, lng, page: 1 });
  }

  async contact(phoneRaw: string, own: boolean) {
    if (!own) {
      this.say({ text: this.t("bot.contactNotYours"), ask: "contact", buttons: [[this.menuButton()]] });
      return;
    }
    const digits = phoneRaw.replace(/[^\d]/g, "");
    const phone = normalizeIraqiPhone(phoneRaw.startsWith("+") ? phoneRaw : `+${digits}`) ?? normalizeIraqiPhone(phoneRaw);
    if (!phone) {
      this.say({ text: this.t("bot.phoneUnsupported", { url: `${this.deps.siteUrl}/register` }), buttons: [[this.menuButton()]] });
      return;
    }
    this.account = await accountForProvenPhone(this.ctx, phone, this.inbound.profileName ?? "", this.lang);
    this.say({ text: this.t("bot.linked") });
    const resume = this.state.resume;
    this.state.resume = undefined;
    if (resume) return this.act(resume);
    return this.mainMenu(false);
  }

  // ——— buttons ———

  async act(action: string) {
    const [verb, a, b] = action.split(":");
    switch (verb) {
      case "m":
        this.state = freshState(this.state.at);
        return this.mainMenu(false);
      case "h":
        return this.help();
      case "lk":
        return this.linkAnswer(a);
      case "L":
        return this.chooseLanguage(false);
      case "l":
        if (isLang(a)) {
          this.setLang(a);
          if (this.account) await this.setAccountLanguage(a);
        }
        return this.mainMenu(false);
      case "s":
        this.state = { ...freshState(this.state.at), step: "searchText" };
        return this.say({ text: this.t("bot.askSearch"), buttons: [[this.menuButton()]] });
      case "c":
        return a ? this.pickCity(a) : this.categories();
      case "cc":
        return this.search({ category: a, city: b, page: 1 });
      case "n":
        this.say({ text: this.t("bot.askLocation"), ask: "location", buttons: [[this.menuButton()]] });
        return;
      case "pg":
        return this.search({ ...(this.state.search ?? {}), page: Math.max(1, Number(a) || 1) });
      case "p":
        return this.provider(a);
      case "b":
        return this.startBooking(a);
      case "d":
        return this.bookDate(a);
      case "ds":
        return this.namedSlot(Number(a), b);
      case "loc":
        return this.state.draft?.lastLocation ? this.bookLocation(this.state.draft.lastLocation) : this.nothingPending();
      case "t":
        return this.bookTime(a);
      case "u":
        return this.bookUrgency(a);
      case "ok":
        return this.confirmBooking();
      case "x":
        this.state = freshState(this.state.at);
        this.say({ text: this.t("bot.bookingDropped") });
        return this.mainMenu(false);
      case "mb":
        return this.myBookings();
      case "pb":
        return this.providerBookings();
      case "av":
        return this.setAvailable(a === "1");
      case "booking":
        return this.changeBooking(b, a);
      case "cw":
        return this.startChat(a);
      default:
        this.say({ text: this.t("bot.hint") });
        return this.mainMenu(false);
    }
  }

  async setAccountLanguage(lang: Lang) {
    await this.ctx.db.update(users).set({ language: lang }).where(eq(users.id, this.account!.userId));
  }

  // ——— screens ———

  chooseLanguage(welcome: boolean) {
    const names: Record<Lang, string> = { en: "English", ar: "العربية", ku: "کوردی" };
    this.say({
      text: welcome ? `${this.t("bot.welcome")}\n\n${this.t("bot.chooseLanguage")}` : this.t("bot.chooseLanguage"),
      buttons: [LANGS.map((l) => ({ label: names[l], action: `l:${l}` }))],
    });
  }

  async mainMenu(welcome: boolean) {
    this.state.step = "idle";
    const listing = await this.myListing();
    if (listing) return this.providerMenu(listing, welcome);
    this.say({
      text: welcome ? `${this.t("bot.welcome")}\n\n${this.t("bot.menuText")}` : this.t("bot.menuText"),
      buttons: [
        [{ label: this.t("bot.searchWords"), action: "s" }, { label: this.t("bot.byCategory"), action: "c" }],
        [{ label: this.t("bot.nearMe"), action: "n" }, { label: this.t("bot.myBookings"), action: "mb" }],
        [{ label: this.t("bot.language"), action: "L" }, { label: this.t("bot.help"), action: "h" }],
      ],
    });
  }

  help() {
    this.say({ text: this.t("bot.helpText"), buttons: [[this.menuButton()]] });
  }

  async categories() {
    const list = await listCategories(this.ctx);
    const name = (c: (typeof list)[number]) => (this.lang === "ar" ? c.nameAr : this.lang === "ku" ? c.nameKu : c.name);
    const rows: Button[][] = [];
    list.forEach((c, i) => {
      if (i % 2 === 0) rows.push([]);
      rows[rows.length - 1].push({ label: name(c), action: `c:${c.id}` });
    });
    rows.push([this.menuButton()]);
    this.say({ text: this.t("bot.chooseCategory"), buttons: rows });
  }

  async pickCity(categoryId: string) {
    const cities = (await listCities(this.ctx)).filter((c) => TOP_CITIES.includes(c.slug));
    cities.sort((x, y) => TOP_CITIES.indexOf(x.slug) - TOP_CITIES.indexOf(y.slug));
    const name = (c: (typeof cities)[number]) => (this.lang === "ar" ? c.nameAr : this.lang === "ku" ? c.nameKu : c.name);
    const rows: Button[][] = [];
    cities.forEach((c, i) => {
      if (i % 2 === 0) rows.push([]);
      rows[rows.length - 1].push({ label: name(c), action: `cc:${categoryId}:${c.slug}` });
    });
    rows.push([{ label: this.t("bot.anyCity"), action: `cc:${categoryId}:` }], [this.menuButton()]);
    this.state = { ...freshState(this.state.at), step: "pickCity", search: { category: categoryId, page: 1 } };
    this.say({ text: this.t("bot.chooseCity"), buttons: rows });
  }

  /**
   * One page of a search. A search in a city that has none of it yet says so, names the city, and shows what the
   * rest of Iraq has (the reader learns they were understood and still gets somewhere); `emptyIn` is that city.
   */
  async search(query: NonNullable<ConversationState["search"]>, emptyIn?: string): Promise<void> {
    const page = await searchProviders(this.ctx, {
      search: query.q,
      category: query.category || undefined,
      city: query.city || undefined,
      lat: query.lat,
      lng: query.lng,
      page: query.page,
      limit: PAGE_SIZE,
    });
    this.state = { ...freshState(this.state.at), step: "idle", search: query };
    // ——— issue #32 (ADR 040): the search says when these are the nearest cities', and which words it did not understand
    const nearestTo = page.understood?.nearestTo;
    if (nearestTo && !emptyIn) {
      const city = (await this.places()).find((c) => c.slug === nearestTo);
      emptyIn = city ? this.cityName(city) : nearestTo;
    }
    const notUnderstood = page.understood?.notUnderstood;
    if (page.items.length === 0 && notUnderstood) {
      return this.say({ text: this.t("bot.notUnderstoodWords", { words: isolate(notUnderstood) }), buttons: [[{ label: this.t("bot.byCategory"), action: "c" }], [this.menuButton()]] });
    }
    // ———
    if (page.items.length === 0 && query.city && query.page === 1 && (query.q || query.category)) {
      const city = (await this.places()).find((c) => c.slug === query.city);
      return this.search({ ...query, city: "" }, city ? this.cityName(city) : query.city);
    }
    if (page.items.length === 0 && query.page > 1) {
      // asked for more than there is: the list stays on its last page
      this.state = { ...this.state, search: { ...query, page: query.page - 1 } };
      return this.say({ text: this.t("bot.noMore"), buttons: [[{ label: this.t("bot.previous"), action: `pg:${query.page - 1}` }], [this.menuButton()]] });
    }
    if (page.items.length === 0) {
      this.say({
        text: this.t("bot.noResults"),
        buttons: [[{ label: this.t("bot.byCategory"), action: "c" }, { label: this.t("bot.nearMe"), action: "n" }], [this.menuButton()]],
      });
      return;
    }
    const first = (query.page - 1) * PAGE_SIZE;
    const cityName = await this.cityNames();
    const lines = page.items.map((p, i) => `${formatNumber(i + 1, this.lang)}. ${this.providerLine(p, cityName)}`);
    const nav: Button[] = [];
    if (query.page > 1) nav.push({ label: this.t("bot.previous"), action: `pg:${query.page - 1}` });
    if (first + page.items.length < page.total) nav.push({ label: this.t("bot.next"), action: `pg:${query.page + 1}` });
    this.say({
      text: `${emptyIn ? `${this.t("bot.noneInCity", { city: isolate(emptyIn) })}\n` : ""}${page.understood?.mentionsOnly ? `${this.t("bot.closestMatches")}\n` : ""}${this.t("bot.results", { from: first + 1, to: first + page.items.length, total: page.total })}\n\n${lines.join("\n")}`,
      buttons: [...page.items.map((p, i) => [{ label: `${formatNumber(i + 1, this.lang)}. ${isolate(namesForReader(p, this.lang).primary)}`, action: `p:${p.id}`, listed: true }]), ...(nav.length ? [nav] : []), [this.menuButton()]],
    });
  }

  /**
   * One listing in a line, as the reader reads (issue #19 items 4, 5, 7): the name in the reader's script, the
   * specialty and the city in the reader's language, the rating in the reader's digits ("New" without
   * reviews), and every piece of a person's text isolated (FSI…PDI) so its punctuation stays at its end.
   */
  providerLine(
    p: { name: string; nameOther?: string | null; specialty: string; specialtyAr: string | null; specialtyKu: string | null; city: string; cityId?: number | null; rating: number; reviewCount: number; isVerified: boolean },
    cityName: (p: { city: string; cityId?: number | null }) => string,
  ) {
    const specialty = (this.lang === "ar" ? p.specialtyAr : this.lang === "ku" ? p.specialtyKu || p.specialtyAr : null) || p.specialty;
    return `${isolate(namesForReader(p, this.lang).primary)}${p.isVerified ? " ✅" : ""} · ${isolate(specialty)} · ${isolate(cityName(p))} · ${this.rating(p)}`;
  }

  /** "⭐ ٤٫٦" in the reader's digits, or "New" for a listing nobody has reviewed yet. */
  rating(p: { rating: number; reviewCount: number }) {
    return p.reviewCount > 0 ? `⭐ ${formatNumber(p.rating, this.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}` : `🆕 ${this.t("bot.newListing")}`;
  }

  /** A listing's city in the reader's language (the listing stores it in English, with its city id). */
  /** A city as the reader names it (Sorani falls back to the Arabic name where it has none). */
  cityName(c: { name: string; nameAr: string; nameKu: string }) {
    return this.lang === "ar" ? c.nameAr : this.lang === "ku" ? c.nameKu || c.nameAr : c.name;
  }

  async cityNames(): Promise<(p: { city: string; cityId?: number | null }) => string> {
    const cities = new Map((await this.places()).map((c) => [c.id, this.cityName(c)]));
    return (p) => (p.cityId ? cities.get(p.cityId) : undefined) || p.city;
  }

  async provider(rawId: string) {
    const p = await getProvider(this.ctx, rawId);
    const lines = [
      this.providerLine(p, await this.cityNames()),
      `📍 ${isolate(p.location)}`,
      ...(p.reviewCount > 0 ? [`${this.rating(p)} (${this.t("bot.reviews", { count: p.reviewCount })})`] : []),
      `📞 ${ltr(p.phone)}`,
      ...(p.isVerified ? [`✅ ${this.t("bot.verified")}`] : []),
      ...(p.description ? ["", isolate(clip(p.description, 300))] : []),
    ];
    const back: Button[] = this.state.search ? [{ label: this.t("bot.backToResults"), action: `pg:${this.state.search.page}` }] : [];
    this.say({
      text: lines.join("\n"),
      links: [
        { label: this.t("bot.call"), url: `tel:${p.phone}` },
        { label: this.t("bot.profile"), url: `${this.deps.siteUrl}/provider/${p.id}` },
      ],
      buttons: [[{ label: this.t("bot.book"), action: `b:${p.id}` }, { label: this.t("bot.message"), action: `cw:${p.id}` }], [...back, this.menuButton()]],
    });
  }

  // ——— booking ———

  async startBooking(rawId: string) {
    const p = await getProvider(this.ctx, rawId);
    if (!this.account) {
      if (this.provenPhone) {
        this.account = await accountForProvenPhone(this.ctx, this.provenPhone, this.inbound.profileName ?? "", this.lang);
      } else {
        this.state = { ...this.state, step: "linkContact", resume: `b:${p.id}` };
        this.askToLink();
        return;
      }
    }
    if (!this.account.isPhoneVerified) {
      this.state = { ...this.state, step: "linkContact", resume: `b:${p.id}` };
      this.askToLink();
      return;
    }
    const last = (await listMyBookings(this.ctx)).asCustomer.find((b) => b.customerLocation)?.customerLocation;
    this.state = {
      ...this.state,
      step: "bookDescription",
      draft: { providerId: p.id, providerName: p.name, key: `bot-${randomToken(12)}`, ...(last ? { lastLocation: last } : {}) },
    };
    // the words of the search ("AC not cooling in Karrada") are the description already, when they say enough
    const said = this.state.search?.said;
    if (said && !this.field("serviceDescription", said)) {
      this.say({ text: `${this.t("bot.bookingFor", { provider: isolate(p.name) })}\n📝 ${isolate(said)}` });
      return this.bookDescription(said);
    }
    this.say({ text: `${this.t("bot.bookingFor", { provider: isolate(p.name) })}\n${this.t("bot.askDescription")}`, buttons: [[{ label: this.t("bot.cancelDraft"), action: "x" }]] });
  }

  field(name: "serviceDescription" | "customerLocation" | "preferredDate", value: string): string | null {
    const parsed = bookingSchema(this.ctx.now()).shape[name].safeParse(value);
    if (parsed.success) return null;
    return this.t(parsed.error.issues[0]?.message ?? "errors.validation");
  }

  bookDescription(text: string) {
    const draft = this.state.draft;
    if (!draft) return this.mainMenu(false);
    const error = this.field("serviceDescription", text);
    if (error) return this.say({ text: `${error}\n${this.t("bot.askDescription")}`, buttons: [[{ label: this.t("bot.cancelDraft"), action: "x" }]] });
    draft.description = text;
    this.state.step = "bookLocation";
    const again: Button[][] = draft.lastLocation ? [[{ label: `📍 ${clip(draft.lastLocation, 40)}`, action: "loc:last" }]] : [];
    this.say({ text: this.t(draft.lastLocation ? "bot.askBookingLocationAgain" : "bot.askBookingLocation"), ask: "location", buttons: [...again, [{ label: this.t("bot.cancelDraft"), action: "x" }]] });
  }

  bookLocation(text: string) {
    const draft = this.state.draft;
    if (!draft) return this.mainMenu(false);
    const error = this.field("customerLocation", text);
    if (error) return this.say({ text: `${error}\n${this.t("bot.askBookingLocation")}`, ask: "location", buttons: [[{ label: this.t("bot.cancelDraft"), action: "x" }]] });
    draft.location = text;
    this.state.step = "bookDate";
    this.askDate();
  }

  /** The next named slots ("Today · Evening", "Tomorrow · Morning"…), one tap each, then "another day". */
  askDate() {
    const hour = Number(new Intl.DateTimeFormat("en-GB", { hour: "numeric", hour12: false, timeZone: "Asia/Baghdad" }).format(this.ctx.now()));
    const ends: Record<(typeof SLOTS)[number], number> = { morning: 11, afternoon: 16, evening: 19 };
    const slots: [number, (typeof SLOTS)[number]][] = [
      ...SLOTS.filter((s) => hour < ends[s]).map((s) => [0, s] as [number, (typeof SLOTS)[number]]),
      ...SLOTS.map((s) => [1, s] as [number, (typeof SLOTS)[number]]),
    ].slice(0, 4);
    this.say({
      text: this.t("bot.askDate"),
      buttons: [
        ...slots.map(([offset, slot]) => [{ label: `${this.t(offset === 0 ? "bot.today" : "bot.tomorrow")} · ${this.t(`booking.${slot}`)}`, action: `ds:${offset}:${slot}` }]),
        [{ label: this.t("bot.otherDay"), action: "d:other" }],
        [{ label: this.t("bot.cancelDraft"), action: "x" }],
      ],
    });
  }

  namedSlot(offset: number, slot: string | undefined) {
    const draft = this.state.draft;
    if (!draft || !(offset === 0 || offset === 1) || !(SLOTS as readonly string[]).includes(slot ?? "")) return this.nothingPending();
    draft.date = dayOf({ offset }, baghdadToday(this.ctx.now()));
    return this.bookTime(slot!);
  }

  bookDate(which: string) {
    const draft = this.state.draft;
    if (!draft) return this.nothingPending();
    const today = baghdadToday(this.ctx.now());
    if (which === "other") {
      this.state.step = "bookOtherDate";
      return this.say({ text: this.t("bot.askOtherDate"), buttons: [[{ label: this.t("bot.cancelDraft"), action: "x" }]] });
    }
    const date = which === "tomorrow" ? new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : today;
    return this.dateChosen(date);
  }

  dateChosen(date: string) {
    this.state.draft!.date = date;
    this.state.step = "bookTime";
    this.say({
      text: this.t("bot.askTime"),
      buttons: [...TIME_SLOTS.map((s) => [{ label: this.t(`booking.${s}`), action: `t:${s}` }]), [{ label: this.t("bot.cancelDraft"), action: "x" }]],
    });
  }

  bookTime(slot: string) {
    const draft = this.state.draft;
    if (!draft || !(TIME_SLOTS as readonly string[]).includes(slot)) return this.nothingPending();
    draft.time = slot as (typeof TIME_SLOTS)[number];
    // normal unless the person says otherwise, on the summary (issue #20 item 2)
    return this.bookUrgency(draft.urgency ?? "normal");
  }

  bookUrgency(urgency: string) {
    const draft = this.state.draft;
    if (!draft || !(URGENCIES as readonly string[]).includes(urgency)) return this.nothingPending();
    draft.urgency = urgency as (typeof URGENCIES)[number];
    this.state.step = "bookConfirm";
    this.summary();
  }

  summary() {
    const d = this.state.draft!;
    const urgency = this.t(urgencyKey(d.urgency!));
    this.say({
      text: [
        this.t("bot.summaryTitle", { provider: d.providerName }),
        `📝 ${d.description}`,
        `📍 ${d.location}`,
        `📅 ${formatDay(d.date!, intlLocale(this.lang), "full")} · ${this.t(`booking.${d.time}`)}`,
        `⚡ ${urgency}`,
        `📞 ${ltr(this.account?.phone ?? "")}`,
      ].join("\n"),
      buttons: [
        [{ label: this.t("bot.confirm"), action: "ok" }, { label: this.t("bot.cancelDraft"), action: "x" }],
        ...(d.urgency === "normal" ? [[{ label: `⚡ ${this.t("bot.makeUrgent")}`, action: "u:high" }]] : []),
      ],
    });
  }

  async confirmBooking() {
    const d = this.state.draft;
    if (!d || !d.urgency || !this.account) return this.nothingPending();
    const { booking, created } = await createBooking(this.ctx, {
      providerId: d.providerId,
      serviceDescription: d.description,
      customerLocation: d.location,
      customerPhone: this.account.phone,
      preferredDate: d.date,
      preferredTime: d.time,
      urgency: d.urgency,
      idempotencyKey: d.key,
    });
    this.state = freshState(this.state.at);
    this.say({
      text: `${this.t(created ? "bot.booked" : "bot.alreadyBooked", { id: booking.id, provider: booking.providerName })}\n${this.t("booking.confirmedTextGeneric")}`,
      buttons: [[{ label: this.t("bot.myBookings"), action: "mb" }, this.menuButton()]],
    });
  }

  nothingPending() {
    this.say({ text: this.t("bot.nothingPending") });
    return this.mainMenu(false);
  }

  /** Repeats the question of the current step after an answer the bot didn't understand. */
  repeatStep() {
    switch (this.state.step) {
      case "bookDate":
        return this.askDate();
      case "bookTime":
        return this.dateChosen(this.state.draft!.date!);
      case "bookUrgency":
        return this.bookTime(this.state.draft!.time!);
      case "bookConfirm":
        return this.summary();
      case "linkContact":
        return this.askToLink();
      default:
        return this.mainMenu(false);
    }
  }

  // ——— my bookings ———

  async myBookings() {
    if (!this.account) {
      if (this.provenPhone) return this.say({ text: this.t("booking.noBookings"), buttons: [[this.menuButton()]] });
      this.state = { ...this.state, step: "linkContact", resume: "mb" };
      return this.askToLink();
    }
    const { asCustomer, asProvider } = await listMyBookings(this.ctx);
    const line = (b: BookingView) =>
      `#${b.id} · ${isolate(namesForReader({ name: b.providerName, nameOther: b.providerNameOther }, this.lang).primary)} · ${this.t(`booking.status.${b.status}`)}${b.preferredDate ? ` · ${formatDay(b.preferredDate, intlLocale(this.lang))}` : ""}`;
    const buttons: Button[][] = [];
    const parts: string[] = [];
    const mine = asCustomer.slice(0, PAGE_SIZE);
    if (mine.length) {
      parts.push(`${this.t("booking.myBookings")}:`, ...mine.map(line));
      for (const b of mine) if (b.status === "pending" || b.status === "accepted") buttons.push([{ label: this.t("bot.cancelBooking", { id: b.id }), action: `booking:cancel:${b.id}` }]);
    }
    const forMe = asProvider.filter((b) => b.status === "pending" || b.status === "accepted").slice(0, PAGE_SIZE);
    if (forMe.length) {
      parts.push("", `${this.t("booking.requestsForMe")}:`, ...forMe.map((b) => this.providerBookingLines(b)));
      for (const b of forMe) buttons.push(this.bookingAnswers(b));
    }
    if (!parts.length) parts.push(this.t("booking.noBookings"));
    buttons.push([this.menuButton()]);
    this.say({ text: parts.join("\n"), buttons });
  }

  async changeBooking(rawId: string, action: string) {
    if (!(BOOKING_ACTIONS as readonly string[]).includes(action)) return this.nothingPending();
    if (!this.account) {
      this.state = { ...this.state, step: "linkContact", resume: `booking:${action}:${rawId}` };
      return this.askToLink();
    }
    let booking: BookingView;
    try {
      booking = await changeBookingStatus(this.ctx, rawId, action as BookingAction);
    } catch (err) {
      // decided already (on the web, by the customer, or by an earlier tap): say what it is now
      if (!isServiceError(err) || err.code !== "CONFLICT") throw err;
      const now = await getMyBooking(this.ctx, rawId);
      return this.say({
        text: this.t("bot.bookingAlready", { id: now.id, status: this.t(`booking.status.${now.status}`) }),
        buttons: [[{ label: this.t("bot.myBookings"), action: (await this.myListing()) ? "pb" : "mb" }, this.menuButton()]],
      });
    }
    this.say({
      text: this.t("bot.bookingChanged", { id: booking.id, status: this.t(`booking.status.${booking.status}`) }),
      buttons: [[{ label: this.t("bot.myBookings"), action: "mb" }, this.menuButton()]],
    });
  }

  // ——— the provider's side (issue #20 item 3) ———

  /** The listing this chat's account runs, or null (a customer); read once per turn. */
  private listing: MyListing | null | undefined;
  async myListing(): Promise<MyListing | null> {
    if (this.listing === undefined) this.listing = this.account && this.account.userType === "provider" ? await findMyListing(this.ctx) : null;
    return this.listing;
  }

  /** The alert the person's message quotes, if it quotes one this chat was sent. */
  quotedAlert(): SentAlert | undefined {
    const id = this.inbound.repliedTo;
    return id ? this.state.alerts?.find((a) => a.mid === id) : undefined;
  }

  /** How many bookings the remembered alerts offer that still wait for an accept or decline. */
  async waitingAlerts(): Promise<number> {
    const offered = new Set((this.state.alerts ?? []).flatMap((a) => a.menu).filter((m) => m.startsWith("booking:")).map((m) => Number(m.split(":")[2])));
    if (!this.account || offered.size < 2) return offered.size;
    const { asProvider } = await listMyBookings(this.ctx);
    return asProvider.filter((b) => offered.has(b.id) && b.status === "pending").length;
  }

  async providerMenu(listing: MyListing, welcome: boolean) {
    const { asProvider } = await listMyBookings(this.ctx);
    const pending = asProvider.filter((b) => b.status === "pending").length;
    const today = baghdadToday(this.ctx.now());
    const todays = asProvider.filter((b) => b.status === "accepted" && b.preferredDate === today).length;
    const lines = [
      welcome ? this.t("bot.welcome") : "",
      this.t("bot.providerMenuText", { name: isolate(namesForReader(listing, this.lang).primary) }),
      this.t("bot.providerWaiting", { count: pending }),
      ...(todays ? [this.t("bot.providerToday", { count: todays })] : []),
      listing.isAvailable ? `🟢 ${this.t("bot.youAreAvailable")}` : `⏸️ ${this.t("bot.youAreBusy")}`,
    ].filter(Boolean);
    this.say({
      text: lines.join("\n"),
      buttons: [
        [{ label: this.t("bot.providerBookings"), action: "pb" }],
        [listing.isAvailable ? { label: this.t("bot.busyToday"), action: "av:0" } : { label: this.t("bot.availableAgain"), action: "av:1" }],
        [{ label: this.t("bot.searchWords"), action: "s" }, { label: this.t("bot.myBookings"), action: "mb" }],
        [{ label: this.t("bot.language"), action: "L" }, { label: this.t("bot.help"), action: "h" }],
      ],
    });
  }

  /** A booking as a provider reads it: who, when, where, how urgent, what. */
  providerBookingLines(b: BookingView): string {
    const day = b.preferredDate ? formatDay(b.preferredDate, intlLocale(this.lang), "full") : this.t("notices.anyDay");
    const urgent = b.urgency === "high" || b.urgency === "emergency" ? ` · ⚡ ${this.t(urgencyKey(b.urgency))}` : "";
    return [
      `#${b.id} · ${isolate(firstName(b.customerName ?? ""))} · ${this.t(`booking.status.${b.status}`)}${urgent}`,
      `   📅 ${day} · ${this.t(`booking.${b.preferredTime ?? "flexible"}`)}`,
      `   📍 ${isolate(clip(b.customerLocation, 60))}`,
      `   📝 ${isolate(jobLine(b.serviceDescription, 100))}`,
    ].join("\n");
  }

  /** The answers a booking can take now, each naming it. */
  bookingAnswers(b: BookingView): Button[] {
    if (b.status === "pending") return [{ label: this.t("bot.acceptBooking", { id: b.id }), action: `booking:accept:${b.id}` }, { label: this.t("bot.declineBooking", { id: b.id }), action: `booking:decline:${b.id}` }];
    if (b.status === "accepted") return [{ label: this.t("bot.completeBooking", { id: b.id }), action: `booking:complete:${b.id}` }];
    return [];
  }

  /** Today's and waiting bookings for the provider, each with its answers; `heading` asks which one. */
  async providerBookings(heading?: string) {
    if (!(await this.myListing())) return this.myBookings();
    const { asProvider } = await listMyBookings(this.ctx);
    const open = asProvider
      .filter((b) => b.status === "pending" || b.status === "accepted")
      // waiting answers first, then the accepted ones by day
      .sort((x, y) => (x.status === y.status ? (x.preferredDate ?? "9999").localeCompare(y.preferredDate ?? "9999") || x.id - y.id : x.status === "pending" ? -1 : 1))
      .slice(0, PAGE_SIZE);
    if (!open.length) return this.say({ text: this.t("bot.providerNothingOpen"), buttons: [[this.menuButton()]] });
    this.say({
      text: [heading ? this.t(heading, { count: open.filter((b) => b.status === "pending").length }) : `${this.t("bot.providerBookings")}:`, "", ...open.map((b) => this.providerBookingLines(b))].join("\n"),
      buttons: [...open.map((b) => this.bookingAnswers(b)).filter((row) => row.length), [this.menuButton()]],
    });
  }

  /** "accept", «قبول ٩», «تەواو»: the named booking, the quoted alert's, or the only one it can be; else asked back. */
  async answerBooking(action: "accept" | "decline" | "complete", bookingId?: number) {
    if (!(await this.myListing())) return this.notUnderstood();
    if (bookingId) return this.changeBooking(String(bookingId), action);
    const quoted = this.quotedAlert()?.menu.find((m) => m.startsWith("booking:"));
    if (quoted) return this.changeBooking(quoted.split(":")[2], action);
    const { asProvider } = await listMyBookings(this.ctx);
    const candidates = asProvider.filter((b) => b.status === (action === "complete" ? "accepted" : "pending"));
    if (candidates.length === 1) return this.changeBooking(String(candidates[0].id), action);
    return this.providerBookings(candidates.length ? "bot.whichAlert" : undefined);
  }

  /** The availability switch from the chat: "busy today" / "available again". */
  async setAvailable(available: boolean) {
    if (!(await this.myListing())) return this.notUnderstood();
    this.listing = await setMyAvailability(this.ctx, { available });
    this.say({ text: this.t(available ? "bot.nowAvailable" : "bot.nowBusy") });
    return this.mainMenu(false);
  }

  // ——— web chat through the bot (issue #20 item 4, ADR 034) ———

  /** The conversation of the relayed message the person's reply quotes. */
  quotedThread(): ChatTarget | undefined {
    const id = this.inbound.repliedTo;
    const t = id ? this.state.threads?.find((x) => x.mid === id) : undefined;
    if (!t) return undefined;
    const name = this.state.chat?.conversationId === t.conversationId ? this.state.chat.name : "";
    return { conversationId: t.conversationId, name, at: t.at };
  }

  /** The conversation typed text goes to now: the one the bot last named, within CHAT_MS. */
  chatTarget(): ChatTarget | undefined {
    const c = this.state.chat;
    if (!c || !["idle", "chatCompose"].includes(this.state.step)) return undefined;
    return this.ctx.now().getTime() - c.at < CHAT_MS ? c : undefined;
  }

  /** While chatting, a short message that is one of the bot's own commands is that command, not chat. */
  async commandWhileChatting(text: string): Promise<boolean> {
    if (this.state.step === "chatCompose" || text.split(/\s+/).length > 3) return false;
    const u = understand(text);
    return ["myBookings", "acceptBooking", "declineBooking", "busy", "available", "language", "stop"].includes(u.intent) || (u.intent === "completeBooking" && "bookingId" in u && Boolean(u.bookingId));
  }

  /** "💬 Message" on a listing: the next thing typed starts (or continues) the conversation with it. */
  async startChat(rawId: string) {
    const p = await getProvider(this.ctx, rawId);
    if (!this.account || !this.account.isPhoneVerified) {
      if (this.provenPhone && !this.account) {
        this.account = await accountForProvenPhone(this.ctx, this.provenPhone, this.inbound.profileName ?? "", this.lang);
      } else {
        this.state = { ...this.state, step: "linkContact", resume: `cw:${p.id}` };
        return this.askToLink();
      }
    }
    const name = namesForReader(p, this.lang).primary;
    this.state = { ...freshState(this.state.at), step: "chatCompose", chat: { providerId: p.id, name, at: this.ctx.now().getTime() } };
    this.chatting = true;
    this.say({ text: this.t("bot.askChatMessage", { name: isolate(name) }), buttons: [[{ label: this.t("bot.cancelDraft"), action: "m" }]] });
  }

  /** Writes into the web conversation as this chat's account: stored as every message is, live on the web. */
  async sendToChat(target: ChatTarget, content: { message?: string; imageUrl?: string }) {
    if (!this.account) return this.askToLink();
    const clientId = `bot-${this.inbound.channel}-${this.inbound.externalId}-${this.inbound.messageId ?? randomToken(8)}`.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 64);
    const { message } = await sendMessage(this.ctx, target.conversationId ? { conversationId: target.conversationId } : { providerId: target.providerId }, { ...content, clientId });
    this.state = { ...freshState(this.state.at), chat: { ...target, conversationId: message.conversationId, at: this.ctx.now().getTime() } };
    this.chatting = true;
    this.say({
      text: target.name ? this.t("bot.chatSent", { name: isolate(target.name), id: message.conversationId }) : this.t("bot.chatSentNoName", { id: message.conversationId }),
      buttons: [[this.menuButton()]],
    });
  }

  /** A photo: into the conversation being written to, stored in R2 as the web's photos are; else said where photos go. */
  async image(fetchBytes: () => Promise<ArrayBuffer | null>, caption?: string) {
    const target = this.quotedThread() ?? this.chatTarget();
    if (!target || !this.account) {
      this.say({ text: this.t("bot.photoOnlyInChat") });
      return this.mainMenu(false);
    }
    this.chatting = true;
    const bytes = await fetchBytes();
    if (!bytes) return this.say({ text: this.t("bot.photoFailed"), buttons: [[this.menuButton()]] });
    const { imageUrl } = await storeImage(this.ctx, bytes);
    return this.sendToChat(target, { imageUrl, ...(caption?.trim() ? { message: caption.trim() } : {}) });
  }
}
