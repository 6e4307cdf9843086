import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../http";
import { tinyPng } from "../images";
import { signIn } from "../sessions";

let cookie: string;
beforeAll(async () => {
  cookie = await signIn("customer");
});

function upload(
  bytes: Uint8Array,
  filename: string,
  type: string,
  opts: { cookie?: string; lang?: string } = { cookie: undefined },
) {
  const form = new FormData();
  form.set("image", new File([bytes as unknown as BlobPart], filename, { type }));
  return call("/api/upload", { method: "POST", body: form, cookie: opts.cookie, lang: opts.lang });
}

/**
 * A GIF89a with a global colour table of two colours and, per frame, a graphic control extension, an image
 * descriptor and one data sub-block (the pixels of a 1×1 image: the decoder's business, not the size check's).
 */
function gif(
  screen: { width: number; height: number },
  frames: { width: number; height: number; left?: number; top?: number }[],
): Uint8Array {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const bytes = [
    ...new TextEncoder().encode("GIF89a"),
    ...u16(screen.width),
    ...u16(screen.height),
    0x80,
    0,
    0,
    0,
    0,
    0,
    0xff,
    0xff,
    0xff,
  ];
  for (const f of frames) {
    bytes.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0);
    bytes.push(0x2c, ...u16(f.left ?? 0), ...u16(f.top ?? 0), ...u16(f.width), ...u16(f.height), 0);
    bytes.push(2, 2, 0x44, 0x01, 0);
  }
  bytes.push(0x3b);
  return new Uint8Array(bytes);
}

async function storedKeys() {
  return (await env.IMAGES.list()).objects.map((o) => o.key);
}

