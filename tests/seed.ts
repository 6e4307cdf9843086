import { hashPassword } from "../domain/accounts/password";
import { buildSeedStatements, DEMO_ACCOUNTS } from "../db/seed/build";

export const TEST_PROVIDER_COUNT = 80;
export { DEMO_ACCOUNTS };

export async function seedTestDatabase(db: D1Database) {
  const [admin, customer, provider] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(DEMO_ACCOUNTS.customer.password),
    hashPassword(DEMO_ACCOUNTS.provider.password),
  ]);
  const statements = buildSeedStatements({ providers: TEST_PROVIDER_COUNT, passwordHashes: { admin, customer, provider } });
  await db.batch(statements.map((s) => db.prepare(s)));
}
