// The ZainCash v2 stand-in: OAuth2 client credentials, transaction/init, inquiry, reverse, the hosted page a person
// pays on (phone and PIN, then the OTP ZainCash texts), and the result as an HS256 JWT signed with the merchant's
// API key, on the redirect (?token=) and on the webhook ({"webhook_token"}). Development and tests only.
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

const b64url = (bytes) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const utf8 = (s) => new TextEncoder().encode(s);

/** An HS256 JWT of `claims`, signed with `secret`, as ZainCash signs its results. */
export async function signHs256(claims, secret) {
  const head = b64url(utf8(JSON.stringify({ alg: "HS256", typ: "JWT" })));
  const body = b64url(utf8(JSON.stringify(claims)));
  const key = await crypto.subtle.importKey("raw", utf8(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8(`${head}.${body}`)));
  return `${head}.${body}.${b64url(sig)}`;
}

/** The OTP the stand-in "texts" (shown on its page, as a test wallet's would be). */
export const ZAINCASH_OTP = "1111";
export const ZAINCASH_PIN = "1234";

export function zainCashStandin({
  clientId = "dalil-zaincash",
  clientSecret = "zaincash-client-secret",
  apiKey = "zaincash-api-key",
  webhookUrl = "",
  now = () => Date.now(),
  send = (url, init) => fetch(url, init),
} = {}) {
  const store = transactionStore({ now });
  const cb = callbacks(send);
  const tokens = new Set();
  const OPEN = ["PENDING", "OTP_SENT"];

  const view = (tx) => store.expireIfDue(tx, "EXPIRED", OPEN);
  const result = (tx) => ({
    status: tx.status,
    transactionDetails: {
      transactionId: tx.id,
      orderId: tx.orderId,
      amount: { value: String(tx.amount), currency: "IQD" },
    },
  });
  const token = (tx, eventType = "STATUS_CHANGED") =>
    signHs256(
      {
        eventId: `${tx.id}-${tx.status}`,
        eventType,
        timestamp: new Date(now()).toISOString(),
        iat: Math.floor(now() / 1000),
        exp: Math.floor(now() / 1000) + 3600,
        data: {
          transactionId: tx.id,
          orderId: tx.orderId,
          currentStatus: tx.status,
          amount: { value: String(tx.amount), currency: "IQD" },
        },
      },
      apiKey,
    );

  /** What the hosted page does when the person finishes: the status, the webhook, and where the browser goes. */
  async function finish(tx, outcome, mode) {
    tx.status = outcome === "paid" ? "SUCCESS" : "FAILED";
    tx.events.push({ at: now(), status: tx.status });
    const jwt = await token(tx);
    const statuses = await cb.dispatch(
      tx.id,
      {
        url: webhookUrl,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ webhook_token: jwt }),
      },
      mode,
    );
    const back = new URL(outcome === "paid" ? tx.successUrl : tx.failureUrl || tx.successUrl);
    back.searchParams.set("token", jwt);
    return { redirect: back.toString(), callbackStatuses: statuses };
  }

  const authorised = (req) => tokens.has((req.headers.get("Authorization") ?? "").replace(/^Bearer /, ""));

  return {
    name: "zaincash",
    transactions: store.all,
    async fetch(request) {
      const url = new URL(request.url);
      const p = url.pathname;
      if (p === "/oauth2/token" && request.method === "POST") {
        const f = await formOf(request);
        if (f.grant_type !== "client_credentials" || f.client_id !== clientId || f.client_secret !== clientSecret)
          return json({ error: "invalid_client" }, 401);
        const t = crypto.randomUUID();
        tokens.add(t);
        return json({ access_token: t, token_type: "Bearer", expires_in: 3600, scope: f.scope ?? "" });
      }
      const control = await controls(request, { store, cb, view, isOpen: (tx) => OPEN.includes(tx.status), finish });
      if (control) return control;
      if (p.startsWith("/api/v2/payment-gateway/")) {
        if (!authorised(request)) return json({ code: "UNAUTHORIZED", message: "invalid token" }, 401);
        if (p.endsWith("/transaction/init") && request.method === "POST") {
          const b = await request.json();
          const amount = Number(b?.amount?.value);
          if (!Number.isInteger(amount) || amount < 250 || b?.amount?.currency !== "IQD")
            return json({ code: "INVALID_AMOUNT", message: "amount must be whole IQD, 250 or more" }, 400);
          const again = store.all.find((t) => t.externalReferenceId === b.externalReferenceId);
          if (again)
            return json(
              {
                code: "DUPLICATE_REFERENCE",
                message: "externalReferenceId already exists",
                transactionDetails: { transactionId: again.id },
              },
              409,
            );
          const tx = store.add({
            id: crypto.randomUUID(),
            status: "PENDING",
            amount,
            orderId: b.orderId,
            externalReferenceId: b.externalReferenceId,
            lang: String(b.language ?? "En").toLowerCase(),
            successUrl: b.redirectUrls?.successUrl,
            failureUrl: b.redirectUrls?.failureUrl,
            phone: b.customer?.phone ?? "",
          });
          return json({
            ...result(tx),
            redirectUrl: `${url.origin}/pay/${tx.id}`,
            expiryTime: new Date(tx.expiresAt).toISOString(),
          });
        }
        const inquiry = /\/transaction\/inquiry\/([^/]+)$/.exec(p);
        if (inquiry && request.method === "GET") {
          const tx = store.get(decodeURIComponent(inquiry[1]));
          return tx ? json(result(view(tx))) : json({ code: "NOT_FOUND", message: "no such transaction" }, 404);
        }
        if (p.endsWith("/transaction/reverse") && request.method === "POST") {
          const b = await request.json();
          const tx = store.get(b.transactionId);
          if (!tx || tx.status !== "SUCCESS")
            return json({ code: "NOT_REVERSIBLE", message: "only a successful transaction can be reversed" }, 400);
          tx.status = "REFUNDED";
          tx.events.push({ at: now(), status: "REFUNDED", reason: b.reason });
          return json({ status: "COMPLETED", reversalReferenceId: `rev-${tx.id}` });
        }
        return notFound();
      }
      const pay = /^\/pay\/([^/]+)$/.exec(p);
      if (pay) return hostedPage(request, store.get(pay[1]));
      return notFound();
    },
  };

  async function hostedPage(request, tx) {
    const frame = (body) => page({ title: "ZainCash · زين كاش", colour: "#5b1f69", lang: tx?.lang, body });
    if (!tx) return frame(`<div class="card"><p class="error">This payment does not exist.</p></div>`);
    if (!OPEN.includes(view(tx).status))
      return frame(`<div class="card"><p>This payment is ${escapeHtml(tx.status.toLowerCase())}.</p></div>`);
    const head =
      `<div class="card"><div class="muted">Pay · ادفع</div><div class="amount"><bdi ` +
      `dir="ltr">${formatIqd(tx.amount)}</bdi></div><div class="muted">${escapeHtml(tx.orderId)}</div></div>`;
    const f = request.method === "POST" ? await formOf(request) : {};
    if (f.step === "cancel") return redirect((await finish(tx, "declined")).redirect);
    if (f.step === "otp") {
      if (f.otp === ZAINCASH_OTP) return redirect((await finish(tx, "paid")).redirect);
      return frame(`${head}${otpForm(`<p class="error">Wrong code · رمز خاطئ</p>`)}`);
    }
    if (f.step === "login") {
      const wrong = `<p class="error">Wallet number or PIN is wrong · رقم المحفظة أو الرمز السري خطأ</p>`;
      if (!/^(\+?964|0)?7\d{9}$/.test(String(f.phone).replace(/\s/g, "")) || f.pin !== ZAINCASH_PIN)
        return frame(`${head}${loginForm(tx, wrong)}`);
      tx.status = "OTP_SENT";
      tx.events.push({ at: now(), status: "OTP_SENT" });
      return frame(`${head}${otpForm("")}`);
    }
    return frame(`${head}${loginForm(tx, "")}`);
  }
  function loginForm(tx, error) {
    return (
      `<form method="post" class="card">${error}<input type="hidden" name="step" value="login"><label ` +
      `for="phone">Wallet number · رقم المحفظة</label><input id="phone" name="phone" dir="ltr" inputmode="tel" ` +
      `autocomplete="tel" value="${escapeHtml(tx.phone)}"><label for="pin">PIN · الرمز السري</label><input ` +
      `id="pin" name="pin" type="password" dir="ltr" inputmode="numeric"><p class="muted">Stand-in wallet: any ` +
      `07… number, PIN ${ZAINCASH_PIN}</p><button>Continue · متابعة</button></form>${cancelForm}`
    );
  }
  function otpForm(error) {
    return (
      `<form method="post" class="card">${error}<input type="hidden" name="step" value="otp"><label ` +
      `for="otp">Code sent by SMS · الرمز المرسل</label><input id="otp" name="otp" dir="ltr" inputmode="numeric" ` +
      `autocomplete="one-time-code"><p class="muted">Stand-in code: ${ZAINCASH_OTP}</p><button>Pay · ` +
      `ادفع</button></form>${cancelForm}`
    );
  }
}
const cancelForm =
  `<form method="post"><input type="hidden" name="step" value="cancel"><button class="quiet">Cancel · ` +
  `إلغاء</button></form>`;
