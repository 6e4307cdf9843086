import { mergeCatalogs } from "../merge";
import admin from "./admin.json";
import auth from "./auth.json";
import booking from "./booking.json";
import bot from "./bot.json";
import common from "./common.json";
import contact from "./contact.json";
import inbox from "./inbox.json";
import notifications from "./notifications.json";
import onboarding from "./onboarding.json";
import privacy from "./privacy.json";
import search from "./search.json";

/** Every ku file, merged into one tree (each feature keeps its own file so work doesn't collide). */
export default mergeCatalogs(common, auth, inbox, notifications, booking, onboarding, admin, contact, privacy, search, bot);
