import { priceList } from "../payments/startPayment";
import { DAY_MS, MONTH_DAYS } from "../payments/ledger";
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { cities, providerApplications, serviceProviders, users } from "../../db/schema";
import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { insertProviderWhere, providerRowFromInput, updateProviderRow } from "../providers/writeProvider";
import { parseInput } from "../validation";
import { ownWhatsApp } from "./submitApplication";
import { applicationColumns, type ApplicationView } from "./view";

const STATUS_FILTER = z.enum(["pending", "approved", "rejected", "all"]).catch("all");

/** The admin's list: pending first (oldest first, so nobody waits longest), then the reviewed ones, newest first. */
export async function listApplications(
  ctx: Pick<ServiceContext, "db" | "actor">,
  opts: { status?: string | null } = {},
): Promise<(ApplicationView & { applicantName: string })[]> {
  requireAdmin(ctx.actor);
  const status = STATUS_FILTER.parse(opts.status ?? "all");
  return ctx.db
    .select({ ...applicationColumns, applicantName: users.name })
    .from(providerApplications)
    .innerJoin(users, eq(users.id, providerApplications.userId))
    .where(status === "all" ? undefined : eq(providerApplications.status, status))
    .orderBy(
      sql`case when ${providerApplications.status} = 'pending' then 0 else 1 end`,
      sql`case when ${providerApplications.status} = 'pending' then ${providerApplications.submittedAt} end asc`,
      desc(providerApplications.reviewedAt),
      asc(providerApplications.id),
    )
    .limit(200);
}

function parseApplicationId(raw: string): number {
  const n = /^[0-9]{1,12}$/.test(raw) ? Number(raw) : 0;
  if (n < 1) throw new ServiceError("NOT_FOUND", "errors.applicationNotFound");
  return n;
}

async function loadPending(ctx: Pick<ServiceContext, "db">, id: number): Promise<ApplicationView> {
  const [app] = await ctx.db
    .select(applicationColumns)
    .from(providerApplications)
    .where(eq(providerApplications.id, id))
    .limit(1);
  if (!app) throw new ServiceError("NOT_FOUND", "errors.applicationNotFound");
  if (app.status !== "pending") throw new ServiceError("CONFLICT", "errors.applicationReviewed");
  return app;
}

/** Every statement of a review carries this condition, so a second click (or a second admin) changes nothing. */
const stillPending = (id: number) =>
  sql`exists (select 1 from ${providerApplications} where ${providerApplications.id} = ${id}
    and ${providerApplications.status} = 'pending')`;

/**
 * Approve: the applicant's listing is created (or their existing one updated) from the application,
 * they become a provider, the application records the listing and the reviewer, and they get a
 * notification. All of it in one D1 batch; the status flip comes last and every earlier statement
 * runs only while the application is still pending.
 */
/**
 * The admin's free first month (ADR 085; the price `free_first_month` = 1, off by default): a listing approved while it
 * is on starts with 30 days of the plan, once — a listing that ever had a plan gets none.
 */
async function grantFreeFirstMonth(ctx: Pick<ServiceContext, "db" | "now">, userId: number) {
  const { free_first_month: free } = await priceList(ctx);
  if (free !== 1) return;
  await ctx.db
    .update(serviceProviders)
    .set({ subscribedUntil: new Date(ctx.now().getTime() + MONTH_DAYS * DAY_MS) })
    .where(and(eq(serviceProviders.userId, userId), isNull(serviceProviders.subscribedUntil)));
}

