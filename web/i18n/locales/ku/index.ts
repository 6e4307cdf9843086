import { mergeCatalogs } from "../merge";
import auth from "./auth.json";
import booking from "./booking.json";
import common from "./common.json";
import inbox from "./inbox.json";
import notifications from "./notifications.json";

/** Every ku file, merged into one tree (each feature keeps its own file so work doesn't collide). */
export default mergeCatalogs(common, auth, inbox, notifications, booking);
