// Voice notes: the one stored format, the audio route's checks, and the notes carried both ways between the web chat
// and WhatsApp/Telegram through the channel stand-ins (tests/bot.ts), in their wire formats.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { m4a, oggLyingGranule, oggManyTinyPackets, oggOpus, webmVideo } from "../audio";
import { tinyPng } from "../images";
import {
  fakeChannelApis,
  queueSettled,
  postTelegram,
  postWhatsApp,
  tgCallback,
  tgMessage,
  tgUser,
  waForm,
} from "../bot";
import { tenSecondsPass } from "../chat";
import { call, ORIGIN, registerUser } from "../http";
import { DEMO_ACCOUNTS } from "../seed";
import { signIn } from "../sessions";
import { takeSlots } from "../ttlKeys";

type Msg = {
  id: number;
  conversationId: number;
  senderType: string;
  message: string | null;
  audioUrl: string | null;
  audioMs?: number;
  audioPeaks?: number[];
};

function upload(bytes: Uint8Array, name: string, type: string, cookie?: string, lang?: string) {
  const form = new FormData();
  form.set("audio", new File([bytes as unknown as BlobPart], name, { type }));
  return call("/api/upload", { method: "POST", body: form, cookie, lang });
}

async function uploaded(cookie: string, bytes = oggOpus(3)) {
  const res = await upload(bytes, "note.ogg", "audio/ogg", cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as { url: string; durationMs: number; peaks: number[] };
}

async function demoListing() {
  const row = await env.DB.prepare(
    "SELECT p.id, p.user_id FROM service_providers p JOIN users u ON u.id = p.user_id WHERE u.phone = ?",
  )
    .bind(DEMO_ACCOUNTS.provider.phone)
    .first<{ id: number; user_id: number }>();
  return { providerId: row!.id, providerUserId: row!.user_id };
}

async function listen(conversationId: number, cookie: string) {
  const res = await call(`/ws/chat/${conversationId}`, { headers: { Upgrade: "websocket", Origin: ORIGIN }, cookie });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const stored: Msg[] = [];
  ws.addEventListener("message", (e) => {
    const event = JSON.parse(String(e.data)) as { type: string; message?: Msg };
    if (event.type === "message") stored.push(event.message!);
  });
  return { ws, stored };
}

describe("a voice note is stored once, in one format", () => {
  let customer: string;
  beforeEach(async () => {
    customer ??= await signIn("customer");
  });

  it(
    "an Ogg/Opus note is accepted with its duration and 64 peaks, and plays back to its sender only until it is " +
      "sent",
    async () => {
      const note = await uploaded(customer, oggOpus(3.2));
      expect(note.url).toMatch(/^\/api\/voice\/[A-Za-z0-9_-]+\.ogg$/);
      expect(Math.abs(note.durationMs - 3200)).toBeLessThan(30);
      expect(note.peaks).toHaveLength(64);
      // louder stretches (bigger packets) stand taller than quiet ones
      expect(Math.max(...note.peaks)).toBe(100);
      expect(Math.min(...note.peaks)).toBeLessThan(30);

      const mine = await call(note.url, { cookie: customer });
      expect(mine.status).toBe(200);
      expect(mine.headers.get("Content-Type")).toBe("audio/ogg");
      expect(new Uint8Array(await mine.arrayBuffer())).toEqual(oggOpus(3.2));
      expect((await call(note.url)).status).toBe(401);
      expect((await call(note.url, { cookie: await signIn("provider") })).status).toBe(403);
    },
  );

  it("an old Safari's M4A is kept as M4A (audio/mp4), with the duration its header says", async () => {
    const res = await upload(m4a(4.5), "voice.m4a", "audio/mp4", customer);
    expect(res.status).toBe(200);
    const note = (await res.json()) as { url: string; durationMs: number };
    expect(note.url).toMatch(/\.m4a$/);
    expect(note.durationMs).toBe(4500);
    expect((await call(note.url, { cookie: customer })).headers.get("Content-Type")).toBe("audio/mp4");
  });

  it.each([
    [
      "an HTML page renamed .ogg",
      new TextEncoder().encode("<!doctype html><script>alert(1)</script>"),
      "note.ogg",
      "audio/ogg",
      "Only voice messages can be sent here",
    ],
    ["a WebM whose track is a video", webmVideo(), "note.webm", "audio/webm", "Only voice messages can be sent here"],
    ["an MP4 with a video track", m4a(3, "vide"), "clip.m4a", "audio/mp4", "Only voice messages can be sent here"],
    [
      "a stereo recording",
      oggOpus(2, { channels: 2 }),
      "note.ogg",
      "audio/ogg",
      "Only voice messages can be sent here",
    ],
    ["a 3-minute note", oggOpus(180), "long.ogg", "audio/ogg", "at most two minutes"],
    [
      "a 3 MB file",
      (() => {
        const b = new Uint8Array(3 * 1024 * 1024);
        b.set(oggOpus(1));
        return b;
      })(),
      "big.ogg",
      "audio/ogg",
      "The maximum is 2 MB",
    ],
    ["an empty file", new Uint8Array(0), "empty.ogg", "audio/ogg", "Record a voice message first"],
  ])("%s → 400 with a sentence, nothing stored", async (_name, bytes, name, type, sentence) => {
    const before = (await env.IMAGES.list({ prefix: "voice/" })).objects.length;
    const res = await upload(bytes, name, type, customer);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(sentence);
    expect((await env.IMAGES.list({ prefix: "voice/" })).objects.length).toBe(before);
  });

  it("the refusal is in the reader's language, and a signed-out upload is 401", async () => {
    const res = await upload(oggOpus(180), "long.ogg", "audio/ogg", customer, "ar");
    expect(((await res.json()) as { message: string }).message).toBe("لا تتجاوز الرسالة الصوتية دقيقتين.");
    expect((await upload(oggOpus(2), "a.ogg", "audio/ogg")).status).toBe(401);
  });

  it("too many notes in an hour → 429, and the note is not stored", async () => {
    const user = await registerUser({ name: "Chatty Customer" });
    const now = Date.now();
    await takeSlots(`voice:${user.id}`, 120, now);
    const res = await upload(oggOpus(2), "a.ogg", "audio/ogg", user.cookie);
    expect(res.status).toBe(429);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM voice_notes WHERE uploader_id = ?").bind(user.id).first("n"),
    ).toBe(0);
  });
});

