// The three gateways' adapters against their stand-ins (scripts/payments/), which speak each gateway's wire format
// and sign as it signs: a person's payment on the hosted page, the callbacks (twice, forged, unsigned), status,
// refunds, abandoned payments and short tokens.
import { describe, expect, it } from "vitest";
import {
  CallbackRejected,
  GatewayFailure,
  type CallbackRequest,
  type PaymentGateway,
} from "../../domain/payments/gateway";
import { fibStandin } from "../../scripts/payments/fib.mjs";
import { qiCardStandin, QICARD_CARDS, QICARD_OTP } from "../../scripts/payments/qicard.mjs";
import { signHs256, zainCashStandin, ZAINCASH_OTP, ZAINCASH_PIN } from "../../scripts/payments/zaincash.mjs";
import { fib } from "./fib";
import { qiCard, qiSignedText } from "./qicard";
import { zainCash } from "./zaincash";

const RETURN = "https://dalil.test/payments/return";
const start = {
  reference: "pay-1",
  amount: 25_000,
  description: "Dalil: one month",
  lang: "ar" as const,
  returnUrl: RETURN,
  callbackUrl: "https://dalil.test/webhooks/payments/x",
};

/** A clock the test moves, shared by a stand-in and its adapter. */
function clock() {
  let t = Date.parse("2026-11-29T09:00:00Z");
  return { now: () => t, pass: (ms: number) => (t += ms) };
}

/** Callbacks a stand-in sent, as a webhook door would receive them. */
function inbox() {
  const got: CallbackRequest[] = [];
  const send = async (url: string, init: RequestInit) => {
    got.push({ url, body: String(init.body ?? ""), headers: new Headers(init.headers) });
    return new Response("ok");
  };
  return { got, send };
}

