/** The bot reads messages with the reader every door shares (domain/understand, ADR 027 and ADR 040). */
export * from "../../domain/understand/understand";
