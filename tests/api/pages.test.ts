import { describe, expect, it } from "vitest";
import { call } from "../http";
import { signIn } from "../sessions";
import { TEST_PROVIDER_COUNT } from "../seed";
import { generateProviders } from "../../db/seed/data";

describe("server-rendered pages", () => {
  it("home is 200 in English with the seeded categories and providers", async () => {
    const res = await call("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="en" dir="ltr"/);
    expect(html).toContain("Find the right person for the job");
    const providers = (await (await call("/api/providers")).json()) as { name: string }[];
    // the top three providers are rendered on the first byte (React escapes & etc.)
    for (const p of providers.slice(0, 3))
      expect(html).toContain(p.name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
  });

  it(
    "the footer: a visitor is invited to join as a provider, a provider is led to his dashboard; the expansion " +
      "note is one line, not eight countries",
    async () => {
      const footer = (html: string) => html.slice(html.indexOf("<footer"), html.indexOf("</footer>"));
      const visitor = footer(await (await call("/")).text());
      expect(visitor).toContain("Join as provider");
      expect(visitor).toContain('href="/provider-application"');
      expect(visitor).toContain("Headquartered in Baghdad");
      expect(visitor).not.toContain("Australia");
      const provider = footer(await (await call("/", { cookie: await signIn("provider") })).text());
      expect(provider).not.toContain("Join as provider");
      expect(provider).not.toContain('href="/provider-application"');
      expect(provider).toContain('href="/dashboard"');
      for (const lang of ["ar", "ku"] as const)
        expect(footer(await (await call("/", { lang })).text())).not.toMatch(/أستراليا|ئوسترالیا/);
    },
  );

  it("the demo listing has its name in Arabic script for an Arabic or Kurdish reader", async () => {
    expect(await (await call("/provider/1", { lang: "en" })).text()).toContain("Ali Provider");
    for (const lang of ["ar", "ku"] as const) {
      const html = await (await call("/provider/1", { lang })).text();
      expect(html.match(/<h1[^>]*>.*?<\/h1>/s)?.[0]).toContain("علي للخدمات");
    }
  });

  it(
    "a listing's description and address read in the reader's language where the seed wrote them in it, the " +
      "owner's words elsewhere; rewritten words show at once (ADR 060)",
    async () => {
      const seeded = generateProviders(TEST_PROVIDER_COUNT, 42);
      // a listing its owner wrote in Sorani, which the seed also says in Arabic and English
      const i = seeded.findIndex(
        (p, k) => k > 0 && p.lang === "ku" && p.texts.ar?.description && p.texts.ar.location && p.texts.en?.description,
      );
      expect(i).toBeGreaterThan(0);
      const p = seeded[i]!;
      const id = i + 1;
      const html = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");
      const page = async (lang: "en" | "ar" | "ku") =>
        (await (await call(`/provider/${id}`, { lang })).text()).replace(/<script[\s\S]*?<\/script>/g, "");
      const ar = await page("ar");
      expect(ar).toContain(html(p.texts.ar!.description!));
      expect(ar).toContain(html(p.texts.ar!.location!));
      expect(ar).not.toContain(html(p.description));
      const en = await page("en");
      expect(en).toContain(html(p.texts.en!.description!));
      expect(en).not.toContain(html(p.description));
      // the owner's own language: the owner's words
      const ku = await page("ku");
      expect(ku).toContain(html(p.description));
      expect(ku).toContain(html(p.location));
      // the description rewritten (here by the admin): its Arabic no
      // longer says it, so the new words show; the address's stays
      const listing = (await (await call(`/api/providers/${id}`)).json()) as Record<string, unknown>;
      expect(listing.description).toBe(p.description);
      const rewritten = "وەستای کارەبا، بە شەو و ڕۆژ";
      const put = await call(`/api/providers/${id}`, {
        method: "PUT",
        cookie: await signIn("admin"),
        json: { ...listing, description: rewritten },
      });
      expect(put.status).toBe(200);
      const after = await page("ar");
      expect(after).toContain(rewritten);
      expect(after).not.toContain(html(p.texts.ar!.description!));
      expect(after).toContain(html(p.texts.ar!.location!));
      // an address that names its city is not followed by the city again ("Baghdad, Hay Al-Muallimeen, Baghdad")
      const j = seeded.findIndex(
        (q, k) =>
          k > 0 &&
          q.lang === "en" &&
          /^\w[\w-]*, /.test(q.location) &&
          q.location.startsWith(q.citySlug.charAt(0).toUpperCase()),
      );
      expect(j).toBeGreaterThan(0);
      const line = (await (await call(`/provider/${j + 1}`, { lang: "en" })).text())
        .match(/data-testid="provider-location"[\s\S]*?<\/p>/)![0]
        .replace(/<[^>]+>/g, "");
      const city = seeded[j]!.location.split(",")[0]!;
      expect(line.split(city).length - 1).toBe(1);
    },
  );

  it("the language cookie renders Arabic right-to-left on the first byte", async () => {
    const html = await (await call("/", { lang: "ar" })).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain("اعثر على الشخص المناسب للعمل");
  });

  it("home's numbers follow the digit rule: the steps and this year's copyright in the reader's digits", async () => {
    const year = new Date().getFullYear();
    const en = await (await call("/", { lang: "en" })).text();
    expect(en).toContain(`© ${year} Dalil`);
    expect(en).toMatch(/>1\. <\/span>/);
    for (const lang of ["ar", "ku"] as const) {
      const html = await (await call("/", { lang })).text();
      const digits = String(year).replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
      expect(html).toContain(`© ${digits} `);
      expect(html).toMatch(/>١\. <\/span>/);
      expect(html).not.toMatch(/>[123]\. <\/span>/);
    }
  });

  it("Kurdish (Sorani) is lang=ckb, right-to-left", async () => {
    const html = await (await call("/", { lang: "ku" })).text();
    expect(html).toMatch(/<html lang="ckb" dir="rtl"/);
    expect(html).toContain("کەسی گونجاو بۆ کارەکەت");
  });

  it("?lng= switches the language and remembers it in the cookie", async () => {
    const res = await call("/?lng=ku");
    expect(await res.text()).toMatch(/<html lang="ckb" dir="rtl"/);
    expect(res.headers.get("Set-Cookie")).toMatch(/language=ku/);
  });

  it(
    "a first visit is answered in the browser's Accept-Language when it is one of ours; a chosen language " +
      "(cookie, ?lng=) wins",
    async () => {
      const page = async (acceptLanguage: string, init: { lang?: string; path?: string } = {}) =>
        (
          await (
            await call(init.path ?? "/", {
              headers: { "Accept-Language": acceptLanguage },
              ...(init.lang ? { lang: init.lang } : {}),
            })
          ).text()
        )
          .match(/<html lang="(\w+)" dir="(\w+)"/)!
          .slice(1)
          .join(" ");
      expect(await page("ckb")).toBe("ckb rtl");
      expect(await page("ckb-IQ,ckb;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("ckb rtl");
      expect(await page("ar-IQ,ar;q=0.9,en;q=0.8")).toBe("ar rtl");
      // the first language that is ours, by weight
      expect(await page("fr-FR,fr;q=0.9,ckb;q=0.5,ar;q=0.4")).toBe("ckb rtl");
      expect(await page("en;q=0.2, ar;q=0.8")).toBe("ar rtl");
      expect(await page("fr-FR,de;q=0.8")).toBe("en ltr");
      expect(await page("*")).toBe("en ltr");
      // what the reader chose wins over the browser's
      expect(await page("ckb", { lang: "en" })).toBe("en ltr");
      expect(await page("ar", { path: "/?lng=ku" })).toBe("ckb rtl");
      // the Sorani home page reads in Sorani, not only its <html> tag
      expect(await (await call("/", { headers: { "Accept-Language": "ckb-IQ" } })).text()).toContain(
        "کەسی گونجاو بۆ کارەکەت",
      );
    },
  );

  it.each([["fr"], ["xx"], [""], ["<script>"]])("an unknown language code (%s) falls back to English", async (code) => {
    const viaCookie = await (await call("/", { lang: code })).text();
    expect(viaCookie).toMatch(/<html lang="en" dir="ltr"/);
    const viaQuery = await (await call(`/?lng=${encodeURIComponent(code)}`)).text();
    expect(viaQuery).toMatch(/<html lang="en" dir="ltr"/);
  });

  it("an unknown path is a 404 with the not-found screen", async () => {
    const res = await call("/nope");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
  });

  it("pages carry the security headers, and inline scripts run only with this response's nonce", async () => {
    const res = await call("/");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    // JSON data blocks (the page's catalog) never run, so they need no nonce
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")([^>]*)>/g)].map(
      (m) => m[1],
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    const again = (await call("/")).headers.get("Content-Security-Policy");
    expect(again).not.toContain(nonce!);
  });

  it(
    "a page carries its language's catalog inline, without the admin console's, the privacy policy's or " +
      "server-only texts",
    async () => {
      const catalogOf = async (path: string, lang: string) => {
        const html = await (await call(path, { lang })).text();
        const json = html.match(/<script id="dalil-catalog" type="application\/json">([\s\S]*?)<\/script>/)?.[1];
        expect(json, `no inline catalog on ${path}`).toBeTruthy();
        return JSON.parse(json!) as Record<string, Record<string, unknown>>;
      };
      const home = await catalogOf("/", "ar");
      expect(home.app.name).toBe("دليل");
      expect(home.home).toBeDefined();
      expect(home.admin).toBeUndefined();
      expect(home.privacy).toBeUndefined();
      expect(home.messages).toBeUndefined();
      // the page that needs them gets them
      expect((await catalogOf("/privacy-policy", "ku")).privacy).toBeDefined();
      const html = await (await call("/privacy-policy", { lang: "ku" })).text();
      expect(html).not.toContain("privacy.");
    },
  );

  it("a malformed cookie of any name still gives the page and the API in English, not a 500", async () => {
    const bad = ["%E0%A4%A", "%", "%%", "ar%", "%FF", "%C3%A9%"];
    for (const value of bad) {
      for (const cookie of [
        `language=${value}`,
        `dalil_session=${value}`,
        `dalil_device=${value}`,
        `language=${value}; dalil_session=${value}; dalil_device=${value}`,
      ]) {
        for (const path of ["/", "/login", "/search?search=electrician", "/provider/2", "/messages"]) {
          const res = await call(path, { headers: { Cookie: cookie } });
          expect([200, 302], `${path} with ${cookie}`).toContain(res.status);
          if (res.status === 200) expect(await res.text()).toMatch(/<html lang="en" dir="ltr"/);
        }
        const api = await call("/api/categories", { headers: { Cookie: cookie } });
        expect(api.status, `/api/categories with ${cookie}`).toBe(200);
        const signIn = await call("/api/auth/me", { headers: { Cookie: cookie } });
        expect(signIn.status, `/api/auth/me with ${cookie}`).toBe(401);
        expect(((await signIn.json()) as { message: string }).message).toMatch(/sign in/i);
      }
    }
    // a good cookie beside a bad one still counts
    const ar = await call("/", { headers: { Cookie: "dalil_device=%; language=ar" } });
    expect(await ar.text()).toMatch(/<html lang="ar" dir="rtl"/);
  });
});
