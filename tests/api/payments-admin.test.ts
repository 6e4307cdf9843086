// The admin's side of payments (ADR 085): the list, refunds that reach the gateways' stand-ins, a listing's balance,
// the CSV, the prices the next payment is charged, and the contested deposits. The stand-ins run in this isolate as in
// payments.test.ts: the Worker's calls to their hosts are routed to them, their callbacks come in through its doors.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminListPayments, adminPaymentsCsv, adminPrices, updatePrices } from "../../domain/payments/admin";
import { fibStandin } from "../../scripts/payments/fib.mjs";
import { qiCardStandin } from "../../scripts/payments/qicard.mjs";
import { zainCashStandin } from "../../scripts/payments/zaincash.mjs";
import arPayments from "../../i18n/locales/ar/payments.json";
import type { Env } from "../../workers/env";
import { serviceContext } from "../../workers/services";
import { userIdByPhone } from "../bell";
import { gatewayEnv } from "../payments";
import { call, handle, ORIGIN } from "../http";
import { DEMO_ACCOUNTS } from "../seed";
import { registerUser, signIn } from "../sessions";

const MERCHANT_KEY = "zaincash-merchant-key";
const send = (url: string, init: RequestInit) => handle(new Request(url, init), penv);
const zaincash = zainCashStandin({
  apiKey: MERCHANT_KEY,
  webhookUrl: `${ORIGIN}/webhooks/payments/zaincash`,
  now: Date.now,
  send,
});
const fib = fibStandin({ now: Date.now, send });
let qicard: Awaited<ReturnType<typeof qiCardStandin>>;
let penv: Env;
let restore: () => void;
type Standin = { fetch(r: Request): Promise<Response> };
const standins: Record<string, () => Standin> = { zaincash: () => zaincash, qicard: () => qicard, fib: () => fib };

beforeAll(async () => {
  qicard = await qiCardStandin({ now: Date.now, send });
  penv = gatewayEnv(MERCHANT_KEY, qicard.publicKeyPem);
  const real = globalThis.fetch;
  const hosts: Record<string, Standin> = { "zaincash.test": zaincash, "qicard.test": qicard, "fib.test": fib };
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const standin = hosts[new URL(req.url).host];
    return standin ? standin.fetch(req) : real(input, init);
  });
  restore = () => spy.mockRestore();
});
afterAll(() => restore());

type Gateway = "zaincash" | "qicard" | "fib";
const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const api = (path: string, cookie: string, init: { method?: string; json?: unknown; lang?: string } = {}) =>
  call(path, { ...init, cookie, env: penv });
const json = async <T>(res: Response, status = 200): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};
/** Starts a payment through POST /api/payments and finishes it on the gateway's stand-in as a person would. */
async function pay(
  cookie: string,
  body: { gateway: Gateway } & Record<string, unknown>,
  outcome: "paid" | "declined" | null = "paid",
) {
  const started = await json<{ paymentId: number; amount: number }>(
    await api("/api/payments", cookie, { method: "POST", json: body }),
    201,
  );
  const { transaction_id: gatewayId } = (await one<{ transaction_id: string }>(
    "SELECT transaction_id FROM payments WHERE id = ?",
    started.paymentId,
  ))!;
  if (outcome)
    await standins[body.gateway]().fetch(
      new Request(`https://${body.gateway}.test/__complete`, {
        method: "POST",
        body: JSON.stringify({ id: gatewayId, outcome }),
      }),
    );
  return { ...started, gatewayId };
}
const onStandin = async (gateway: Gateway, id: string) => {
  const { transactions } = (await (
    await standins[gateway]().fetch(new Request(`https://${gateway}.test/__transactions`))
  ).json()) as {
    transactions: { id: string; status: string; refunded?: number }[];
  };
  return transactions.find((t) => t.id === id)!;
};
const providerId = async () =>
  (await one<{ id: number }>(
    "SELECT id FROM service_providers WHERE user_id = ?",
    await userIdByPhone(DEMO_ACCOUNTS.provider.phone),
  ))!.id;
