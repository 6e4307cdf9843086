import { z } from "zod";
import { URGENCY_LEVELS } from "../../db/schema";
import { baghdadToday } from "../bookings/schemas";
import { iqdAmount } from "../bookings/recordPayment";
import { normalizeDigits } from "../text/normalize";

/** A service request stays open this long (issue #10). */
export const REQUEST_OPEN_DAYS = 7;
/** Providers of the category in the request's city, or this close to it, may quote. */
export const QUOTE_RADIUS_KM = 50;

const text = (min: number, key: string, max: number) =>
  z
    .string({ error: key })
    .trim()
    .min(min, { error: key })
    .max(max, { error: "validation.tooLong" });

/** A date on Baghdad's calendar, today or later (blank allowed when optional). */
const futureDate = (now: Date, key: string) =>
  z
    .string({ error: key })
    .transform((v) => normalizeDigits(v).trim().slice(0, 10))
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), { error: key })
    .refine((v) => v >= baghdadToday(now), { error: "validation.pastDate" });

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** POST /api/requests and the /requests/new form. */
export const serviceRequestSchema = (now: Date) =>
  z.object({
    categoryId: z.coerce.number({ error: "validation.selectCategory" }).int({ error: "validation.selectCategory" }).min(1, { error: "validation.selectCategory" }),
    title: text(3, "validation.requestTitle", 120),
    description: text(10, "validation.requestDescription", 2000),
    budget: z.preprocess(blankToUndefined, iqdAmount.optional()),
    urgency: z.preprocess(blankToUndefined, z.enum(URGENCY_LEVELS, { error: "validation.urgency" }).default("normal")),
    city: text(1, "validation.selectCity", 100),
    location: text(5, "validation.detailedLocation", 300),
    deadline: z.preprocess(blankToUndefined, futureDate(now, "validation.deadline").optional()),
  });

/** A provider's quote on a request. */
export const proposalSchema = (now: Date) =>
  z.object({
    message: text(10, "validation.quoteMessage", 1000),
    price: iqdAmount,
    duration: text(1, "validation.quoteDuration", 100),
    availableOn: futureDate(now, "validation.quoteDate"),
  });
