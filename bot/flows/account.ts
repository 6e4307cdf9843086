/**
 * The account side of a chat: the language, linking the chat to an account (a shared own contact, a link
 * code from the profile page, which never moves a chat without asking; "link" on a WhatsApp its owner
 * unlinked), help, greetings and thanks, the menu words, and "stop".
 */
import type { Flow } from "../engine/flow";
import { freshState } from "../engine/state";
import type { Turn } from "../engine/turn";
import {
  accountForProvenPhone,
  accountOnProvenMessage,
  claimTelegramLinkCode,
  peekTelegramLinkCode,
} from "../../domain/accounts/channels";
import type { Lang } from "../../domain/context";
import { isLang, LANGS } from "../../domain/text/lang";
import { normalizeIraqiPhone } from "../../domain/text/phone";
import { stopNumber } from "../../domain/reach/numbers";
import { WHOLE_MESSAGE_COMMANDS } from "../../domain/lexicon/commands";
import { saysStop } from "../../domain/understand/saysStop";
import { setAccountLanguage } from "../../domain/accounts/profile";

// whole-message commands: the lexicon's (domain/lexicon/commands.ts, ADR 057)
const { menu: MENU_WORDS, help: HELP_WORDS, stop: STOP_WORDS, link: LINK_WORDS } = WHOLE_MESSAGE_COMMANDS;

function chooseLanguage(turn: Turn, welcome: boolean) {
  const names: Record<Lang, string> = { en: "English", ar: "العربية", ku: "کوردی" };
  turn.say({
    text: welcome ? `${turn.t("bot.welcome")}\n\n${turn.t("bot.chooseLanguage")}` : turn.t("bot.chooseLanguage"),
    buttons: [LANGS.map((l) => ({ label: names[l], action: `l:${l}` }))],
  });
}

/** What the bot does, in a few lines: search and book, chat, my bookings; a provider's desk, or how to become one. */
async function help(turn: Turn) {
  const more = (await turn.myListing())
    ? turn.t("bot.helpDesk")
    : turn.t("bot.helpJoin", { url: `${turn.deps.siteUrl}/provider-application` });
  turn.say({ text: `${turn.t("bot.helpText")}\n${more}`, buttons: [[turn.menuButton()]] });
}

function toMenu(turn: Turn) {
  turn.state = freshState(turn.state.at);
  return turn.mainMenu(false);
}

/** Uses a link code: from now on this chat acts for the code's account, as a chat linked from a session. */
async function linkWithCode(turn: Turn, code: string) {
  const handle = turn.inbound.handle ? ` (@${turn.inbound.handle})` : "";
  const label = `Telegram · ${turn.inbound.profileName ?? ""}${handle}`;
  const check = await claimTelegramLinkCode(turn.ctx, code, { externalId: turn.inbound.externalId, label });
  if (!check.ok)
    return turn.say({
      text: turn.t(check.reason === "unproven" ? "bot.linkNeedsVerifiedPhone" : "bot.linkCodeInvalid"),
    });
  turn.account = check.account;
  turn.linkedVia = "session";
  turn.setLang(check.account.language);
  turn.say({ text: turn.t("bot.linked") });
}

/** The answer to "move this chat to the other account?" (lk:y / lk:n), or "link" on an unlinked WhatsApp (lk:w). */
async function linkAnswer(turn: Turn, answer: string) {
  const code = turn.state.linkCode;
  turn.state = freshState(turn.state.at);
  if (answer === "w") return relinkWhatsApp(turn);
  if (answer === "y" && code) await linkWithCode(turn, code);
  else turn.say({ text: turn.t("bot.linkKept") });
  return turn.mainMenu(false);
}

/** "link" from a WhatsApp its owner unlinked: the number acts for its verified holder again. */
async function relinkWhatsApp(turn: Turn) {
  if (!turn.unlinked || !turn.inbound.provenPhone) return turn.mainMenu(false);
  turn.unlinked = false;
  turn.account = await accountOnProvenMessage(
    turn.ctx,
    turn.inbound.provenPhone,
    turn.inbound.profileName ?? "",
    turn.lang,
  );
  turn.linkedVia = "phone";
  if (turn.account) turn.setLang(turn.account.language);
  turn.say({ text: turn.t(turn.account ? "bot.linked" : "bot.linkNothingToLink") });
  return turn.mainMenu(false);
}

