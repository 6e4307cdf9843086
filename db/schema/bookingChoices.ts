// A booking's and a request's choices, as plain values: the pages import them (/requests/new offers the urgencies), and
// importing them from the tables' module would carry drizzle and every table into the browser.
export const URGENCY_LEVELS = ["low", "normal", "high", "emergency"] as const;
export const TIME_SLOTS = ["morning", "afternoon", "evening", "flexible"] as const;
