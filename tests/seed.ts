import { hashPassword } from "../domain/accounts/password";
import { buildSeedStatements, DEMO_ACCOUNTS, DEMO_OWNER_PASSWORD } from "../db/seed/build";

export const TEST_PROVIDER_COUNT = 80;
export { DEMO_ACCOUNTS };

/**
 * The demo passwords' hashes, made once per workerd process (four per seed, before each module of the suite): a
 * hash stays valid for its password whichever seed writes it. Kept as strings, not a promise, so no request awaits
 * another's.
 */
let hashes: string[] | null = null;

export async function seedTestDatabase(db: D1Database) {
  hashes ??= await Promise.all([
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(DEMO_ACCOUNTS.customer.password),
    hashPassword(DEMO_ACCOUNTS.provider.password),
    hashPassword(DEMO_OWNER_PASSWORD),
  ]);
  const [admin, customer, provider, owner] = hashes;
  const statements = buildSeedStatements({
    providers: TEST_PROVIDER_COUNT,
    passwordHashes: { admin, customer, provider, owner },
  });
  await db.batch(statements.map((s) => db.prepare(s)));
}
