import { describe, expect, it } from "vitest";
import { call } from "../http";

// The public pages as the Worker serves them: their JavaScript waits for the first paint (ADR 020).

const nonceOf = (res: Response) => res.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1];
const outsideTemplates = (html: string) => html.replace(/<template id="dalil-boot-[a-z]+">[\s\S]*?<\/template>/g, "");

describe("pages paint before their JavaScript loads", () => {
  for (const path of ["/", "/search?search=electrician", "/provider/2", "/login"]) {
    it(`${path}: chunks only inside the boot templates, a loader with this response's nonce`, async () => {
      for (const lang of ["en", "ar"]) {
        const res = await call(path, { lang });
        expect(res.status).toBe(200);
        const html = await res.text();
        const nonce = nonceOf(res);
        expect(nonce).toBeTruthy();
        expect(html).toContain('<template id="dalil-boot-links"><link rel="modulepreload"');
        expect(html).toMatch(/<template id="dalil-boot-module"><script nonce="[^"]+" type="module" async="">/);
        const outside = outsideTemplates(html);
        expect(outside).not.toContain("modulepreload");
        expect(outside).not.toContain('type="module"');
        expect(outside).toContain(`<script nonce="${nonce}">(function(){`);
        // the hydration data still runs as the page parses
        expect(outside).toContain("window.__remixContext = ");
      }
    });
  }

  it("an edge-cache hit of / carries the same boot with the hit's fresh nonce", async () => {
    await call("/");
    const hit = await call("/");
    expect(hit.headers.get("X-Dalil-Cache")).toBe("hit");
    const html = await hit.text();
    const nonce = nonceOf(hit)!;
    expect(outsideTemplates(html)).toContain(`<script nonce="${nonce}">(function(){`);
    expect(html).toContain(`<template id="dalil-boot-module"><script nonce="${nonce}" type="module"`);
  });
});
