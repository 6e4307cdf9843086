import { idField } from "../ids";

/** A provider id from a route or query: a positive whole number, nothing else. */
export const providerIdSchema = idField("errors.invalidProviderId");