interface Balance {
  paid: number;
  refunded: number;
  earnings: number;
  fees: number;
  count: number;
  byStatus: Record<string, number>;
}
const balanced = async (admin: string) => {
  const b = await json<Balance>(await api(`/api/admin/providers/${await providerId()}/balance`, admin));
  expect(b.earnings + b.fees).toBe(b.paid - b.refunded);
  return b;
};

describe("the admin's payments", () => {
  it("every admin verb answers 403 to a customer and to a provider, and the verbs refuse them too", async () => {
    const customer = (await registerUser()).cookie;
    const provider = await signIn("provider");
    const verbs: [string, string, unknown?][] = [
      ["GET", "/api/admin/payments"],
      ["GET", "/api/admin/payments.csv"],
      ["GET", "/api/admin/payments/1/events"],
      ["POST", "/api/admin/payments/1/refund", {}],
      ["GET", "/api/admin/providers/1/balance"],
      ["GET", "/api/admin/prices"],
      ["PUT", "/api/admin/prices", { subscription: 1 }],
      ["GET", "/api/admin/deposits/contested"],
      ["POST", "/api/admin/deposits/1/refund"],
      ["POST", "/api/admin/deposits/1/keep"],
    ];
    for (const cookie of [customer, provider]) {
      for (const [method, path, body] of verbs)
        expect((await api(path, cookie, { method, json: body })).status, `${method} ${path}`).toBe(403);
    }
    const asCustomer = {
      ...serviceContext(penv),
      actor: { kind: "user" as const, userId: 1, userType: "customer" as const, isAdmin: false },
    };
    await expect(adminListPayments(asCustomer, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(adminPaymentsCsv(asCustomer, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(adminPrices(asCustomer)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(updatePrices(asCustomer, { subscription: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await one<{ amount: number }>("SELECT amount FROM prices WHERE key = 'subscription'"))!.amount).toBe(
      25_000,
    );
  });

  it(
    "lists payments newest first, filtered by gateway, status and purpose, a page at a time, with the listing's " +
      "name",
    async () => {
      const provider = await signIn("provider");
      const admin = await signIn("admin");
      const zc = await pay(provider, { purpose: "subscription", gateway: "zaincash" });
      const declined = await pay(provider, { purpose: "subscription", gateway: "qicard" }, "declined");
      const open = await pay(provider, { purpose: "sponsored", gateway: "fib", position: "hero", days: 2 }, null);
      type Page = {
        items: {
          id: number;
          gateway: string;
          status: string;
          purpose: string;
          providerName: string;
          payerId: number;
          amount: number;
        }[];
        next: number | null;
      };
      const paidZain = await json<Page>(await api("/api/admin/payments?gateway=zaincash&status=paid", admin));
      expect(paidZain.items.map((p) => p.id)).toContain(zc.paymentId);
      expect(paidZain.items.every((p) => p.gateway === "zaincash" && p.status === "paid")).toBe(true);
      expect(paidZain.items[0]).toMatchObject({
        payerId: await userIdByPhone(DEMO_ACCOUNTS.provider.phone),
        amount: 25_000,
      });
      expect(paidZain.items[0].providerName).toBeTruthy();
      const failed = await json<Page>(await api("/api/admin/payments?status=failed", admin));
      expect(failed.items.map((p) => p.id)).toEqual([declined.paymentId]);
      const sponsored = await json<Page>(await api("/api/admin/payments?purpose=sponsored&gateway=all", admin));
      expect(sponsored.items.map((p) => p.id)).toEqual([open.paymentId]);
      // newest first, paged by id: two pages of one each, then the end
      const first = await json<Page>(await api("/api/admin/payments?limit=2", admin));
      expect(first.items.map((p) => p.id)).toEqual([open.paymentId, declined.paymentId]);
      const second = await json<Page>(await api(`/api/admin/payments?limit=2&before=${first.next}`, admin));
      expect(second.items.map((p) => p.id)).toEqual([zc.paymentId]);
      expect(second.next).toBeNull();
    },
  );

  it(
    "a refund through the admin reaches the gateway, is " + "in the payment's story, and the ledger still balances",
    async () => {
      const provider = await signIn("provider");
      const admin = await signIn("admin");
      const paid = await pay(provider, { purpose: "subscription", gateway: "zaincash" });
      const before = await balanced(admin);
      const refunded = await json<{ status: string; refundedAmount: number }>(
        await api(`/api/admin/payments/${paid.paymentId}/refund`, admin, {
          method: "POST",
          json: { reason: "paid twice" },
        }),
      );
      expect(refunded).toMatchObject({ status: "refunded", refundedAmount: 25_000 });
      expect((await onStandin("zaincash", paid.gatewayId)).status).toBe("REFUNDED");
      const after = await balanced(admin);
      expect(after.refunded - before.refunded).toBe(25_000);
      expect(after.fees - before.fees).toBe(-25_000);
      expect(after.byStatus.refunded).toBeGreaterThanOrEqual(1);
      const { items } = await json<{ items: { kind: string; note: string }[] }>(
        await api(`/api/admin/payments/${paid.paymentId}/events`, admin),
      );
      expect(items.map((e) => e.kind)).toEqual(expect.arrayContaining(["started", "paid", "refunded"]));
      expect(items.find((e) => e.kind === "refunded")!.note).toMatch(/^admin:\d+: paid twice/);
      // a second refund of a refunded payment is refused
      expect((await api(`/api/admin/payments/${paid.paymentId}/refund`, admin, { method: "POST" })).status).toBe(409);
      // a sponsored place the provider bought: the admin sees it in the list, refunds it, and it stops showing
      const place = await pay(provider, { purpose: "sponsored", gateway: "qicard", position: "category", days: 2 });
      const adActive = async () =>
        (await one<{ is_active: number }>("SELECT is_active FROM sponsored_ads WHERE payment_id = ?", place.paymentId))!
          .is_active;
      expect(await adActive()).toBe(1);
      const listed = await json<{ items: { id: number }[] }>(
        await api("/api/admin/payments?purpose=sponsored&status=paid", admin),
      );
      expect(listed.items.map((p) => p.id)).toContain(place.paymentId);
      await json(await api(`/api/admin/payments/${place.paymentId}/refund`, admin, { method: "POST" }));
      expect(await adActive()).toBe(0);
      await balanced(admin);
    },
  );

  it(
    "Qi Card refunds a part and then the rest; a part on ZainCash is refused in the admin's language and nothing " +
      "moves",
    async () => {
      const provider = await signIn("provider");
      const admin = await signIn("admin");
      const qi = await pay(provider, { purpose: "subscription", gateway: "qicard" });
      const part = await json<{ status: string; refundedAmount: number }>(
        await api(`/api/admin/payments/${qi.paymentId}/refund`, admin, { method: "POST", json: { amount: "١٠٬٠٠٠" } }),
      );
      expect(part).toMatchObject({ status: "partially_refunded", refundedAmount: 10_000 });
      expect((await onStandin("qicard", qi.gatewayId)).refunded).toBe(10_000);
      await balanced(admin);
      expect(
        (await api(`/api/admin/payments/${qi.paymentId}/refund`, admin, { method: "POST", json: { amount: 20_000 } }))
          .status,
      ).toBe(400);
      const rest = await json<{ status: string; refundedAmount: number }>(
        await api(`/api/admin/payments/${qi.paymentId}/refund`, admin, { method: "POST", json: {} }),
      );
      expect(rest).toMatchObject({ status: "refunded", refundedAmount: 25_000 });
      expect((await onStandin("qicard", qi.gatewayId)).refunded).toBe(25_000);
      await balanced(admin);

      const zc = await pay(provider, { purpose: "subscription", gateway: "zaincash" });
      const refused = await api(`/api/admin/payments/${zc.paymentId}/refund`, admin, {
        method: "POST",
        json: { amount: 5_000 },
        lang: "ar",
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(arPayments.payments.errors.refundAmount);
      expect((await onStandin("zaincash", zc.gatewayId)).status).not.toBe("REFUNDED");
      expect(
        (await one<{ payment_status: string }>("SELECT payment_status FROM payments WHERE id = ?", zc.paymentId))!
          .payment_status,
      ).toBe("paid");
    },
  );

  it(
    "the CSV has a header and one line per payment, same " + "filters, with a BOM and names quoted as Excel reads them",
    async () => {
      const admin = await signIn("admin");
      await env.DB.prepare("UPDATE service_providers SET name = ? WHERE id = ?")
        .bind('كهرباء "النور", بغداد', await providerId())
        .run();
      const res = await api("/api/admin/payments.csv", admin);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toContain("text/csv");
      expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="dalil-payments-/);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder()
        .decode(bytes)
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines[0]).toBe(
        "id,created,purpose,gateway,status,provider_id,provider,payer_id," +
          "amount,refunded,fee,earnings,booking_id,transaction_id",
      );
      const { n } = (await one<{ n: number }>("SELECT count(*) AS n FROM payments"))!;
      expect(lines).toHaveLength(n + 1);
      expect(lines[1]).toContain(',"كهرباء ""النور"", بغداد",');
      // amounts are whole numbers: the paid ZainCash row reads 25000, not "25,000"
      expect(lines.some((l) => /,zaincash,paid,\d+,".*",\d+,25000,0,25000,0,/.test(l))).toBe(true);
      const qiOnly = (await (await api("/api/admin/payments.csv?gateway=qicard", admin)).text())
        .trimEnd()
        .split("\r\n");
      const { q } = (await one<{ q: number }>("SELECT count(*) AS q FROM payments WHERE payment_method = 'qicard'"))!;
      expect(qiOnly).toHaveLength(q + 1);
      expect(qiOnly.slice(1).every((l) => l.split(",")[3] === "qicard")).toBe(true);
    },
  );

  it(
    "a price the admin changes is what the next POST /api/payments charges; a price that is not whole dinars is " +
      "refused",
    async () => {
      const admin = await signIn("admin");
      const provider = await signIn("provider");
      const bad = await api("/api/admin/prices", admin, { method: "PUT", json: { subscription: "2.5" } });
      expect(bad.status).toBe(400);
      const saved = await json<{ subscription: number; freeFirstMonth: boolean; sponsored: Record<string, number> }>(
        await api("/api/admin/prices", admin, {
          method: "PUT",
          json: { subscription: "30,000", sponsored_hero: 20_000, free_first_month: 1 },
        }),
      );
      expect(saved).toMatchObject({
        subscription: 30_000,
        freeFirstMonth: true,
        sponsored: { hero: 20_000, category: 7_000, sidebar: 4_000 },
      });
      expect((await one<{ amount: number }>("SELECT amount FROM prices WHERE key = 'free_first_month'"))!.amount).toBe(
        1,
      );
      expect((await pay(provider, { purpose: "subscription", gateway: "fib" }, null)).amount).toBe(30_000);
      expect(
        (await pay(provider, { purpose: "sponsored", gateway: "fib", position: "hero", days: 2 }, null)).amount,
      ).toBe(40_000);
      await json(
        await api("/api/admin/prices", admin, {
          method: "PUT",
          json: { subscription: 25_000, sponsored_hero: 15_000, free_first_month: false },
        }),
      );
    },
  );

  it(
    "the payments tab on /admin shows the list in Arabic " + "digits and saves the prices form; a customer gets 403",
    async () => {
      const admin = await signIn("admin");
      const page = await call("/admin?tab=payments&status=paid", { cookie: admin, lang: "ar" });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-testid="payment-row"');
      expect(html).not.toMatch(/data-status="(?!paid)/);
      expect(html).toContain("٢٥٬٠٠٠");
      expect(html).toContain("/api/admin/payments.csv?status=paid");
      expect((await call("/admin?tab=payments", { cookie: (await registerUser()).cookie, lang: "ar" })).status).toBe(
        403,
      );
      // the form as a browser sends it: an unticked box leaves only its hidden 0
      const form = new URLSearchParams({
        intent: "savePrices",
        subscription: "٢٨٬٠٠٠",
        sponsored_hero: "15000",
        sponsored_category: "7000",
        sponsored_sidebar: "4000",
        free_first_month: "0",
      });
      const saved = await call("/admin?tab=payments", {
        method: "POST",
        cookie: admin,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Host": "localhost" },
        body: form.toString(),
      });
      expect(saved.status).toBe(200);
      expect((await pay(await signIn("provider"), { purpose: "subscription", gateway: "fib" }, null)).amount).toBe(
        28_000,
      );
      expect((await one<{ amount: number }>("SELECT amount FROM prices WHERE key = 'free_first_month'"))!.amount).toBe(
        0,
      );
      await json(await api("/api/admin/prices", admin, { method: "PUT", json: { subscription: 25_000 } }));
    },
  );

  it(
    "a contested deposit waits for the admin, who gives it back to the customer or keeps it for the provider (no " +
      "money moves)",
    async () => {
      const admin = await signIn("admin");
      const customer = await signIn("customer");
      const customerId = await userIdByPhone(DEMO_ACCOUNTS.customer.phone);
      const pid = await providerId();
      await env.DB.prepare("UPDATE service_providers SET deposit_amount = 5000, subscribed_until = ? WHERE id = ?")
        .bind(Date.now() + 20 * 86_400_000, pid)
        .run();
      const deposits = [];
      for (const gateway of ["qicard", "fib"] as const) {
        const booking = await env.DB.prepare(
          "INSERT INTO bookings (customer_id, provider_id, service_description, customer_location, " +
            "customer_phone, status) VALUES (?, ?, 'Fix the fan', 'Karrada', '+9647700000002', 'accepted') " +
            "RETURNING id",
        )
          .bind(customerId, pid)
          .first<{ id: number }>();
        deposits.push(await pay(customer, { purpose: "deposit", gateway, bookingId: booking!.id }));
        await env.DB.prepare(
          "UPDATE bookings SET no_show = 'customer', no_show_at = ?, no_show_answer = 'I waited at the door', " +
            "no_show_answer_at = ? WHERE id = ?",
        )
          .bind(Date.now(), Date.now(), booking!.id)
          .run();
      }
      const [toRefund, toKeep] = deposits;
      const listed = async () =>
        (
          await json<{ items: { id: number; answer: string; amount: number }[] }>(
            await api("/api/admin/deposits/contested", admin),
          )
        ).items;
      expect((await listed()).map((d) => d.id)).toEqual([toRefund.paymentId, toKeep.paymentId]);
      const before = await balanced(admin);
      // the tab lists both first, each with the customer's answer and its two choices
      const tab = await (await call("/admin?tab=payments", { cookie: admin, lang: "ar" })).text();
      expect(tab.match(/data-testid="contested-deposit"/g)).toHaveLength(2);
      expect(tab).toContain("I waited at the door");
      expect(tab).toContain('data-testid="contested-keep"');

      expect(
        await json(await api(`/api/admin/deposits/${toKeep.paymentId}/keep`, admin, { method: "POST" })),
      ).toMatchObject({ status: "paid", kept: true });
      expect((await onStandin("fib", toKeep.gatewayId)).status).toBe("PAID");
      expect(
        (await one<{ n: number }>(
          "SELECT count(*) AS n FROM payment_events WHERE event_key = ? AND kind = 'kept'",
          `deposit:${toKeep.paymentId}:kept`,
        ))!.n,
      ).toBe(1);
      expect((await balanced(admin)).earnings).toBe(before.earnings);
      // decided once: a second keep or a refund after it is refused
      expect((await api(`/api/admin/deposits/${toKeep.paymentId}/keep`, admin, { method: "POST" })).status).toBe(409);
      expect((await api(`/api/admin/deposits/${toKeep.paymentId}/refund`, admin, { method: "POST" })).status).toBe(409);

      expect(
        await json(await api(`/api/admin/deposits/${toRefund.paymentId}/refund`, admin, { method: "POST" })),
      ).toMatchObject({
        status: "refunded",
        refundedAmount: 5_000,
      });
      expect((await onStandin("qicard", toRefund.gatewayId)).refunded).toBe(5_000);
      expect((await balanced(admin)).earnings).toBe(before.earnings - 5_000);
      expect(await listed()).toEqual([]);
      // a payment that is not a contested deposit is not decided here
      const sub = (await one<{ id: number }>(
        "SELECT id FROM payments WHERE purpose = 'subscription' AND payment_status = 'paid' LIMIT 1",
      ))!;
      expect((await api(`/api/admin/deposits/${sub.id}/keep`, admin, { method: "POST" })).status).toBe(409);
    },
  );
});
