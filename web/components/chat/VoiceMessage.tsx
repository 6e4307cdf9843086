import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { formatDuration, formatNumber } from "../../../domain/text/numbers";
import { useLanguage, useLaterStrings, useTranslation } from "../../i18n/react";
import { PauseShape, PlayShape, SpinnerShape } from "./voiceIcons";

const SPEEDS = [1, 1.5, 2] as const;

/** A waveform bar's colour: played or still to play, on my bubble or theirs. */
const barTone = (played: boolean, mine: boolean) =>
  played ? (mine ? "bg-white" : "bg-brand-600") : mine ? "bg-white/40" : "bg-stone-300";

/** Whether this browser plays Ogg/Opus itself (every current one; Safari only from 18.4). */
const playsOgg = () =>
  typeof document !== "undefined" && document.createElement("audio").canPlayType('audio/ogg; codecs="opus"') !== "";

/**
 * A voice message: play and pause, the waveform (tap or arrow keys to seek), elapsed and total time in the reader's
 * digits, and 1× / 1.5× / 2×. The audio is fetched only when played (the address answers its conversation's
 * participants, by range). A Safari older than 18.4 gets the note decoded by a small decoder loaded only then
 * (oggFallback.ts).
 */
export default function VoiceMessage({
  url,
  durationMs,
  peaks,
  mine,
}: {
  url: string;
  durationMs: number;
  peaks: number[];
  mine: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  useLaterStrings("chat.voice.pause", "chat.voice.playFailed");
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [at, setAt] = useState(0);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const total = Math.max(durationMs, 1);

  // hydrated: taps work from here on (the player may arrive after the page, lazily)
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    return () => audio.current?.pause();
  }, []);

  async function element(): Promise<HTMLAudioElement> {
    if (audio.current) return audio.current;
    const a = new Audio();
    a.preload = "auto";
    a.addEventListener("timeupdate", () => setAt(a.currentTime * 1000));
    a.addEventListener("playing", () => {
      setLoading(false);
      setPlaying(true);
    });
    a.addEventListener("pause", () => setPlaying(false));
    a.addEventListener("ended", () => {
      setPlaying(false);
      setAt(0);
    });
    a.addEventListener("error", () => {
      setLoading(false);
      setFailed(true);
    });
    // an Ogg note on a browser that can't play Ogg: decoded here into a WAV the element can play
    a.src = url.endsWith(".ogg") && !playsOgg() ? await (await import("./oggFallback.client")).playableUrl(url) : url;
    audio.current = a;
    return a;
  }

  async function toggle() {
    setFailed(false);
    const a = audio.current;
    if (a && !a.paused) return a.pause();
    setLoading(true);
    try {
      const el = await element();
      el.playbackRate = speed;
      await el.play();
    } catch {
      setLoading(false);
      setFailed(true);
    }
  }

  function seekTo(fraction: number) {
    const f = Math.min(1, Math.max(0, fraction));
    setAt(f * total);
    void element().then((a) => {
      a.currentTime = (f * total) / 1000;
    });
  }

  function seekPointer(e: PointerEvent<HTMLDivElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    const fromStart =
      getComputedStyle(e.currentTarget).direction === "rtl" ? box.right - e.clientX : e.clientX - box.left;
    seekTo(fromStart / box.width);
  }

  function seekKey(e: KeyboardEvent<HTMLDivElement>) {
    const forward = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!forward) return;
    e.preventDefault();
    // the arrow that points toward the end moves forward: right in English, left in Arabic and Kurdish
    const step = (getComputedStyle(e.currentTarget).direction === "rtl" ? -forward : forward) * 5000;
    seekTo((at + step) / total);
  }

  function nextSpeed() {
    const next = SPEEDS[(SPEEDS.indexOf(speed) + 1) % SPEEDS.length];
    setSpeed(next);
    if (audio.current) audio.current.playbackRate = next;
  }

  const progress = Math.min(1, at / total);
  const bars = peaks.length ? peaks : new Array<number>(64).fill(30);
  const tone = mine ? "text-white" : "text-brand-700";
  return (
    <div
      className="flex w-64 max-w-full items-center gap-2"
      data-testid="chat-voice"
      data-playing={playing ? "yes" : "no"}
      data-ready={ready ? "yes" : "no"}
    >
      <button
        type="button"
        onClick={() => void toggle()}
        aria-label={playing ? t("chat.voice.pause") : t("chat.voice.play")}
        className={
          `inline-flex size-11 shrink-0 items-center justify-center ` +
          `rounded-full ${mine ? "bg-white/20" : "bg-brand-50"} ${tone}`
        }
        data-testid="chat-voice-play"
      >
        {loading ? (
          <SpinnerShape className="size-5 animate-spin" />
        ) : playing ? (
          <PauseShape className="size-5" />
        ) : (
          <PlayShape className="size-5" />
        )}
      </button>
      <div className="min-w-0 flex-1">
        <div
          role="slider"
          tabIndex={0}
          aria-label={t("chat.voice.message")}
          aria-valuemin={0}
          aria-valuemax={Math.round(total / 1000)}
          aria-valuenow={Math.round(at / 1000)}
          aria-valuetext={`${formatDuration(at, locale)} / ${formatDuration(total, locale)}`}
          onPointerDown={seekPointer}
          onKeyDown={seekKey}
          className="flex h-8 cursor-pointer items-center gap-px"
          data-testid="chat-voice-wave"
        >
          {bars.map((p, i) => (
            <span
              key={i}
              aria-hidden
              className={`w-full min-w-px flex-1 rounded-full ${barTone(i / bars.length < progress, mine)}`}
              style={{ height: `${Math.max(12, p)}%` }}
            />
          ))}
        </div>
        <div className={`flex items-center justify-between text-xs ${mine ? "text-brand-50" : "text-stone-500"}`}>
          {/* left to right whatever the language (elapsed, then total): each time isolated, or Arabic-Indic digits
              around the slash would run right to left */}
          <span dir="ltr" data-testid="chat-voice-time">
            <bdi>{formatDuration(playing || at > 0 ? at : 0, locale)}</bdi> / <bdi>{formatDuration(total, locale)}</bdi>
          </span>
          <button
            type="button"
            onClick={nextSpeed}
            aria-label={`${t("chat.voice.speed")} ${formatNumber(speed, locale)}×`}
            className={`min-h-11 min-w-11 rounded-lg px-2 font-semibold ${mine ? "bg-white/20" : "bg-stone-100"}`}
            data-testid="chat-voice-speed"
          >
            <span dir="ltr">{formatNumber(speed, locale)}×</span>
          </button>
        </div>
        {failed && (
          <p role="alert" className="text-xs" data-testid="chat-voice-failed">
            {t("chat.voice.playFailed")}
          </p>
        )}
      </div>
    </div>
  );
}
