/**
 * The account side of a chat: the language, linking the chat to an account (a shared own contact, a link
 * code from the profile page), help, greetings and thanks, the menu words, and "stop".
 */
import { eq } from "drizzle-orm";
import type { Flow } from "../engine/flow";
import { freshState } from "../engine/state";
import type { Turn } from "../engine/turn";
import { users } from "../../db/schema";
import { accountForProvenPhone, claimTelegramLinkCode } from "../../domain/accounts/channels";
import type { Lang } from "../../domain/context";
import { isLang, LANGS } from "../../domain/text/lang";
import { normalizeIraqiPhone } from "../../domain/text/phone";

const MENU_WORDS = new Set(["0", "menu", "/menu", "start", "/start", "hi", "hello", "salam", "مرحبا", "السلام عليكم", "سلام", "القائمة", "سڵاو", "لیست"]);
const HELP_WORDS = new Set(["help", "/help", "?", "؟", "مساعدة", "یارمەتی"]);
const STOP_WORDS = new Set(["stop", "/stop", "unsubscribe", "ايقاف", "إيقاف", "وەستان"]);

function chooseLanguage(turn: Turn, welcome: boolean) {
  const names: Record<Lang, string> = { en: "English", ar: "العربية", ku: "کوردی" };
  turn.say({
    text: welcome ? `${turn.t("bot.welcome")}\n\n${turn.t("bot.chooseLanguage")}` : turn.t("bot.chooseLanguage"),
    buttons: [LANGS.map((l) => ({ label: names[l], action: `l:${l}` }))],
  });
}

function help(turn: Turn) {
  turn.say({ text: turn.t("bot.helpText"), buttons: [[turn.menuButton()]] });
}

function toMenu(turn: Turn) {
  turn.state = freshState(turn.state.at);
  return turn.mainMenu(false);
}

async function setAccountLanguage(turn: Turn, lang: Lang) {
  await turn.ctx.db.update(users).set({ language: lang }).where(eq(users.id, turn.account!.userId));
}

export const accountFlow: Flow = {
  name: "account",
  actions: {
    m: toMenu,
    h: help,
    L: (turn) => chooseLanguage(turn, false),
    async l(turn, lang) {
      if (isLang(lang)) {
        turn.setLang(lang);
        if (turn.account) await setAccountLanguage(turn, lang);
      }
      return turn.mainMenu(false);
    },
  },
  intents: {
    language: (turn, u) => (u.lang ? turn.act(`l:${u.lang}`) : chooseLanguage(turn, false)),
    help,
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
    linkContact: { ask: (turn) => turn.askContact() },
  },
  // the command words, exactly as typed, before anything else reads the message
  first(turn, { word, isNew }) {
    if (STOP_WORDS.has(word)) {
      turn.optedIn = false;
      turn.state = freshState(turn.state.at);
      return turn.say({ text: turn.t("bot.stopped") });
    }
    if (HELP_WORDS.has(word)) return help(turn);
    if (MENU_WORDS.has(word) || word === turn.t("bot.menu").toLowerCase()) {
      turn.state = freshState(turn.state.at);
      if (isNew && !turn.account) return chooseLanguage(turn, true);
      return turn.mainMenu(false);
    }
    return false;
  },
  async start(turn, payload, isNew) {
    if (payload) {
      const account = await claimTelegramLinkCode(turn.ctx, payload);
      if (!account) {
        turn.say({ text: turn.t("bot.linkCodeInvalid") });
      } else {
        turn.account = account;
        turn.setLang(account.language);
        turn.say({ text: turn.t("bot.linked") });
      }
    }
    turn.state = freshState(turn.state.at);
    if (isNew && !payload && !turn.account) return chooseLanguage(turn, true);
    return turn.mainMenu(true);
  },
  async contact(turn, phoneRaw, own) {
    if (!own) {
      turn.say({ text: turn.t("bot.contactNotYours"), ask: "contact", buttons: [[turn.menuButton()]] });
      return;
    }
    const digits = phoneRaw.replace(/[^\d]/g, "");
    const phone = normalizeIraqiPhone(phoneRaw.startsWith("+") ? phoneRaw : `+${digits}`) ?? normalizeIraqiPhone(phoneRaw);
    if (!phone) {
      turn.say({ text: turn.t("bot.phoneUnsupported", { url: `${turn.deps.siteUrl}/register` }), buttons: [[turn.menuButton()]] });
      return;
    }
    turn.account = await accountForProvenPhone(turn.ctx, phone, turn.inbound.profileName ?? "", turn.lang);
    turn.say({ text: turn.t("bot.linked") });
    const resume = turn.state.resume;
    turn.state.resume = undefined;
    if (resume) return turn.act(resume);
    return turn.mainMenu(false);
  },
};
