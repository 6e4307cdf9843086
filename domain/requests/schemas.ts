import { z } from "zod";
import { URGENCY_LEVELS } from "../../db/schema";
import { dayField, idField } from "../ids";
import { iqdAmount } from "../money";

/** A service request stays open this long. */
export const REQUEST_OPEN_DAYS = 7;
/** Providers of the category in the request's city, or this close to it, may quote. */
export const QUOTE_RADIUS_KM = 50;

const text = (min: number, key: string, max: number) =>
  z.string({ error: key }).trim().min(min, { error: key }).max(max, { error: "validation.tooLong" });

/** A real day on Baghdad's calendar, today to a year ahead (one parser: domain/ids.ts dayField). */
const futureDate = dayField;

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** POST /api/requests and the /requests/new form. */
export const serviceRequestSchema = (now: Date) =>
  z.object({
    categoryId: idField("validation.selectCategory"),
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
