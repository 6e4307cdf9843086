// Baghdad's clock and calendar, written once: Iraq is UTC+3 all year, with no daylight saving, so a moment's Baghdad
// wall time is its UTC time plus three hours, and a Baghdad day starts at 21:00 UTC the day before.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Baghdad's offset from UTC, all year (ms). */
export const BAGHDAD_OFFSET_MS = 3 * HOUR_MS;

/** The day of a moment on Baghdad's calendar, YYYY-MM-DD. */
export const baghdadDay = (at: Date) => new Date(at.getTime() + BAGHDAD_OFFSET_MS).toISOString().slice(0, 10);

/** The moment a Baghdad day (YYYY-MM-DD) begins, or `hours` after it (epoch ms). */
export const baghdadStartOf = (day: string, hours = 0) =>
  Date.parse(`${day}T00:00:00Z`) + hours * HOUR_MS - BAGHDAD_OFFSET_MS;

/** `days` after a YYYY-MM-DD date (before it, when negative), YYYY-MM-DD. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
