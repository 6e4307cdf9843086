// `npm start` (wrangler dev and its local proxy) answers a body over its bound with the same translated error as a
// deployed Worker, not the proxy's 503 "Your worker restarted mid-request" (workers/devBodies.ts). Plain HTTP against
// the suite's `wrangler dev`, as curl would send it; no browser needed.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/build";
import { server } from "./browser";

const base = () => server().baseURL;
let cookie = "";

beforeAll(async () => {
  const { phone, password } = DEMO_ACCOUNTS.customer;
  const res = await fetch(`${base()}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base() },
    body: JSON.stringify({ phone, password }),
  });
  expect(res.status).toBe(200);
  cookie = (res.headers.get("Set-Cookie") ?? "").match(/dalil_session=[^;]+/)![0];
});

/** A multipart body with one 6 MB "image" part, as a browser or curl -F sends it. */
function sixMegabyteForm(): { body: Uint8Array; type: string } {
  const boundary = "----dalil-dev-server-test";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: ` +
      `image/png\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const image = new Uint8Array(6 * 1024 * 1024).fill(0x41);
  image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const body = new Uint8Array(head.length + image.length + tail.length);
  body.set(head);
  body.set(image, head.length);
  body.set(tail, head.length + image.length);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** The same bytes without a Content-Length: sent in chunks, as a stream. */
function chunked(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 256 * 1024));
      at += 256 * 1024;
    },
  });
}

const upload = (body: Uint8Array | ReadableStream<Uint8Array>, type: string, headers: Record<string, string>) =>
  fetch(`${base()}/api/upload`, {
    method: "POST",
    headers: { "Content-Type": type, Origin: base(), ...headers },
    body: body as BodyInit,
    duplex: "half",
  } as RequestInit);

describe("the dev server answers a body over its bound as a deployed Worker does", () => {
  it(
    "a 6 MB upload, declared or chunked, gets the translated 'too large' answer, in English and Arabic, every " +
      "time",
    async () => {
      const { body, type } = sixMegabyteForm();
      const seen: string[] = [];
      for (const [lang, message] of [
        ["en", "The image is too large. The maximum is 5 MB."],
        ["ar", "الصورة كبيرة جدًا. الحد الأقصى ٥ ميغابايت."],
      ] as const) {
        for (const declared of [true, false, true]) {
          const res = await upload(declared ? body : chunked(body), type, { Cookie: `${cookie}; language=${lang}` });
          seen.push(`${lang} ${declared ? "declared" : "chunked"}: ${res.status}`);
          expect(res.status, seen.join(", ")).toBe(400);
          expect(await res.json()).toMatchObject({ code: "VALIDATION", message });
        }
      }
    },
  );

  it("a request answered before its body is read (signed out) gets its own answer, not the proxy's 503", async () => {
    const { body, type } = sixMegabyteForm();
    for (let i = 0; i < 3; i++) {
      const res = await upload(i === 1 ? chunked(body) : body, type, { Cookie: "language=ar" });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: "UNAUTHENTICATED", message: "يرجى تسجيل الدخول أولاً" });
    }
  });

  it("a 6 MB Twilio form is a 413 before it is signed, and a small upload still works", async () => {
    for (let i = 0; i < 3; i++) {
      const big = await fetch(`${base()}/webhooks/whatsapp`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": "x" },
        body: "a".repeat(6 * 1024 * 1024),
      });
      expect(big.status).toBe(413);
    }
    const png = Uint8Array.from(
      atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
      (c) => c.charCodeAt(0),
    );
    const form = new FormData();
    form.set("image", new Blob([png], { type: "image/png" }), "dot.png");
    const ok = await fetch(`${base()}/api/upload`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: base() },
      body: form,
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { url: string }).url).toMatch(/^\/images\/img\/.+\.png$/);
  });
});