/** A person on a hosted page: posts a form as a browser would, returns where they are sent or the page. */
async function post(standin: { fetch(r: Request): Promise<Response> }, url: string, fields: Record<string, string>) {
  const res = await standin.fetch(
    new Request(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );
  return { location: res.headers.get("Location"), html: await res.text() };
}

const rejected = (p: Promise<unknown>) => expect(p).rejects.toBeInstanceOf(CallbackRejected);

describe("ZainCash", () => {
  const setup = () => {
    const c = clock();
    const box = inbox();
    const standin = zainCashStandin({
      apiKey: "merchant-key",
      webhookUrl: "https://dalil.test/webhooks/payments/zaincash",
      now: c.now,
      send: box.send,
    });
    const gw: PaymentGateway = zainCash(
      {
        baseUrl: "https://zaincash.test",
        clientId: "dalil-zaincash",
        clientSecret: "zaincash-client-secret",
        apiKey: "merchant-key",
      },
      (i, init) => standin.fetch(new Request(i, init)),
      c.now,
    );
    return { c, box, standin, gw };
  };

  it(
    "a person pays with wallet, PIN and OTP: the redirect and the webhook both prove it, once, with the amount; " +
      "a refund gives it back",
    async () => {
      const { box, standin, gw } = setup();
      const started = await gw.start({ ...start, customerPhone: "+9647701234567" });
      expect(started.redirectUrl).toBe(`https://zaincash.test/pay/${started.gatewayPaymentId}`);
      expect(await (await standin.fetch(new Request(started.redirectUrl))).text()).toContain("25,000 IQD");
      expect(
        (await post(standin, started.redirectUrl, { step: "login", phone: "07701234567", pin: "0000" })).html,
      ).toContain("PIN is wrong");
      expect(
        (await post(standin, started.redirectUrl, { step: "login", phone: "07701234567", pin: ZAINCASH_PIN })).html,
      ).toContain('name="otp"');
      const back = await post(standin, started.redirectUrl, { step: "otp", otp: ZAINCASH_OTP });
      expect(back.location).toMatch(/^https:\/\/dalil\.test\/payments\/return\?token=/);
      const byRedirect = await gw.verifyCallback({ url: back.location!, body: "", headers: new Headers() });
      expect(box.got).toHaveLength(1);
      const byWebhook = await gw.verifyCallback(box.got[0]);
      expect(byWebhook).toEqual({
        gatewayPaymentId: started.gatewayPaymentId,
        status: "paid",
        amount: 25_000,
        eventId: `zaincash:${started.gatewayPaymentId}:paid`,
      });
      expect(byRedirect.eventId).toBe(byWebhook.eventId);
      expect((await gw.status(started.gatewayPaymentId)).status).toBe("paid");
      expect(await gw.refund(started.gatewayPaymentId, 25_000, "provider declined")).toEqual({
        refundId: `rev-${started.gatewayPaymentId}`,
        amount: 25_000,
      });
      expect((await gw.status(started.gatewayPaymentId)).status).toBe("refunded");
    },
  );

  it("a token signed with another key, with alg none, tampered, expired or missing proves nothing", async () => {
    const { c, box, standin, gw } = setup();
    const { gatewayPaymentId: id } = await gw.start(start);
    await standin.fetch(
      new Request("https://zaincash.test/__complete", {
        method: "POST",
        body: JSON.stringify({ id, outcome: "paid" }),
      }),
    );
    const good = JSON.parse(box.got[0].body).webhook_token as string;
    const claims = {
      eventType: "STATUS_CHANGED",
      data: { transactionId: id, currentStatus: "SUCCESS", amount: { value: "25000" } },
    };
    const asWebhook = (token: string) => ({
      url: "https://dalil.test/webhooks/payments/zaincash",
      body: JSON.stringify({ webhook_token: token }),
      headers: new Headers({ "Content-Type": "application/json" }),
    });
    await rejected(gw.verifyCallback(asWebhook(await signHs256(claims, "someone-elses-key"))));
    const [h, b] = good.split(".");
    const none = `${btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "")}.${b}.`;
    await rejected(gw.verifyCallback(asWebhook(none)));
    const moreMoney = btoa(JSON.stringify({ ...claims, data: { ...claims.data, amount: { value: "2500000" } } }))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    await rejected(gw.verifyCallback(asWebhook(`${h}.${moreMoney}.${good.split(".")[2]}`)));
    await rejected(gw.verifyCallback({ url: "https://dalil.test/x", body: "", headers: new Headers() }));
    expect((await gw.verifyCallback(asWebhook(good))).status).toBe("paid");
    c.pass(2 * 3600_000);
    await rejected(gw.verifyCallback(asWebhook(good)));
  });

  it(
    "a payment nobody finishes is expired by ZainCash's own status; a declined one is failed and cannot be " +
      "refunded",
    async () => {
      const { c, standin, gw } = setup();
      const abandoned = await gw.start({ ...start, reference: "pay-abandoned" });
      expect((await gw.status(abandoned.gatewayPaymentId)).status).toBe("pending");
      c.pass(16 * 60_000);
      expect((await gw.status(abandoned.gatewayPaymentId)).status).toBe("expired");
      const declined = await gw.start({ ...start, reference: "pay-declined" });
      expect((await post(standin, declined.redirectUrl, { step: "cancel" })).location).toMatch(/token=/);
      expect((await gw.status(declined.gatewayPaymentId)).status).toBe("failed");
      await expect(gw.refund(declined.gatewayPaymentId, 25_000, "x")).rejects.toBeInstanceOf(GatewayFailure);
    },
  );
});

describe("Qi Card", () => {
  const setup = async (withKey = true) => {
    const c = clock();
    const box = inbox();
    const standin = await qiCardStandin({ now: c.now, send: box.send });
    const gw = qiCard(
      {
        baseUrl: "https://qi.test",
        username: "dalil-qi",
        password: "qi-password",
        terminalId: "dalil-terminal",
        publicKey: withKey ? standin.publicKeyPem : undefined,
      },
      (i, init) => standin.fetch(new Request(i, init)),
    );
    return { c, box, standin, gw };
  };

  it(
    "a person pays by card and 3-D Secure code; the signed notification, sent twice, proves one event; refunds " +
      "in part then in full",
    async () => {
      const { box, standin, gw } = await setup();
      const started = await gw.start(start);
      expect(started.redirectUrl).toBe(`https://qi.test/pay/${started.gatewayPaymentId}`);
      expect(
        (
          await post(standin, started.redirectUrl, {
            step: "card",
            card: QICARD_CARDS.pays,
            expiry: "12/29",
            cvv: "123",
          })
        ).html,
      ).toContain("3-D Secure");
      const back = await post(standin, started.redirectUrl, { step: "otp", otp: QICARD_OTP });
      expect(back.location).toBe(`${RETURN}?paymentId=${started.gatewayPaymentId}`);
      expect(box.got[0].url).toBe(start.callbackUrl);
      const report = await gw.verifyCallback(box.got[0]);
      expect(report).toEqual({
        gatewayPaymentId: started.gatewayPaymentId,
        status: "paid",
        amount: 25_000,
        eventId: `qicard:${started.gatewayPaymentId}:paid`,
      });
      // the same start again is the same payment (the request id comes from Dalil's reference)
      expect((await gw.start(start)).gatewayPaymentId).toBe(started.gatewayPaymentId);
      expect((await gw.refund(started.gatewayPaymentId, 10_000, "part")).amount).toBe(10_000);
      await expect(gw.refund(started.gatewayPaymentId, 20_000, "more than is left")).rejects.toBeInstanceOf(
        GatewayFailure,
      );
      expect((await gw.refund(started.gatewayPaymentId, 15_000, "the rest")).amount).toBe(15_000);
    },
  );

  it(
    "a notification delivered twice carries the same " + "event; one forged, tampered or unsigned proves nothing",
    async () => {
      const { box, standin, gw } = await setup();
      const { gatewayPaymentId: id } = await gw.start(start);
      await standin.fetch(
        new Request("https://qi.test/__complete", {
          method: "POST",
          body: JSON.stringify({ id, outcome: "paid", callback: "twice" }),
        }),
      );
      expect(box.got).toHaveLength(2);
      expect((await gw.verifyCallback(box.got[0])).eventId).toBe((await gw.verifyCallback(box.got[1])).eventId);
      const note = JSON.parse(box.got[0].body);
      const tampered = { ...note, amount: 250 };
      await rejected(gw.verifyCallback({ ...box.got[0], body: JSON.stringify(tampered) }));
      const other = await qiCardStandin();
      await rejected(
        gw.verifyCallback({
          ...box.got[0],
          headers: new Headers({ "X-Signature": await other.sign(qiSignedText(note)) }),
        }),
      );
      await rejected(gw.verifyCallback({ ...box.got[0], headers: new Headers() }));
      await rejected(gw.verifyCallback({ ...box.got[0], body: "not json" }));
    },
  );

  it("without Qi's public key a notification's own words count for nothing: the status is asked of Qi", async () => {
    const { gw, box, standin } = await setup(false);
    const { gatewayPaymentId: id } = await gw.start(start);
    const forged = {
      url: start.callbackUrl,
      body: JSON.stringify({ paymentId: id, status: "SUCCESS", amount: 25_000, currency: "IQD" }),
      headers: new Headers(),
    };
    expect((await gw.verifyCallback(forged)).status).toBe("pending");
    await standin.fetch(
      new Request("https://qi.test/__complete", {
        method: "POST",
        body: JSON.stringify({ id, outcome: "paid", callback: "never" }),
      }),
    );
    expect(box.got).toHaveLength(0);
    // the reconciliation's way: the callback never came, the status says paid
    expect((await gw.status(id)).status).toBe("paid");
    await standin.fetch(new Request("https://qi.test/__deliver", { method: "POST", body: JSON.stringify({ id }) }));
    expect((await gw.verifyCallback(box.got[0])).status).toBe("paid");
  });

  it("a card the bank declines, and three wrong codes, end as failed", async () => {
    const { standin, gw } = await setup();
    const a = await gw.start({ ...start, reference: "declined-card" });
    await post(standin, a.redirectUrl, { step: "card", card: QICARD_CARDS.declined, expiry: "12/29", cvv: "123" });
    await post(standin, a.redirectUrl, { step: "otp", otp: QICARD_OTP });
    expect((await gw.status(a.gatewayPaymentId)).status).toBe("failed");
    const b = await gw.start({ ...start, reference: "wrong-codes" });
    await post(standin, b.redirectUrl, { step: "card", card: QICARD_CARDS.pays, expiry: "12/29", cvv: "123" });
    for (let i = 0; i < 3; i++) await post(standin, b.redirectUrl, { step: "otp", otp: "000000" });
    expect((await gw.status(b.gatewayPaymentId)).status).toBe("failed");
  });
});

describe("FIB", () => {
  const setup = () => {
    const c = clock();
    const box = inbox();
    const standin = fibStandin({ now: c.now, send: box.send });
    const gw = fib(
      { baseUrl: "https://fib.test", clientId: "dalil-fib", clientSecret: "fib-client-secret", refundableFor: "PT48H" },
      (i, init) => standin.fetch(new Request(i, init)),
    );
    return { c, box, standin, gw };
  };

  it(
    "a payment gives a QR, a code and the app's link; its " + "unsigned callback is believed only through FIB's status",
    async () => {
      const { box, standin, gw } = setup();
      const started = await gw.start({
        ...start,
        description: "Dalil subscription, one month, for the listing Abu Firas Plumbing",
      });
      expect(started.qrCode).toMatch(/^data:image\//);
      expect(started.readableCode).toMatch(/^\d{4}-[0-9A-F]{4}$/);
      expect(started.appLink).toBe(started.redirectUrl);
      expect(standin.transactions[0].description).toHaveLength(50);
      // a callback claiming PAID before anything was paid: FIB's own status says unpaid
      expect(
        (
          await gw.verifyCallback({
            url: start.callbackUrl,
            body: JSON.stringify({ id: started.gatewayPaymentId, status: "PAID" }),
            headers: new Headers(),
          })
        ).status,
      ).toBe("pending");
      await post(standin, started.redirectUrl, { step: "pay" });
      expect(JSON.parse(box.got[0].body)).toEqual({ id: started.gatewayPaymentId, status: "PAID" });
      expect(await gw.verifyCallback(box.got[0])).toEqual({
        gatewayPaymentId: started.gatewayPaymentId,
        status: "paid",
        amount: 25_000,
        eventId: `fib:${started.gatewayPaymentId}:paid`,
      });
      await rejected(
        gw.verifyCallback({
          url: start.callbackUrl,
          body: JSON.stringify({ id: "no-such-payment", status: "PAID" }),
          headers: new Headers(),
        }),
      );
    },
  );

  it(
    "tokens that end after a minute are asked for again; refunds are whole and only within refundableFor; unpaid " +
      "ones expire",
    async () => {
      const { c, standin, gw } = setup();
      const a = await gw.start(start);
      c.pass(61_000);
      await standin.fetch(
        new Request("https://fib.test/__complete", {
          method: "POST",
          body: JSON.stringify({ id: a.gatewayPaymentId, outcome: "paid" }),
        }),
      );
      expect((await gw.status(a.gatewayPaymentId)).status).toBe("paid");
      await expect(gw.refund(a.gatewayPaymentId, 5_000, "part")).rejects.toBeInstanceOf(GatewayFailure);
      expect(await gw.refund(a.gatewayPaymentId, 25_000, "declined")).toEqual({ refundId: null, amount: 25_000 });
      expect((await gw.status(a.gatewayPaymentId)).status).toBe("refunded");
      const late = await gw.start({ ...start, reference: "late" });
      await standin.fetch(
        new Request("https://fib.test/__complete", {
          method: "POST",
          body: JSON.stringify({ id: late.gatewayPaymentId, outcome: "paid" }),
        }),
      );
      c.pass(49 * 3600_000);
      await expect(gw.refund(late.gatewayPaymentId, 25_000, "too late")).rejects.toBeInstanceOf(GatewayFailure);
      const abandoned = await gw.start({ ...start, reference: "abandoned" });
      c.pass(16 * 60_000);
      expect((await gw.status(abandoned.gatewayPaymentId)).status).toBe("expired");
    },
  );
});
