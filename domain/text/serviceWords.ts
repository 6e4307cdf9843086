/** Moved to the lexicon's room (issue #37 item 1, ADR 053): domain/lexicon/trades.ts. */
export * from "../lexicon/trades";
