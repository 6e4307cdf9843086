// Paying from WhatsApp (ADR 085, "From the chat"): the plan's reminder and a booking's deposit reach the chat with a
// choice, the bot starts the payment with the web's own verb, FIB's stand-in is paid, and the receipt comes back to the
// chat. The stand-ins run in this isolate (as in payments.test.ts); the spy routes their hosts first and hands
// everything else to the channel fake, whose sent messages are what the person reads.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { remindSubscriptions } from "../../domain/payments/reconcile";
import { fibStandin } from "../../scripts/payments/fib.mjs";
import type { Env } from "../../workers/env";
import { serviceContext } from "../../workers/services";
import { fakeChannelApis, postWhatsApp, queueSettled, waForm } from "../bot";
import { userIdByPhone } from "../bell";
import { call, handle, ORIGIN } from "../http";
import { DEMO_ACCOUNTS } from "../seed";
import { signIn } from "../sessions";

const fib = fibStandin({ send: (url: string, init: RequestInit) => handle(new Request(url, init), penv) });
let penv: Env;
let apis: ReturnType<typeof fakeChannelApis>;

beforeAll(() => {
  penv = {
    ...env,
    FIB_BASE_URL: "https://fib.test",
    FIB_CLIENT_ID: "dalil-fib",
    FIB_CLIENT_SECRET: "fib-client-secret",
    DEPOSITS: "on",
  } as Env;
  apis = fakeChannelApis();
  const spy = vi.mocked(globalThis.fetch);
  const channels = spy.getMockImplementation()!;
  spy.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    return new URL(req.url).host === "fib.test" ? fib.fetch(req) : channels(input, init);
  });
});
afterAll(() => apis.restore());

const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
/** A WhatsApp message from `phone`, as Twilio posts it; what the bot answered that number. */
async function say(phone: string, fields: Record<string, string>) {
  apis.clear();
  expect((await postWhatsApp(waForm(phone, fields), { env: penv })).status).toBe(200);
  return apis.texts("whatsapp", phone).join("\n");
}
/** The number of the numbered choice whose line says `label`. */
function pick(text: string, label: string) {
  const line = text.split("\n").find((l) => /^\s*\d+\.\s/.test(l) && l.includes(label));
  if (!line) throw new Error(`no choice "${label}" in:\n${text}`);
  return line.match(/\d+/)![0];
}
/** The chat's answer after choosing FIB: the code, the app link and Dalil's signed page for the payment. */
function fibAnswer(text: string) {
  const page = text.match(/(http:\/\/localhost\/payments\/(\d+)\?k=[\w.-]+)/);
  const code = text.match(/code in the app: ([A-Z0-9-]+)/);
  if (!page || !code) throw new Error(`no FIB code and page in:\n${text}`);
  return { url: page[1], paymentId: Number(page[2]), code: code[1] };
}
async function payOnFib(paymentId: number) {
  const row = (await one<{ transaction_id: string }>("SELECT transaction_id FROM payments WHERE id = ?", paymentId))!;
  const body = JSON.stringify({ id: row.transaction_id, outcome: "paid" });
  const res = await fib.fetch(new Request("https://fib.test/__complete", { method: "POST", body }));
  expect(((await res.json()) as { callbackStatuses: number[] }).callbackStatuses).toEqual([200]);
  await queueSettled();
}
/** The number's chat as Dalil holds it: linked to its account, opted in, written from an hour ago (inside 24 h). */
async function chatOf(phone: string) {
  await env.DB.prepare(
    "INSERT OR REPLACE INTO channel_links (channel, external_id, user_id, language, opted_in, last_inbound_at) " +
      "VALUES ('whatsapp', ?, ?, 'en', 1, ?)",
  )
    .bind(phone, await userIdByPhone(phone), Date.now() - 3600_000)
    .run();
}

