// Renders the app icons (web/public/icons/*.png) from the logo with Debian's chromium:
//   node scripts/icons.mjs
// The PNGs are committed; run this again only when the logo changes.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { ROOT } from "./lib.mjs";

const MARK =
  `<path d="M16 6a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 ` +
  `0 5Z" fill="#f5b43c"/>`;
// "any" icons keep the rounded tile; the maskable one fills the square and keeps the mark inside the 80% safe zone
const ICONS = [
  {
    file: "icon-192.png",
    size: 192,
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" ` +
      `fill="#17663d"/>${MARK}</svg>`,
  },
  {
    file: "icon-512.png",
    size: 512,
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" ` +
      `fill="#17663d"/>${MARK}</svg>`,
  },
  {
    file: "maskable-512.png",
    size: 512,
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" ` +
      `fill="#17663d"/><g transform="translate(16 16) scale(0.72) translate(-16 -16)">${MARK}</g></svg>`,
  },
  {
    file: "apple-touch-icon.png",
    size: 180,
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" ` +
      `fill="#17663d"/><g transform="translate(16 16) scale(0.8) translate(-16 -16)">${MARK}</g></svg>`,
  },
];

const out = join(ROOT, "web", "public", "icons");
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
for (const icon of ICONS) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
  const svg = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.screenshot({ path: join(out, icon.file), omitBackground: true });
  await page.close();
  console.log(`${icon.file} (${icon.size}px)`);
}
await browser.close();
