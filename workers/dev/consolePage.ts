/**
 * The bot console's page (development only, ADR 088): two phones that post to /dev/bot/send as a person would, and
 * show what the bot sent as the local stand-ins captured it. Served as one string; no browser bundle carries it.
 */

/** The phones' look: the bar, the chat log and its keyboards, the tools and the message box. */
const STYLE = `
  body{margin:0;font-family:system-ui,sans-serif;background:#e7e5e4;color:#1c1917}
  header{padding:12px 16px;background:#115e59;color:#fff}
  header h1{margin:0;font-size:18px} header p{margin:4px 0 0;font-size:13px;opacity:.85}
  main{display:flex;flex-wrap:wrap;gap:16px;padding:16px;justify-content:center}
  .phone{width:100%;max-width:380px;background:#fff;border-radius:24px;box-shadow:0 4px 16px #0002;
    display:flex;flex-direction:column;height:640px;overflow:hidden}
  .bar{padding:10px 12px;background:#f5f5f4;display:flex;flex-wrap:wrap;gap:6px;align-items:center;font-size:13px}
  .bar input,.bar select{font:inherit;padding:4px 6px;border:1px solid #d6d3d1;border-radius:8px;min-width:0}
  .log{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px;background:#ecfdf5}
  .msg{max-width:85%;padding:8px 10px;border-radius:12px;white-space:pre-wrap;word-break:break-word;font-size:14px;
    unicode-bidi:plaintext}
  .me{align-self:flex-end;background:#d1fae5} .bot{align-self:flex-start;background:#fff;box-shadow:0 1px 2px #0001}
  .kb{display:flex;flex-direction:column;gap:4px;margin-top:6px} .kb div{display:flex;gap:4px}
  .kb button,.kb a{flex:1;font:inherit;font-size:13px;padding:6px;border:1px solid #99f6e4;background:#f0fdfa;
    border-radius:8px;cursor:pointer;color:#115e59;text-align:center;text-decoration:none}
  .tpl{font-size:12px;color:#57534e} .held{opacity:.75;border:1px dashed #a8a29e}
  .quote{display:block;margin-top:4px;font:inherit;font-size:12px;border:0;background:none;color:#0f766e;
    cursor:pointer;padding:0}
  .quoting{font-size:12px;padding:4px 10px;background:#f0fdfa;color:#115e59}
  form{display:flex;gap:6px;padding:8px;border-top:1px solid #e7e5e4}
  form input{flex:1;font:inherit;padding:10px;border:1px solid #d6d3d1;border-radius:12px;min-width:0}
  form button,.tools button{font:inherit;padding:8px 12px;border:0;border-radius:12px;background:#0f766e;color:#fff;
    cursor:pointer}
  .tools{display:flex;gap:6px;padding:0 8px 8px;flex-wrap:wrap}
  .tools button{background:#57534e;font-size:12px;padding:6px 10px}
`;

/** The header, the notice shown while the stand-ins are down, and the two phones' places. */
const BODY = `<header><h1>Dalil bot console (development only)</h1>
<p>Each phone posts real Telegram updates or signed Twilio forms to /webhooks; what the bot sent comes from the local
Telegram/Twilio stand-ins.</p>
<p id="standins-down" role="alert" data-testid="standins-down" hidden
style="background:#fef3c7;color:#78350f;padding:8px 10px;border-radius:8px">The Telegram/Twilio stand-ins are not
answering, so the bot's replies (and verification codes) cannot be shown here. Start Dalil with <code>npm start</code>,
which runs them; codes also appear in the wrangler log and at /dev/bot/code?to=+9647….</p></header>
<main>
  <section class="phone" data-phone="customer"></section>
  <section class="phone" data-phone="provider"></section>
</main>`;

