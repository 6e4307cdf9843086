import { describe, expect, it } from "vitest";
import { translatorFor } from "../i18n/translator";
import { badgeText, relativeTime } from "./relativeTime";

const now = new Date("2026-11-23T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

async function tFor(lang: "en" | "ar" | "ku") {
  return translatorFor(lang);
}

describe("relative time of a notification", () => {
  it("says just now, then minutes, then hours, then a date", async () => {
    const t = await tFor("en");
    expect(relativeTime(ago(30_000), now, t, "en-IQ")).toBe("just now");
    expect(relativeTime(ago(1 * MIN), now, t, "en-IQ")).toBe("1 minute ago");
    expect(relativeTime(ago(59 * MIN), now, t, "en-IQ")).toBe("59 minutes ago");
    expect(relativeTime(ago(60 * MIN), now, t, "en-IQ")).toBe("1 hour ago");
    expect(relativeTime(ago(1439 * MIN), now, t, "en-IQ")).toBe("23 hours ago");
    expect(relativeTime(ago(1440 * MIN), now, t, "en-IQ")).toMatch(/2026/);
  });

  it("uses Arabic plural forms", async () => {
    const t = await tFor("ar");
    expect(relativeTime(ago(2 * MIN), now, t, "ar-IQ")).toBe("منذ دقيقتين");
    expect(relativeTime(ago(5 * MIN), now, t, "ar-IQ")).toBe("منذ ٥ دقائق");
    expect(relativeTime(ago(11 * MIN), now, t, "ar-IQ")).toBe("منذ ١١ دقيقة");
    expect(relativeTime(ago(3 * 60 * MIN), now, t, "ar-IQ")).toBe("منذ ٣ ساعات");
  });

  it("Kurdish reads naturally", async () => {
    const t = await tFor("ku");
    expect(relativeTime(ago(10 * MIN), now, t, "ckb-IQ")).toBe("١٠ خولەک لەمەوبەر");
  });
});

describe("the unread badge", () => {
  it("shows the count up to nine, then 9+", () => {
    expect(badgeText(1)).toBe("1");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
    expect(badgeText(250)).toBe("9+");
  });
});
