// The Qi Card stand-in: HTTP Basic with a terminal id, POST /api/v1/payment, status, refund (whole or in part), the
// hosted 3-D Secure form a person pays on (card, then the OTP their bank texts), and the notification signed with an
// RSA-2048 key made at start-up (X-Signature over paymentId|amount|currency|creationDate|status), whose public key
// the Worker is given. Development and tests only.
import {
  callbacks,
  controls,
  escapeHtml,
  formatIqd,
  formOf,
  json,
  notFound,
  page,
  redirect,
  transactionStore,
} from "./kit.mjs";

export const QICARD_OTP = "123456";
/** The stand-in's test cards: one pays, one is declined by the bank. */
export const QICARD_CARDS = { pays: "4111111111111111", declined: "4000000000000002" };

const pem = (der) =>
  `-----BEGIN PUBLIC ` +
  `KEY-----\n${btoa(String.fromCharCode(...new Uint8Array(der))).replace(/(.{64})/g, "$1\n")}\n-----END PUBLIC ` +
  `KEY-----\n`;

/** What Qi signs: the fields joined by "|", the amount at three decimals. */
const signedText = (n) => [n.paymentId, Number(n.amount).toFixed(3), n.currency, n.creationDate, n.status].join("|");

export async function qiCardStandin({
  username = "dalil-qi",
  password = "qi-password",
  terminalId = "dalil-terminal",
  now = () => Date.now(),
  send = (url, init) => fetch(url, init),
} = {}) {
  const keys = await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  );
  const publicKeyPem = pem(await crypto.subtle.exportKey("spki", keys.publicKey));
  const store = transactionStore({ now });
  const cb = callbacks(send);
  const OPEN = ["CREATED", "FORM_SHOWED", "AUTHENTICATION_STARTED"];
  const view = (tx) => store.expireIfDue(tx, "EXPIRED", OPEN);
  const body = (tx) => ({
    paymentId: tx.id,
    requestId: tx.requestId,
    status: tx.status,
    amount: tx.amount,
    ...(tx.status === "SUCCESS" ? { confirmedAmount: tx.amount } : {}),
    currency: "IQD",
    creationDate: new Date(tx.createdAt).toISOString(),
    refunded: tx.refunded,
  });
  const sign = async (text) =>
    btoa(
      String.fromCharCode(
        ...new Uint8Array(
          await crypto.subtle.sign("RSASSA-PKCS1-v1_5", keys.privateKey, new TextEncoder().encode(text)),
        ),
      ),
    );

  async function finish(tx, outcome, mode) {
    tx.status = outcome === "paid" ? "SUCCESS" : outcome === "auth" ? "AUTHENTICATION_FAILED" : "FAILED";
    tx.events.push({ at: now(), status: tx.status });
    const note = body(tx);
    const statuses = await cb.dispatch(
      tx.id,
      {
        url: tx.notificationUrl,
        headers: { "Content-Type": "application/json", "X-Signature": await sign(signedText(note)) },
        body: JSON.stringify(note),
      },
      mode,
    );
    const back = new URL(tx.finishPaymentUrl);
    back.searchParams.set("paymentId", tx.id);
    return { redirect: back.toString(), callbackStatuses: statuses };
  }

  const authorised = (req) =>
    req.headers.get("Authorization") === `Basic ${btoa(`${username}:${password}`)}` &&
    req.headers.get("X-Terminal-Id") === terminalId;

  return {
    name: "qicard",
    publicKeyPem,
    transactions: store.all,
    /** signs any text with the stand-in's key (a test's forged notification is signed by someone else's) */
    sign,
    async fetch(request) {
      const url = new URL(request.url);
      const p = url.pathname;
      const control = await controls(request, { store, cb, view, isOpen: (tx) => OPEN.includes(tx.status), finish });
      if (control) return control;
      if (p.startsWith("/api/v1/")) {
        if (!authorised(request)) return json({ error: { code: 401, message: "Unauthorized" } }, 401);
        if (p === "/api/v1/payment" && request.method === "POST") {
          const b = await request.json();
          if (!Number.isInteger(b.amount) || b.amount < 1000 || b.currency !== "IQD")
            return json({ error: { code: 2, message: "amount must be whole IQD, 1,000 or more" } }, 400);
          if (!b.requestId || !b.finishPaymentUrl)
            return json({ error: { code: 3, message: "requestId and finishPaymentUrl are required" } }, 400);
          const again = store.all.find((t) => t.requestId === b.requestId);
          if (again) return json({ ...body(view(again)), formUrl: `${url.origin}/pay/${again.id}` });
          const tx = store.add({
            id: crypto.randomUUID(),
            requestId: b.requestId,
            status: "CREATED",
            amount: b.amount,
            refunded: 0,
            finishPaymentUrl: b.finishPaymentUrl,
            notificationUrl: b.notificationUrl ?? "",
            lang: String(b.locale ?? "en").slice(0, 2),
          });
          return json({ ...body(tx), formUrl: `${url.origin}/pay/${tx.id}` });
        }
        const status = /^\/api\/v1\/payment\/([^/]+)\/status$/.exec(p);
        if (status && request.method === "GET") {
          const tx = store.get(decodeURIComponent(status[1]));
          return tx ? json(body(view(tx))) : json({ error: { code: 4, message: "payment not found" } }, 404);
        }
        const refund = /^\/api\/v1\/payment\/([^/]+)\/refund$/.exec(p);
        if (refund && request.method === "POST") {
          const tx = store.get(decodeURIComponent(refund[1]));
          const b = await request.json();
          if (!tx || tx.status !== "SUCCESS")
            return json({ error: { code: 5, message: "only a successful payment can be refunded" } }, 400);
          tx.refunds ??= new Map();
          if (tx.refunds.has(b.requestId)) return json(tx.refunds.get(b.requestId));
          if (!Number.isInteger(b.amount) || b.amount < 1 || tx.refunded + b.amount > tx.amount)
            return json({
              status: "FAILED",
              details: { resultCode: "AMOUNT", resultDescription: "more than is left to refund" },
            });
          tx.refunded += b.amount;
          tx.events.push({ at: now(), refund: b.amount });
          const answer = { status: "SUCCESS", refundId: `rf-${tx.id}-${tx.refunds.size + 1}`, amount: b.amount };
          tx.refunds.set(b.requestId, answer);
          return json(answer);
        }
        return notFound();
      }
      const pay = /^\/pay\/([^/]+)$/.exec(p);
      if (pay) return hostedForm(request, store.get(pay[1]));
      return notFound();
    },
  };

  async function hostedForm(request, tx) {
    const frame = (b) => page({ title: "Qi Card · كي كارد", colour: "#0f5c3a", lang: tx?.lang, body: b });
    if (!tx) return frame(`<div class="card"><p class="error">This payment does not exist.</p></div>`);
    if (!OPEN.includes(view(tx).status))
      return frame(`<div class="card"><p>This payment is ${escapeHtml(tx.status.toLowerCase())}.</p></div>`);
    if (tx.status === "CREATED") tx.status = "FORM_SHOWED";
    const head =
      `<div class="card"><div class="muted">Pay by card · الدفع بالبطاقة</div><div class="amount"><bdi ` +
      `dir="ltr">${formatIqd(tx.amount)}</bdi></div></div>`;
    const f = request.method === "POST" ? await formOf(request) : {};
    if (f.step === "cancel") return redirect((await finish(tx, "declined")).redirect);
    if (f.step === "otp") {
      if (f.otp === QICARD_OTP)
        return redirect((await finish(tx, tx.card === QICARD_CARDS.declined ? "declined" : "paid")).redirect);
      tx.tries = (tx.tries ?? 0) + 1;
      if (tx.tries >= 3) return redirect((await finish(tx, "auth")).redirect);
      return frame(`${head}${otpForm(`<p class="error">Wrong code · رمز خاطئ</p>`)}`);
    }
    if (f.step === "card") {
      const card = String(f.card ?? "").replace(/\D/g, "");
      if (
        card.length < 16 ||
        !/^\d{2}\/\d{2}$/.test(String(f.expiry ?? "").trim()) ||
        !/^\d{3}$/.test(String(f.cvv ?? ""))
      )
        return frame(`${head}${cardForm(`<p class="error">Check the card's details · تحقق من بيانات البطاقة</p>`)}`);
      // the stand-in keeps which test card was used, never its number in a log or a callback
      tx.card = card === QICARD_CARDS.declined ? QICARD_CARDS.declined : "ok";
      tx.status = "AUTHENTICATION_STARTED";
      tx.events.push({ at: now(), status: tx.status });
      return frame(`${head}${otpForm("")}`);
    }
    return frame(`${head}${cardForm("")}`);
  }
  function cardForm(error) {
    return (
      `<form method="post" class="card">${error}<input type="hidden" name="step" value="card"><label ` +
      `for="card">Card number · رقم البطاقة</label><input id="card" name="card" dir="ltr" inputmode="numeric" ` +
      `autocomplete="cc-number"><label for="expiry">Expiry (MM/YY) · تاريخ الانتهاء</label><input id="expiry" ` +
      `name="expiry" dir="ltr" inputmode="numeric" autocomplete="cc-exp" placeholder="12/29"><label ` +
      `for="cvv">CVV</label><input id="cvv" name="cvv" dir="ltr" inputmode="numeric" autocomplete="cc-csc"><p ` +
      `class="muted">Stand-in cards: ${QICARD_CARDS.pays} pays, ${QICARD_CARDS.declined} is ` +
      `declined</p><button>Continue · متابعة</button></form>${cancelForm}`
    );
  }
  function otpForm(error) {
    return (
      `<form method="post" class="card">${error}<input type="hidden" name="step" value="otp"><p>3-D Secure: your ` +
      `bank sent a code · أرسل مصرفك رمزاً</p><label for="otp">Code · الرمز</label><input id="otp" name="otp" ` +
      `dir="ltr" inputmode="numeric" autocomplete="one-time-code"><p class="muted">Stand-in ` +
      `code: ${QICARD_OTP}</p><button>Confirm · تأكيد</button></form>${cancelForm}`
    );
  }
}
const cancelForm =
  `<form method="post"><input type="hidden" name="step" value="cancel"><button class="quiet">Cancel · ` +
  `إلغاء</button></form>`;
