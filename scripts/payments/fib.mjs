// The FIB (First Iraqi Bank) stand-in: OAuth2 client credentials with short tokens, a payment with a QR, a readable
// code and app links, status, cancel, refund within `refundableFor`, and the unsigned callback `{id, status}`. FIB has
// no hosted page: the stand-in's /pay/<id> plays the person's FIB app (the QR and code, "pay in the app").
// Development and tests only.
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

/** ISO-8601 durations as FIB takes them (P7D, PT12H, PT30M) in ms; null when unreadable. */
export function durationMs(iso) {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(String(iso ?? ""));
  if (!m || iso === "P" || iso === "PT") return null;
  const [, d = 0, h = 0, min = 0, s = 0] = m.map((x) => Number(x ?? 0));
  return (((d * 24 + h) * 60 + min) * 60 + s) * 1000;
}

/** A square of the readable code, as a data URL: the stand-in's QR (no phone scans a stand-in's payment). */
const codeImage = (code) =>
  `data:image/svg+xml;base64,${btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 220"><rect width="220" height="220" fill="#fff" ` +
      `stroke="#111" stroke-width="8"/><text x="110" y="118" font-size="26" text-anchor="middle" ` +
      `font-family="monospace">${code}</text></svg>`,
  )}`;

export function fibStandin({
  clientId = "dalil-fib",
  clientSecret = "fib-client-secret",
  now = () => Date.now(),
  send = (url, init) => fetch(url, init),
  qr = async (text, code) => codeImage(code),
} = {}) {
  const store = transactionStore({ now });
  const cb = callbacks(send);
  const tokens = new Map();
  const view = (tx) => {
    if (tx.status === "UNPAID" && now() > tx.expiresAt) {
      tx.status = "DECLINED";
      tx.decliningReason = "PAYMENT_EXPIRATION";
      tx.events.push({ at: now(), status: "DECLINED", reason: "PAYMENT_EXPIRATION" });
    }
    return tx;
  };
  const statusBody = (tx) => ({
    paymentId: tx.id,
    status: tx.status,
    validUntil: new Date(tx.expiresAt).toISOString(),
    ...(tx.paidAt
      ? {
          paidAt: new Date(tx.paidAt).toISOString(),
          paidBy: { name: "Stand-in customer", iban: "IQ00FIBSTANDIN0000000000" },
        }
      : {}),
    ...(tx.decliningReason
      ? { decliningReason: tx.decliningReason, declinedAt: new Date(tx.events.at(-1).at).toISOString() }
      : {}),
    amount: { amount: tx.amount, currency: "IQD" },
  });

  async function finish(tx, outcome, mode) {
    if (outcome === "paid") {
      tx.status = "PAID";
      tx.paidAt = now();
    } else {
      tx.status = "DECLINED";
      tx.decliningReason = "SERVER_FAILURE";
    }
    tx.events.push({ at: now(), status: tx.status });
    const statuses = await cb.dispatch(
      tx.id,
      {
        url: tx.callbackUrl,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ id: tx.id, status: tx.status }),
      },
      mode,
    );
    return { redirect: tx.redirectUri || "", callbackStatuses: statuses };
  }

  const authorised = (req) =>
    (tokens.get((req.headers.get("Authorization") ?? "").replace(/^Bearer /, "")) ?? 0) > now();

  return {
    name: "fib",
    transactions: store.all,
    async fetch(request) {
      const url = new URL(request.url);
      const p = url.pathname;
      if (p === "/auth/realms/fib-online-shop/protocol/openid-connect/token" && request.method === "POST") {
        const f = await formOf(request);
        if (f.grant_type !== "client_credentials" || f.client_id !== clientId || f.client_secret !== clientSecret)
          return json({ error: "unauthorized_client" }, 401);
        const t = crypto.randomUUID();
        // FIB's tokens last about a minute
        tokens.set(t, now() + 60_000);
        return json({ access_token: t, token_type: "Bearer", expires_in: 60 });
      }
      const control = await controls(request, { store, cb, view, isOpen: (tx) => tx.status === "UNPAID", finish });
      if (control) return control;
      if (p.startsWith("/protected/v1/payments")) {
        if (!authorised(request))
          return json({ errors: [{ code: "UNAUTHORIZED", title: "token missing or expired" }] }, 401);
        if (p === "/protected/v1/payments" && request.method === "POST") {
          const b = await request.json();
          const amount = Number(b?.monetaryValue?.amount);
          if (!Number.isInteger(amount) || amount < 1 || b?.monetaryValue?.currency !== "IQD")
            return json({ errors: [{ code: "INVALID_AMOUNT", title: "amount must be whole IQD" }] }, 400);
          if (String(b.description ?? "").length > 50)
            return json(
              { errors: [{ code: "DESCRIPTION_TOO_LONG", title: "description is 50 characters at most" }] },
              400,
            );
          const refundableMs = durationMs(b.refundableFor ?? "P7D");
          if (refundableMs === null)
            return json(
              { errors: [{ code: "INVALID_DURATION", title: "refundableFor is not an ISO-8601 duration" }] },
              400,
            );
          const id = crypto.randomUUID();
          const code = String(store.all.length + 1).padStart(4, "0") + "-" + id.slice(0, 4).toUpperCase();
          const tx = store.add({
            id,
            status: "UNPAID",
            amount,
            readableCode: code,
            callbackUrl: b.statusCallbackUrl ?? "",
            redirectUri: b.redirectUri ?? "",
            refundableMs,
            description: b.description ?? "",
          });
          const appLink = `${url.origin}/pay/${id}`;
          return json(
            {
              paymentId: id,
              readableCode: code,
              qrCode: await qr(appLink, code),
              validUntil: new Date(tx.expiresAt).toISOString(),
              personalAppLink: appLink,
              businessAppLink: `${appLink}?app=business`,
              corporateAppLink: `${appLink}?app=corporate`,
            },
            201,
          );
        }
        const m = /^\/protected\/v1\/payments\/([^/]+)\/(status|cancel|refund)$/.exec(p);
        const tx = m && store.get(decodeURIComponent(m[1]));
        if (!m) return notFound();
        if (!tx) return json({ errors: [{ code: "PAYMENT_NOT_FOUND", title: "no such payment" }] }, 404);
        if (m[2] === "status" && request.method === "GET") return json(statusBody(view(tx)));
        if (m[2] === "cancel" && request.method === "POST") {
          if (view(tx).status !== "UNPAID")
            return json(
              { errors: [{ code: "NOT_CANCELLABLE", title: "only an unpaid payment can be cancelled" }] },
              400,
            );
          tx.status = "DECLINED";
          tx.decliningReason = "PAYMENT_CANCELLATION";
          tx.events.push({ at: now(), status: "DECLINED", reason: "PAYMENT_CANCELLATION" });
          return new Response(null, { status: 204 });
        }
        if (m[2] === "refund" && request.method === "POST") {
          if (tx.status !== "PAID")
            return json({ errors: [{ code: "NOT_REFUNDABLE", title: "only a paid payment can be refunded" }] }, 400);
          if (now() > tx.paidAt + tx.refundableMs)
            return json({ errors: [{ code: "REFUND_PERIOD_EXPIRED", title: "the refundable period has ended" }] }, 400);
          tx.status = "REFUNDED";
          tx.events.push({ at: now(), status: "REFUNDED" });
          return new Response(null, { status: 202 });
        }
        return notFound();
      }
      const pay = /^\/pay\/([^/]+)$/.exec(p);
      if (pay) return appPage(request, store.get(pay[1]));
      return notFound();
    },
  };

  async function appPage(request, tx) {
    const frame = (b) => page({ title: "FIB · المصرف العراقي الأول", colour: "#0a4d8c", body: b });
    if (!tx) return frame(`<div class="card"><p class="error">This payment does not exist.</p></div>`);
    if (view(tx).status !== "UNPAID")
      return frame(`<div class="card"><p>This payment is ${escapeHtml(tx.status.toLowerCase())}.</p></div>`);
    const f = request.method === "POST" ? await formOf(request) : {};
    if (f.step === "pay" || f.step === "decline") {
      const done = await finish(tx, f.step === "pay" ? "paid" : "declined");
      return done.redirect
        ? redirect(done.redirect)
        : frame(`<div class="card"><p>${f.step === "pay" ? "Paid · تم الدفع" : "Declined · مرفوض"}</p></div>`);
    }
    const image = await qr(`${new URL(request.url).origin}/pay/${tx.id}`, tx.readableCode);
    return frame(
      `<div class="card"><div class="muted">${escapeHtml(tx.description)}</div><div class="amount"><bdi ` +
        `dir="ltr">${formatIqd(tx.amount)}</bdi></div>` +
        (`<img class="qr" alt="QR" src="${image}"><div class="muted">Or type this code in the FIB app · أو اكتب ` +
          `هذا الرمز في تطبيق FIB</div><div class="code">${escapeHtml(tx.readableCode)}</div></div>`) +
        (`<form method="post"><input type="hidden" name="step" value="pay"><button>Pay in the app · ادفع في ` +
          `التطبيق</button></form>`) +
        (`<form method="post"><input type="hidden" name="step" value="decline"><button class="quiet">Decline · ` +
          `رفض</button></form>`),
    );
  }
}
