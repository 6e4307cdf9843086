import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { seedTestDatabase } from "./seed";
import { startObjectGeneration } from "../workers/objectNames";

// every test file starts from the real migrations and the demo data (a small, deterministic set)
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedTestDatabase(env.DB);
// objects are named in a generation, so tests can find the ones this file used (workers/objectNames.ts)
startObjectGeneration(`file${Date.now()}`);
