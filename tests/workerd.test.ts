// The whole workerd suite as one vitest file. Starting workerd costs ~6 s per test file and the files ran one after
// another on CI's two cores, so 33 files spent three and a half minutes starting runtimes. Each test module still
// gets what a file of its own had: a database emptied and seeded again before its first test, and its own hooks.
// One module alone: `npx vitest run --project workers tests/api/chat.test.ts` (see vitest.config.ts).
import { env } from "cloudflare:workers";
import { beforeAll, describe } from "vitest";
import { forgetPublicData } from "../domain/publicData";
import { emptyRoomsAndSendCounts } from "./chat";
import { emptyDatabase } from "./db-reset";
import { seedTestDatabase } from "./seed";

const modules = import.meta.glob(["../{domain,workers,db,web,bot,i18n}/**/*.test.ts", "./api/**/*.test.ts"]);

for (const [path, load] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
  describe(path.replace(/^(\.\.\/|\.\/)/, ""), async () => {
    beforeAll(async () => {
      await emptyDatabase(env.DB);
      await emptyRoomsAndSendCounts();
      await seedTestDatabase(env.DB);
      // the page memo (ADR 016) must not carry the previous module's ads into this one
      forgetPublicData();
    });
    await load();
  });
}
