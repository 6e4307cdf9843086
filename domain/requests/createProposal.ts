import { and, count, eq, sql } from "drizzle-orm";
import { providerProposals, serviceProviders, serviceRequests } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { notify } from "../notifications/notifications";
import { requireMyListing } from "../providers/myListing";
import { parseInput } from "../validation";
import { listingPoint, parseRequestId, reaches } from "./readRequests";
import { proposalSchema } from "./schemas";
import { proposalColumns, requestColumns, toRequestView, type ProposalView } from "./view";
import { oneLine } from "../text/oneLine";

/**
 * A provider quotes on a request: once per request (409 on a second), only for their category (403
 * otherwise) and their city or within 50 km (403), only while the request is open (409). The quote and
 * the request's proposal count go in one batch; the count is recomputed from the rows, so it always
 * equals the number of quotes.
 */
export async function createProposal(ctx: ServiceContext, rawRequestId: string, raw: unknown): Promise<ProposalView> {
  const listing = await requireMyListing(ctx);
  if (listing.hidden) throw new ServiceError("FORBIDDEN", "errors.listingHidden");
  const id = parseRequestId(rawRequestId);
  const input = parseInput(proposalSchema(ctx.now()), raw);
  const [row] = await ctx.db.select(requestColumns).from(serviceRequests).where(eq(serviceRequests.id, id)).limit(1);
  if (!row) throw new ServiceError("NOT_FOUND", "errors.requestNotFound");
  if (ctx.actor.kind === "user" && row.customerId === ctx.actor.userId)
    throw new ServiceError("FORBIDDEN", "errors.ownRequest");
  const reach = reaches(listing, await listingPoint(ctx, listing), row);
  if (!reach.category) throw new ServiceError("FORBIDDEN", "errors.quoteWrongCategory");
  if (!reach.place) throw new ServiceError("FORBIDDEN", "errors.quoteTooFar");
  if (toRequestView(row, ctx.now()).state !== "open") throw new ServiceError("CONFLICT", "errors.requestClosed");

  // the request's count of quotes, counted again in the batch that adds this one
  const quotes = ctx.db
    .select({ n: count() })
    .from(providerProposals)
    .where(eq(providerProposals.serviceRequestId, id));
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(providerProposals)
      .values({
        serviceRequestId: id,
        providerId: listing.id,
        proposalText: input.message,
        quotedPrice: input.price,
        estimatedDuration: input.duration,
        availabilityDate: input.availableOn,
      })
      .onConflictDoNothing()
      .returning({ id: providerProposals.id }),
    ctx.db
      .update(serviceRequests)
      .set({
        proposalCount: sql`(${quotes})`,
      })
      .where(eq(serviceRequests.id, id)),
  ]);
  if (!inserted[0]) throw new ServiceError("CONFLICT", "errors.alreadyQuoted");
  await notify(ctx, {
    userId: row.customerId,
    type: "request",
    key: "notices.quoteReceived",
    params: { provider: oneLine(listing.name), title: row.title.slice(0, 80) },
    relatedId: id,
  });
  const [quote] = await ctx.db
    .select(proposalColumns)
    .from(providerProposals)
    .innerJoin(serviceProviders, eq(serviceProviders.id, providerProposals.providerId))
    .where(and(eq(providerProposals.id, inserted[0].id)))
    .limit(1);
  return quote!;
}
