// Every input parsed once, strictly, on every door; bounded bodies
// and frames; no 5xx and no stack traces for a client's mistake.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays, DATE_HORIZON_DAYS, dayField, iraqToday, toCalendarDate, toId } from "../../domain/ids";
import { MAX_IQD, toIqd } from "../../domain/money";
import { sameSecret } from "../../domain/accounts/sameSecret";
import { hashPassword, verifyPassword } from "../../domain/accounts/password";
import { normalizeIraqiPhone } from "../../domain/text/phone";
import { imageSize } from "../../domain/uploads/imageSize";
import { readAtMost } from "../../workers/bodyLimit";
import { fakeChannelApis, postTelegram, postWhatsApp, tgMessage, tgUser, waForm } from "../bot";
import { call, ORIGIN, registerUser } from "../http";
import { signIn } from "../sessions";

const ADVERSARIAL_NUMBERS = [
  "0x13",
  "19e0",
  "+19",
  "19.0",
  " 2",
  "2 ",
  "-1",
  "0",
  "1e3",
  "0b11",
  "2.5",
  "1,5",
  "Infinity",
  "NaN",
  "",
  " ",
  "٠x٢",
  "1_000",
  "00",
];

describe("one strict parser per kind of input (fast-check, with the forms the probe sent)", () => {
  it("ids: decimal digits (Western or Arabic-Indic) and nothing else", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...ADVERSARIAL_NUMBERS),
          fc.string({ maxLength: 14 }),
          fc.integer({ min: 1, max: 10 ** 12 }).map(String),
        ),
        (raw) => {
          const id = toId(raw);
          const digits = raw.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
          if (/^[0-9]{1,12}$/.test(digits) && Number(digits) > 0) expect(id).toBe(Number(digits));
          else expect(id).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
    for (const bad of ["0x13", "19e0", "+19", "19.0", " 2"]) expect(toId(bad)).toBeNull();
    expect(toId("١٩")).toBe(19);
  });

  it("IQD amounts: whole dinars, optionally grouped in threes with , or ٬, up to the maximum; never guessed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_IQD }),
        fc.constantFrom(",", "\u066c", ""),
        fc.boolean(),
        (n, sep, arabic) => {
          let text = sep ? n.toLocaleString("en-US").replace(/,/g, sep) : String(n);
          if (arabic) text = text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
          expect(toIqd(text)).toBe(n);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...ADVERSARIAL_NUMBERS, "0x10", "1,0000", "25,00", "1 000", String(MAX_IQD + 1)),
          fc.double().map(String),
        ),
        (raw) => {
          const n = toIqd(raw);
          // surrounding blanks are forgiven; anything else accepted must be plain digits
          if (n !== null) expect(/^\d+$/.test(raw.trim()) && Number(raw) >= 1 && Number(raw) <= MAX_IQD).toBe(true);
        },
      ),
    );
    for (const bad of ["0x10", "1e3", "0b11", "2.5", "1,5"]) expect(toIqd(bad)).toBeNull();
  });

  it("days: real calendar dates, from today in Iraq up to the horizon", () => {
    const now = new Date();
    const today = iraqToday(now);
    const schema = dayField(now, "validation.preferredDate");
    fc.assert(
      fc.property(fc.integer({ min: -400, max: DATE_HORIZON_DAYS + 400 }), (offset) => {
        const day = addDays(today, offset);
        expect(schema.safeParse(day).success).toBe(offset >= 0 && offset <= DATE_HORIZON_DAYS);
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 9999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (y, m, d) => {
          const text = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
          const real = new Date(Date.UTC(y, m - 1, d));
          const valid = m >= 1 && m <= 12 && real.getUTCMonth() === m - 1 && real.getUTCDate() === d;
          expect(toCalendarDate(text) !== null).toBe(valid);
        },
      ),
    );
    for (const bad of ["2026-13-45", "9999-99-99", "2099-02-30", "9999-12-31"])
      expect(schema.safeParse(bad).success).toBe(false);
  });

  it("phones: an Iraqi mobile in E.164, or nothing", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.stringMatching(/^(\+964|00964|0)?7[0-9]{9}$/),
          fc.constantFrom("0x7701234567", "+1 202 555 0100", "٠٧٧٠١٢٣٤٥٦٧"),
        ),
        (raw) => {
          const phone = normalizeIraqiPhone(raw);
          if (phone !== null) expect(phone).toMatch(/^\+9647[0-9]{9}$/);
        },
      ),
      { numRuns: 500 },
    );
  });

  it(
    "body limits: a body is read whole up to its bound " + "and refused one byte past it, declared or chunked",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 4096 }),
          fc.integer({ min: 1, max: 4096 }),
          fc.boolean(),
          async (size, limit, declared) => {
            const bytes = new Uint8Array(size).fill(65);
            const body = declared ? bytes : new ReadableStream({ start: (c) => (c.enqueue(bytes), c.close()) });
            const request = new Request(ORIGIN, {
              method: "POST",
              body,
              headers: declared ? { "Content-Length": String(size) } : {},
              ...(declared ? {} : { duplex: "half" }),
            } as RequestInit);
            const read = await readAtMost(request, limit);
            if (size > limit) expect(read).toBeNull();
            else expect(read?.byteLength).toBe(size);
          },
        ),
        { numRuns: 100 },
      );
    },
  );

  it(
    "secrets compare through the runtime's constant-time equality: a different length is a mismatch, never a " +
      "throw",
    async () => {
      expect(sameSecret("s3cret-token", "s3cret-token")).toBe(true);
      expect(sameSecret("s3cret-token", "s3cret-tokeN")).toBe(false);
      expect(sameSecret("s3cret-token", "s3cret")).toBe(false);
      expect(sameSecret("", "x")).toBe(false);
      expect(sameSecret(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
      const stored = await hashPassword("correct horse");
      expect(await verifyPassword("correct horse", stored)).toBe(true);
      expect(await verifyPassword("correct horsE", stored)).toBe(false);
      // a stored hash cut short never matches (and never throws)
      expect(await verifyPassword("correct horse", stored.slice(0, -4))).toBe(false);
    },
  );

  it("image headers: the declared width and height of PNG, GIF and JPEG", () => {
    const png = new Uint8Array(24);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    new DataView(png.buffer).setUint32(16, 30000);
    new DataView(png.buffer).setUint32(20, 30000);
    expect(imageSize(png, "png")).toEqual({ width: 30000, height: 30000 });
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x40, 0x01, 0xf0, 0x00]);
    expect(imageSize(gif, "gif")).toEqual({ width: 320, height: 240 });
    // every frame counts: a frame grows the canvas; a block that is no GIF block makes it unreadable
    const screen = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00];
    const frame = [0x2c, 0x00, 0x00, 0x00, 0x00, 0x20, 0x4e, 0x20, 0x4e, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00];
    expect(imageSize(new Uint8Array([...screen, ...frame, 0x3b]), "gif")).toEqual({ width: 20000, height: 20000 });
    expect(imageSize(new Uint8Array([...screen, 0x99, ...frame, 0x3b]), "gif")).toBeNull();
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20, 0x03,
    ]);
    expect(imageSize(jpeg, "jpg")).toEqual({ width: 800, height: 600 });
  });
});

