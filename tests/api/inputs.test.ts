import { createExecutionContext, env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// @ts-ignore — produced by `remix vite:build` before the test pool loads this file
import * as remixBuild from "../../build/server/index.js";
// production is what `wrangler deploy` bundles; the development
// Worker (local starts and these tests) adds the local-only routes
import production, { app as productionApp } from "../../workers/app";
import { app } from "../../workers/dev";
// the deploy configuration itself, read as text: the production environment's vars come from here
import wranglerToml from "../../wrangler.toml?raw";
// what a local start passes (scripts/lib.mjs) and what a bare `wrangler dev` reads (.dev.vars.example), as text
import devVarsExample from "../../.dev.vars.example?raw";
import scriptsLib from "../../scripts/lib.mjs?raw";
import { call, ORIGIN, registerUser } from "../http";
import { signIn } from "../sessions";

const tomorrowPlus = (days: number) => new Date(Date.now() + (36 + 24 * days) * 3600_000).toISOString().slice(0, 10);
const booking = (overrides: Record<string, unknown>) => ({
  providerId: 1,
  serviceDescription: "The AC in the living room blows warm air",
  customerLocation: "Karrada, street 62, house 14",
  customerPhone: "0770 123 4567",
  ...overrides,
});

describe("inputs that are accepted only when they are possible", () => {
  it("dates are real calendar dates: 2026-13-45 and 2099-02-30 are refused, 2028-02-29 is kept", async () => {
    const user = await registerUser();
    for (const preferredDate of ["2026-13-45", "2099-02-30", "2027-00-10", "2027-04-31", "20270-01-01", "2027-1-1"]) {
      const res = await call("/api/bookings", {
        method: "POST",
        cookie: user.cookie,
        json: booking({ preferredDate }),
      });
      expect(res.status, preferredDate).toBe(400);
      expect(
        ((await res.json()) as { fields: Record<string, string> }).fields.preferredDate,
        preferredDate,
      ).toBeTruthy();
    }
    // a real leap day, but more than a year ahead: refused for the horizon, not as impossible (the calendar rule
    // itself, 2028-02-29 kept and 2027-02-29 refused, is property-tested in hygiene.test.ts)
    const leap = await call("/api/bookings", {
      method: "POST",
      cookie: user.cookie,
      json: booking({ preferredDate: "2028-02-29" }),
    });
    expect(leap.status).toBe(400);
    expect(((await leap.json()) as { fields: Record<string, string> }).fields.preferredDate).toMatch(/12 months/);
    const arabicDigits = await call("/api/bookings", {
      method: "POST",
      cookie: user.cookie,
      json: booking({ preferredDate: tomorrowPlus(1).replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!) }),
    });
    expect(arabicDigits.status).toBe(201);
  });

  it("ids are decimal digits only: 0x2, 2e0, 2.0 and -1 are not id 2", async () => {
    const user = await registerUser();
    for (const providerId of ["0x2", "2e0", "2.0", " 2", "-1", "0", 2.5, true, "٢"]) {
      const res = await call("/api/bookings", { method: "POST", cookie: user.cookie, json: booking({ providerId }) });
      // Arabic-Indic digits are digits; everything else is refused
      expect(res.status, String(providerId)).toBe(providerId === "٢" ? 201 : 400);
    }
    for (const id of ["0x2", "2e0", "+2", "%202"]) {
      expect((await call(`/api/providers/${id}`)).status, id).toBe(400);
      expect(
        (await call(`/api/bookings/${id}/cancel`, { method: "POST", cookie: user.cookie })).status,
        id,
      ).toBeLessThan(500);
      expect((await call(`/api/bookings/${id}/cancel`, { method: "POST", cookie: user.cookie })).status, id).not.toBe(
        200,
      );
    }
    expect([400, 404]).toContain((await call("/provider/0x2")).status);
  });

  it(
    "the admin provider search takes a 25-letter Arabic name (no 'LIKE pattern too complex'), and wildcards " +
      "match literally",
    async () => {
      const admin = await signIn("admin");
      const longArabic = "مؤسسة الرافدين للخدمات الكهربائية والتبريد";
      const api = await call(`/api/admin/providers?search=${encodeURIComponent(longArabic)}`, { cookie: admin });
      expect(api.status).toBe(200);
      const page = await call(`/admin?q=${encodeURIComponent(longArabic.repeat(3))}`, { cookie: admin });
      expect(page.status).toBe(200);
      const wildcard = (await (await call("/api/admin/providers?search=%25", { cookie: admin })).json()) as {
        total: number;
      };
      expect(wildcard.total).toBe(0);
    },
  );

  it("/api/_bench/search answers bad input with 400, never 500", async () => {
    for (const body of [
      "{",
      "null",
      "[]",
      '{"queries":"x"}',
      '{"queries":[{"label":1}]}',
      '{"queries":[],"runs":-1}',
      '{"queries":[{"label":"a","params":{}}],"runs":100000}',
    ]) {
      const res = await call("/api/_bench/search", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status, body).toBe(400);
    }
    // the payments bench's routes, behind the same guard
    for (const [path, body] of [
      ["/api/_bench/payments/open", '{"count":0}'],
      ["/api/_bench/payments/sweep", '{"at":"yesterday","sweep":"pending"}'],
      ["/api/_bench/payments/sweep", '{"sweep":"all"}'],
    ]) {
      const res = await call(path, { method: "POST", body, headers: { "Content-Type": "application/json" } });
      expect(res.status, `${path} ${body}`).toBe(400);
    }
    // no gateway is configured here: nothing to open, and no 5xx
    expect((await call("/api/_bench/payments/open", { method: "POST", json: { count: 3 } })).status).toBe(409);
  });
});