describe("a voice message in a conversation is private to it", () => {
  beforeEach(async () => {
    await tenSecondsPass();
  });

  it(
    "audioUrl travels like imageUrl; both participants play it (HEAD, Range 206); a stranger and nobody can't; " +
      "nobody else's note can be sent",
    async () => {
      const { providerId } = await demoListing();
      const hana = await registerUser({ name: "Hana Voice" });
      const provider = await signIn("provider");
      const note = await uploaded(hana.cookie, oggOpus(5));
      const res = await call("/api/chat", {
        method: "POST",
        cookie: hana.cookie,
        json: { providerId, audioUrl: note.url, clientId: "voice-first-01" },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const sent = (await res.json()) as Msg;
      expect(sent).toMatchObject({ audioUrl: note.url, message: null, audioMs: note.durationMs });
      expect(sent.audioPeaks).toEqual(note.peaks);

      // the provider reads it in the history and plays it
      const page = (await (
        await call(`/api/conversations/${sent.conversationId}/messages`, { cookie: provider })
      ).json()) as { messages: Msg[] };
      expect(page.messages.at(-1)).toMatchObject({ audioUrl: note.url, audioMs: note.durationMs });
      const whole = await call(note.url, { cookie: provider });
      expect(whole.status).toBe(200);
      expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
      const size = Number(whole.headers.get("Content-Length"));
      expect(size).toBe(oggOpus(5).length);
      const head = await call(note.url, { method: "HEAD", cookie: provider });
      expect(head.status).toBe(200);
      expect(head.headers.get("Content-Type")).toBe("audio/ogg");
      expect(head.headers.get("Content-Length")).toBe(String(size));
      const part = await call(note.url, { cookie: provider, headers: { Range: "bytes=100-199" } });
      expect(part.status).toBe(206);
      expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${size}`);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(oggOpus(5).slice(100, 200));
      const tail = await call(note.url, { cookie: provider, headers: { Range: "bytes=-10" } });
      expect(tail.status).toBe(206);
      expect(tail.headers.get("Content-Range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
      expect((await call(note.url, { cookie: provider, headers: { Range: `bytes=${size + 5}-` } })).status).toBe(416);

      // a stranger's session, no session
      const stranger = await registerUser({ name: "Nosy Neighbour" });
      expect((await call(note.url, { cookie: stranger.cookie })).status).toBe(403);
      expect((await call(note.url, { cookie: stranger.cookie, headers: { Range: "bytes=0-99" } })).status).toBe(403);
      expect((await call(note.url)).status).toBe(401);
      // the stranger can't make it theirs by sending it into a conversation of their own
      const stolen = await call("/api/chat", {
        method: "POST",
        cookie: stranger.cookie,
        json: { providerId, audioUrl: note.url },
      });
      expect(stolen.status).toBe(400);
      expect(((await stolen.json()) as { message: string }).message).toBe(
        "Only voice messages recorded on Dalil can be sent.",
      );
      // an address that isn't one of ours is refused before anything
      const foreign = await call("/api/chat", {
        method: "POST",
        cookie: hana.cookie,
        json: { providerId, audioUrl: "https://evil.example/a.ogg" },
      });
      expect(foreign.status).toBe(400);

      // the inbox says a voice message came, not a broken photo
      // (asked until its list has caught up, as a sleep of 1.1 s did)
      const inbox = async () =>
        (
          (await (await call("/api/conversations", { cookie: provider })).json()) as {
            items: { id: number; lastMessage: { voice?: boolean; imageUrl: string | null } }[];
          }
        ).items;
      await expect
        .poll(async () => (await inbox()).find((i) => i.id === sent.conversationId)?.lastMessage, { timeout: 2_000 })
        .toMatchObject({ voice: true, imageUrl: null });
    },
  );

  it(
    "leaving Dalil takes the sender's voice notes with it: the message reads as deleted and the file leaves R2 " +
      "(ADR 041)",
    async () => {
      const { providerId } = await demoListing();
      const leaver = await registerUser({ name: "Leaving Voice" });
      const provider = await signIn("provider");
      const note = await uploaded(leaver.cookie, oggOpus(2));
      const sent = (await (
        await call("/api/chat", { method: "POST", cookie: leaver.cookie, json: { providerId, audioUrl: note.url } })
      ).json()) as Msg;
      expect((await call(note.url, { cookie: provider })).status).toBe(200);
      const bye = await call("/api/auth/delete-account", {
        method: "POST",
        cookie: leaver.cookie,
        json: { password: "tigris-river-21" },
      });
      expect(bye.status).toBe(200);
      const page = (await (
        await call(`/api/conversations/${sent.conversationId}/messages`, { cookie: provider })
      ).json()) as { messages: (Msg & { deleted?: boolean })[] };
      expect(page.messages.at(-1)).toMatchObject({ deleted: true, audioUrl: null });
      expect(await env.IMAGES.head(`voice/${note.url.split("/").pop()}`)).toBeNull();
      expect((await call(note.url, { cookie: provider })).status).toBe(404);
    },
  );

  it("over the socket too, and the other side's socket gets it live", async () => {
    const { providerId } = await demoListing();
    const omar = await registerUser({ name: "Omar Voice" });
    const provider = await signIn("provider");
    const first = (await (
      await call("/api/chat", { method: "POST", cookie: omar.cookie, json: { providerId, message: "Hi" } })
    ).json()) as Msg;
    const mine = await listen(first.conversationId, omar.cookie);
    const theirs = await listen(first.conversationId, provider);
    const note = await uploaded(omar.cookie, oggOpus(2));
    mine.ws.send(JSON.stringify({ type: "send", clientId: "voice-socket-01", audioUrl: note.url }));
    await expect.poll(() => theirs.stored.map((m) => m.audioUrl)).toEqual([note.url]);
    expect(theirs.stored[0].audioPeaks).toHaveLength(64);
    mine.ws.close(1000);
    theirs.ws.close(1000);
  });
});

describe("voice notes carried both ways through WhatsApp and Telegram", () => {
  let apis: ReturnType<typeof fakeChannelApis>;
  beforeEach(async () => {
    apis = fakeChannelApis();
    await tenSecondsPass();
  });
  afterEach(() => apis.restore());
  const providerPhone = DEMO_ACCOUNTS.provider.phone;
  // the real queue delivers the chat's relays (the test delivering them too would send some twice)
  const deliverRelays = () => queueSettled("dedupe_key LIKE 'chat:%'");
  const linkProviderWhatsApp = async (providerUserId: number, lastInboundAt: number) => {
    await env.DB.batch([
      env.DB.prepare("DELETE FROM channel_links WHERE user_id = ? OR external_id = ?").bind(
        providerUserId,
        providerPhone,
      ),
      env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status = 'pending'"),
      env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in, last_inbound_at) VALUES " +
          "('whatsapp', ?, ?, 'en', 1, ?)",
      ).bind(providerPhone, providerUserId, lastInboundAt),
    ]);
  };

  it(
    "a web voice note reaches WhatsApp as a voice note: a MediaUrl Twilio can HEAD (audio/ogg) and GET, signed " +
      "and short-lived; then the provider's WhatsApp voice note plays on the web and Twilio's copy is deleted",
    async () => {
      const { providerId, providerUserId } = await demoListing();
      await linkProviderWhatsApp(providerUserId, Date.now() - 3600_000);
      try {
        const hana = await registerUser({ name: "Hana Voice" });
        const note = await uploaded(hana.cookie, oggOpus(4));
        const first = (await (
          await call("/api/chat", { method: "POST", cookie: hana.cookie, json: { providerId, audioUrl: note.url } })
        ).json()) as Msg;
        await deliverRelays();
        const toProvider = apis.sent.filter(
          (s) => s.channel === "whatsapp" && s.body.To === `whatsapp:${providerPhone}`,
        );
        expect(toProvider).toHaveLength(2);
        expect(String(toProvider[0].body.Body)).toContain(`sent a voice message (0:04)`);
        const mediaUrl = String(toProvider[1].body.MediaUrl);
        expect(mediaUrl).toMatch(/^http:\/\/localhost:8787\/media\/voice\/[A-Za-z0-9_-]+\.ogg\?e=\d+&s=/);
        expect(toProvider[1].body.Body).toBeUndefined();
        // what Twilio does with it: HEAD, then GET, without a session
        const path = mediaUrl.slice("http://localhost:8787".length);
        const head = await call(path, { method: "HEAD" });
        expect(head.status).toBe(200);
        expect(head.headers.get("Content-Type")).toBe("audio/ogg");
        const got = await call(path);
        expect(new Uint8Array(await got.arrayBuffer())).toEqual(oggOpus(4));
        // a changed signature or another file under the same signature is nothing
        const sig = path.slice(-43);
        const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        const swap = (at: number, to: string) =>
          path.slice(0, path.length - 43 + at) + to + path.slice(path.length - 43 + at + 1);
        expect((await call(swap(20, sig[20] === "A" ? "B" : "A"))).status).toBe(404);
        // the last character's two spare bits flipped: the same bytes to a lenient decoder, still not our signature
        expect((await call(swap(42, B64URL[B64URL.indexOf(sig[42]!) ^ 1]!))).status).toBe(404);
        expect((await call(path.replace(/e=\d+/, (m) => `e=${Number(m.slice(2)) + 1}`))).status).toBe(404);
        expect((await call(path.replace(/\?.*/, ""))).status).toBe(404);

        // the provider answers by voice in WhatsApp, quoting the relayed line: it lands live in Hana's conversation
        const socket = await listen(first.conversationId, hana.cookie);
        const twilioCopy = apis.putMedia(oggOpus(6), "audio/ogg");
        await postWhatsApp(
          waForm(providerPhone, {
            NumMedia: "1",
            MediaContentType0: "audio/ogg",
            MediaUrl0: twilioCopy,
            MessageType: "audio",
            OriginalRepliedMessageSid: toProvider[0].sid!,
          }),
        );
        await expect.poll(() => socket.stored.length).toBe(1);
        const voice = socket.stored[0];
        expect(voice).toMatchObject({ senderType: "provider", message: null });
        expect(voice.audioUrl).toMatch(/^\/api\/voice\/.+\.ogg$/);
        expect(Math.abs(voice.audioMs! - 6000)).toBeLessThan(30);
        const played = await call(voice.audioUrl!, { cookie: hana.cookie });
        expect(played.status).toBe(200);
        expect(played.headers.get("Content-Type")).toBe("audio/ogg");
        expect(new Uint8Array(await played.arrayBuffer())).toEqual(oggOpus(6));
        expect((await call(voice.audioUrl!, { cookie: hana.cookie, headers: { Range: "bytes=0-1023" } })).status).toBe(
          206,
        );
        expect(apis.hasMedia(twilioCopy)).toBe(false);
        expect(apis.texts("whatsapp").pop()).toContain(`conversation #${first.conversationId}`);
        socket.ws.close(1000);
      } finally {
        await env.DB.prepare("DELETE FROM channel_links WHERE user_id = ?").bind(providerUserId).run();
      }
    },
  );

  it("outside WhatsApp's 24 hours the chat template says a voice message is waiting", async () => {
    const { providerId, providerUserId } = await demoListing();
    await linkProviderWhatsApp(providerUserId, Date.now() - 30 * 3600_000);
    try {
      const sami = await registerUser({ name: "Sami Voice" });
      const note = await uploaded(sami.cookie, oggOpus(65));
      await call("/api/chat", { method: "POST", cookie: sami.cookie, json: { providerId, audioUrl: note.url } });
      await deliverRelays();
      const toProvider = apis.sent.filter((s) => s.channel === "whatsapp" && s.body.To === `whatsapp:${providerPhone}`);
      expect(toProvider).toHaveLength(1);
      expect(toProvider[0].body.ContentSid).toBe("HXchatEN");
      expect(JSON.parse(String(toProvider[0].body.ContentVariables))["3"]).toBe(
        "🎤 A voice message (1:05) is waiting for you.",
      );
      expect(toProvider[0].body.MediaUrl).toBeUndefined();
    } finally {
      await env.DB.prepare("DELETE FROM channel_links WHERE user_id = ?").bind(providerUserId).run();
    }
  });

  it(
    "a MediaUrl0 anywhere but the configured Twilio origin (another port of the same host included) is never " +
      "fetched, and the sender is answered",
    async () => {
      const { providerId, providerUserId } = await demoListing();
      await linkProviderWhatsApp(providerUserId, Date.now() - 3600_000);
      try {
        const lina = await registerUser({ name: "Lina Voice" });
        await call("/api/chat", {
          method: "POST",
          cookie: lina.cookie,
          json: { providerId, message: "Are you free?" },
        });
        await deliverRelays();
        const base = new URL(env.TWILIO_API_BASE);
        const mediaPath = `/Messages/MM${"7".repeat(32)}/Media/ME${"7".repeat(32)}`;
        const path = `/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}${mediaPath}`;
        const elsewhere = [
          `${base.protocol}//${base.hostname}:${Number(base.port || 80) + 1}${path}`,
          `https://${base.host}${path}`,
          `${base.protocol}//localhost:${base.port}${path}`,
          `https://evil.example${path}`,
          `${base.origin}/2010-04-01/Accounts/ACsomeoneelse000000000000000000000/Messages/MM1/Media/ME1`,
          `${base.origin}${path}?redirect=https://evil.example/`,
        ];
        for (const url of elsewhere) {
          const before = apis.sent.length;
          await postWhatsApp(
            waForm(providerPhone, {
              NumMedia: "1",
              MediaContentType0: "audio/ogg",
              MediaUrl0: url,
              MessageType: "audio",
            }),
          );
          expect(apis.sent.length).toBeGreaterThan(before);
          expect(apis.texts("whatsapp").pop()).toContain("couldn't be received");
        }
        const media = apis.fetched.filter((f) => f.includes("/Media/"));
        expect(media).toEqual([]);
      } finally {
        await env.DB.prepare("DELETE FROM channel_links WHERE user_id = ?").bind(providerUserId).run();
      }
    },
  );

  it(
    "Telegram: a web voice note goes out as sendVoice with its bytes; a Telegram voice note (getFile, then the " +
      "file) plays on the web",
    async () => {
      const { providerId, providerUserId } = await demoListing();
      await env.DB.prepare("DELETE FROM channel_links WHERE user_id = ?").bind(providerUserId).run();
      const sara = tgUser(990077, "ar");
      const customer = await registerUser({ name: "Telegram Sara" });
      await env.DB.prepare(
        "INSERT INTO channel_links (channel, external_id, user_id, language, opted_in) VALUES ('telegram', ?, ?, " +
          "'ar', 1)",
      )
        .bind(String(sara.id), customer.id)
        .run();
      await env.DB.batch([
        env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status = 'pending'"),
        env.DB.prepare("UPDATE users SET language = 'ar' WHERE id = ?").bind(customer.id),
      ]);
      try {
        // Sara taps "💬 Message" on the listing, then sends a voice note from Telegram
        await postTelegram(tgCallback(sara, `cw:${providerId}`));
        const fileId = apis.putFile(oggOpus(3));
        await postTelegram(
          tgMessage(sara, {
            voice: {
              file_id: fileId,
              file_unique_id: "vu1",
              duration: 3,
              mime_type: "audio/ogg",
              file_size: oggOpus(3).length,
            },
          }),
        );
        const conversation = await env.DB.prepare("SELECT id FROM conversations WHERE customer_id = ?")
          .bind(customer.id)
          .first<{ id: number }>();
        expect(conversation).not.toBeNull();
        const provider = await signIn("provider");
        const page = (await (
          await call(`/api/conversations/${conversation!.id}/messages`, { cookie: provider })
        ).json()) as { messages: Msg[] };
        const voice = page.messages.at(-1)!;
        expect(voice.audioUrl).toMatch(/^\/api\/voice\/.+\.ogg$/);
        expect(new Uint8Array(await (await call(voice.audioUrl!, { cookie: provider })).arrayBuffer())).toEqual(
          oggOpus(3),
        );
        // the bot token never leaves the Worker: nothing the web reads names Telegram's file address
        expect(JSON.stringify(page)).not.toContain(env.TELEGRAM_BOT_TOKEN!);

        // the provider answers by voice on the web: Sara's Telegram gets sendVoice with the note's own bytes
        const note = await uploaded(provider, oggOpus(2.5));
        await call(`/api/conversations/${conversation!.id}/messages`, {
          method: "POST",
          cookie: provider,
          json: { audioUrl: note.url },
        });
        await deliverRelays();
        const sent = apis.sent.filter((s) => s.channel === "telegram" && s.method === "sendVoice");
        expect(sent).toHaveLength(1);
        expect(String(sent[0].body.caption)).toContain("أرسل رسالة صوتية (٠:٠٢)");
        expect((sent[0].body.voice as { bytes: Uint8Array }).bytes).toEqual(oggOpus(2.5));
      } finally {
        await env.DB.prepare("DELETE FROM channel_links WHERE user_id = ?").bind(customer.id).run();
      }
    },
  );
});

describe("the bot and a voice note outside a conversation", () => {
  let apis: ReturnType<typeof fakeChannelApis>;
  beforeEach(() => {
    apis = fakeChannelApis();
  });
  afterEach(() => apis.restore());

  it(
    "is answered in the person's language with what to do instead and buttons to tap, never silence, and nothing " +
      "is fetched",
    async () => {
      const phone = "+9647501234599";
      await postWhatsApp(waForm(phone, { Body: "مرحبا" }));
      const mediaUrl = apis.putMedia(oggOpus(3), "audio/ogg");
      await postWhatsApp(
        waForm(phone, { NumMedia: "1", MediaContentType0: "audio/ogg", MediaUrl0: mediaUrl, MessageType: "audio" }),
      );
      const answer = apis.texts("whatsapp").slice(-2).join("\n");
      expect(answer).toMatch(/اكتب ما تحتاجه/);
      // the menu comes with it, to tap
      expect(answer).toMatch(/[١1]/);
      expect(apis.fetched.filter((f) => f.includes("/Media/"))).toEqual([]);
      expect(apis.hasMedia(mediaUrl)).toBe(true);

      const kurdish = tgUser(990078, "ckb");
      await postTelegram(
        tgMessage(kurdish, { voice: { file_id: apis.putFile(oggOpus(2)), file_unique_id: "vu2", duration: 2 } }),
      );
      const tg = apis.sent.filter((s) => s.channel === "telegram" && s.method === "sendMessage");
      const said = tg.map((s) => String(s.body.text)).join("\n");
      expect(said).toContain("ناتوانم گوێ لە نامەی دەنگی بگرم");
      expect(tg.some((s) => s.body.reply_markup)).toBe(true);
    },
  );
});

describe("a leaver's and an abandoned upload go; a lying or hostile file is refused and counted", () => {
  beforeEach(async () => {
    await tenSecondsPass();
  });

  function uploadPhoto(cookie: string, forChat: boolean) {
    const form = new FormData();
    form.set("image", new File([tinyPng() as unknown as BlobPart], "p.png", { type: "image/png" }));
    if (forChat) form.set("for", "chat");
    return call("/api/upload", { method: "POST", body: form, cookie }).then(async (r) => {
      expect(r.status).toBe(200);
      return ((await r.json()) as { imageUrl: string }).imageUrl;
    });
  }
  const r2Key = (url: string) =>
    url.startsWith("/images/") ? url.slice("/images/".length) : `voice/${url.split("/").pop()}`;
  const inR2 = async (url: string) => (await env.IMAGES.head(r2Key(url))) !== null;
  const noteRows = (userId: number) =>
    env.DB.prepare("SELECT count(*) AS n FROM voice_notes WHERE uploader_id = ?").bind(userId).first<number>("n");

  it(
    "deleting the account erases every voice note of the leaver, sent or never sent (row and file), and the chat " +
      "photo never sent",
    async () => {
      const { providerId } = await demoListing();
      const leaver = await registerUser({ name: "Unsent Voice" });
      const unsent = await uploaded(leaver.cookie, oggOpus(2));
      const sentNote = await uploaded(leaver.cookie, oggOpus(3));
      expect(
        (
          await call("/api/chat", {
            method: "POST",
            cookie: leaver.cookie,
            json: { providerId, audioUrl: sentNote.url },
          })
        ).status,
      ).toBe(201);
      const photo = await uploadPhoto(leaver.cookie, true);
      expect(await noteRows(leaver.id)).toBe(2);
      expect(await inR2(unsent.url)).toBe(true);

      const bye = await call("/api/auth/delete-account", {
        method: "POST",
        cookie: leaver.cookie,
        json: { password: "tigris-river-21" },
      });
      expect(bye.status).toBe(200);
      expect(await noteRows(leaver.id)).toBe(0);
      expect(await inR2(unsent.url)).toBe(false);
      expect(await inR2(sentNote.url)).toBe(false);
      expect(await inR2(photo)).toBe(false);
    },
  );

  it(
    "a voice note or chat photo never sent is swept after a day with its file; sent ones and a listing's photo " +
      "stay",
    async () => {
      const { providerId } = await demoListing();
      const hala = await registerUser({ name: "Draft Keeper" });
      const unsentNote = await uploaded(hala.cookie, oggOpus(2));
      const sentNote = await uploaded(hala.cookie, oggOpus(2));
      const unsentPhoto = await uploadPhoto(hala.cookie, true);
      const sentPhoto = await uploadPhoto(hala.cookie, true);
      const formPhoto = await uploadPhoto(hala.cookie, false);
      expect(
        (await call("/api/chat", { method: "POST", cookie: hala.cookie, json: { providerId, audioUrl: sentNote.url } }))
          .status,
      ).toBe(201);
      expect(
        (
          await call("/api/chat", {
            method: "POST",
            cookie: hala.cookie,
            json: { providerId, imageUrl: sentPhoto, clientId: "sent-photo-39" },
          })
        ).status,
      ).toBe(201);
      const runAt = (ms: number) =>
        call(`/dev/scheduler?at=${encodeURIComponent(new Date(Date.now() + ms).toISOString())}`, { method: "POST" });

      expect((await runAt(23 * 3600_000)).status).toBe(200);
      for (const url of [unsentNote.url, sentNote.url, unsentPhoto, sentPhoto, formPhoto])
        expect(await inR2(url)).toBe(true);
      // the draft is still its sender's to play the day it was made
      expect((await call(unsentNote.url, { cookie: hala.cookie })).status).toBe(200);

      expect((await runAt(25 * 3600_000)).status).toBe(200);
      expect(await inR2(unsentNote.url)).toBe(false);
      expect(await inR2(unsentPhoto)).toBe(false);
      expect((await call(unsentNote.url, { cookie: hala.cookie })).status).toBe(404);
      for (const url of [sentNote.url, sentPhoto, formPhoto]) expect(await inR2(url)).toBe(true);
      expect(await noteRows(hala.id)).toBe(1);
    },
  );

  it("1 s of sound claiming 100 s is refused as not a voice note, and nothing is stored", async () => {
    const user = await registerUser({ name: "Long Claim" });
    const res = await upload(oggLyingGranule(1, 100), "lie.ogg", "audio/ogg", user.cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("Only voice messages can be sent here");
    expect(await noteRows(user.id)).toBe(0);
  });

  it("a million one-byte packets are refused as too long; refusals count against the hourly limit", async () => {
    const user = await registerUser({ name: "Probe Voice" });
    const res = await upload(oggManyTinyPackets(2 * 1024 * 1024 - 4096), "many.ogg", "audio/ogg", user.cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("at most two minutes");
    const now = Date.now();
    await takeSlots(`voice:${user.id}`, 118, now);
    // the 120th attempt in the hour is a refused one: it still counts
    expect(
      (await upload(new TextEncoder().encode("<html>not a note</html>"), "x.ogg", "audio/ogg", user.cookie)).status,
    ).toBe(400);
    const next = await upload(oggOpus(2), "ok.ogg", "audio/ogg", user.cookie);
    expect(next.status).toBe(429);
    expect(await noteRows(user.id)).toBe(0);
  });
});
