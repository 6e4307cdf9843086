import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, handle, ORIGIN } from "../http";
import { signIn } from "../sessions";

// The edge cache for anonymous pages and the page memo (ADR 016), through the real Worker and Cache API.

const nonceOf = (res: Response) => res.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1];
const nonces = (html: string) => [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]!))];
const cacheOf = (res: Response) => res.headers.get("X-Dalil-Cache");

async function page(path: string, init: Parameters<typeof call>[1] = {}) {
  const res = await call(path, init);
  return { res, html: await res.text(), cache: cacheOf(res) };
}

/** A top listing's name as the home page shows it (the three best ranked). */
async function topProviderOnHome(): Promise<{ id: number; name: string }> {
  const row = await env.DB.prepare(
    "SELECT id, name FROM service_providers WHERE hidden_at IS NULL ORDER BY is_available DESC, is_verified " +
      "DESC, rating DESC, review_count DESC, id LIMIT 1",
  ).first<{ id: number; name: string }>();
  return row!;
}

let admin: string;
beforeAll(async () => {
  admin = await signIn("admin");
});

describe("edge cache of anonymous public pages", () => {
  it("serves / a second time from the cache: the same page with a new, valid nonce", async () => {
    const first = await page("/");
    expect(first.res.status).toBe(200);
    expect(first.cache).toBe("miss");
    const second = await page("/");
    expect(second.cache).toBe("hit");
    expect(second.res.headers.get("Content-Type")).toMatch(/^text\/html/);

    // each response's inline scripts carry exactly the nonce its CSP header allows, never an old one
    const [n1, n2] = [nonceOf(first.res), nonceOf(second.res)];
    expect(n1).toBeTruthy();
    expect(n2).toBeTruthy();
    expect(n2).not.toBe(n1);
    expect(nonces(first.html)).toEqual([n1]);
    expect(nonces(second.html)).toEqual([n2]);
    expect(second.html).not.toContain(n1!);
    // and nothing else differs
    expect(second.html.replaceAll(n2!, "NONCE")).toBe(first.html.replaceAll(n1!, "NONCE"));
    // no cookie is stored with a page, and the store's own headers stay inside
    expect(second.res.headers.get("Set-Cookie")).toBeNull();
    expect(second.res.headers.get("X-Dalil-Nonce")).toBeNull();
  });

  it("keeps one entry per language: an Arabic page is never served to an English reader", async () => {
    await page("/"); // the English page is stored
    const ar = await page("/", { lang: "ar" });
    expect(ar.cache).toBe("miss");
    expect(ar.html).toContain('lang="ar"');
    expect((await page("/", { lang: "ar" })).cache).toBe("hit");
    const en = await page("/");
    expect(en.cache).toBe("hit");
    expect(en.html).toContain('lang="en"');
    expect(en.html).not.toContain('dir="rtl"');
    const ku = await page("/search?lng=ku");
    expect(ku.html).toContain('lang="ckb"');
    // the ?lng= choice is remembered in a cookie on every response, hit or miss, and never stored
    const kuAgain = await page("/search?lng=ku");
    expect(kuAgain.cache).toBe("hit");
    expect(kuAgain.res.headers.get("Set-Cookie")).toMatch(/language=ku/);
    expect((await page("/search")).html).toContain('lang="en"');
  });

  it("caches /search per URL", async () => {
    const a = await page("/search?search=electrician");
    const b = await page("/search?search=plumber");
    expect(b.cache).toBe("miss");
    expect((await page("/search?search=electrician")).cache).toBe("hit");
    expect(a.html).not.toBe(b.html);
  });

  it("bypasses the cache for a signed-in visitor", async () => {
    await page("/");
    const customer = await signIn("customer");
    const signedIn = await page("/", { cookie: customer });
    expect(signedIn.cache).toBe("bypass");
    expect(signedIn.html).toContain("Sara");
    // and the anonymous copy never holds the signed-in page
    const anonymous = await page("/");
    expect(anonymous.cache).toBe("hit");
    expect(anonymous.html).not.toContain("Sara");
  });

  it("never caches a provider's profile: every view is counted", async () => {
    const views = async () =>
      (await env.DB.prepare(
        "SELECT coalesce(sum(profile_views), 0) AS n FROM provider_analytics WHERE provider_id = 1",
      ).first<{ n: number }>())!.n;
    const before = await views();
    const first = await call("/provider/1");
    const second = await call("/provider/1");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(cacheOf(first)).toBeNull();
    expect(cacheOf(second)).toBeNull();
    expect(await views()).toBe(before + 2);
  });

  it("never caches API responses or personal pages", async () => {
    await call("/api/categories");
    expect(cacheOf(await call("/api/categories"))).toBeNull();
    expect(cacheOf(await call("/login"))).toBeNull();
    expect(cacheOf(await call("/bookings"))).toBeNull();
  });

  it(
    "a page rendered for another Host is never served to " + "the next visitor: the links name the site's own origin",
    async () => {
      const alternates = (html: string) =>
        [...html.matchAll(/<link rel="alternate" hrefLang="[^"]+" href="([^"]+)"/g)].map((m) => new URL(m[1]!).origin);
      // no PUBLIC_URL (local development): each origin is its own page and its own cache entry
      const evil = await handle(new Request("http://attacker.example/privacy-policy?lng=en"));
      expect(alternates(await evil.text())).toEqual(Array(4).fill("http://attacker.example"));
      const mine = await page("/privacy-policy?lng=en");
      expect(mine.cache).toBe("miss");
      expect(alternates(mine.html)).toEqual(Array(4).fill(ORIGIN));
      expect(mine.html).not.toContain("attacker.example");
      // with PUBLIC_URL configured, the Host named by a request decides nothing: one page, whatever the Host
      const site = { ...env, PUBLIC_URL: "https://dalil.example" };
      const viaOther = await handle(new Request("http://attacker.example/search?search=plumber&lng=en"), site);
      const viaOtherHtml = await viaOther.text();
      expect(alternates(viaOtherHtml)).toEqual(Array(4).fill("https://dalil.example"));
      expect(viaOtherHtml).not.toContain("attacker.example");
      const viaSite = await handle(new Request("https://dalil.example/search?search=plumber&lng=en"), site);
      expect(viaSite.headers.get("X-Dalil-Cache")).toBe("hit");
      expect(await viaSite.text()).not.toContain("attacker.example");
    },
  );

  it("in development, a request header skips the cache (the benchmark's raw render)", async () => {
    await page("/");
    expect((await page("/", { headers: { "X-Dalil-Cache": "bypass" } })).cache).toBe("bypass");
  });
});

describe("admin writes show on the next anonymous page at once", () => {
  it("a new sponsored ad", async () => {
    const title = `Spring sale ${crypto.randomUUID().slice(0, 8)}`;
    expect((await page("/")).html).not.toContain(title);
    expect((await page("/")).cache).toBe("hit");
    const created = await call("/api/admin/ads", {
      method: "POST",
      cookie: admin,
      json: {
        position: "hero",
        title,
        titleAr: title,
        titleKu: title,
        sponsor: "Tigris Traders",
        linkUrl: "/search",
        isActive: true,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const after = await page("/");
    expect(after.cache).toBe("miss");
    expect(after.html).toContain(title);

    // switching it off takes it away again
    const { id } = (await created.json()) as { id: number };
    expect((await call(`/api/admin/ads/${id}/disable`, { method: "POST", cookie: admin })).status).toBe(200);
    expect((await page("/")).html).not.toContain(title);
  });

  it("a hidden provider", async () => {
    const top = await topProviderOnHome();
    const before = await page("/");
    expect(before.html).toContain(top.name);
    expect((await page("/")).cache).toBe("hit");
    expect((await call(`/api/admin/providers/${top.id}/hide`, { method: "POST", cookie: admin })).status).toBe(200);
    const after = await page("/");
    expect(after.cache).toBe("miss");
    expect(after.html).not.toContain(top.name);
    await call(`/api/admin/providers/${top.id}/restore`, { method: "POST", cookie: admin });
    expect((await page("/")).html).toContain(top.name);
  });

  it("a listing changed by any writer, even plain SQL (the version is bumped by triggers)", async () => {
    const top = await topProviderOnHome();
    expect((await page("/")).html).toContain(top.name);
    await env.DB.prepare("UPDATE service_providers SET name = ? WHERE id = ?")
      .bind("Renamed Workshop 77", top.id)
      .run();
    const after = await page("/");
    expect(after.cache).toBe("miss");
    expect(after.html).toContain("Renamed Workshop 77");
    await env.DB.prepare("UPDATE service_providers SET name = ? WHERE id = ?").bind(top.name, top.id).run();
  });
});