describe("production has no local-only routes", () => {
  /** [env.production.vars] from wrangler.toml, as `wrangler deploy --env production` would set them. */
  function productionVars(): Record<string, string> {
    const section = wranglerToml.split(/^\[env\.production\.vars\]\s*$/m)[1]?.split(/^\[/m)[0] ?? "";
    return Object.fromEntries([...section.matchAll(/^(\w+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1]!, m[2]!]));
  }

  it("wrangler.toml declares the production environment with APP_ENV production", () => {
    expect(productionVars()).toMatchObject({ APP_ENV: "production" });
  });

  /** The top level's [vars], as a plain `wrangler deploy` (no `--env`) would set them. */
  function topLevelVars(): Record<string, string> {
    const section = wranglerToml.split(/^\[vars\]\s*$/m)[1]?.split(/^\[/m)[0] ?? "";
    return Object.fromEntries([...section.matchAll(/^(\w+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1]!, m[2]!]));
  }

  it(
    "a plain `wrangler deploy` that forgot --env production ships no development door: the top level is " +
      "production",
    async () => {
      expect(topLevelVars()).toMatchObject({
        APP_ENV: "production",
        TELEGRAM_API_ROOT: "https://api.telegram.org",
        TWILIO_API_BASE: "https://api.twilio.com",
      });
      const plain = { ...env, ...topLevelVars() };
      const at = (path: string, method = "GET") =>
        production.fetch(
          new Request(`${ORIGIN}${path}`, { method, headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host } }),
          plain,
          createExecutionContext(),
        );
      // absent, not switched off (ADR 088): each answers as a path
      // that never existed does (a POST to a page is Remix's 405)
      expect((await at("/dev/bot/code?to=%2B9647700000002")).status).toBe(404);
      const unknownPost = (await at("/no-such-door", "POST")).status;
      expect(unknownPost).toBe(405);
      expect((await at("/dev/scheduler", "POST")).status).toBe(unknownPost);
      expect((await at("/dev/bot/send", "POST")).status).toBe(unknownPost);
      // the bench's faults on purpose: no room restarted, no message queued again
      expect((await at("/dev/faults/restart?conversation=1", "POST")).status).toBe(unknownPost);
      expect((await at("/dev/faults/redeliver", "POST")).status).toBe(unknownPost);
      expect((await at("/api/_bench/search", "POST")).status).toBe(404);
      expect((await at("/api/_bench/payments/sweep", "POST")).status).toBe(404);
      expect((await at("/api/categories")).status).toBe(200);
      // development is asked for by the local starts and by .dev.vars
      expect(scriptsLib).toMatch(/DEV_VARS = \{\s*APP_ENV: "development"/);
      expect(devVarsExample).toMatch(/^APP_ENV="development"$/m);
    },
  );

  it(
    "the production Worker has no local-only route at all, whatever APP_ENV says; the development one has them " +
      "(ADR 088)",
    () => {
      const local = (routes: { path: string }[]) => [
        ...new Set(routes.map((r) => r.path).filter((p) => /^\/(dev|api\/_bench)(\/|$)/.test(p))),
      ];
      expect(local(productionApp.routes)).toEqual([]);
      expect(local(app.routes)).toEqual(
        expect.arrayContaining(["/dev/bot", "/dev/scheduler", "/api/_bench/search", "/api/_bench/payments/sweep"]),
      );
    },
  );

  it("the Worker run with the production environment has no /api/_bench; the development one does", async () => {
    const prodEnv = { ...env, ...productionVars() };
    const bench = (e: typeof env) =>
      production.fetch(
        new Request(`${ORIGIN}/api/_bench/search`, {
          method: "POST",
          headers: { Origin: ORIGIN, "Content-Type": "application/json" },
          body: '{"queries":[{"label":"a","params":{"search":"x"}}],"runs":1,"scanRuns":1}',
        }),
        e,
        createExecutionContext(),
      );
    const prod = await bench(prodEnv);
    expect(prod.status).toBe(404);
    // not switched off but absent: the production bundle answers 404 even told it is a test
    expect((await bench(env)).status).toBe(404);
    expect(
      (
        await call("/api/_bench/search", {
          method: "POST",
          json: { queries: [{ label: "a", params: { search: "x" } }], runs: 1, scanRuns: 1 },
        })
      ).status,
    ).toBe(200);
    // the rest of the app still works there
    const home = await production.fetch(new Request(`${ORIGIN}/api/categories`), prodEnv, createExecutionContext());
    expect(home.status).toBe(200);
  });
});

describe("no input to any route gives a 5xx", () => {
  /** Every API route, from the Hono app itself, and every page with an action, from the Remix build. */
  function allRoutes(): { method: string; path: string }[] {
    const api = app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.includes("*"))
      .map((r) => ({ method: r.method, path: r.path }));
    const pages = Object.values(
      (remixBuild as unknown as { routes: Record<string, { path?: string; module: { action?: unknown } }> }).routes,
    )
      .filter((r) => r.module.action && r.path)
      .map((r) => ({ method: "POST", path: `/${r.path}` }));
    return [...new Map([...api, ...pages].map((r) => [`${r.method} ${r.path}`, r])).values()];
  }

  const segment = fc.oneof(
    fc.constantFrom("1", "2", "0", "0x2", "-1", "999999999999", "abc", "%00", "%E2%80%AE", "1e3", "١"),
    fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/),
  );
  const contentType = fc.oneof(
    fc.constantFrom(
      "application/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=XYZ",
      "multipart/form-data",
      "text/plain",
      "application/octet-stream",
      "application/json; charset=utf-16",
      "",
    ),
    fc.string({ maxLength: 40 }),
  );
  const body = fc.oneof(
    fc.json({ maxDepth: 3 }),
    fc.string({ maxLength: 200 }),
    fc.string({ unit: "binary", maxLength: 200 }),
    fc
      .dictionary(
        fc.constantFrom(
          "phone",
          "password",
          "intent",
          "id",
          "providerId",
          "rating",
          "verificationCode",
          "preferredDate",
          "q",
          "kind",
          "categoryId",
          "redirectTo",
          "name",
          "email",
        ),
        fc.string({ maxLength: 30 }),
      )
      .map((d) => new URLSearchParams(d).toString()),
    fc.constantFrom(
      '--XYZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nver',
      "--XYZ--",
      '{"a":',
      "\u0000\u0001",
    ),
    fc.constant(""),
  );

  it("every API route and page action answers arbitrary bodies and content types with less than 500", async () => {
    const routes = allRoutes();
    // enumerated from the code: a new route is covered without touching this test
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.some((r) => r.path === "/book/:providerId")).toBe(true);
    const customer = await registerUser();
    const admin = await signIn("admin");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(segment, { minLength: 3, maxLength: 3 }),
        contentType,
        body,
        fc.constantFrom<"anonymous" | "customer" | "admin">("anonymous", "customer", "admin"),
        async (route, segs, type, payload, who) => {
          let i = 0;
          const path = route.path.replace(/:[A-Za-z]+/g, () => segs[i++ % segs.length]!);
          // signing out would end the shared sessions: logout gets the body but no cookie
          const cookie =
            route.path.includes("logout") || who === "anonymous"
              ? undefined
              : who === "admin"
                ? admin
                : customer.cookie;
          const headers: Record<string, string> = { Host: "localhost" };
          if (type) headers["Content-Type"] = type;
          const method = route.method === "GET" ? "GET" : route.method;
          const res = await call(path, { method, cookie, headers, body: method === "GET" ? undefined : payload });
          await res.arrayBuffer();
          expect(res.status, `${method} ${path} (${type}) ${JSON.stringify(payload).slice(0, 120)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);

  it("each page action, hit directly with JSON, text and a truncated multipart body, is a 4xx", async () => {
    const customer = await registerUser();
    const pages = allRoutes().filter((r) => !r.path.startsWith("/api/"));
    for (const page of pages) {
      const path = page.path.replace(/:[A-Za-z]+/g, "1");
      for (const [type, payload] of [
        ["application/json", '{"intent":"verify"}'],
        ["text/plain", "hello"],
        ["multipart/form-data; boundary=XYZ", '--XYZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nver'],
      ] as const) {
        const cookie = page.path.includes("logout") ? undefined : customer.cookie;
        const res = await call(path, {
          method: "POST",
          cookie,
          headers: { Host: "localhost", "Content-Type": type },
          body: payload,
        });
        await res.arrayBuffer();
        expect(res.status, `${path} ${type}`).toBeLessThan(500);
      }
    }
  }, 60_000);
});