export const accountFlow: Flow = {
  name: "account",
  actions: {
    m: toMenu,
    h: help,
    // "↩ Continue" after a question inside a form: its question again, where it was
    async fm(turn) {
      if (!(await turn.askAgain())) return turn.nothingPending();
    },
    lk: linkAnswer,
    L: (turn) => chooseLanguage(turn, false),
    async l(turn, lang) {
      if (isLang(lang)) {
        turn.setLang(lang);
        if (turn.account) await setAccountLanguage(turn.ctx, lang);
        // said in the new language, so the person sees the switch took; a form goes on with what it holds
        turn.say({ text: turn.t("bot.languageChanged") });
      }
      // chosen inside a form: the form goes on, asked again in the new language
      if (await turn.askAgain()) return;
      return turn.mainMenu(false);
    },
  },
  intents: {
    language: (turn, u) => (u.lang ? turn.act(`l:${u.lang}`) : chooseLanguage(turn, false)),
    help,
    // ending an account needs the password, on the web; the bot says where
    deleteAccount: (turn) =>
      turn.say({
        text: turn.t("bot.deleteAccount", { link: `${turn.deps.siteUrl}/profile#delete-account` }),
        buttons: [[turn.menuButton()]],
      }),
    menu: toMenu,
    greeting(turn) {
      turn.say({ text: turn.t("bot.hello") });
      return turn.mainMenu(false);
    },
    thanks: (turn) => turn.say({ text: turn.t("bot.youAreWelcome"), buttons: [[turn.menuButton()]] }),
    yes: (turn) => turn.say({ text: turn.t("bot.anythingElse"), buttons: [[turn.menuButton()]] }),
    no: (turn) => turn.say({ text: turn.t("bot.anythingElse"), buttons: [[turn.menuButton()]] }),
  },
  steps: {
    // whatever else is typed while the bot waits for a contact is read as usual: nobody is kept there
    linkContact: {
      read: (turn, { raw, number }) => turn.understood(raw.trim(), number),
      ask: (turn) => turn.askToLink(),
    },
  },
  // the command words, exactly as typed, before anything else reads the message
  async first(turn, { word, text, isNew }) {
    if (STOP_WORDS.has(word) || saysStop(text)) {
      turn.optedIn = false;
      // the number itself said it: no message about a listing reaches it again, by SMS either (ADR 047)
      if (turn.provenPhone) await stopNumber(turn.ctx, turn.provenPhone);
      turn.state = freshState(turn.state.at);
      return turn.say({ text: turn.t("bot.stopped") });
    }
    if (HELP_WORDS.has(word)) {
      // inside a form, the form offered back, or its question again: help never ends what the person was doing
      if (await turn.aside(() => help(turn))) return true;
      await help(turn);
      await turn.askAgain();
      return true;
    }
    if (turn.unlinked && LINK_WORDS.has(word)) return relinkWhatsApp(turn);
    if (MENU_WORDS.has(word) || word === turn.t("bot.menu").toLowerCase()) {
      turn.state = freshState(turn.state.at);
      if (isNew && !turn.account) return chooseLanguage(turn, true);
      return turn.mainMenu(false);
    }
    return false;
  },
  async start(turn, payload, isNew) {
    turn.state = freshState(turn.state.at);
    if (payload) {
      const check = await peekTelegramLinkCode(turn.ctx, payload);
      if (!check.ok) {
        turn.say({ text: turn.t(check.reason === "unproven" ? "bot.linkNeedsVerifiedPhone" : "bot.linkCodeInvalid") });
      } else if (turn.account && turn.account.userId !== check.account.userId) {
        // a chat that acts for one account is never moved to another by a code without asking
        turn.state.linkCode = payload;
        return turn.say({
          text: turn.t("bot.linkMoveAsk"),
          buttons: [
            [
              { label: turn.t("bot.linkMoveYes"), action: "lk:y" },
              { label: turn.t("bot.linkMoveNo"), action: "lk:n" },
            ],
          ],
        });
      } else {
        await linkWithCode(turn, payload);
      }
    }
    if (isNew && !payload && !turn.account) return chooseLanguage(turn, true);
    return turn.mainMenu(true);
  },
  async contact(turn, phoneRaw, own) {
    if (!own) {
      turn.say({ text: turn.t("bot.contactNotYours"), ask: "contact", buttons: [[turn.menuButton()]] });
      return;
    }
    const digits = phoneRaw.replace(/[^\d]/g, "");
    const phone =
      normalizeIraqiPhone(phoneRaw.startsWith("+") ? phoneRaw : `+${digits}`) ?? normalizeIraqiPhone(phoneRaw);
    if (!phone) {
      turn.say({
        text: turn.t("bot.phoneUnsupported", { url: `${turn.deps.siteUrl}/register` }),
        buttons: [[turn.menuButton()]],
      });
      return;
    }
    turn.account = await accountForProvenPhone(turn.ctx, phone, turn.inbound.profileName ?? "", turn.lang);
    // "linked" in the language the person is reading; from then on the chat takes its account's (ADR 025)
    turn.say({ text: turn.t("bot.linked") });
    turn.setLang(turn.account.language);
    const resume = turn.state.resume;
    turn.state.resume = undefined;
    if (resume) return turn.act(resume);
    return turn.mainMenu(false);
  },
};
