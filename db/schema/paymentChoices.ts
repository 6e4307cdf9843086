// A payment's choices, as plain values: the admin's payments tab offers them as filters, and importing them from the
// table's module would carry drizzle and every table into the browser.
export const PAYMENT_STATUSES = [
  "pending",
  "paid",
  "failed",
  "expired",
  "refunded",
  "partially_refunded",
  "cancelled",
] as const;
export const PAYMENT_METHODS = ["cash", "zaincash", "qicard", "fib"] as const;
/** booking: what the customer paid the provider for the job (cash, recorded by the provider) */
export const PAYMENT_PURPOSES = ["booking", "subscription", "sponsored", "deposit"] as const;
