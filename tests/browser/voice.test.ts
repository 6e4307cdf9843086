// Voice notes on the web: Chromium's fake microphone plays a WAV made here; an Arabic customer records and sends, the
// provider (Arabic too) hears it on the other side.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { normalizeDigits } from "../../domain/text/normalize";
import { hydrated, server, signedInAt, useBrowser, verifyPhoneOf } from "./browser";
// @ts-ignore — plain ESM, shared with bench/voice.mjs
import { speechWav } from "../../bench/wav.mjs";

const baseURL = server().baseURL;
// Chromium's fake microphone plays a WAV written when the browser starts
const b = useBrowser({
  args: () => {
    const wav = join(mkdtempSync(join(tmpdir(), "dalil-voice-")), "speech.wav");
    writeFileSync(wav, speechWav(4));
    return [
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-audio-capture=${wav}`,
      "--autoplay-policy=no-user-gesture-required",
    ];
  },
});

const phone = async (lang: "en" | "ar" | "ku"): Promise<Page> =>
  (await b.phone({ lang, permissions: ["microphone"] })).page;

/** Holds the microphone for `ms` with a mouse (pointer events), optionally sliding `dx` px on the way. */
async function hold(page: Page, ms: number, dx = 0) {
  const box = (await page.getByTestId("chat-mic").boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.getByTestId("voice-timer").waitFor();
  if (dx) {
    for (let i = 1; i <= 6; i++) await page.mouse.move(x + (dx * i) / 6, y);
  }
  await page.waitForTimeout(ms);
  await page.mouse.up();
}

/** The voice message's "elapsed / total" in Western digits. */
const clock = async (page: Page, message: ReturnType<Page["getByTestId"]>) =>
  normalizeDigits(await message.getByTestId("chat-voice-time").innerText());

describe("voice notes in the web chat", () => {
  it(
    "in Arabic: hold to record and release to send, slide toward the start to cancel, tap for hands-free with " +
      "a preview; the provider plays it at 2×",
    { timeout: 120_000 },
    async () => {
      // a fresh customer with a proven phone, writing to the demo provider's listing
      const page = await phone("ar");
      const localPhone = `0751${String(Date.now()).slice(-7)}`;
      const password = "basra-palm-2026";
      const reg = await page.request.post("/api/auth/register", {
        data: { name: "Noor Voice", phone: localPhone, password, confirmPassword: password, userType: "customer" },
        headers: { Origin: baseURL },
      });
      expect(reg.status()).toBe(201);
      // registering signed this browser in
      await page.goto("/");
      await verifyPhoneOf(page, localPhone);
      const listing = (
        (await (await fetch(`${baseURL}/api/providers?search=${encodeURIComponent("Ali Provider")}`)).json()) as {
          items: { id: number }[];
        }
      ).items[0]!.id;

      // the chat page loads no recorder: it comes with the first tap on the microphone
      const scripts: string[] = [];
      page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
      await page.goto(`/chat/${listing}`);
      await hydrated(page);
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      expect(scripts.some((s) => /recorder/.test(s))).toBe(false);
      // a first text message makes the conversation
      await page.getByTestId("chat-input").fill("مرحبا، عندي سؤال");
      await page.getByTestId("chat-input").press("Enter");
      await page
        .getByTestId("chat-message")
        .filter({ hasText: "مرحبا" })
        .and(page.locator("[data-status=sent]"))
        .waitFor();

      // the first tap keeps the sound from the press: 2.5 s held from the press, not from the recording bar showing,
      // while the recorder's code loads; the note the server read is as long, within 0.35 s (it lost ~0.5 s here, and
      // 1.6 s on a phone, while the code loaded). The browser's own first microphone open (about a second, once per
      // browser) is done beforehand, so this measures the page, not Chromium's start.
      await page.evaluate(async () =>
        (await navigator.mediaDevices.getUserMedia({ audio: true })).getTracks().forEach((t) => t.stop()),
      );
      const box = (await page.getByTestId("chat-mic").boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const upload = page.waitForResponse((r) => r.url().includes("/api/upload") && r.request().method() === "POST");
      const pressed = Date.now();
      await page.mouse.down();
      await page.waitForTimeout(2500);
      await page.mouse.up();
      const held = Date.now() - pressed;
      const { durationMs } = (await (await upload).json()) as { durationMs: number };
      expect(durationMs).toBeGreaterThan(held - 350);
      expect(scripts.some((s) => /recorder/.test(s))).toBe(true);
      const voices = page.getByTestId("chat-message").filter({ has: page.getByTestId("chat-voice") });
      await expect.poll(() => voices.and(page.locator("[data-status=sent]")).count(), { timeout: 20_000 }).toBe(1);
      const first = voices.first();
      await first.locator("[data-testid=chat-voice][data-ready=yes]").waitFor();
      // its total in Arabic-Indic digits, about the time held
      const shown = await first.getByTestId("chat-voice-time").innerText();
      expect(shown).toMatch(/^[٠-٩]:[٠-٩]{2} \/ [٠-٩]:[٠-٩]{2}$/);
      const total = Number(normalizeDigits(shown).split(" / ")[1]!.split(":")[1]);
      expect(total).toBeGreaterThanOrEqual(2);
      expect(total).toBeLessThanOrEqual(4);
      // the waveform has its bars, and not all of one height
      const heights = await first
        .getByTestId("chat-voice-wave")
        .locator("span")
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).style.height));
      expect(heights).toHaveLength(64);
      expect(new Set(heights).size).toBeGreaterThan(3);

      // it plays here: the elapsed time moves
      await first.getByTestId("chat-voice-play").click();
      await expect
        .poll(
          () =>
            first
              .getAttribute("data-playing")
              .then(async (p) => p === "yes" || !(await clock(page, first)).startsWith("0:00 ")),
          { timeout: 10_000 },
        )
        .toBe(true);

      // slide toward the start (right, in Arabic) while holding: cancelled, nothing sent
      await hold(page, 600, +140);
      await page.getByTestId("voice-bar").waitFor({ state: "detached" });
      await page.waitForTimeout(500);
      expect(await voices.count()).toBe(1);

      // a tap: hands-free; stop to listen, then send from the preview
      await page.getByTestId("chat-mic").click();
      await page.getByTestId("voice-stop").waitFor();
      await page.waitForTimeout(1500);
      await b.screenshot(page, "voice-recording-ar");
      await page.getByTestId("voice-stop").click();
      await page.getByTestId("voice-preview").waitFor();
      await page.getByTestId("voice-send").click();
      await expect.poll(() => voices.and(page.locator("[data-status=sent]")).count(), { timeout: 20_000 }).toBe(2);
      await b.screenshot(page, "voice-chat-ar");

      // the other side: the provider, in Arabic, opens the conversation and plays the first note at 2×
      const conversation = await page.getByTestId("chat").getAttribute("data-conversation-id");
      const provider = await phone("ar");
      await signedInAt(provider, "07700000003", "dalil-provider-demo", `/messages/${conversation}`);
      const theirs = provider.getByTestId("chat-message").filter({ has: provider.getByTestId("chat-voice") });
      await expect.poll(() => theirs.count(), { timeout: 10_000 }).toBe(2);
      const note = theirs.first();
      await note.locator("[data-testid=chat-voice][data-ready=yes]").waitFor();
      await note.getByTestId("chat-voice-speed").click();
      await note.getByTestId("chat-voice-speed").click();
      expect(await note.getByTestId("chat-voice-speed").innerText()).toBe("٢×");
      await note.getByTestId("chat-voice-play").click();
      await expect
        .poll(async () => (await clock(provider, note)).split(" / ")[0], { timeout: 10_000 })
        .not.toBe("0:00");
      // the audio it played came from the participants-only address, with ranges
      const src = await provider.evaluate(() =>
        [...performance.getEntriesByType("resource")].map((e) => e.name).find((n) => n.includes("/api/voice/")),
      );
      expect(src).toBeTruthy();
      const stranger = await fetch(src!);
      expect(stranger.status).toBe(401);
      await b.screenshot(provider, "voice-provider-ar");
    },
  );
});
