/**
 * Computes the size-adjusted fallback faces in web/fonts.css (ADR 018). Run once when the font or the
 * fallbacks change, and copy the printed numbers into the CSS:
 *
 *   npm install --no-save fontkit@2.0.4
 *   node scripts/font-metrics.mjs /path/to/Arial-or-LiberationSans.ttf:latin \
 *     /path/to/NotoSansArabic-Regular.ttf:arabic ...
 *
 * size-adjust: the advance width of all of our catalogs' text in Vazirmatn over the same text in the local
 * font (Latin letters of the en catalog for `:latin`, Arabic letters of ar + ku for `:arabic`, shaped).
 * ascent/descent/line-gap-override: Vazirmatn's hhea metrics over its units per em, divided by size-adjust.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const fontkit = require("fontkit");
const ROOT = new URL("..", import.meta.url).pathname;
const FILES = join(ROOT, "node_modules/@fontsource/vazirmatn/files");

const flat = (o) => (typeof o === "string" ? [o] : Object.values(o).flatMap(flat));
const catalogText = (lang) => {
  const dir = join(ROOT, "i18n/locales", lang);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => flat(JSON.parse(readFileSync(join(dir, f), "utf8"))))
    .join(" ")
    .replace(/\{\{.*?\}\}/g, "");
};
const TEXT = {
  latin: catalogText("en").replace(/[^\u0020-\u007E]/g, ""),
  arabic: `${catalogText("ar")} ${catalogText("ku")}`
    .replace(/[^\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF ]/g, "")
    .replace(/ +/g, " "),
};

function width(font, text) {
  let w = 0;
  for (let i = 0; i < text.length; i += 2000) w += font.layout(text.slice(i, i + 2000)).advanceWidth;
  return w / font.unitsPerEm;
}

const pct = (x) => `${(x * 100).toFixed(2)}%`;
for (const arg of process.argv.slice(2)) {
  const [path, script = "latin"] = arg.split(/:(?=latin$|arabic$)/);
  const vazirmatn = fontkit.openSync(join(FILES, `vazirmatn-${script}-400-normal.woff2`));
  const local = fontkit.openSync(path);
  const size = width(vazirmatn, TEXT[script]) / width(local, TEXT[script]);
  const { ascent, descent, lineGap } = vazirmatn.hhea;
  const em = vazirmatn.unitsPerEm;
  console.log(
    `${local.familyName} (${script}): size-adjust: ${pct(size)}; ascent-override: ${pct(ascent / em / size)}; ` +
      `descent-override: ${pct(Math.abs(descent) / em / size)}; line-gap-override: ${pct(lineGap / em / size)};`,
  );
}
