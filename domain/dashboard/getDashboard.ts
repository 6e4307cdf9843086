import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { bookings, conversations, serviceProviders, users } from "../../db/schema";
import { getProviderAnalytics, type ProviderAnalyticsView } from "../analytics/providerAnalytics";
import { PENDING_BOOKING_TTL_MS } from "../bookings/expireStaleBookings";
import { bookingColumns, type BookingView } from "../bookings/view";
import type { ServiceContext } from "../context";
import { requireUser } from "../accounts/requireUser";
import { requireMyListing, type MyListing } from "../providers/myListing";
import { listMyQuotes, listOpenRequestsForProvider, type OpenRequestForProvider } from "../requests/readRequests";
import type { ProposalView } from "../requests/view";

export interface DashboardConversation {
  id: number;
  customerName: string;
  lastMessageAt: Date | null;
  unread: boolean;
}

export interface Dashboard {
  listing: MyListing;
  /** pending requests to accept or decline, with when each expires */
  toAnswer: (BookingView & { expiresAt: Date })[];
  upcoming: BookingView[];
  past: BookingView[];
  openRequests: OpenRequestForProvider[];
  quotes: (ProposalView & { requestTitle: string })[];
  conversations: DashboardConversation[];
  analytics: ProviderAnalyticsView;
}

/**
 * Everything the provider's /dashboard shows, for the listing the signed-in user runs. A customer (or a
 * provider without an approved listing) gets FORBIDDEN; the page sends them to /provider-application.
 */
export async function getDashboard(ctx: Pick<ServiceContext, "db" | "actor" | "now" | "ports">): Promise<Dashboard> {
  const listing = await requireMyListing(ctx);
  const ofListing = (statuses: BookingView["status"][], newestFirst: boolean, limit: number) =>
    ctx.db
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
      .where(and(eq(bookings.providerId, listing.id), inArray(bookings.status, statuses)))
      .orderBy(newestFirst ? desc(bookings.createdAt) : bookings.createdAt)
      .limit(limit);
  const [toAnswer, upcoming, past, legacyChats] = await ctx.db.batch([
    ofListing(["pending"], false, 50),
    ofListing(["accepted"], false, 50),
    ofListing(["completed", "declined", "cancelled", "expired"], true, 20),
    // conversations whose row is still in the shape from before ADR 065 (their list columns in D1), newest first
    ctx.db
      .select({
        id: conversations.id,
        customerName: users.name,
        lastMessageAt: conversations.lastMessageAt,
        unread: sql<boolean>`${conversations.providerUnread} > 0`.mapWith(Boolean),
      })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.customerId))
      .where(and(eq(conversations.providerId, listing.id), isNotNull(conversations.lastMessageAt)))
      .orderBy(desc(conversations.lastMessageAt))
      .limit(5),
  ]);
  // the rest are in the owner's own list (ADR 065): this listing's newest five there, their customers' names from D1
  const entries = await ctx.ports.chatLists.list(requireUser(ctx.actor).userId, 5, listing.id);
  const named = entries.length
    ? await ctx.db
        .select({ id: conversations.id, customerName: users.name })
        .from(conversations)
        .innerJoin(users, eq(users.id, conversations.customerId))
        .where(
          and(
            eq(conversations.providerId, listing.id),
            inArray(
              conversations.id,
              entries.map((e) => e.conversationId),
            ),
          ),
        )
    : [];
  const nameOf = new Map(named.map((r) => [r.id, r.customerName] as const));
  const moved: DashboardConversation[] = entries.flatMap((e) =>
    nameOf.has(e.conversationId)
      ? [
          {
            id: e.conversationId,
            customerName: nameOf.get(e.conversationId)!,
            lastMessageAt: new Date(e.lastMessageAt),
            unread: e.unread > 0,
          },
        ]
      : [],
  );
  const chats = [...moved, ...legacyChats.filter((c) => !moved.some((m) => m.id === c.id))]
    .sort((a, b) => (b.lastMessageAt?.getTime() ?? 0) - (a.lastMessageAt?.getTime() ?? 0) || b.id - a.id)
    .slice(0, 5);
  const [openRequests, quotes, analytics] = await Promise.all([
    listOpenRequestsForProvider(ctx, listing),
    listMyQuotes(ctx, listing),
    getProviderAnalytics(ctx, listing.id),
  ]);
  return {
    listing,
    toAnswer: toAnswer.map((b) => ({ ...b, expiresAt: new Date(b.createdAt.getTime() + PENDING_BOOKING_TTL_MS) })),
    upcoming,
    past,
    openRequests,
    quotes,
    conversations: chats,
    analytics,
  };
}
