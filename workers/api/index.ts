import { Hono } from "hono";
import type { AppBindings } from "../env";
import { translatorFor } from "../../web/i18n/translator";
import { errorResponse } from "../http-errors";
import { adsApi } from "./ads";
import { authApi } from "./auth";
import { benchApi } from "./bench";
import { categoriesApi, providersApi } from "./catalog";
import { placesApi } from "./places";
import { providerEventsApi } from "./providerEvents";
import { whatsappApi } from "./whatsapp";

export const api = new Hono<AppBindings>();
api.route("/auth", authApi);
api.route("/categories", categoriesApi);
api.route("/providers", providersApi);
api.route("/providers", providerEventsApi);
api.route("/places", placesApi);
api.route("/whatsapp", whatsappApi);
api.route("/ads", adsApi);
// measurement only: refuses to run when APP_ENV is "production"
api.route("/_bench", benchApi);
api.notFound((c) => c.json({ message: translatorFor(c.get("lang"))("errors.notFound") }, 404));
api.onError(errorResponse);