export async function approveApplication(
  ctx: Pick<ServiceContext, "db" | "actor" | "now" | "ports">,
  rawId: string,
  raw: unknown = {},
): Promise<ApplicationView> {
  const admin = requireAdmin(ctx.actor);
  const id = parseApplicationId(rawId);
  const { adminNotes } = parseInput(z.object({ adminNotes: z.string().trim().max(1000).optional().nullable() }), raw);
  const app = await loadPending(ctx, id);
  const now = ctx.now();
  const [existing] = await ctx.db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, app.userId))
    .limit(1);
  const [city] = await ctx.db.select({ id: cities.id }).from(cities).where(eq(cities.nameEn, app.city)).limit(1);

  const row = await providerRowFromInput(
    ctx.db,
    {
      name: app.businessName,
      nameOther: app.nameOther,
      specialty: app.specialty,
      categoryId: app.categoryId,
      city: app.city,
      cityId: city?.id ?? null,
      location: app.location,
      phone: app.phone,
      whatsapp: app.whatsapp,
      profileImage: app.profileImage,
      description: app.description,
      whatsappAlerts: app.whatsappAlerts,
      userId: app.userId,
    },
    now,
  );
  const guard = stillPending(id);
  const [, , reviewed] = await ctx.db.batch([
    existing ? updateProviderRow(ctx.db, existing.id, row, guard) : insertProviderWhere(ctx.db, row, guard),
    ctx.db
      .update(users)
      .set({ userType: "provider", updatedAt: now })
      .where(and(eq(users.id, app.userId), guard)),
    ctx.db
      .update(providerApplications)
      .set({
        status: "approved",
        adminNotes: adminNotes || null,
        reviewedAt: now,
        reviewedBy: admin.userId,
        providerId: sql`(select ${serviceProviders.id} from ${serviceProviders}
          where ${serviceProviders.userId} = ${app.userId})`,
      })
      .where(and(eq(providerApplications.id, id), eq(providerApplications.status, "pending")))
      .returning(applicationColumns),
  ]);
  const [done] = reviewed;
  if (!done) throw new ServiceError("CONFLICT", "errors.applicationReviewed");
  await grantFreeFirstMonth(ctx, app.userId);
  await tellApplicant(ctx, done);
  return done;
}

export const rejectSchema = z.object({
  adminNotes: z
    .string({ error: "validation.adminNotesRequired" })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: "validation.adminNotesRequired" }).max(1000, { error: "validation.tooLong" })),
});

/** Reject: the reason is required (the applicant sees it), the applicant is notified; same guard as approval. */
export async function rejectApplication(
  ctx: Pick<ServiceContext, "db" | "actor" | "now" | "ports">,
  rawId: string,
  raw: unknown,
): Promise<ApplicationView> {
  const admin = requireAdmin(ctx.actor);
  const id = parseApplicationId(rawId);
  const { adminNotes } = parseInput(rejectSchema, raw);
  const app = await loadPending(ctx, id);
  const guard = stillPending(id);
  const [reviewed] = await ctx.db.batch([
    ctx.db
      .update(providerApplications)
      .set({ status: "rejected", adminNotes, reviewedAt: ctx.now(), reviewedBy: admin.userId })
      .where(and(eq(providerApplications.id, id), eq(providerApplications.status, "pending")))
      .returning(applicationColumns),
  ]);
  const [done] = reviewed;
  if (!done) throw new ServiceError("CONFLICT", "errors.applicationReviewed");
  await grantFreeFirstMonth(ctx, app.userId);
  await tellApplicant(ctx, done);
  return done;
}

/**
 * After the commit (only the review that flipped the status gets here): the applicant's bell, in their own object
 * (ADR 051), which rings their open tabs; then WhatsApp if they opted in. Title and message are translation keys
 * (type says what happened), so the bell shows them in whatever language the user reads at the time.
 */
async function tellApplicant(ctx: Pick<ServiceContext, "db" | "ports" | "now">, app: ApplicationView) {
  const outcome = app.status === "approved" ? "approved" : "rejected";
  try {
    await ctx.ports.bells.add(app.userId, {
      type: `application_${outcome}`,
      title: `notifications.application_${outcome}_title`,
      message: `notifications.application_${outcome}_message`,
      messageKey: null,
      params: null,
      relatedId: app.id,
      createdAt: ctx.now().getTime(),
    });
  } catch (err) {
    // the review stands; the applicant also sees its outcome on /provider-application
    console.error("the applicant's bell failed", err);
  }
  if (!app.whatsappAlerts || !app.whatsapp) return;
  try {
    // only the applicant's own proven number hears the outcome: the field may name anyone's
    const recipient = await ownWhatsApp(ctx, app.userId, app.whatsapp);
    if (!recipient) return;
    const [u] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, app.userId)).limit(1);
    await ctx.ports.outbox.enqueue({
      channel: "whatsapp",
      recipient,
      // approved: with Dalil's wa.me, to say hello (the outbox fills it in, ADR 052)
      key:
        app.status === "approved"
          ? "notifications.application_approved_whatsapp"
          : `notifications.application_${app.status}_message`,
      ...(app.status === "approved" ? { params: { dalil: "" } } : {}),
      lang: u?.language ?? "ar",
      dedupeKey: `application:${app.id}:${app.status}`,
    });
  } catch {
    // the in-app notification is the record; the outbox retries what it accepted
  }
}
