/**
 * One way the adapters speak to a gateway: JSON over fetch with a time limit, an answer mapped to GatewayFailure
 * (a 5xx, a 429 or no answer may work later; another 4xx will not), and OAuth2 client-credentials tokens kept per
 * isolate until a minute before they end (FIB's last about a minute, so a token is asked for again when it is
 * refused).
 */
import { GatewayFailure, type GatewayName } from "../../domain/payments/gateway";

export type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 15_000;

export interface Caller {
  gateway: GatewayName;
  baseUrl: string;
  fetch: Fetch;
  /** the Authorization header's value for each call (a bearer token, or Basic) */
  authorization(): Promise<string>;
  /** forgets a refused token, so the next call asks for another */
  forget?(): void;
  headers?: Record<string, string>;
}

/** Calls `path` on the gateway with `body` as JSON (none for GET); retries once with a fresh token after a 401. */
export async function callGateway<T = Record<string, unknown>>(
  c: Caller,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await c.fetch(new URL(path, c.baseUrl).toString(), {
        method,
        headers: {
          Accept: "application/json",
          Authorization: await c.authorization(),
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...c.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      if (err instanceof GatewayFailure) throw err;
      throw new GatewayFailure(c.gateway, `${method} ${path}: no answer (${String(err)})`, true);
    }
    if (res.status === 401 && attempt === 0 && c.forget) {
      c.forget();
      continue;
    }
    const text = await res.text();
    if (!res.ok)
      throw new GatewayFailure(
        c.gateway,
        `${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`,
        res.status >= 500 || res.status === 429,
        res.status,
      );
    if (!text) return {} as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new GatewayFailure(c.gateway, `${method} ${path}: not JSON`, true, res.status);
    }
  }
}

const tokens = new Map<string, { token: string; until: number }>();

/**
 * A bearer token from `tokenUrl` by the client-credentials
 * grant, kept until a minute (or half its life) before it ends.
 */
export function clientCredentials(
  gateway: GatewayName,
  fetch: Fetch,
  tokenUrl: string,
  form: Record<string, string>,
  now = () => Date.now(),
) {
  const key = `${tokenUrl}|${form.client_id}|${form.scope ?? ""}`;
  return {
    async authorization(): Promise<string> {
      const kept = tokens.get(key);
      if (kept && kept.until > now()) return `Bearer ${kept.token}`;
      let res: Response;
      try {
        res = await fetch(tokenUrl, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body: new URLSearchParams({ grant_type: "client_credentials", ...form }).toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw new GatewayFailure(gateway, `token: no answer (${String(err)})`, true);
      }
      const json = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
      if (!res.ok || !json.access_token)
        throw new GatewayFailure(
          gateway,
          `token: HTTP ${res.status}`,
          res.status >= 500 || res.status === 429,
          res.status,
        );
      const life = (json.expires_in ?? 300) * 1000;
      tokens.set(key, { token: json.access_token, until: now() + Math.max(life - 60_000, life / 2) });
      return `Bearer ${json.access_token}`;
    },
    forget() {
      tokens.delete(key);
    },
  };
}
