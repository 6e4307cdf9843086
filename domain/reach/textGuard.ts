// A text to a listing's number as its outbox payload carries it, types alone (the ports name it without importing the
// check, which reads the context, which names the ports): what it is about, checked when it leaves (ADR 076).

/** What a text to a listing's number says: a request or a day to answer (with a link), or a change to know of. */
export type ListingTextKind = "booking" | "dayProposed" | "cancelled" | "dayAccepted" | "dayDeclined" | "noShow";

export interface ListingTextGuard {
  /** the text's kind; "chat": a customer's first chat message (ADR 052) */
  listingText: ListingTextKind | "chat";
  bookingId?: number;
  /** the customer's proposal a dayProposed text asks about */
  proposalId?: number;
  conversationId?: number;
  /** the number's daily slot it holds (3 a Baghdad day, ADR 047): given back when the text is withdrawn */
  slot?: { key: string; id: number };
}

export const isListingTextGuard = (guard: unknown): guard is ListingTextGuard =>
  typeof guard === "object" && guard !== null && "listingText" in guard;