describe("uploads", () => {
  it("anonymous → 401", async () => {
    const res = await upload(tinyPng(), "a.png", "image/png");
    expect(res.status).toBe(401);
  });

  it("a PNG is stored under a random key and served back as image/png with nosniff and a year of caching", async () => {
    const res = await upload(tinyPng(), "photo.png", "image/png", { cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { imageUrl: string; url: string };
    expect(body.imageUrl).toBe(body.url);
    expect(body.url).toMatch(/^\/images\/img\/[A-Za-z0-9_-]+\.png$/);
    expect(await storedKeys()).toContain(body.url.slice("/images/".length));

    const img = await call(body.url);
    expect(img.status).toBe(200);
    expect(img.headers.get("Content-Type")).toBe("image/png");
    expect(img.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(img.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(tinyPng());
  });

  it("the type comes from the bytes: a JPEG sent as image/png is stored as image/jpeg", async () => {
    // SOI, a JFIF APP0 segment, and a start-of-frame declaring 16×16 pixels (the size is checked)
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, 0, 17, 8, 0, 16, 0, 16,
      3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ]);
    const res = await upload(jpeg, "looks-like.png", "image/png", { cookie });
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/\.jpg$/);
    expect((await call(url)).headers.get("Content-Type")).toBe("image/jpeg");
  });

  it.each([
    [
      "a text file renamed .png",
      new TextEncoder().encode("hello, I am not an image"),
      "evil.png",
      "image/png",
      "Only JPEG, PNG, WebP or GIF images can be uploaded",
    ],
    [
      "an SVG",
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "logo.svg",
      "image/svg+xml",
      "Only JPEG, PNG, WebP or GIF images can be uploaded",
    ],
    [
      "6 MB",
      (() => {
        const b = new Uint8Array(6 * 1024 * 1024);
        b.set(tinyPng());
        return b;
      })(),
      "big.png",
      "image/png",
      "The image is too large. The maximum is 5 MB.",
    ],
    ["an empty file", new Uint8Array(0), "empty.png", "image/png", "Please choose an image"],
  ])("%s → 400 with a message and nothing stored", async (_name, bytes, filename, type, message) => {
    const before = await storedKeys();
    const res = await upload(bytes, filename, type, { cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
    expect(await storedKeys()).toEqual(before);
  });

  it(
    "a GIF whose screen is 1×1 but whose frame is 20000×20000 is refused, in the reader's language, and nothing " +
      "is stored",
    async () => {
      const before = await storedKeys();
      // the probe's file: a 1×1 logical screen, then a first frame of 20000×20000
      const huge = await upload(
        gif({ width: 1, height: 1 }, [{ width: 20000, height: 20000 }]),
        "dot.gif",
        "image/gif",
        {
          cookie,
          lang: "en",
        },
      );
      expect(huge.status).toBe(400);
      expect(await huge.json()).toMatchObject({
        message: "This image is too large: at most 40 megapixels (for example 8000 × 5000).",
      });
      // a small first frame and a huge later one, behind an extension block
      const later = await upload(
        gif({ width: 2, height: 2 }, [
          { width: 2, height: 2 },
          { width: 9000, height: 9000 },
        ]),
        "anim.gif",
        "image/gif",
        { cookie, lang: "ar" },
      );
      expect(later.status).toBe(400);
      expect(await later.json()).toMatchObject({
        message: "هذه الصورة كبيرة جداً: الحد الأقصى ٤٠ ميغابكسل (مثلاً ٨٠٠٠ × ٥٠٠٠).",
      });
      // a small frame placed far outside a small screen grows the canvas just the same
      const offset = await upload(
        gif({ width: 1, height: 1 }, [{ width: 1, height: 1, left: 65000, top: 65000 }]),
        "far.gif",
        "image/gif",
        { cookie, lang: "en" },
      );
      expect(offset.status).toBe(400);
      expect(await storedKeys()).toEqual(before);
      // an ordinary animation of two small frames is stored
      const ok = await upload(
        gif({ width: 320, height: 240 }, [
          { width: 320, height: 240 },
          { width: 100, height: 50, left: 10, top: 10 },
        ]),
        "ok.gif",
        "image/gif",
        { cookie, lang: "en" },
      );
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { url: string }).url).toMatch(/\.gif$/);
    },
  );

  it("the refusal is translated", async () => {
    // (the customer now reads Kurdish: the language a person uses becomes the account's)
    const res = await upload(new TextEncoder().encode("text"), "x.png", "image/png", { cookie, lang: "ku" });
    expect(await res.json()).toMatchObject({ message: "تەنها وێنەی JPEG، PNG، WebP یان GIF باردەکرێن" });
  });

  it("a body whose Content-Length is far over 5 MB is refused before it is read", async () => {
    const res = await call("/api/upload", {
      method: "POST",
      cookie,
      lang: "en",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * 1024 * 1024) },
      body: "--x--",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "The image is too large. The maximum is 5 MB." });
  });

  it("a 90 MB chunked upload with no Content-Length is refused after reading just over 5 MB", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(65);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 90 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await call("/api/upload", {
      method: "POST",
      cookie,
      lang: "en",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "The image is too large. The maximum is 5 MB." });
    // stopped at 5 MB (+ multipart room) plus a chunk or two in flight, never the 90 MB
    expect(pulled).toBeLessThan(8 * 1024 * 1024);
  });

  it(
    "under npm start (APP_ENV development) a refused upload is read to its end and dropped before the same " +
      "answer, for wrangler dev's proxy",
    async () => {
      const dev = { ...env, APP_ENV: "development" };
      const total = 12 * 1024 * 1024;
      let pulled = 0;
      const chunk = new Uint8Array(1024 * 1024).fill(65);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= total) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const res = await call("/api/upload", {
        method: "POST",
        cookie,
        lang: "en",
        env: dev,
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: "The image is too large. The maximum is 5 MB." });
      // all of it was read (and none of it kept), so the local proxy can hand our answer back
      expect(pulled).toBe(total);
      // a signed-out upload is answered before its body is touched: the rest is read all the same
      let anonymous = 0;
      const again = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (anonymous >= total) return controller.close();
          anonymous += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const signedOut = await call("/api/upload", {
        method: "POST",
        lang: "en",
        env: dev,
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        body: again,
      });
      expect(signedOut.status).toBe(401);
      expect(anonymous).toBe(total);
    },
  );

  it("unknown and malformed image keys are 404", async () => {
    expect((await call("/images/img/doesnotexist123.png")).status).toBe(404);
    expect((await call("/images/../secret")).status).toBe(404);
    expect((await call("/images/other/abcdefghij.png")).status).toBe(404);
  });
});
