/**
 * Whether a listing wears "Verified" (ADR 009: ten independent verified reviewers, or the admin's mark). Beside "Not on
 * Dalil yet" it would read as an owner checked by Dalil, and a listing nobody owns on Dalil has no verified owner: the
 * badge shows only where the listing is on Dalil, or where its reach is not known (a quote comes from an owner).
 */
export const showsVerified = (listing: { isVerified: boolean }, reach: { onDalil?: boolean }) =>
  listing.isVerified && reach.onDalil !== false;