/** Each phone: its state, its controls, and what it sends (a text, a button, a place, a contact, a voice, a photo). */
const PHONES = `
const phones = {
  customer: {
    title: "Customer", channel: "whatsapp", id: "+9647501234567", name: "Karwan", contact: "+9647700000002",
    mine: [], held: [],
  },
  provider: {
    title: "Provider", channel: "whatsapp", id: "+9647700000003", name: "Ali", contact: "+9647700000003",
    mine: [], held: [],
  },
};
/** A held message's time on Baghdad's clock (UTC+3), as the number will see it arrive. */
const baghdad = (ms) => new Date(ms + 3 * 3600000).toISOString().slice(0, 16).replace("T", " ");
let captured = [], since = 0;
const esc = (s) =>
  String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]);
function mount(key) {
  const p = phones[key], el = document.querySelector('[data-phone="' + key + '"]');
  el.innerHTML = '<div class="bar"><strong>' + p.title + '</strong>' +
    '<select aria-label="channel" data-field="channel"><option value="whatsapp">WhatsApp</option>' +
    '<option value="telegram">Telegram</option><option value="sms">SMS</option></select>' +
    '<input aria-label="chat id or phone" data-field="id" size="14">' +
    '<input aria-label="contact phone" data-field="contact" size="14" ' +
    'title="phone shared as your own contact (Telegram)">' +
    '<input aria-label="play a listing number" data-testid="' + key + '-listing" placeholder="listing #" size="7" ' +
    'title="play the number of this listing: its SMS, its link, the bot"></div>' +
    '<div class="log" data-testid="' + key + '-log"></div>' +
    '<div class="tools"><button type="button" data-tool="location">📍 Location (Baghdad)</button>' +
    '<button type="button" data-tool="contact">📱 My contact</button>' +
    '<button type="button" data-tool="voice">🎤 Voice note (.ogg)</button>' +
    '<input type="file" accept="audio/ogg,audio/opus,audio/mp4,.ogg,.oga,.opus,.m4a" hidden ' +
    'data-testid="' + key + '-voice-file">' +
    '<button type="button" data-tool="photo">📷 Photo</button>' +
    '<input type="file" accept="image/jpeg,image/png,image/webp" hidden data-testid="' + key + '-photo-file"></div>' +
    '<div class="quoting" data-testid="' + key + '-quoting" hidden></div>' +
    '<form><input aria-label="message" placeholder="Message" data-testid="' + key + '-input">' +
    '<button data-testid="' + key + '-send">Send</button></form>';
  for (const f of ["channel", "id", "contact"]) {
    const input = el.querySelector('[data-field="' + f + '"]');
    input.value = p[f];
    input.addEventListener("change", () => { p[f] = input.value.trim(); p.mine = []; render(); });
  }
  // play a listing's number: this phone becomes its WhatsApp, and shows the SMS sent to it
  const listingInput = el.querySelector('[data-testid="' + key + '-listing"]');
  listingInput.addEventListener("change", async () => {
    const res = await fetch("/dev/bot/listing?id=" + encodeURIComponent(listingInput.value.trim()));
    if (!res.ok) { listingInput.setCustomValidity("no such listing"); listingInput.reportValidity(); return; }
    listingInput.setCustomValidity("");
    const l = await res.json();
    Object.assign(p, { channel: "whatsapp", id: l.phone, contact: l.phone, name: l.name, mine: [] });
    for (const f of ["channel", "id", "contact"]) el.querySelector('[data-field="' + f + '"]').value = p[f];
    render();
  });
  el.querySelector("form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = el.querySelector("form input");
    if (!input.value.trim()) return;
    send(key, { kind: "text", text: input.value }, input.value);
    input.value = "";
  });
  el.querySelector('[data-tool="location"]').addEventListener("click", () =>
    send(key, { kind: "location", lat: 33.3152, lng: 44.3661 }, "📍 33.3152, 44.3661"));
  el.querySelector('[data-tool="contact"]').addEventListener("click", () =>
    send(key, { kind: "contact", phone: p.contact, own: true }, "📱 " + p.contact));
  // a file picked on the phone, read as base64, handed to what sends it
  const onPick = (tool, use) => {
    const input = el.querySelector('[data-testid="' + key + '-' + tool + '-file"]');
    el.querySelector('[data-tool="' + tool + '"]').addEventListener("click", () => input.click());
    input.addEventListener("change", async () => {
      const file = input.files[0];
      if (!file) return;
      const bytes = new Uint8Array(await file.arrayBuffer());
      let bin = "";
      for (let i = 0; i < bytes.length; i += 8192) bin += String.fromCharCode(...bytes.subarray(i, i + 8192));
      input.value = "";
      use(file, btoa(bin));
    });
  };
  // a voice note as the apps send one: an Ogg/Opus file (what WhatsApp and Telegram record)
  onPick("voice", (file, data) => send(key, {
    kind: "voice", audio: data, audioType: file.type || (/\.m4a$/.test(file.name) ? "audio/mp4" : "audio/ogg"),
  }, "🎤 " + file.name));
  // a photo, as the apps send one; what is typed in the message box goes with it as its caption
  onPick("photo", (file, data) => {
    const caption = el.querySelector("form input");
    const text = caption.value.trim();
    send(key, { kind: "photo", image: data, imageType: file.type || "image/jpeg", text },
      "📷 " + file.name + (text ? " — " + text : ""));
    caption.value = "";
  });
  el.querySelector(".log").addEventListener("click", (e) => {
    // "↩ Reply" quotes that bot message: the next thing sent is a reply to it (as swiping a message does in the apps)
    const q = e.target.closest("button[data-quote]");
    if (q) {
      p.replyTo = q.dataset.quote;
      const bar = el.querySelector(".quoting");
      bar.textContent = "↩ replying to: " + q.closest(".msg").innerText.split("\\n")[0].slice(0, 60);
      bar.hidden = false;
      return;
    }
    const b = e.target.closest("button[data-action]");
    if (!b) return;
    if (b.dataset.action === "__location")
      return send(key, { kind: "location", lat: 33.3152, lng: 44.3661 }, "📍 33.3152, 44.3661");
    if (b.dataset.action === "__contact")
      return send(key, { kind: "contact", phone: p.contact, own: true }, "📱 " + p.contact);
    if (b.dataset.action.startsWith("__text:"))
      return send(key, { kind: "text", text: b.dataset.action.slice(7) }, b.dataset.action.slice(7));
    send(key, { kind: "action", action: b.dataset.action }, "[" + b.textContent + "]");
  });
}
async function send(key, event, shown) {
  const p = phones[key];
  p.mine.push({ at: Date.now(), text: (p.replyTo ? "↩ " : "") + shown });
  const replyTo = event.kind === "action" ? undefined : p.replyTo;
  p.replyTo = undefined;
  document.querySelector('[data-testid="' + key + '-quoting"]').hidden = true;
  render();
  await fetch("/dev/bot/send", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ as: p.channel, id: p.id, name: p.name, ...event, ...(replyTo ? { replyTo } : {}) }),
  });
  await poll();
}
`;

