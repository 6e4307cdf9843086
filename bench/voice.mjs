// npm run bench:voice — voice notes on the web (issue #29), in Debian's chromium with its fake microphone:
//  1. the chat page's first-load JavaScript (gzip -9) before the first microphone tap, and what the tap adds
//     (the recorder and the Ogg muxer), as a ratio of the page's own first load;
//  2. the time from releasing the microphone to the note being playable on the other side (the provider's page
//     shows it and its audio element can play), against a typed message sent the same way in the same run
//     (Enter to the text on the other side): median of N rounds, the ratio, and the 1-minute load average beside
//     each figure (2 shared cores: a busy machine shows in it).
//   npm run bench:voice [-- --rounds 5 --base http://127.0.0.1:8787]
import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { firstLoad } from "./js.mjs";
import { flag, median, withDemoApp } from "./lib.mjs";
import { speechWav } from "./wav.mjs";

const load = () => loadavg()[0].toFixed(2);


async function signedIn(browser, base, phone, password) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 800 }, serviceWorkers: "block", permissions: ["microphone"] });
  await context.addCookies([{ name: "language", value: "ar", url: base }]);
  const res = await context.request.post("/api/auth/login", { data: { phone, password }, headers: { Origin: base } });
  if (!res.ok()) throw new Error(`sign-in failed for ${phone}: ${res.status()}`);
  return context;
}

const hydrated = (page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

export async function voiceBench({ base, rounds = 5 }) {
  const dir = mkdtempSync(join(tmpdir(), "dalil-voice-bench-"));
  const wav = join(dir, "speech.wav");
  writeFileSync(wav, speechWav(4));
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-audio-capture=${wav}`],
  });
  const rows = [];
  try {
    const listing = (await (await fetch(`${base}/api/providers?search=${encodeURIComponent("Ali Provider")}`)).json()).items[0].id;
    const customer = await signedIn(browser, base, "07700000002", "dalil-customer-demo");
    const provider = await signedIn(browser, base, "07700000003", "dalil-provider-demo");

    // 1. first-load JS of the chat page, then what the first microphone tap fetches
    const before = await firstLoad(customer, `/chat/${listing}`);
    rows.push({ figure: "chat page first-load JS, before the microphone (KB gzip -9)", value: before.kb.toFixed(1), ratio: "1.00", load: load() });
    const page = await customer.newPage();
    await page.goto(`/chat/${listing}`);
    await hydrated(page);
    await page.getByTestId("chat-input").fill("مرحبا");
    await page.getByTestId("chat-input").press("Enter");
    await page.locator("[data-testid=chat-message][data-status=sent]").first().waitFor();
    const tapScripts = [];
    page.on("response", (res) => res.request().resourceType() === "script" && tapScripts.push(res.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0)));
    await page.getByTestId("chat-mic").click();
    await page.getByTestId("voice-cancel").waitFor();
    await page.getByTestId("voice-cancel").click();
    const added = (await Promise.all(tapScripts)).reduce((a, n) => a + n, 0) / 1024;
    rows.push({ figure: "JS the first microphone tap adds: recorder + Ogg muxer (KB gzip -9)", value: added.toFixed(1), ratio: (added / before.kb).toFixed(2), load: load() });

    // 2. release → playable on the other side, against a typed message
    const conversation = await page.getByTestId("chat").getAttribute("data-conversation-id");
    const other = await provider.newPage();
    await other.goto(`/messages/${conversation}`);
    await hydrated(other);
    await other.waitForFunction(() => document.querySelector("[data-testid=chat]")?.getAttribute("data-online") === "yes");
    await page.waitForFunction(() => document.querySelector("[data-testid=chat]")?.getAttribute("data-online") === "yes");
    // the provider's page notes when a new message shows, and for a voice note when its audio can play
    await other.evaluate(() => {
      const w = window;
      w.__seen = [];
      const known = new Set([...document.querySelectorAll("[data-testid=chat-message]")]);
      new MutationObserver(() => {
        for (const li of document.querySelectorAll("[data-testid=chat-message]")) {
          if (known.has(li)) continue;
          known.add(li);
          const entry = { at: Date.now(), text: li.innerText, shown: null, playable: null };
          w.__seen.push(entry);
          // a voice message's player arrives in its own chunk the first time: wait for it (up to 10 s), then load
          // the same address its play button fetches (participants only, by range) until it can play
          const until = Date.now() + 10_000;
          const look = () => {
            if (!li.querySelector("[data-testid=chat-voice]")) return Date.now() < until && setTimeout(look, 10);
            entry.shown = Date.now();
            fetch(`/api/conversations/${li.closest("[data-testid=chat]").dataset.conversationId}/messages?after=0`)
              .then((r) => r.json())
              .then(({ messages }) => {
                const a = new Audio(messages.filter((m) => m.audioUrl).at(-1).audioUrl);
                a.preload = "auto";
                a.addEventListener("canplay", () => (entry.playable = Date.now()), { once: true });
              });
          };
          look();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const box = await page.getByTestId("chat-mic").boundingBox();
    const text = [];
    const voice = [];
    const shown = [];
    for (let r = 0; r < rounds; r++) {
      // a typed message: Enter → shown on the other side
      const words = `round ${r} ${Date.now()}`;
      await page.getByTestId("chat-input").fill(words);
      let t0 = Date.now();
      await page.getByTestId("chat-input").press("Enter");
      await other.waitForFunction((w) => window.__seen.some((e) => e.text.includes(w)), words, { timeout: 20_000 });
      text.push((await other.evaluate((w) => window.__seen.find((e) => e.text.includes(w)).at, words)) - t0);
      // a voice note: hold 2 s, release → playable on the other side
      const seen = await other.evaluate(() => window.__seen.length);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.getByTestId("voice-timer").waitFor();
      await page.waitForTimeout(2000);
      t0 = Date.now();
      await page.mouse.up();
      await other.waitForFunction((n) => window.__seen.length > n && window.__seen[n].playable, seen, { timeout: 30_000 });
      const got = await other.evaluate((n) => window.__seen[n], seen);
      voice.push(got.playable - t0);
      shown.push(got.shown - t0);
    }
    const t = median(text);
    const v = median(voice);
    rows.push({ figure: `typed message: Enter → shown on the other side (ms, median of ${rounds})`, value: String(Math.round(t)), ratio: "1.00", load: load() });
    rows.push({ figure: `voice note: release → its player shown on the other side (ms, median of ${rounds})`, value: String(Math.round(median(shown))), ratio: (median(shown) / t).toFixed(2), load: load() });
    rows.push({ figure: `voice note: release → playable on the other side (ms, median of ${rounds})`, value: String(Math.round(v)), ratio: (v / t).toFixed(2), load: load() });
  } finally {
    await browser.close();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await withDemoApp(async (base) => {
    console.table(await voiceBench({ base, rounds: Number(flag("rounds", "5")) }));
  });
}
