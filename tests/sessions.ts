import { env } from "cloudflare:workers";
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
  const city = await env.DB.prepare("SELECT id, name_en FROM cities WHERE name_en = 'Erbil'").first<{ id: number; name_en: string }>();
  return { categoryId: category!.id, city: city!.name_en, cityId: city!.id };
}
