import { Hono } from "hono";
import { getProviderAnalytics } from "../../domain/analytics/providerAnalytics";
import { getDashboard } from "../../domain/dashboard/getDashboard";
import { requireMyListing, requestRename, setMyAvailability, updateMyListing } from "../../domain/providers/myListing";
import { listingWeek, myWeek, setMyWeek } from "../../domain/providers/week";
import { getProvider } from "../../domain/providers/getProvider";
import type { AppBindings } from "../env";
import { jsonBody } from "./body";
import { ctxOf } from "./context";

/** The provider's cockpit (ADR 012). Every verb checks that the caller runs a listing: 401 / 403 otherwise. */
export const dashboardApi = new Hono<AppBindings>()
  .get("/", async (c) => c.json(await getDashboard(ctxOf(c))))
  .get("/listing", async (c) => c.json(await requireMyListing(ctxOf(c))))
  .put("/listing", async (c) => c.json(await updateMyListing(ctxOf(c), await jsonBody(c))))
  .post("/availability", async (c) => c.json(await setMyAvailability(ctxOf(c), await jsonBody(c))))
  // the provider's week (ADR 044): days off and hours per slot; bookings on times it closes are listed to move
  .get("/week", async (c) => c.json(await myWeek(ctxOf(c))))
  .put("/week", async (c) => c.json(await setMyWeek(ctxOf(c), await jsonBody(c))))
  .post("/rename-request", async (c) => c.json(await requestRename(ctxOf(c), await jsonBody(c))))
  .get("/analytics", async (c) => {
    const ctx = ctxOf(c);
    const listing = await requireMyListing(ctx);
    return c.json(await getProviderAnalytics(ctx, listing.id));
  });

/** GET /api/providers/:id/analytics: the listing's own account or an admin; anyone else 403. */
export const providerAnalyticsApi = new Hono<AppBindings>().get("/:id/analytics", async (c) =>
  c.json(await getProviderAnalytics(ctxOf(c), c.req.param("id"))),
);

/**
 * GET /api/providers/:id/week: the days and parts of the day
 * a listing works, for a day picker (public, as the profile).
 */
export const providerWeekApi = new Hono<AppBindings>().get("/:id/week", async (c) => {
  const ctx = ctxOf(c);
  const provider = await getProvider(ctx, c.req.param("id"));
  return c.json(await listingWeek(ctx, provider.id));
});
