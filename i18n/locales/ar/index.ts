import { mergeCatalogs } from "../merge";
import a11y from "../ar/a11y.json";
import account from "../ar/account.json";
import admin from "../ar/admin.json";
import auth from "../ar/auth.json";
import booking from "../ar/booking.json";
import bot from "../ar/bot.json";
import changeDay from "../ar/changeDay.json";
import chat from "../ar/chat.json";
import common from "../ar/common.json";
import contact from "../ar/contact.json";
import inbox from "../ar/inbox.json";
import names from "../ar/names.json";
import notifications from "../ar/notifications.json";
import onboarding from "../ar/onboarding.json";
import privacy from "../ar/privacy.json";
import provider from "../ar/provider.json";
import pwa from "../ar/pwa.json";
import search from "../ar/search.json";
import trust from "../ar/trust.json";
import voice from "../ar/voice.json";
import reach from "../ar/reach.json";
import payments from "../ar/payments.json";

/** Every ar file, merged into one tree (each feature keeps its own file so work doesn't collide). */
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
