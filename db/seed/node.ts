import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { hashPassword } from "../../domain/accounts/password";
import { buildSeedStatements, DEMO_ACCOUNTS } from "./build";

/** Node side of the seed: hashes the demo passwords and writes the SQL file wrangler executes. */
export async function writeSeedFile(file: string, opts: { providers: number; seed: number; demoAccounts?: boolean }) {
  const passwordHashes =
    opts.demoAccounts === false
      ? undefined
      : {
          admin: await hashPassword(DEMO_ACCOUNTS.admin.password),
          customer: await hashPassword(DEMO_ACCOUNTS.customer.password),
          provider: await hashPassword(DEMO_ACCOUNTS.provider.password),
        };
  const statements = buildSeedStatements({ providers: opts.providers, seed: opts.seed, passwordHashes });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, statements.join("\n") + "\n");
  return statements.length;
}

export { DEMO_ACCOUNTS };