/** Each phone's log: what the stand-ins captured for it, drawn as the apps would, polled every second. */
const LOG = `
function forPhone(p) {
  return captured.filter((s) => p.channel === "telegram"
    ? s.channel === "telegram" &&
      (s.method === "sendMessage" || s.method === "sendPhoto" || s.method === "sendVoice") &&
      String(s.payload.chat_id) === p.id
    : s.channel === "whatsapp" && (s.payload.To === "whatsapp:" + p.id || s.payload.To === p.id));
}
/** The id the channel gave a captured message (what a reply quotes): the stand-ins use the capture's sequence. */
const messageIdOf = (s) => (s.channel === "telegram" ? String(s.seq) : "SM" + String(s.seq).padStart(32, "0"));
/** Links in a message open (an SMS's /r/… link to answer a request): escaped text in, anchors out. */
const linked = (html) =>
  html.replace(/https?:[/][/][^\\s<]+/g, (u) => '<a href="' + u + '" target="_blank" rel="noreferrer">' + u + '</a>');
const quote = (s) =>
  '<button type="button" class="quote" data-quote="' + esc(messageIdOf(s)) + '">↩ Reply</button>';
const media = (url) =>
  (url ? '<div class="tpl">📷 <a href="' + esc(url) + '" target="_blank" rel="noreferrer">photo</a></div>' : "");
// a voice note the bot sent, played here: WhatsApp's signed address on this origin,
// Telegram's upload through /dev/bot/file
const audio = (src) => '<audio controls preload="none" data-testid="sent-voice" src="' + esc(src) + '"></audio>';
const voiceOf = (url) => {
  try {
    const u = new URL(url);
    return u.pathname.startsWith("/media/voice/") ? u.pathname + u.search : null;
  } catch { return null; }
};
function botHtml(s) {
  if (s.channel === "whatsapp") {
    if (s.payload.ContentSid)
      return '<div class="tpl">Template ' + esc(s.payload.ContentSid) + '</div>' +
        esc(Object.values(JSON.parse(s.payload.ContentVariables || "{}")).join(" · ")) + quote(s);
    // a code by SMS (when WhatsApp could not take it) goes to the bare number
    const voice = s.payload.MediaUrl ? voiceOf(s.payload.MediaUrl) : null;
    if (voice) return '<div class="tpl">🎤 voice note</div>' + audio(voice) + quote(s);
    return (String(s.payload.To).startsWith("whatsapp:") ? "" : '<div class="tpl">SMS</div>') +
      media(s.payload.MediaUrl) + linked(esc(s.payload.Body)) + quote(s);
  }
  let html = s.method === "sendPhoto"
    ? media(s.payload.photo) + esc(s.payload.caption || "")
    : s.method === "sendVoice"
      ? audio("/dev/bot/file?n=" + encodeURIComponent(String(s.payload.voice).split("/").pop())) +
        esc(s.payload.caption || "")
      : esc(s.payload.text);
  const m = s.payload.reply_markup;
  if (m && m.inline_keyboard) {
    html += '<div class="kb">' + m.inline_keyboard.map((row) => '<div>' + row.map((b) => b.url
      ? '<a href="' + esc(b.url) + '" target="_blank" rel="noreferrer">' + esc(b.text) + '</a>'
      : '<button type="button" data-action="' + esc(b.callback_data) + '">' + esc(b.text) + '</button>'
    ).join("") + '</div>').join("") + '</div>';
  }
  if (m && m.keyboard) {
    html += '<div class="kb">' + m.keyboard.map((row) => '<div>' + row.map((b) =>
      '<button type="button" data-action="' +
      (b.request_location ? "__location" : b.request_contact ? "__contact" : "__text:" + esc(b.text)) + '">' +
      esc(b.text) + '</button>'
    ).join("") + '</div>').join("") + '</div>';
  }
  return html + quote(s);
}
function render() {
  for (const key of Object.keys(phones)) {
    const p = phones[key], log = document.querySelector('[data-testid="' + key + '-log"]');
    const held = (p.channel === "whatsapp" ? p.held : []).map((h) => ({
      at: h.at,
      html: '<div class="tpl" data-testid="held">⏳ held until ' + esc(baghdad(h.at)) + ' Baghdad</div>' + esc(h.text),
      cls: "bot held",
    }));
    const sent = forPhone(p).map((s) => ({ at: s.at, html: botHtml(s), cls: "bot" }));
    const items = [...p.mine.map((m) => ({ at: m.at, html: esc(m.text), cls: "me" })), ...sent, ...held]
      .sort((a, b) => a.at - b.at);
    log.innerHTML = items.map((i) => '<div class="msg ' + i.cls + '">' + i.html + '</div>').join("");
    log.scrollTop = log.scrollHeight;
  }
}
async function poll() {
  // what waits for each phone's number through quiet hours (a text to a listing's number at night)
  for (const p of Object.values(phones)) {
    const h = p.channel === "whatsapp"
      ? await fetch("/dev/bot/held?to=" + encodeURIComponent(p.id)).catch(() => null)
      : null;
    const list = h && h.ok ? await h.json() : [];
    if (JSON.stringify(list) !== JSON.stringify(p.held)) { p.held = list; render(); }
  }
  const res = await fetch("/dev/bot/sent?since=" + since).catch(() => null);
  // say it plainly when the stand-ins are not running, instead of showing no replies
  document.getElementById("standins-down").hidden = Boolean(res && res.ok);
  if (!res || !res.ok) return;
  const fresh = await res.json();
  // two polls can overlap (the timer and a send): keep each captured call once
  const known = new Set(captured.map((s) => s.seq));
  const added = fresh.filter((s) => !known.has(s.seq));
  if (added.length) {
    captured = captured.concat(added).sort((a, b) => a.seq - b.seq);
    since = Math.max(since, added[added.length - 1].seq);
    render();
  }
}
mount("customer"); mount("provider"); render();
setInterval(poll, 1000); poll();
document.body.dataset.ready = "1";
`;

export function consolePage(nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dalil bot console</title>
<style>${STYLE}</style></head>
<body>
${BODY}
<script nonce="${nonce}">${PHONES}${LOG}</script></body></html>`;
}
