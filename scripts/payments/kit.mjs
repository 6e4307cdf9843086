// What the three payment stand-ins share (ZainCash, Qi Card, FIB): their transactions in memory, the controls a
// person or a test drives them with without a browser, callbacks that can be sent twice, late or never, the hosted
// page's frame at 390 px, and a Node server around a fetch-style handler. Each stand-in is a function from a
// Request to a Response, so the same code answers `npm start` (over HTTP) and the workerd tests (as their fetch).
// Development and tests only; never in production.

/** A stand-in's transactions, newest last, each with its `seq`. */
export function transactionStore({ now = () => Date.now(), ttlMs = 15 * 60_000 } = {}) {
  const all = [];
  let seq = 0;
  return {
    all,
    add(fields) {
      const tx = { seq: ++seq, createdAt: now(), expiresAt: now() + ttlMs, events: [], ...fields };
      all.push(tx);
      return tx;
    },
    get: (id) => all.find((t) => t.id === id),
    since: (n) => all.filter((t) => t.seq > n),
    /** a payment nobody finished is expired once its time is up (abandoned), as the gateway's own status says */
    expireIfDue(tx, expiredStatus, openStatuses) {
      if (openStatuses.includes(tx.status) && now() > tx.expiresAt) {
        tx.status = expiredStatus;
        tx.events.push({ at: now(), status: expiredStatus });
      }
      return tx;
    },
  };
}

/**
 * Sends a callback the way the test or the person asked: "once" (the default), "twice" (a gateway retrying),
 * "never" (kept: `POST /__deliver {"id"}` sends it later, a late callback). Returns the HTTP statuses it got.
 */
export function callbacks(send = (url, init) => fetch(url, init)) {
  const held = new Map();
  const post = async (cb) => {
    try {
      const res = await send(cb.url, { method: "POST", headers: cb.headers, body: cb.body });
      await res.text().catch(() => "");
      return res.status;
    } catch (err) {
      return `unreachable: ${String(err)}`;
    }
  };
  return {
    async dispatch(id, cb, mode = "once") {
      if (!cb.url) return [];
      if (mode === "never") {
        held.set(id, [...(held.get(id) ?? []), cb]);
        return [];
      }
      const statuses = [await post(cb)];
      if (mode === "twice") statuses.push(await post(cb));
      return statuses;
    },
    async deliverHeld(id) {
      const list = held.get(id) ?? [];
      held.delete(id);
      const statuses = [];
      for (const cb of list) statuses.push(await post(cb));
      return statuses;
    },
  };
}

/**
 * The controls every stand-in answers, so anyone can drive a payment without a browser: `GET /__transactions?since=N`,
 * `POST /__complete {"id", "outcome", "callback"}` (what a person finishing the hosted page does) and
 * `POST /__deliver {"id"}` (a held callback, late). null when the request is none of them.
 */
export async function controls(request, { store, cb, view, isOpen, finish }) {
  const url = new URL(request.url);
  if (url.pathname === "/__transactions")
    return json({ transactions: store.since(Number(url.searchParams.get("since") ?? 0)).map(view) });
  if (request.method !== "POST") return null;
  if (url.pathname === "/__complete") {
    const { id, outcome, callback } = await request.json();
    const tx = store.get(id);
    if (!tx || !isOpen(view(tx))) return json({ error: "no open payment with that id" }, 404);
    return json(await finish(tx, outcome === "paid" ? "paid" : "declined", callback));
  }
  if (url.pathname === "/__deliver") return json({ callbackStatuses: await cb.deliverHeld((await request.json()).id) });
  return null;
}

export const json = (value, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });
export const notFound = () => json({ error: { code: 404, message: "not found" } }, 404);
export const escapeHtml = (s) =>
  String(s ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );
export const formatIqd = (n) => `${Number(n).toLocaleString("en-US")} IQD`;

/** The hosted page's frame: one column at a phone's width, the gateway's colour, its language's direction. */
export function page({ title, colour, lang = "en", body }) {
  const rtl = lang === "ar" || lang === "ku";
  return new Response(
    `<!doctype html><html lang="${lang === "ku" ? "ckb" : lang}" dir="${rtl ? "rtl" : "ltr"}"><head>` +
      `<meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>` +
      `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f4f5;color:#18181b}` +
      `header{background:${colour};color:#fff;padding:14px 16px;font-weight:700}` +
      `main{max-width:420px;margin:0 auto;padding:16px}` +
      `.card{background:#fff;border-radius:12px;padding:16px;margin-bottom:12px}` +
      `label{display:block;margin:12px 0 4px;font-weight:600}` +
      `input{box-sizing:border-box;width:100%;font-size:18px;padding:10px;border:1px solid #a1a1aa;border-radius:8px}` +
      `button{display:block;width:100%;min-height:48px;margin-top:16px;font-size:17px;border:0;border-radius:10px;` +
      `background:${colour};color:#fff}` +
      `button.quiet{background:#e4e4e7;color:#18181b}.amount{font-size:28px;font-weight:700}` +
      `.muted{color:#52525b;font-size:14px}` +
      `.error{color:#b91c1c;font-weight:600}img.qr{display:block;width:220px;height:220px;margin:8px auto}` +
      `.code{font-size:24px;letter-spacing:2px;text-align:center}` +
      `</style></head><body><header>${escapeHtml(title)}</header><main>${body}</main></body></html>`,
    { headers: { "Content-Type": "text/html; charset=utf-8" } },
  );
}

/** A form post's fields. */
export async function formOf(request) {
  // read as bytes: workerd warns when a form body is read as text
  return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())));
}

/** A redirect a browser follows after the hosted page. */
export const redirect = (to) => new Response(null, { status: 303, headers: { Location: to } });

/** Serves a fetch-style handler on 127.0.0.1:`port` (0: a free one); resolves with { port, close }. */
export async function serve(handler, port = 0) {
  const { createServer } = await import("node:http");
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = Buffer.concat(chunks);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const request = new Request(`http://127.0.0.1:${server.address().port}${req.url}`, {
      method: req.method,
      headers,
      body: ["GET", "HEAD"].includes(req.method) ? undefined : body,
    });
    let response;
    try {
      response = await handler(request);
    } catch (err) {
      response = json({ error: { code: 500, message: String(err) } }, 500);
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  return { port: server.address().port, close: () => new Promise((r) => server.close(r)) };
}
