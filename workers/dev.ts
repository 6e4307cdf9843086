// The development Worker (ADR 088): the production app with the local-only routes added, served by every local start
// (npm start, the browser suite, the benchmarks: `wrangler dev workers/dev.ts`, scripts/lib.mjs DEV_ENTRY) and by the
// workerd tests (vitest.config.ts). `wrangler deploy` bundles workers/app.ts, which imports none of this.
import { botConsole } from "./dev/console";
import { buildApp, workerOf } from "./app";
import { benchApi } from "./dev/bench";
import { devScheduler } from "./dev/scheduler";
import { devFaults } from "./dev/faults";

export { ChatRoom, TtlKeys, UserSockets } from "./app";

// each still answers 404 unless APP_ENV is development or test (workers/devOnly.ts), should this entry ever be deployed
export const app = buildApp((dev) => {
  // measurement endpoints for the benchmarks (bench/)
  dev.route("/api/_bench", benchApi);
  // the local bot console
  dev.route("/dev/bot", botConsole);
  // the Cron Trigger's sweeps at a chosen time, ADR 041
  dev.route("/dev/scheduler", devScheduler);
  // faults on purpose (a room restarted, a queue message delivered twice) for bench:faults (ADR 086)
  dev.route("/dev/faults", devFaults);
});

export default workerOf(app);
