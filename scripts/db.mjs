// Database chores for npm scripts: migrate, seed, bench-seed, admin.
//   npm run db:migrate
//   npm run db:seed                 (only when the database is empty)
//   npm run seed:bench -- --providers 100000 [--seed 7]   (separate database in .bench-state/)
//   npm run admin -- +9647XXXXXXXXX (make an existing account an admin)
//   node scripts/db.mjs reindex     (fill search_text for rows written without it; ADR 006)
import { join } from "node:path";
import { countRows, importTs, migrate, OFFLINE_ENV, reindex, ROOT, seed, wrangler } from "./lib.mjs";

const [command, ...rest] = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 && rest[i + 1] ? rest[i + 1] : fallback;
};

switch (command) {
  case "migrate":
    await migrate();
    console.log("migrations applied");
    break;
  case "seed":
    await migrate();
    if ((await countRows("categories")) > 0) {
      console.log("database already has data: seed skipped");
      await reindex();
    } else console.log(`seeded ${await seed({ providers: 300 })} providers`);
    break;
  case "bench-seed": {
    const providers = Number(flag("providers", "100000"));
    // --state names another database folder, so 100k and 1M benches can live side by side
    const persistTo = join(ROOT, flag("state", ".bench-state"));
    const { rmSync } = await import("node:fs");
    rmSync(persistTo, { recursive: true, force: true });
    await migrate(persistTo);
    const t0 = Date.now();
    await seed({ providers, persistTo, seedValue: Number(flag("seed", "42")), demoAccounts: false });
    console.log(`seeded ${providers} providers into ${persistTo} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    break;
  }
  case "reindex":
    await migrate();
    await reindex();
    break;
  case "admin": {
    // "+964 770 000 0002" arrives as several arguments when typed with spaces
    const raw = rest.filter((a) => !a.startsWith("--")).join("");
    const { normalizeIraqiPhone } = await importTs("domain/text/phone.ts");
    const phone = raw ? normalizeIraqiPhone(raw) : null;
    if (!phone) {
      console.error(
        "usage: npm run admin -- +9647XXXXXXXXX   (the Iraqi mobile number of an account that has verified it)",
      );
      process.exit(2);
    }
    const out = await wrangler(
      [
        "d1",
        "execute",
        "DB",
        "--local",
        "--json",
        "--command",
        `UPDATE users SET is_admin = 1 WHERE phone = '${phone}' AND is_phone_verified = 1 RETURNING id, name`,
      ],
      { capture: true, quiet: true, env: { ...OFFLINE_ENV, WRANGLER_LOG: "log" } },
    );
    const rows = JSON.parse(out)?.[0]?.results ?? [];
    if (rows.length === 0) {
      // only the verified holder: anyone can register a number without proving it (ADR 009, ADR 022)
      console.error(
        `no account has verified ${phone}: register it and confirm the code first (unverified accounts are ` +
          `never made admins)`,
      );
      process.exit(1);
    }
    console.log(`${rows[0].name} (${phone}) is now an admin`);
    break;
  }
  default:
    console.error("usage: node scripts/db.mjs migrate|seed|bench-seed|admin");
    process.exit(2);
}
