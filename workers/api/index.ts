import { Hono } from "hono";
import type { AppBindings } from "../env";
import { translatorFor } from "../../web/i18n/translator";
import { errorResponse } from "../http-errors";
import { authApi } from "./auth";
import { bookingsApi } from "./bookings";
import { categoriesApi, providersApi } from "./catalog";
import { notificationsApi } from "./notifications";

export const api = new Hono<AppBindings>();
api.route("/auth", authApi);
api.route("/categories", categoriesApi);
api.route("/providers", providersApi);
api.route("/notifications", notificationsApi);
api.route("/bookings", bookingsApi);
api.notFound((c) => c.json({ message: translatorFor(c.get("lang"))("errors.notFound") }, 404));
api.onError(errorResponse);
