import { and, desc, eq, sql } from "drizzle-orm";
import { channelLinks, providerApplications, users } from "../../db/schema";
import { requireUser, requireVerifiedPhone } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { resolvePlace } from "../providers/writeProvider";
import { applicationSchema } from "../providers/writeSchemas";
import { isStopped } from "../reach/numbers";
import { takeSlot } from "../rateLimit";
import { formatPhoneForDisplay, normalizeIraqiPhone } from "../text/phone";
import { parseInput } from "../validation";
import { applicationColumns, type ApplicationView } from "./view";

const HOUR = 60 * 60 * 1000;

/**
 * A signed-in user applies to be listed. The applicant is the session's user, whatever the body says;
 * one pending application per user (a second one is CONFLICT).
 */
export async function submitApplication(
  ctx: Pick<ServiceContext, "db" | "actor" | "now" | "ports">,
  raw: unknown,
): Promise<ApplicationView> {
  const user = requireUser(ctx.actor);
  const input = parseInput(applicationSchema, raw);
  await requireVerifiedPhone(ctx, user.userId);
  const place = await resolvePlace(ctx, input.categoryId, input.city);
  const limit = { key: `application:${user.userId}`, max: 10, windowMs: 24 * HOUR };
  const pending = await findPending(ctx, user.userId);
  if (pending) throw new ServiceError("CONFLICT", "errors.applicationPending");
  await takeSlot(ctx, limit);

  // the insert itself refuses a second pending row (two tabs submitting at once)
  const inserted = await ctx.db.all<{ id: number }>(sql`
    insert into ${providerApplications} (user_id, business_name, name_other, specialty, category_id, city, location,
    phone, whatsapp,
      business_license, profile_image, experience, description, whatsapp_alerts, status, submitted_at)
    select ${user.userId}, ${input.businessName}, ${input.nameOther}, ${input.specialty}, ${input.categoryId},
    ${place.city}, ${input.location},
      ${input.phone}, ${input.whatsapp}, ${input.businessLicense}, ${input.profileImage}, ${input.experience},
      ${input.description}, ${input.whatsappAlerts ? 1 : 0}, 'pending', ${ctx.now().getTime()}
    where not exists (select 1 from ${providerApplications} where user_id = ${user.userId} and status = 'pending')
    returning id`);
  const id = inserted[0]?.id;
  if (!id) throw new ServiceError("CONFLICT", "errors.applicationPending");
  if (input.whatsappAlerts && input.whatsapp) await optInWhatsApp(ctx, user.userId, input.whatsapp);
  const [row] = await ctx.db
    .select(applicationColumns)
    .from(providerApplications)
    .where(eq(providerApplications.id, id))
    .limit(1);
  return row!;
}

async function findPending(ctx: Pick<ServiceContext, "db">, userId: number) {
  const [row] = await ctx.db
    .select({ id: providerApplications.id })
    .from(providerApplications)
    .where(and(eq(providerApplications.userId, userId), eq(providerApplications.status, "pending")))
    .limit(1);
  return row ?? null;
}

/** The user's latest application (what /provider-application shows instead of a second form), or null. */
export async function getMyApplication(ctx: Pick<ServiceContext, "db" | "actor">): Promise<ApplicationView | null> {
  const user = requireUser(ctx.actor);
  const [row] = await ctx.db
    .select(applicationColumns)
    .from(providerApplications)
    .where(eq(providerApplications.userId, user.userId))
    .orderBy(desc(providerApplications.submittedAt), desc(providerApplications.id))
    .limit(1);
  return row ?? null;
}

/** What the form starts with: the user's registration (job title → specialty, location, phone). */
export async function applicationPrefill(ctx: Pick<ServiceContext, "db" | "actor">) {
  const user = requireUser(ctx.actor);
  const [row] = await ctx.db
    .select({ name: users.name, specialty: users.jobTitle, location: users.location, phone: users.phone })
    .from(users)
    .where(eq(users.id, user.userId))
    .limit(1);
  const phone = row?.phone ? formatPhoneForDisplay(row.phone) : "";
  // WhatsApp alerts are ticked by default: the phone is copied into the WhatsApp field, to change if it differs
  return {
    businessName: row?.name ?? "",
    specialty: row?.specialty ?? "",
    location: row?.location ?? "",
    phone,
    whatsapp: phone,
  };
}

/**
 * Ticking "Booking alerts on WhatsApp" is the opt-in (ADR 052), for a number the applicant has proven: the account's
 * own verified phone. Its chat then acts as the account (ADR 022: one owner per phone), and the approval and each
 * alert go out as approved templates without waiting for a first message. Another number is not opted in and gets
 * nothing (anyone could type a stranger's number). A number that said STOP stays stopped: only the number itself,
 * writing to the bot, undoes its STOP.
 */
async function optInWhatsApp(ctx: Pick<ServiceContext, "db" | "now">, userId: number, raw: string) {
  const number = await ownWhatsApp(ctx, userId, raw);
  if (!number || (await isStopped(ctx, number))) return;
  const [me] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  const now = ctx.now();
  await ctx.db
    .insert(channelLinks)
    .values({
      channel: "whatsapp",
      externalId: number,
      userId,
      language: me?.language ?? "ar",
      optedIn: true,
      linkedVia: "phone",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [channelLinks.channel, channelLinks.externalId],
      set: {
        optedIn: true,
        updatedAt: now,
        userId: sql`coalesce(${channelLinks.userId}, ${userId})`,
        linkedVia: sql`coalesce(${channelLinks.linkedVia}, 'phone')`,
      },
    });
}

/** The application's WhatsApp number when it is the applicant's own proven phone (E.164), else null. */
export async function ownWhatsApp(
  ctx: Pick<ServiceContext, "db">,
  userId: number,
  raw: string,
): Promise<string | null> {
  const number = normalizeIraqiPhone(raw) ?? raw;
  const [me] = await ctx.db
    .select({ phone: users.phone, verified: users.isPhoneVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return me?.verified && me.phone === number ? number : null;
}