describe("each finding of the probe replayed: a translated 4xx and an unchanged database", () => {
  const count = async (sql: string, ...binds: unknown[]) =>
    (await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ n: number }>())!.n;

  it("impossible and far dates on bookings, requests and quotes", async () => {
    const customer = await registerUser();
    const before = await count("SELECT count(*) AS n FROM bookings");
    for (const preferredDate of [
      "2026-13-45",
      "9999-12-31",
      "2099-02-30",
      addDays(iraqToday(new Date()), DATE_HORIZON_DAYS + 1),
    ]) {
      const res = await call("/api/bookings", {
        method: "POST",
        cookie: customer.cookie,
        json: {
          providerId: 2,
          serviceDescription: "The boiler leaks at night",
          customerLocation: "Karrada, street 62",
          customerPhone: "0770 123 4567",
          preferredDate,
          urgency: "normal",
        },
      });
      expect(res.status, preferredDate).toBe(400);
    }
    expect(await count("SELECT count(*) AS n FROM bookings")).toBe(before);

    const provider = await signIn("provider");
    const listing = (await env.DB.prepare(
      "SELECT p.category_id AS categoryId, p.city FROM service_providers p JOIN users u ON u.id = p.user_id " +
        "WHERE u.phone = '+9647700000003'",
    ).first<{ categoryId: number; city: string }>())!;
    const request = {
      categoryId: listing.categoryId,
      city: listing.city,
      title: "Split AC not cooling",
      description: "The split unit in the bedroom blows warm air.",
      urgency: "normal",
      location: "Karrada, street 62, house 14",
    };
    for (const deadline of ["2026-13-45", "2099-02-29"]) {
      const res = await call("/api/requests", {
        method: "POST",
        cookie: customer.cookie,
        json: { ...request, deadline },
      });
      expect(res.status, deadline).toBe(400);
    }
    const posted = await call("/api/requests", { method: "POST", cookie: customer.cookie, json: request });
    expect(posted.status).toBe(201);
    const { id } = (await posted.json()) as { id: number };
    for (const availableOn of ["2026-13-45", "9999-99-99", "2099-02-30"]) {
      const res = await call(`/api/requests/${id}/quotes`, {
        method: "POST",
        cookie: provider,
        json: { message: "I can come and fix it today.", price: "40,000", duration: "2 hours", availableOn },
      });
      expect(res.status, availableOn).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    expect(await count("SELECT count(*) AS n FROM provider_proposals WHERE service_request_id = ?", id)).toBe(0);
  });

  it("ids in other number forms are not ids: the chat API and the chat socket", async () => {
    const customer = await registerUser();
    for (const providerId of ["0x2", "2e0", "+2", "2.0", " 2"]) {
      const res = await call("/api/chat", {
        method: "POST",
        cookie: customer.cookie,
        json: { providerId, message: "hello there" },
      });
      expect(res.status, providerId).toBe(400);
    }
    expect(await count("SELECT count(*) AS n FROM conversations WHERE customer_id = ?", customer.id)).toBe(0);
    const sent = await call("/api/chat", {
      method: "POST",
      cookie: customer.cookie,
      json: { providerId: 2, message: "hello there" },
    });
    const { conversationId } = (await sent.json()) as { conversationId: number };
    const hex = `0x${conversationId.toString(16)}`;
    for (const raw of [hex, `${conversationId}e0`, `${conversationId}.0`]) {
      const res = await call(`/ws/chat/${raw}`, {
        headers: { Upgrade: "websocket", Origin: ORIGIN },
        cookie: customer.cookie,
      });
      expect(res.status, raw).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it("payment amounts in other number forms are refused, and nothing reaches revenue", async () => {
    const customer = await registerUser();
    const provider = await signIn("provider");
    const providerId = (await env.DB.prepare(
      "SELECT p.id FROM service_providers p JOIN users u ON u.id = p.user_id WHERE u.phone = '+9647700000003'",
    ).first<{ id: number }>())!.id;
    const booked = await call("/api/bookings", {
      method: "POST",
      cookie: customer.cookie,
      json: {
        providerId,
        serviceDescription: "The boiler leaks at night",
        customerLocation: "Karrada, street 62",
        customerPhone: "0770 123 4567",
        urgency: "normal",
      },
    });
    const { id } = (await booked.json()) as { id: number };
    expect((await call(`/api/bookings/${id}/accept`, { method: "POST", cookie: provider })).status).toBe(200);
    for (const amount of ["0x10", "1e3", "0b11", "2.5", "1,5"]) {
      const res = await call(`/api/bookings/${id}/complete`, { method: "POST", cookie: provider, json: { amount } });
      expect(res.status, amount).toBe(400);
    }
    expect(await count("SELECT count(*) AS n FROM payments WHERE booking_id = ?", id)).toBe(0);
    const done = await call(`/api/bookings/${id}/complete`, {
      method: "POST",
      cookie: provider,
      json: { amount: "٢٥٬٠٠٠" },
    });
    expect(done.status).toBe(200);
    expect(await env.DB.prepare("SELECT amount FROM payments WHERE booking_id = ?").bind(id).first()).toEqual({
      amount: 25000,
    });
  });

  it("a profile view counts once per visitor and day, and never the owner's own", async () => {
    const providerId = (await env.DB.prepare(
      "SELECT p.id FROM service_providers p JOIN users u ON u.id = p.user_id WHERE u.phone = '+9647700000003'",
    ).first<{ id: number }>())!.id;
    const views = () =>
      count("SELECT coalesce(sum(profile_views), 0) AS n FROM provider_analytics WHERE provider_id = ?", providerId);
    const start = await views();
    // the owner looking at their own listing, a hundred times over, is not a visitor
    const owner = await signIn("provider");
    for (let i = 0; i < 5; i++) expect((await call(`/provider/${providerId}`, { cookie: owner })).status).toBe(200);
    expect(await views()).toBe(start);
    // a signed-in visitor and an address count once each today, however often they reload
    const visitor = await registerUser();
    for (let i = 0; i < 5; i++)
      expect((await call(`/provider/${providerId}`, { cookie: visitor.cookie })).status).toBe(200);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        call(`/provider/${providerId}`, { headers: { "CF-Connecting-IP": "203.0.113.9" } }),
      ),
    );
    expect(await views()).toBe(start + 2);
  });

  it(
    "a listing's own people are not its visitors: the account whose phone is its phone or WhatsApp number counts " +
      "no view",
    async () => {
      const owner = await registerUser();
      const reader = await registerUser();
      // a listing the admin added (no account), whose phone is the owner's number
      const listing = await env.DB.prepare(
        "SELECT id FROM service_providers WHERE user_id IS NULL AND hidden_at IS NULL ORDER BY id LIMIT 1",
      ).first<{ id: number }>();
      const providerId = listing!.id;
      await env.DB.prepare("UPDATE service_providers SET phone = ?, whatsapp = NULL WHERE id = ?")
        .bind(owner.phone, providerId)
        .run();
      const views = () =>
        count("SELECT coalesce(sum(profile_views), 0) AS n FROM provider_analytics WHERE provider_id = ?", providerId);
      const start = await views();
      for (let i = 0; i < 3; i++)
        expect((await call(`/provider/${providerId}`, { cookie: owner.cookie })).status).toBe(200);
      expect(await views()).toBe(start);
      // the same through the listing's WhatsApp number
      await env.DB.prepare("UPDATE service_providers SET phone = ?, whatsapp = ? WHERE id = ?")
        .bind("+9647700000099", owner.phone, providerId)
        .run();
      for (let i = 0; i < 3; i++)
        expect((await call(`/provider/${providerId}`, { cookie: owner.cookie })).status).toBe(200);
      expect(await views()).toBe(start);
      // anyone else still counts, once
      for (let i = 0; i < 3; i++)
        expect((await call(`/provider/${providerId}`, { cookie: reader.cookie })).status).toBe(200);
      expect(await views()).toBe(start + 1);
    },
  );
});

describe("doors that read everything before refusing, and client mistakes that looked like faults", () => {
  const logged: string[] = [];
  const errors: string[] = [];
  let spies: { mockRestore(): void }[] = [];
  let apis: ReturnType<typeof fakeChannelApis>;
  beforeEach(() => {
    apis = fakeChannelApis();
    logged.length = 0;
    errors.length = 0;
    spies = [
      vi
        .spyOn(console, "error")
        .mockImplementation(
          (...a: unknown[]) =>
            void errors.push(a.map((x) => (x instanceof Error ? (x.stack ?? x.message) : String(x))).join(" ")),
        ),
      vi.spyOn(console, "warn").mockImplementation((...a: unknown[]) => void logged.push(a.map(String).join(" "))),
    ];
  });
  afterEach(() => {
    spies.forEach((s) => s.mockRestore());
    apis.restore();
  });

  it("a 100 KB WhatsApp body with a made-up signature is refused unread; JSON API bodies have a bound", async () => {
    const big = waForm("+9647501110099", { Body: "x".repeat(100 * 1024) });
    const res = await postWhatsApp(big, { signature: "made-up" });
    expect(res.status).toBe(413);
    const json = await call("/api/contact", {
      method: "POST",
      json: { name: "A", email: "a@b.iq", subject: "hi", message: "x".repeat(40 * 1024) },
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { message: string }).message).toMatch(/too large/);
  });

  it("Telegram with its valid secret but a body of '{' or 'null' is a 400, not a 500", async () => {
    for (const body of ["{", "null", "[]", '{"message":{}}']) {
      const res = await call("/webhooks/telegram", {
        method: "POST",
        body,
        headers: {
          "Content-Type": "application/json",
          "X-Telegram-Bot-Api-Secret-Token": env.TELEGRAM_WEBHOOK_SECRET!,
        },
      });
      expect(res.status, body).toBe(400);
    }
    expect((await postTelegram(tgMessage(tgUser(9_100_001), { text: "/start" }))).status).toBe(200);
  });

  it(
    "unknown /api paths answer JSON 404 in the reader's language; a POST to a page without an action is a 405 " +
      "logged as one line",
    async () => {
      for (const [method, lang] of [
        ["GET", "en"],
        ["POST", "ar"],
        ["DELETE", "ku"],
      ] as const) {
        const res = await call("/api/nope", { method, lang });
        expect(res.status).toBe(404);
        expect(res.headers.get("Content-Type")).toMatch(/json/);
        const { message } = (await res.json()) as { message: string };
        if (lang === "en") expect(message).toBe("Not found");
        else expect(message).toMatch(/[\u0600-\u06ff]/);
      }
      for (const path of ["/", "/search", "/messages", "/chat/1"]) {
        const res = await call(path, {
          method: "POST",
          headers: { Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
          body: "a=1",
        });
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
      expect(errors.filter((e) => /\n\s+at /.test(e))).toEqual([]);
    },
  );

  it("an uploaded PNG that declares 30000×30000 pixels is refused before it is stored", async () => {
    const user = await registerUser();
    const png = new Uint8Array(64);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 30000);
    new DataView(png.buffer).setUint32(20, 30000);
    const form = new FormData();
    form.set("image", new File([png], "huge.png", { type: "image/png" }));
    const res = await call("/api/upload", { method: "POST", cookie: user.cookie, body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/40 megapixels/);
  });

  it("/ws closes a socket that sends a frame over 8 KB, and one that floods", async () => {
    const user = await registerUser();
    const open = async () => {
      const res = await call("/ws", { headers: { Upgrade: "websocket", Origin: ORIGIN }, cookie: user.cookie });
      const ws = res.webSocket!;
      ws.accept();
      const state = { code: 0 };
      ws.addEventListener("close", (e) => (state.code = e.code));
      return { ws, state };
    };
    const big = await open();
    big.ws.send("x".repeat(9 * 1024));
    await expect.poll(() => big.state.code).toBe(1009);
    const flood = await open();
    for (let i = 0; i < 40; i++) {
      try {
        flood.ws.send('{"type":"join"}');
      } catch {
        break;
      }
    }
    await expect.poll(() => flood.state.code).toBe(1008);
  });

  it(
    "the bad-input property over the webhooks and socket " + "frames: never a 5xx, never a stack trace in the log",
    async () => {
      const user = await registerUser();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.string({ maxLength: 200 }),
            fc.json(),
            fc.constantFrom("{", "null", "[]", "\u0000", '{"update_id":"1"}', '{"update_id":1,"message":null}'),
          ),
          fc.dictionary(
            fc.constantFrom("Body", "From", "MessageSid", "Latitude", "Longitude", "ButtonPayload", "NumMedia"),
            fc.string({ maxLength: 40 }),
          ),
          async (telegramBody, twilioFields) => {
            const tg = await call("/webhooks/telegram", {
              method: "POST",
              body: telegramBody,
              headers: {
                "Content-Type": "application/json",
                "X-Telegram-Bot-Api-Secret-Token": env.TELEGRAM_WEBHOOK_SECRET!,
              },
            });
            expect(tg.status, telegramBody).toBeLessThan(500);
            const wa = await postWhatsApp(waForm("+9647501110077", twilioFields));
            expect(wa.status, JSON.stringify(twilioFields)).toBeLessThan(500);
          },
        ),
        { numRuns: 60 },
      );
      const res = await call("/ws", { headers: { Upgrade: "websocket", Origin: ORIGIN }, cookie: user.cookie });
      const ws = res.webSocket!;
      ws.accept();
      for (const frame of fc.sample(fc.oneof(fc.string({ maxLength: 100 }), fc.json()), 20)) ws.send(frame);
      ws.close(1000, "done");
      expect(errors.filter((e) => /\n\s+at /.test(e))).toEqual([]);
    },
  );
});
