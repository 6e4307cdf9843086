import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { cities, providerProposals, serviceProviders, serviceRequests } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { requireMyListing, type MyListing } from "../providers/myListing";
import { haversineKm } from "../search/geo";
import { QUOTE_RADIUS_KM, REQUEST_OPEN_DAYS } from "./schemas";
import {
  proposalColumns,
  requestColumns,
  toRequestView,
  type ProposalView,
  type RequestRow,
  type RequestView,
} from "./view";

type Ctx = Pick<ServiceContext, "db" | "actor" | "now">;

export function parseRequestId(raw: string): number {
  const id = Number(raw);
  if (!/^[0-9]{1,12}$/.test(raw) || id <= 0) throw new ServiceError("NOT_FOUND", "errors.requestNotFound");
  return id;
}

/** The signed-in customer's requests, newest first. */
export async function listMyRequests(ctx: Ctx): Promise<RequestView[]> {
  const { userId } = requireUser(ctx.actor);
  const rows = await ctx.db
    .select(requestColumns)
    .from(serviceRequests)
    .where(eq(serviceRequests.customerId, userId))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(50);
  return rows.map((r) => toRequestView(r, ctx.now()));
}

/** The listing's place as a point: its own coordinates, else its city's. */
export async function listingPoint(
  ctx: Pick<ServiceContext, "db">,
  listing: Pick<MyListing, "cityId" | "latitude" | "longitude">,
) {
  if (listing.latitude !== null && listing.longitude !== null)
    return { latitude: listing.latitude, longitude: listing.longitude };
  if (listing.cityId === null) return null;
  const [c] = await ctx.db
    .select({ latitude: cities.latitude, longitude: cities.longitude })
    .from(cities)
    .where(eq(cities.id, listing.cityId))
    .limit(1);
  return c ?? null;
}

/** Can this listing quote on this request? Same category, and the same city or within 50 km. */
export function reaches(
  listing: Pick<MyListing, "categoryId" | "cityId">,
  point: { latitude: number; longitude: number } | null,
  request: Pick<RequestRow, "categoryId" | "cityId" | "latitude" | "longitude">,
): { category: boolean; place: boolean } {
  const category = request.categoryId === listing.categoryId;
  const place =
    (request.cityId !== null && request.cityId === listing.cityId) ||
    (point !== null &&
      request.latitude !== null &&
      request.longitude !== null &&
      haversineKm(point, { latitude: request.latitude, longitude: request.longitude }) <= QUOTE_RADIUS_KM);
  return { category, place };
}

export interface OpenRequestForProvider extends RequestView {
  myQuote: ProposalView | null;
}

/** Open requests a provider can quote on (dashboard): their category, their city or within 50 km, not yet expired. */
export async function listOpenRequestsForProvider(ctx: Ctx, listing?: MyListing): Promise<OpenRequestForProvider[]> {
  const mine = listing ?? (await requireMyListing(ctx));
  const since = new Date(ctx.now().getTime() - REQUEST_OPEN_DAYS * 24 * 60 * 60 * 1000);
  const rows = await ctx.db
    .select(requestColumns)
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.status, "open"),
        eq(serviceRequests.categoryId, mine.categoryId),
        gt(serviceRequests.createdAt, since),
      ),
    )
    .orderBy(desc(serviceRequests.createdAt))
    .limit(200);
  const point = await listingPoint(ctx, mine);
  const { userId } = requireUser(ctx.actor);
  const matching = rows.filter((r) => r.customerId !== userId && reaches(mine, point, r).place).slice(0, 30);
  const quotes = matching.length
    ? await ctx.db
        .select(proposalColumns)
        .from(providerProposals)
        .innerJoin(serviceProviders, eq(serviceProviders.id, providerProposals.providerId))
        .where(
          and(
            eq(providerProposals.providerId, mine.id),
            inArray(
              providerProposals.serviceRequestId,
              matching.map((r) => r.id),
            ),
          ),
        )
    : [];
  return matching.map((r) => ({
    ...toRequestView(r, ctx.now()),
    myQuote: quotes.find((q) => q.requestId === r.id) ?? null,
  }));
}

/** The provider's own quotes, newest first, with the request they answer. */
export async function listMyQuotes(
  ctx: Ctx,
  listing?: MyListing,
): Promise<(ProposalView & { requestTitle: string })[]> {
  const mine = listing ?? (await requireMyListing(ctx));
  return ctx.db
    .select({ ...proposalColumns, requestTitle: serviceRequests.title })
    .from(providerProposals)
    .innerJoin(serviceProviders, eq(serviceProviders.id, providerProposals.providerId))
    .innerJoin(serviceRequests, eq(serviceRequests.id, providerProposals.serviceRequestId))
    .where(eq(providerProposals.providerId, mine.id))
    .orderBy(desc(providerProposals.createdAt))
    .limit(30);
}

export interface RequestPage {
  request: RequestView;
  /** "customer": the owner, who sees every quote; "provider": a provider who can quote, who sees only their own */
  as: "customer" | "provider";
  quotes: ProposalView[];
  canQuote: boolean;
}

/**
 * /requests/{id}: the owner sees the request and every quote (provider rating and verified mark); a
 * provider who can quote sees it with their own quote. Anyone else: not found.
 */
export async function getServiceRequest(ctx: Ctx, rawId: string): Promise<RequestPage> {
  const { userId } = requireUser(ctx.actor);
  const id = parseRequestId(rawId);
  const [row] = await ctx.db.select(requestColumns).from(serviceRequests).where(eq(serviceRequests.id, id)).limit(1);
  if (!row) throw new ServiceError("NOT_FOUND", "errors.requestNotFound");
  const request = toRequestView(row, ctx.now());
  const quotesWhere = (extra?: ReturnType<typeof eq>) =>
    ctx.db
      .select(proposalColumns)
      .from(providerProposals)
      .innerJoin(serviceProviders, eq(serviceProviders.id, providerProposals.providerId))
      .where(
        extra ? and(eq(providerProposals.serviceRequestId, id), extra) : eq(providerProposals.serviceRequestId, id),
      )
      .orderBy(providerProposals.createdAt);
  if (row.customerId === userId) return { request, as: "customer", quotes: await quotesWhere(), canQuote: false };

  const [listing] = await ctx.db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, userId))
    .limit(1);
  if (!listing) throw new ServiceError("NOT_FOUND", "errors.requestNotFound");
  const mine = await requireMyListing(ctx);
  const quotes = await quotesWhere(eq(providerProposals.providerId, mine.id));
  const reach = reaches(mine, await listingPoint(ctx, mine), row);
  // a provider who quoted keeps seeing it; others only while it is theirs to answer
  if (quotes.length === 0 && !(reach.category && reach.place))
    throw new ServiceError("NOT_FOUND", "errors.requestNotFound");
  return { request, as: "provider", quotes, canQuote: quotes.length === 0 && request.state === "open" && !mine.hidden };
}
