import { describe, expect, it } from "vitest";
import { BOOT_LINKS_ID, BOOT_MODULE_ID, paintFirst, paintFirstStream } from "./paintFirst";

// Remix's <Scripts> block as the server writes it (links, context script, module script), around a page.
const HEAD =
  '<!DOCTYPE html><html lang="ar"><head><title>دليل — ابحث</title></head><body><main>مرحبا بكم 👋</main><script ' +
  'nonce="N1">scroll()</script>';
const LINKS =
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/react-B.js"/>';
const CONTEXT = '<script nonce="N1">window.__remixContext = {"a":"</b>"};</script>';
const MODULE =
  '<script nonce="N1" type="module" async="">import * as route0 from ' +
  '"/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>';
const TAIL =
  "</body></html><!--$--><script " +
  'nonce="N1">window.__remixContext.streamController.enqueue("[\\"كهربائي\\"]");</script><!--/$-->';
const PAGE = HEAD + LINKS + CONTEXT + MODULE + TAIL;

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new TextDecoder().decode(await new Response(stream).arrayBuffer());
}

/** The page's bytes cut into the given chunks, as a stream. */
function chunked(bytes: Uint8Array, cuts: number[]) {
  const edges = [0, ...cuts, bytes.length];
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i + 1 < edges.length; i++) c.enqueue(bytes.slice(edges[i], edges[i + 1]));
      c.close();
    },
  });
}

describe("paint first (ADR 020)", () => {
  it("puts the modulepreload links and the module script into inert templates, in place, and adds the loader", () => {
    const out = paintFirst(PAGE, "N1")!;
    expect(out).toBe(
      HEAD +
        `<template id="${BOOT_LINKS_ID}">${LINKS}</template>` +
        CONTEXT +
        `<template id="${BOOT_MODULE_ID}">${MODULE}</template>` +
        out.slice(out.indexOf('<script nonce="N1">(function(){'), out.indexOf("</body>")) +
        TAIL,
    );
    // the loader is one inline script with the response's nonce, waiting for the first contentful paint
    const loader = out.slice(out.indexOf('<script nonce="N1">(function(){'), out.indexOf("</body>"));
    expect(loader).toMatch(/^<script nonce="N1">\(function\(\)\{.*first-contentful-paint.*\}\)\(\);<\/script>$/s);
    // nothing outside the templates fetches or runs a chunk before the paint
    const outside = out.replace(/<template[\s\S]*?<\/template>/g, "");
    expect(outside).not.toContain("modulepreload");
    expect(outside).not.toContain('type="module"');
  });

  it("leaves a page without Remix's script block (or with an unexpected one) as it is", () => {
    expect(paintFirst(HEAD + TAIL, "N1")).toBeNull();
    expect(paintFirst(HEAD + LINKS + "<p>odd</p>" + CONTEXT + MODULE + TAIL, "N1")).toBeNull();
    expect(paintFirst(HEAD + LINKS + CONTEXT + "<p>odd</p>" + MODULE + TAIL, "N1")).toBeNull();
  });

  it("gives the same page whatever the chunks the server streams it in (even mid-character)", async () => {
    const bytes = new TextEncoder().encode(PAGE);
    const expected = paintFirst(PAGE, "N1");
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await readAll(paintFirstStream(chunked(bytes, [cut]), "N1"))).toBe(expected);
    }
    const many = Array.from({ length: Math.floor(bytes.length / 3) }, (_, i) => (i + 1) * 3);
    expect(await readAll(paintFirstStream(chunked(bytes, many), "N1"))).toBe(expected);
    // a character cut right where the rewrite ends is passed on whole
    const emoji = HEAD + LINKS + CONTEXT + MODULE + "👋ك" + TAIL;
    const emojiBytes = new TextEncoder().encode(emoji);
    const at = new TextEncoder().encode(HEAD + LINKS + CONTEXT + MODULE).length;
    for (let cut = at - 2; cut <= at + 6; cut++) {
      expect(await readAll(paintFirstStream(chunked(emojiBytes, [cut, cut + 1]), "N1"))).toBe(paintFirst(emoji, "N1"));
    }
    // a page it does not recognise comes through byte for byte
    const other = new TextEncoder().encode(HEAD + TAIL);
    expect(await readAll(paintFirstStream(chunked(other, [5, 40, 41, 42]), "N1"))).toBe(HEAD + TAIL);
  });
});
