import { mergeCatalogs } from "../merge";
import a11y from "../ku/a11y.json";
import account from "../ku/account.json";
import admin from "../ku/admin.json";
import auth from "../ku/auth.json";
import booking from "../ku/booking.json";
import bot from "../ku/bot.json";
import changeDay from "../ku/changeDay.json";
import chat from "../ku/chat.json";
import common from "../ku/common.json";
import contact from "../ku/contact.json";
import inbox from "../ku/inbox.json";
import names from "../ku/names.json";
import notifications from "../ku/notifications.json";
import onboarding from "../ku/onboarding.json";
import privacy from "../ku/privacy.json";
import provider from "../ku/provider.json";
import pwa from "../ku/pwa.json";
import search from "../ku/search.json";
import trust from "../ku/trust.json";
import voice from "../ku/voice.json";
import reach from "../ku/reach.json";
import payments from "../ku/payments.json";

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
