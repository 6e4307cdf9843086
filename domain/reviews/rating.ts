import { sql } from "drizzle-orm";
import { serviceProviders } from "../../db/schema";

/**
 * A listing's rating as everyone reads it, rounded once here (to one decimal, in SQL) and nowhere else: the profile,
 * the search card, the dashboard, the bot and the API show the same figure.
 */
export const roundedRating = sql<number>`round(${serviceProviders.rating}, 1)`.mapWith(Number);
