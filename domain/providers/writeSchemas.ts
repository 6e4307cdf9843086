import { z } from "zod";
import { idField } from "../ids";
import { phoneField } from "../accounts/schemas";
import { normalizeDigits } from "../text/normalize";
import { oneLine } from "../text/oneLine";
import { normalizeIraqiPhone } from "../text/phone";

/**
 * Fields shared by the provider application (SPEC section 5) and the admin's provider form.
 * Messages are translation keys; one schema serves the web form, the JSON API and the bots.
 */

const text = (min: number, key: string, max: number) =>
  z
    .string({ error: key })
    .transform((s) => s.trim())
    .pipe(z.string().min(min, { error: key }).max(max, { error: "validation.tooLong" }));

/** A business's name: one line, like a person's. */
const nameText = (min: number, key: string, max: number) =>
  z
    .string({ error: key })
    .transform(oneLine)
    .pipe(z.string().min(min, { error: key }).max(max, { error: "validation.tooLong" }));

/** Optional free text: blank becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .nullable()
    .transform((s) => (s ?? "").trim())
    .pipe(z.string().max(max, { error: "validation.tooLong" }))
    .transform((s) => (s === "" ? null : s));

/** An optional WhatsApp number: blank is null, anything else must be an Iraqi mobile. */
const optionalPhone = z
  .string()
  .optional()
  .nullable()
  .transform((s, ctx) => {
    const v = normalizeDigits(s ?? "").trim();
    if (v === "") return null;
    const e164 = normalizeIraqiPhone(v);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: "validation.validWhatsapp" });
      return z.NEVER;
    }
    return e164;
  });

/** Only images we stored ourselves (POST /api/upload): no hot-linking, no javascript: or data: URLs. */
export const IMAGE_URL = /^\/images\/img\/[A-Za-z0-9_-]{8,64}\.(jpg|png|webp|gif)$/;
const optionalImage = z
  .string()
  .optional()
  .nullable()
  .transform((s) => (s ?? "").trim())
  .pipe(z.union([z.literal(""), z.string().regex(IMAGE_URL, { error: "validation.imageUrl" })]))
  .transform((s) => (s === "" ? null : s));

const categoryId = idField("validation.selectCategory");

/** Checkboxes arrive as "on" from forms and as booleans from JSON. */
export const checkbox = z
  .union([z.boolean(), z.string(), z.null()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

/** A checkbox that may be left out: absent means "leave as it is" (a PUT without it changes nothing). */
export const optionalCheckbox = z
  .union([z.boolean(), z.string(), z.null()])
  .optional()
  .transform((v) =>
    v === undefined || v === null ? undefined : v === true || v === "on" || v === "true" || v === "1",
  );

export const providerFields = {
  /** the business name in the other script (Arabic/Kurdish script ↔ Latin), optional (ADR 013) */
  nameOther: z
    .string()
    .optional()
    .nullable()
    .transform((s) => oneLine(s ?? ""))
    .pipe(z.string().max(120, { error: "validation.tooLong" }))
    .transform((s) => (s === "" ? null : s)),
  specialty: text(2, "validation.specialtyRequired", 100),
  categoryId,
  city: text(1, "validation.selectCity", 100),
  location: text(5, "validation.detailedLocation", 300),
  phone: phoneField("validation.validPhone"),
  whatsapp: optionalPhone,
  profileImage: optionalImage,
  description: optionalText(2000),
};

/** The admin's provider form and POST/PUT /api/providers (SPEC section 7 fields). */
export const providerInputSchema = z.object({
  name: nameText(2, "validation.providerNameRequired", 120),
  ...providerFields,
  isVerified: optionalCheckbox,
  whatsappAlerts: optionalCheckbox,
});
export type ProviderInput = z.output<typeof providerInputSchema>;

/** The provider application (SPEC section 5). */
export const applicationSchema = z.object({
  businessName: nameText(2, "validation.businessNameRequired", 120),
  ...providerFields,
  businessLicense: optionalText(100),
  experience: optionalText(500),
  whatsappAlerts: checkbox,
});
export type ApplicationInput = z.output<typeof applicationSchema>;
