// Do /search and /provider hang under 200 fresh connections at once? Each request opens its own TCP connection (no
// keep-alive), as 200 phones would; loopback only, bounded (200 requests a round, a 20 s timeout each). Run: node
// bench/connections.mjs [--rounds 3] [--direct]
import { request } from "node:http";
import { loadavg } from "node:os";
import { flag, hasFlag, startBenchApp, startDirectWorker } from "./lib.mjs";

const ROUNDS = Number(flag("rounds", "3"));
const N = Number(flag("n", "200"));
const state = ".bench-state-connections";

function get(base, path, headers = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const req = request(
      `${base}${path}`,
      { agent: false, headers: { Connection: "close", ...headers }, timeout: 20_000 },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ outcome: res.statusCode === 200 ? "ok" : `status ${res.statusCode}`, ms: Date.now() - started }),
        );
        res.on("error", () => resolve({ outcome: "reset", ms: Date.now() - started }));
      },
    );
    req.on("timeout", () => {
      req.destroy();
      resolve({ outcome: "hung", ms: Date.now() - started });
    });
    req.on("error", (e) =>
      resolve({ outcome: e.code === "ECONNRESET" ? "reset" : (e.code ?? "error"), ms: Date.now() - started }),
    );
    req.end();
  });
}

async function round(base, label) {
  for (const [path, headers] of [
    ["/search?search=electrician", {}],
    ["/provider/2", {}],
    ["/search?search=electrician&nocache=1", {}],
  ]) {
    const results = await Promise.all(Array.from({ length: N }, () => get(base, path, headers)));
    const counts = results.reduce((m, r) => ((m[r.outcome] = (m[r.outcome] ?? 0) + 1), m), {});
    const slowest = Math.max(...results.map((r) => r.ms));
    console.log(
      `${label.padEnd(14)} ${path.padEnd(40)} ${JSON.stringify(counts).padEnd(40)} slowest ${slowest} ms  ` +
        `load ${loadavg()[0].toFixed(1)}`,
    );
  }
}

const app = await startBenchApp({ state, demo: true, providers: 300 });
try {
  for (let r = 0; r < ROUNDS; r++) await round(app.base, "wrangler dev");
} finally {
  await app.stop();
}
if (hasFlag("direct")) {
  const direct = await startDirectWorker({ persistTo: state });
  try {
    for (let r = 0; r < ROUNDS; r++) await round(direct.base, "no dev proxy");
  } finally {
    await direct.stop();
  }
}
