import type { FormatterModule } from "i18next";
import { formatNumber } from "../domain/text/numbers";

/** Reference numbers ("booking #1234") read as one token: digits localised, never grouped. */
const UNGROUPED = new Set(["id"]);

/**
 * The reference for web/i18n/t.test.ts only (i18next is a dev dependency now; our translator in t.ts does the
 * same in production). i18next's formatter, replaced so that every number interpolated into a sentence ("{{count}}",
 * "{{id}}", "{{minutes}}") is written in the reader's digits through the one helper (ADR 013), on the
 * server and in the browser alike; i18next's own goes through Intl, which has no ckb data in Chromium.
 * Strings (names, phone numbers, codes, pre-formatted amounts) pass through untouched. Plural forms are
 * chosen from the raw `count`, before this runs.
 */
export const numberFormatter: FormatterModule = {
  type: "formatter",
  init() {},
  add() {},
  addCached() {},
  format(value, _format, lng, options) {
    if (typeof value !== "number") return value;
    const key = (options as { interpolationkey?: string } | undefined)?.interpolationkey;
    return formatNumber(value, lng ?? "en", { maximumFractionDigits: 2, useGrouping: !UNGROUPED.has(key ?? "") });
  },
};
