// The workerd suite as four vitest files (tests/workerd-1.test.ts … -4), each its own workerd process. One process
// for every module (ADR 019) grew to ~890 MB by the end and its last modules timed out; four processes each hold a
// quarter, and vitest runs two at a time. Starting workerd costs ~6 s per file, so there are four, not one per module.
// Four, not three: with three, two ran side by side and the third ran alone on one of the two cores for 94 s of the
// suite's 174 (2026-11-27); four even parts run as two even pairs (ADR 066).
// Each test module still gets what a file of its own had: a database emptied and seeded again before its first test,
// fresh Durable Objects (a new generation of names) and its own hooks; a module that reaches no binding needs neither.
// One module alone: `npx vitest run --project workers tests/api/chat.test.ts` (see vitest.config.ts).
import { env } from "cloudflare:workers";
import { beforeAll, describe } from "vitest";
import { forgetPublicData } from "../domain/publicData";
import { emptyRoomsAndSendCounts } from "./chat";
import { emptyDatabase } from "./db-reset";
import { seedTestDatabase } from "./seed";

const modules = import.meta.glob(["../{domain,workers,db,web,bot,i18n}/**/*.test.ts", "./api/**/*.test.ts"]);

/** The parts the suite is cut into: one vitest file each. */
export const PARTS = 4;

/**
 * Seconds a module took in a full run (`--reporter=json`, its tests' durations summed), the mean of two runs on
 * 2026-11-29 (19:05 UTC, load 6–10, and 19:33 UTC, the passwords' cheap rounds in, load 8–12: ADR 099). Only modules
 * of 2 s or more are named; any other module counts as one second. Modules are dealt out heaviest first, each to the
 * part with the least time so far, so a new module lands somewhere without editing this table, and the cut is the
 * same every run.
 */
const SECONDS: Record<string, number> = {
  "tests/api/listing-number.test.ts": 154,
  "tests/api/bot.test.ts": 62,
  "tests/api/identity.test.ts": 57,
  "tests/api/phone-proof.test.ts": 54,
  "tests/api/bookings.test.ts": 38,
  "tests/api/chat.test.ts": 33,
  "tests/api/limits.test.ts": 33,
  "tests/api/change-day.test.ts": 32,
  "tests/api/voice.test.ts": 27,
  "tests/api/after-booking.test.ts": 24,
  "tests/api/data.test.ts": 24,
  "tests/api/provider-side.test.ts": 24,
  "tests/api/chat-rooms.test.ts": 19,
  "tests/api/hygiene.test.ts": 18,
  "tests/api/inputs.test.ts": 17,
  "tests/api/search.test.ts": 16,
  "tests/api/names.test.ts": 15,
  "tests/api/payments.test.ts": 15,
  "tests/api/search-ranking.test.ts": 14,
  "tests/api/notifications.test.ts": 13,
  "tests/api/sockets.test.ts": 13,
  "tests/api/trust.test.ts": 11,
  "tests/api/applications.test.ts": 10,
  "tests/api/pages.test.ts": 10,
  "tests/api/payments-admin.test.ts": 10,
  "tests/api/bell.test.ts": 9,
  "tests/api/growth.test.ts": 9,
  "tests/api/outbox.test.ts": 9,
  "tests/api/verification.test.ts": 8,
  "tests/api/admin.test.ts": 7,
  "tests/api/auth.test.ts": 7,
  "tests/api/payments-chat.test.ts": 7,
  "tests/api/botReading.test.ts": 5,
  "tests/api/search-needs.test.ts": 5,
  "web/i18n/t.test.ts": 5,
  "db/seed/seed.test.ts": 4,
  "tests/api/render-cache.test.ts": 3,
};

const nameOf = (path: string) => path.replace(/^(\.\.\/|\.\/)/, "").replace(/^api\//, "tests/api/");

/** The modules of part `part` (1-based), in path order. */
export function modulesOfPart(part: number, paths = Object.keys(modules)): string[] {
  const load = Array.from({ length: PARTS }, () => 0);
  const dealt = Array.from({ length: PARTS }, () => [] as string[]);
  const weight = (p: string) => SECONDS[nameOf(p)] ?? 1;
  for (const path of [...paths].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = load.indexOf(Math.min(...load));
    load[lightest] += weight(path);
    dealt[lightest].push(path);
  }
  return dealt[part - 1].sort((a, b) => a.localeCompare(b));
}

/**
 * Registers part `part`'s modules, each in a describe of its own that starts from a reset database and new objects.
 * A module that reaches no binding (tests/bindingFree.ts) reads and changes neither, so nothing is reset for it, and a
 * module that does is reset only when one before it used them: setup.ts has just migrated and seeded the file's.
 */
export function runPart(part: number) {
  const bindingFree = new Set(env.TEST_BINDING_FREE);
  let used = false;
  for (const path of modulesOfPart(part)) {
    describe(nameOf(path), async () => {
      beforeAll(async () => {
        // the page memo (ADR 016) must not carry the previous module's ads into this one
        forgetPublicData();
        if (bindingFree.has(nameOf(path))) return;
        if (used) {
          await emptyDatabase(env.DB);
          await emptyRoomsAndSendCounts();
          await seedTestDatabase(env.DB);
        }
        used = true;
      });
      await modules[path]();
    });
  }
}