describe("paying from WhatsApp on FIB", () => {
  it(
    "the plan's reminder carries Renew now; FIB picked, the code and a page that opens signed out; the receipt " +
      "reaches the chat",
    async () => {
      const phone = DEMO_ACCOUNTS.provider.phone;
      await chatOf(phone);
      const providerId = (await one<{ id: number }>(
        "SELECT id FROM service_providers WHERE user_id = ?",
        await userIdByPhone(phone),
      ))!.id;
      await env.DB.prepare("UPDATE service_providers SET subscribed_until = ? WHERE id = ?")
        .bind(Date.now() + 2.5 * 86_400_000, providerId)
        .run();
      apis.clear();
      expect(await remindSubscriptions(serviceContext(penv))).toBeGreaterThanOrEqual(1);
      await queueSettled();
      const reminder = apis.texts("whatsapp", phone).join("\n");
      expect(reminder).toContain("Your Dalil plan ends in 3 days");
      // the link is an address a phone opens (the notice's bidi marks are not part of it)
      expect(reminder).toMatch(/Renew it here: http:\/\/localhost(:\d+)?\/dashboard\/billing\n/);
      const choice = pick(reminder, "Renew now");

      const how = await say(phone, { Body: choice });
      expect(how).toContain("One month of your Dalil plan: 25,000 IQD");
      expect(how).not.toContain("ZainCash");
      const started = fibAnswer(await say(phone, { Body: pick(how, "FIB") }));
      const payment = await one(
        "SELECT purpose, amount, payment_status, customer_id FROM payments WHERE id = ?",
        started.paymentId,
      );
      expect(payment).toMatchObject({
        purpose: "subscription",
        amount: 25_000,
        payment_status: "pending",
        customer_id: await userIdByPhone(phone),
      });

      // the page the chat links opens on a phone where nobody is signed in: this payment, read-only, with FIB's code
      const page = await call(started.url.slice(ORIGIN.length), { env: penv });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Waiting for the payment");
      expect(html).toContain(started.code);
      // without the signature, with another payment's number or a
      // changed signature, it asks to sign in and shows nothing
      const k = new URL(started.url).searchParams.get("k")!;
      for (const path of [
        `/payments/${started.paymentId}`,
        `/payments/${started.paymentId - 1}?k=${k}`,
        `/payments/${started.paymentId}?k=${k.slice(0, -1)}A`,
      ]) {
        const res = await call(path, { env: penv });
        // a page shown here says which payment it showed and to whom: the failure explains itself
        const shown =
          res.status === 302
            ? ""
            : `${(await res.text())
                .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
                .replace(/<[^>]*>|\s+/g, " ")
                .slice(0, 600)} ${JSON.stringify(
                (await env.DB.prepare("SELECT id, customer_id, purpose, payment_status FROM payments").all()).results,
              )}`;
        expect(res.status, `${path} ${shown}`).toBe(302);
        expect(res.headers.get("Location")).toContain("/login");
      }
      // an id with a control character (a NUL) asks to sign in too, never a 500 from the Location header
      const odd = await call("/payments/%00", { env: penv });
      expect(odd.status).toBe(302);
      expect(odd.headers.get("Location")).toBe("/login?redirectTo=%2Fpayments%2F%00");

      apis.clear();
      await payOnFib(started.paymentId);
      expect(apis.texts("whatsapp", phone).join("\n")).toMatch(
        /Payment received\nWe received 25,000 IQD by FIB for your monthly plan/,
      );
      const until = (await one<{ subscribed_until: number }>(
        "SELECT subscribed_until FROM service_providers WHERE id = ?",
        providerId,
      ))!.subscribed_until;
      expect(until - Date.now()).toBeGreaterThan(32 * 86_400_000);
      const paidPage = await (await call(started.url.slice(ORIGIN.length), { env: penv })).text();
      expect(paidPage).toContain("Receipt no.");
      expect(paidPage).toContain("the receipt comes to your chat");
    },
  );

  it(
    "a booking made in the chat whose listing asks a deposit offers Pay the deposit; paid on FIB, the receipt " +
      "reaches the customer's chat",
    async () => {
      const providerCookie = await signIn("provider");
      expect(
        (
          await call("/api/payments/deposit", {
            method: "PUT",
            cookie: providerCookie,
            json: { amount: 7_500 },
            env: penv,
          })
        ).status,
      ).toBe(200);
      const providerId = (await one<{ id: number }>(
        "SELECT id FROM service_providers WHERE user_id = ?",
        await userIdByPhone(DEMO_ACCOUNTS.provider.phone),
      ))!.id;
      const phone = DEMO_ACCOUNTS.customer.phone;
      await chatOf(phone);
      await say(phone, { Body: "", ButtonPayload: `b:${providerId}` });
      await say(phone, { Body: "The water heater leaks under the sink" });
      await say(phone, { Body: "Karrada, street 62, house 9" });
      await say(phone, { Body: "", ButtonPayload: "d:tomorrow" });
      await say(phone, { Body: "", ButtonPayload: "t:evening" });
      const summary = await say(phone, { Body: "", ButtonPayload: "u:normal" });
      expect(summary).toContain("The water heater leaks");
      const booked = await say(phone, { Body: pick(summary, "Confirm") });
      const bookingId = Number(booked.match(/#(\d+)/)![1]);
      expect(booked).toContain("This provider asks a deposit of 7,500 IQD");

      const how = await say(phone, { Body: pick(booked, "Pay the deposit") });
      expect(how).toContain(`The deposit for booking #${bookingId}: 7,500 IQD`);
      const started = fibAnswer(await say(phone, { Body: pick(how, "FIB") }));
      expect(
        await one("SELECT purpose, booking_id, amount FROM payments WHERE id = ?", started.paymentId),
      ).toMatchObject({
        purpose: "deposit",
        booking_id: bookingId,
        amount: 7_500,
      });
      apis.clear();
      await payOnFib(started.paymentId);
      expect(apis.texts("whatsapp", phone).join("\n")).toMatch(
        /Payment received\nWe received 7,500 IQD by FIB for a booking deposit/,
      );
      // the provider hears of it in his chat too, and "pay" now finds nothing left to pay for this booking
      expect(apis.texts("whatsapp", DEMO_ACCOUNTS.provider.phone).join("\n")).toContain(
        `paid a deposit of 7,500 IQD for booking no. ${bookingId}`,
      );
      expect(await say(phone, { Body: "pay" })).toContain("There is nothing to pay on Dalil right now");
    },
  );

  it(
    "a booking made on the web whose listing asks a deposit sends the customer's chat Pay the deposit, which " +
      "starts it there",
    async () => {
      const phone = DEMO_ACCOUNTS.customer.phone;
      const providerId = (await one<{ id: number }>(
        "SELECT id FROM service_providers WHERE user_id = ?",
        await userIdByPhone(DEMO_ACCOUNTS.provider.phone),
      ))!.id;
      const customer = await signIn("customer");
      const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      apis.clear();
      const res = await call("/api/bookings", {
        method: "POST",
        cookie: customer,
        env: penv,
        json: {
          providerId,
          serviceDescription: "The boiler makes a banging noise",
          customerLocation: "Mansour, street 14",
          customerPhone: phone,
          preferredDate: day,
          preferredTime: "morning",
          urgency: "normal",
        },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const bookingId = ((await res.json()) as { id: number }).id;
      await queueSettled();
      const notice = apis.texts("whatsapp", phone).join("\n");
      expect(notice).toContain(`Booking #${bookingId} asks a deposit of 7,500 IQD`);
      const how = await say(phone, { Body: pick(notice, "Pay the deposit") });
      expect(how).toContain(`The deposit for booking #${bookingId}: 7,500 IQD`);
    },
  );
});
