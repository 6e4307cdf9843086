import { mergeCatalogs } from "../merge";
import a11y from "./a11y.json";
import account from "./account.json";
import admin from "./admin.json";
import auth from "./auth.json";
import booking from "./booking.json";
import bot from "./bot.json";
import changeDay from "./changeDay.json";
import chat from "./chat.json";
import common from "./common.json";
import contact from "./contact.json";
import inbox from "./inbox.json";
import names from "./names.json";
import notifications from "./notifications.json";
import onboarding from "./onboarding.json";
import privacy from "./privacy.json";
import provider from "./provider.json";
import pwa from "./pwa.json";
import search from "./search.json";
import trust from "./trust.json";
import voice from "./voice.json";
import reach from "./reach.json";
import payments from "./payments.json";

/** Every ku file, merged into one tree (each feature keeps its own file so work doesn't collide). */
export default mergeCatalogs(
  common,
  auth,
  inbox,
  notifications,
  booking,
  onboarding,
  admin,
  contact,
  privacy,
  search,
  pwa,
  names,
  trust,
  chat,
  provider,
  bot,
  a11y,
  account,
  changeDay,
  voice,
  reach,
  payments,
);
