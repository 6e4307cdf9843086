import { hashPassword } from "../domain/accounts/password";
import { buildSeedStatements, DEMO_ACCOUNTS, DEMO_OWNER_PASSWORD } from "../db/seed/build";

export const TEST_PROVIDER_COUNT = 80;
export { DEMO_ACCOUNTS };

export async function seedTestDatabase(db: D1Database) {
  const [admin, customer, provider, owner] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(DEMO_ACCOUNTS.customer.password),
    hashPassword(DEMO_ACCOUNTS.provider.password),
    hashPassword(DEMO_OWNER_PASSWORD),
  ]);
  const statements = buildSeedStatements({
    providers: TEST_PROVIDER_COUNT,
    passwordHashes: { admin, customer, provider, owner },
  });
  await db.batch(statements.map((s) => db.prepare(s)));
}
