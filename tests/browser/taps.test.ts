import { describe, expect, it } from "vitest";
// @ts-ignore — plain ESM, the same measure `npm run bench:taps` prints with 20 taps per control
import { CONTROLS, earlyTap } from "../../bench/taps.mjs";
import { useBrowser } from "./browser";

const b = useBrowser();

/**
 * A slow phone (1.6 Mbps, 150 ms RTT, CPU 4× slower), a cold visit to `/`, and a tap on each header control the moment
 * the page has painted, before its JavaScript has come: every tap is answered, as a real link, form or <details>. `npm
 * run bench:taps` taps 20 times per control and prints the times.
 */
describe("every tap answered on a slow phone", () => {
  for (const name of Object.keys(CONTROLS)) {
    it(`${name}: tapped at first paint, before hydration, and answered`, async () => {
      const tap = (await earlyTap(b.browser, b.baseURL, name)) as {
        answered: boolean;
        hydratedAtTap: boolean;
        ms: number | null;
      };
      const answer = tap.answered ? `answered in ${tap.ms} ms` : "LOST";
      const when = tap.hydratedAtTap ? " (already hydrated)" : " (before hydration)";
      console.log(`early tap on ${name}: ${answer}${when}`);
      expect(tap.answered).toBe(true);
    }, 60_000);
  }
});
