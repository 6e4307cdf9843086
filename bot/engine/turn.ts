import { isolateLtr } from "../../domain/text/bidi";
import type { TFunction } from "../../i18n/t";
import type { ChannelAccount } from "../../domain/accounts/channels";
import type { Actor, Lang, ServiceContext } from "../../domain/context";
import { findMyListing, type MyListing } from "../../domain/providers/myListing";
import { publicData } from "../../domain/publicData";
import { translatorFor } from "../../i18n/translator";
import type { ConversationState, SentAlert } from "./state";
import type { Button, Inbound, Reply } from "./types";

export interface EngineDeps {
  /** a service context for the domain verbs; the engine sets the actor per conversation */
  ctx: ServiceContext;
  /** the public web address, for profile links */
  siteUrl: string;
}

/** `false`: the handler did not take it (the engine goes on as if it had no handler); anything else: handled. */
export type Handled = boolean | void;
export type Answer = Handled | Promise<Handled>;

/** What a turn asks of the routing table (the engine implements it from bot/flows/index.ts). */
export interface Router {
  act(turn: Turn, action: string): Promise<void>;
  understood(turn: Turn, text: string, number: number | null, otherwise?: () => Answer): Promise<void>;
  mainMenu(turn: Turn, welcome: boolean): Promise<void>;
  /** asks the current form step's question again; false when there is no form (or no question) to return to */
  askAgain(turn: Turn): Promise<boolean>;
  /** answers a question inside a form that holds something and offers the form back; false (unanswered) otherwise */
  aside(turn: Turn, answer: () => Answer): Promise<boolean>;
}

/** How many listings or bookings one message shows. */
export const PAGE_SIZE = 5;

/** A phone number kept left to right, in typed order, inside Arabic or Kurdish text (domain/text/bidi.ts). */
export const ltr = (s: string) => isolateLtr(s);

/**
 * One turn of one chat: who is writing, in which language, the conversation's state, and the replies said so
 * far. Flows read and change it; the helpers here are the ones every flow uses.
 */
export class Turn {
  replies: Reply[] = [];
  /** this turn wrote in (or opened) a web conversation: the chat stays the target of what is typed next */
  chatting = false;
  t: TFunction;
  optedIn: boolean | undefined;
  /** how this turn's account came to the chat, if it did: the number itself, or a link code made in a session */
  linkedVia: "phone" | "session" = "phone";
  /** the listing this chat's account runs, or null (a customer); read once per turn (myListing) */
  listing: MyListing | null | undefined;

  constructor(
    readonly deps: EngineDeps,
    readonly inbound: Inbound,
    public lang: Lang,
    public account: ChannelAccount | null,
    public state: ConversationState,
    private readonly router: Router,
    public unlinked = false,
  ) {
    this.t = translatorFor(lang);
  }

  /** the number this chat proves (a WhatsApp sender), unless its owner unlinked the chat */
  get provenPhone(): string | undefined {
    return this.unlinked ? undefined : this.inbound.provenPhone;
  }

  get ctx(): ServiceContext {
    const actor: Actor =
      this.inbound.channel === "telegram"
        ? {
            kind: "telegram",
            chatId: this.inbound.externalId,
            userId: this.account?.userId ?? null,
            user: this.account ?? undefined,
          }
        : {
            kind: "whatsapp",
            phone: this.inbound.externalId,
            userId: this.account?.userId ?? null,
            user: this.account ?? undefined,
            ...(this.provenPhone ? { provenPhone: this.provenPhone } : {}),
          };
    return { ...this.deps.ctx, actor, locale: this.lang };
  }

  say(reply: Reply) {
    this.replies.push(reply);
  }

  /** the language was chosen or taken from the linked account this turn: no longer a guess (ADR 097) */
  languageSettled = false;

  /** The language chosen, or the linked account's: the chat's from now on. */
  setLang(lang: Lang) {
    this.lang = lang;
    this.t = translatorFor(lang);
    this.languageSettled = true;
  }

