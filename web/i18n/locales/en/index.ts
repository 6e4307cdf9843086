import { mergeCatalogs } from "../merge";
import admin from "./admin.json";
import auth from "./auth.json";
import common from "./common.json";
import contact from "./contact.json";
import onboarding from "./onboarding.json";
import privacy from "./privacy.json";

/** Every en file, merged into one tree (each feature keeps its own file so work doesn't collide). */
export default mergeCatalogs(common, auth, onboarding, admin, contact, privacy);
