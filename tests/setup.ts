import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { useTestRounds } from "./rounds";
import { seedTestDatabase } from "./seed";
import { startObjectGeneration } from "../workers/objectNames";

// passwords at 1,000 PBKDF2 rounds, not 100,000 (tests/rounds.ts, ADR 099)
useTestRounds();
// every test file starts from the real migrations and the demo data (a small, deterministic set)
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedTestDatabase(env.DB);
// objects are named in a generation, so tests can find the ones this file used (workers/objectNames.ts)
startObjectGeneration(`file${Date.now()}`);