  menuButton(): Button {
    return { label: this.t("bot.menu"), action: "m" };
  }

  // ——— through the routing table ———

  /** What a button (or a number picking one) does, whichever flow owns it. */
  act(action: string) {
    return this.router.act(this, action);
  }

  /** A message outside a form: what it means, answered by the flow that owns that meaning (ADR 027). */
  understood(text: string, number: number | null, otherwise?: () => Answer) {
    return this.router.understood(this, text, number, otherwise);
  }

  mainMenu(welcome: boolean) {
    return this.router.mainMenu(this, welcome);
  }

  /** The open form's question again (after a command that keeps the form); false when no form is open. */
  askAgain() {
    return this.router.askAgain(this);
  }

  /**
   * A question asked inside a form (help, my bookings): answered, the form kept as it was and offered back ("You were
   * booking Abu Firas" and ↩ Continue). false, with nothing said, when the open form holds nothing to come back to.
   */
  aside(answer: () => Answer) {
    return this.router.aside(this, answer);
  }

  /** "I didn't catch that" and the menu. */
  notUnderstood() {
    this.say({ text: this.t("bot.didNotCatch") });
    return this.mainMenu(false);
  }

  nothingPending() {
    this.say({ text: this.t("bot.nothingPending") });
    return this.mainMenu(false);
  }

  // ——— who is writing ———

  /** asks the person to link the chat: share the contact (Telegram), or, on a WhatsApp they unlinked, "link" */
  askToLink() {
    if (this.unlinked && this.inbound.provenPhone)
      return this.say({
        text: this.t("bot.whatsappUnlinked"),
        buttons: [[{ label: this.t("bot.linkAgain"), action: "lk:w" }], [this.menuButton()]],
      });
    this.say({
      text: this.t("bot.shareContact", { url: `${this.deps.siteUrl}/register` }),
      ask: "contact",
      buttons: [[this.menuButton()]],
    });
  }

  /** The chat must be linked to an account first: asks for the contact and resumes `resume` once linked. */
  linkFirst(resume: string) {
    this.state = { ...this.state, step: "linkContact", resume };
    this.askToLink();
  }

  /** The listing this chat's account runs, or null (a customer). */
  async myListing(): Promise<MyListing | null> {
    if (this.listing === undefined)
      this.listing = this.account && this.account.userType === "provider" ? await findMyListing(this.ctx) : null;
    return this.listing;
  }

  /** The alert the person's message quotes, if it quotes one this chat was sent. */
  quotedAlert(): SentAlert | undefined {
    const id = this.inbound.repliedTo;
    return id ? this.state.alerts?.find((a) => a.mid === id) : undefined;
  }

  /** The relayed chat message this message replies to, when it quotes one (ADR 034). */
  quotedChat(): { mid: string; conversationId: number; at: number } | undefined {
    const id = this.inbound.repliedTo;
    return id ? this.state.threads?.find((t) => t.mid === id) : undefined;
  }

  // ——— names and cities in the reader's language ———

  /** The cities the bot knows, for reading messages (the isolate's memo, ADR 016). */
  async places() {
    return (await publicData(this.ctx)).cities;
  }

  /** A city as the reader names it (Sorani falls back to the Arabic name where it has none). */
  cityName(c: { name: string; nameAr: string; nameKu: string }) {
    return this.lang === "ar" ? c.nameAr : this.lang === "ku" ? c.nameKu || c.nameAr : c.name;
  }

  /** A listing's city in the reader's language (the listing stores it in English, with its city id). */
  async cityNames(): Promise<(p: { city: string; cityId?: number | null }) => string> {
    const cities = new Map((await this.places()).map((c) => [c.id, this.cityName(c)]));
    return (p) => (p.cityId ? cities.get(p.cityId) : undefined) || p.city;
  }
}
