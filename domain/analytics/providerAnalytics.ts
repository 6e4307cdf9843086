import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import { bookings, conversations, providerAnalytics, serviceProviders } from "../../db/schema";
import { roundedRating } from "../reviews/rating";
import { requireUser } from "../accounts/requireUser";
import { baghdadToday } from "../bookings/schemas";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseProviderId } from "../providers/getProvider";
import { BAGHDAD_OFFSET_MS } from "../baghdadTime";

export const ANALYTICS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AnalyticsDay {
  /** YYYY-MM-DD in Iraq time */
  date: string;
  profileViews: number;
  callClicks: number;
  whatsappClicks: number;
  chatStarts: number;
  bookingRequests: number;
  acceptedBookings: number;
  completedServices: number;
}

export interface ProviderAnalyticsView {
  days: AnalyticsDay[];
  totals: Omit<AnalyticsDay, "date"> & { revenue: number };
  /** minutes from a booking request to the provider's accept/decline, median over the 30 days; null with none */
  medianResponseMinutes: number | null;
  /**
   * the listing's rating (rounded once, as the profile shows it),
   * null before its first review; and the same rating and count
   */
  averageRating: number | null;
  rating: number;
  reviewCount: number;
}

/** The last `n` days in Iraq time, oldest first, ending today. */
export function iraqDays(now: Date, n = ANALYTICS_DAYS): string[] {
  const today = baghdadToday(now);
  const base = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(base - (n - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * A listing's numbers per Iraqi day for the last 30 days. Only the account that runs the listing (or an
 * admin) may read them: anyone else gets 403.
 */
export async function getProviderAnalytics(
  ctx: Pick<ServiceContext, "db" | "actor" | "now">,
  rawProviderId: string | number,
): Promise<ProviderAnalyticsView> {
  const actor = requireUser(ctx.actor);
  const providerId = parseProviderId(String(rawProviderId));
  const [listing] = await ctx.db
    .select({ userId: serviceProviders.userId, rating: roundedRating, reviewCount: serviceProviders.reviewCount })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId))
    .limit(1);
  if (!listing) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
  if (listing.userId !== actor.userId && !actor.isAdmin) throw new ServiceError("FORBIDDEN", "errors.forbidden");

  const days = iraqDays(ctx.now());
  const first = days[0]!;
  // the window's first instant: midnight in Baghdad of its first day
  const since = new Date(Date.parse(`${first}T00:00:00Z`) - BAGHDAD_OFFSET_MS);
  const [rows, responded, started] = await ctx.db.batch([
    ctx.db
      .select()
      .from(providerAnalytics)
      .where(and(eq(providerAnalytics.providerId, providerId), gte(providerAnalytics.date, first))),
    ctx.db
      .select({ minutes: sql<number>`(${bookings.respondedAt} - ${bookings.createdAt}) / 60000.0` })
      .from(bookings)
      .where(
        and(
          eq(bookings.providerId, providerId),
          isNotNull(bookings.respondedAt),
          gte(bookings.createdAt, since),
          sql`${bookings.idempotencyKey} is null or ${bookings.idempotencyKey} not like 'service-request:%'`,
        ),
      )
      .limit(1000),
    // "chats started": the conversations customers opened with the listing, counted where they are kept
    ctx.db
      .select({ at: conversations.createdAt })
      .from(conversations)
      .where(and(eq(conversations.providerId, providerId), gte(conversations.createdAt, since))),
  ]);
  const chatsOn = new Map<string, number>();
  for (const c of started) {
    const day = new Date(c.at.getTime() + BAGHDAD_OFFSET_MS).toISOString().slice(0, 10);
    chatsOn.set(day, (chatsOn.get(day) ?? 0) + 1);
  }
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const series: AnalyticsDay[] = days.map((date) => {
    const r = byDate.get(date);
    return {
      date,
      profileViews: r?.profileViews ?? 0,
      callClicks: r?.callClicks ?? 0,
      whatsappClicks: r?.whatsappClicks ?? 0,
      chatStarts: chatsOn.get(date) ?? 0,
      bookingRequests: r?.bookingRequests ?? 0,
      acceptedBookings: r?.acceptedBookings ?? 0,
      completedServices: r?.completedServices ?? 0,
    };
  });
  const sum = (k: keyof Omit<AnalyticsDay, "date">) => series.reduce((n, d) => n + d[k], 0);
  const m = median(responded.map((r) => Number(r.minutes)));
  return {
    days: series,
    totals: {
      profileViews: sum("profileViews"),
      callClicks: sum("callClicks"),
      whatsappClicks: sum("whatsappClicks"),
      chatStarts: sum("chatStarts"),
      bookingRequests: sum("bookingRequests"),
      acceptedBookings: sum("acceptedBookings"),
      completedServices: sum("completedServices"),
      revenue: rows.reduce((n, r) => n + r.revenue, 0),
    },
    medianResponseMinutes: m === null ? null : Math.round(m),
    // the listing's rating as the profile and the search card show it (one rounding, domain/reviews/rating.ts)
    averageRating: listing.reviewCount > 0 ? listing.rating : null,
    rating: listing.rating,
    reviewCount: listing.reviewCount,
  };
}
