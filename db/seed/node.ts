import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { hashPassword } from "../../domain/accounts/password";
import { buildSeedStatements, DEMO_ACCOUNTS, DEMO_OWNER_PASSWORD } from "./build";

/**
 * Each SQL file wrangler executes stays under this size (one file for a million listings would pass V8's string limit).
 */
export const SEED_FILE_BYTES = 48 * 1024 * 1024;

/**
 * Node side of the seed: hashes the demo passwords and writes the SQL wrangler executes, statement by
 * statement, into as many files of at most SEED_FILE_BYTES as it takes (`base-1.sql`, `base-2.sql`, …).
 * Returns the files in the order they must run.
 */
export async function writeSeedFiles(
  base: string,
  opts: { providers: number; seed: number; demoAccounts?: boolean },
): Promise<string[]> {
  const passwordHashes =
    opts.demoAccounts === false
      ? undefined
      : {
          admin: await hashPassword(DEMO_ACCOUNTS.admin.password),
          customer: await hashPassword(DEMO_ACCOUNTS.customer.password),
          provider: await hashPassword(DEMO_ACCOUNTS.provider.password),
          owner: await hashPassword(DEMO_OWNER_PASSWORD),
        };
  const statements = buildSeedStatements({ providers: opts.providers, seed: opts.seed, passwordHashes });
  mkdirSync(dirname(base), { recursive: true });
  const files: string[] = [];
  let fd = -1;
  let written = 0;
  for (const statement of statements) {
    const line = Buffer.from(statement + "\n");
    if (fd < 0 || written + line.length > SEED_FILE_BYTES) {
      if (fd >= 0) closeSync(fd);
      files.push(`${base}-${files.length + 1}.sql`);
      fd = openSync(files[files.length - 1], "w");
      written = 0;
    }
    writeSync(fd, line);
    written += line.length;
  }
  if (fd >= 0) closeSync(fd);
  return files;
}

export { DEMO_ACCOUNTS };
