import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { userObject } from "./bell";
import type { UserSockets } from "../workers/durable-objects/UserSockets";
import { call } from "./http";
import { DEMO_ACCOUNTS } from "./seed";

export function sessionFrom(res: Response): string | null {
  const m = (res.headers.get("Set-Cookie") ?? "").match(/dalil_session=([^;]*)/);
  return m && m[1] ? `dalil_session=${m[1]}` : null;
}

/** Signs a demo account in through the real API and returns its session cookie. */
export async function signIn(who: keyof typeof DEMO_ACCOUNTS): Promise<string> {
  const { phone, password } = DEMO_ACCOUNTS[who];
  const res = await call("/api/auth/login", { method: "POST", json: { phone, password } });
  if (res.status !== 200) throw new Error(`login as ${who} failed: ${res.status}`);
  return sessionFrom(res)!;
}

export { registerUser } from "./http";

/** A real category id and city name from the seeded lists. */
export async function place() {
  const category = await env.DB.prepare("SELECT id FROM categories ORDER BY id LIMIT 1").first<{ id: number }>();
  const city = await env.DB.prepare("SELECT id, name_en FROM cities WHERE name_en = 'Erbil'").first<{
    id: number;
    name_en: string;
  }>();
  return { categoryId: category!.id, city: city!.name_en, cityId: city!.id };
}

/** The sessions a person's object holds (ADR 054's amendment), as stored: hashed ids, epoch-ms times. */
export type SessionRow = { id: string; expires_at: number; user_agent: string | null; created_at: number };
export const objectSessions = (userId: number): Promise<SessionRow[]> =>
  runInDurableObject(userObject(userId), (object, state) =>
    (object as UserSockets).sessions.exists()
      ? (state.storage.sql.exec<SessionRow>("SELECT * FROM sessions ORDER BY created_at, id").toArray() as SessionRow[])
      : [],
  );

/** How many session rows D1 holds for a person (none since the move, ADR 054's amendment). */
export const d1Sessions = async (userId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;
