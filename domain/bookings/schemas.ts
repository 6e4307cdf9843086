import { z } from "zod";
import { TIME_SLOTS, URGENCY_LEVELS } from "../../db/schema";
import { phoneField } from "../accounts/schemas";
import { dayField, idField, iraqToday } from "../ids";

/** Today's date in Baghdad (UTC+3, no daylight saving): past dates are judged by the customer's calendar. */
export const baghdadToday = iraqToday;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "validation.tooLong" })
    .optional()
    .transform((s) => (s ? s : undefined));

/** One schema for the booking form, the JSON API and the bots (SPEC section 5). */
export const bookingSchema = (now: Date) =>
  z.object({
    providerId: idField("errors.invalidProviderId"),
    serviceDescription: z
      .string({ error: "validation.serviceDescription" })
      .trim()
      .min(10, { error: "validation.serviceDescription" })
      .max(2000, { error: "validation.tooLong" }),
    customerLocation: z
      .string({ error: "validation.customerLocation" })
      .trim()
      .min(5, { error: "validation.customerLocation" })
      .max(300, { error: "validation.tooLong" }),
    customerPhone: phoneField("validation.bookingPhone"),
    urgency: z.enum(URGENCY_LEVELS, { error: "validation.urgency" }).default("normal"),
    preferredTime: z
      .union([z.enum(TIME_SLOTS, { error: "validation.preferredTime" }), z.literal("")])
      .optional()
      .transform((v) => (v ? v : undefined)),
    // a real day on Iraq's calendar, today to a year ahead (domain/ids.ts dayField); blank means "any day"
    preferredDate: z.preprocess(
      (v) => (v === undefined || v === null || (typeof v === "string" && !v.trim()) ? undefined : v),
      dayField(now, "validation.preferredDate").optional(),
    ),
    notes: optionalText(1000),
    /** the same key from a double tap or a resubmitted form makes no second booking */
    idempotencyKey: z.string().trim().max(64).optional(),
  });

export type BookingInput = z.input<ReturnType<typeof bookingSchema>>;
