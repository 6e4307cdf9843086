import { useEffect, useRef, useState, type MutableRefObject, type RefObject } from "react";
import { formatDuration } from "../../../domain/text/numbers";
import { MAX_VOICE_MS, MIN_VOICE_MS, VOICE_WARN_MS } from "../../../domain/uploads/voiceLimits";
import { useLanguage, useLaterStrings, useTranslation } from "../../i18n/react";
import type { Gesture, MicLook, StoredVoice } from "./voiceTypes";
import { BinShape, ChevronShape, LockShape, SendShape, SpinnerShape, StopShape } from "./voiceIcons";
import { startCapture, type Capture } from "./capture";
import type { Recorded } from "./recorder.client";

type State =
  | { phase: "idle" }
  | { phase: "starting"; mode: "hold" | "locked" }
  | { phase: "recording"; mode: "hold" | "locked"; capped: boolean }
  | { phase: "preview"; recorded: Recorded; url: string; capped: boolean }
  | { phase: "sending" };

/** How far (px) a held finger slides toward the start to cancel, and up to lock. */
const CANCEL_PX = 90;
const LOCK_PX = 70;
/** A press shorter than this is a tap: tap-only mode (tap to start, tap to send, a cancel button). */
const TAP_MS = 350;

/**
 * One recording, from the microphone's first touch to sent or cancelled, loaded with the recorder on the first tap
 * (MicButton.tsx stays on the page). Hold to record and release to send; slide toward the start (left in English, right
 * in Arabic and Kurdish) to cancel; slide up, or just tap, for the hands-free mode with its own cancel, stop-and-listen
 * (a preview before sending) and send buttons. A timer runs throughout; at 100 s it says how long is left, and at 120 s
 * the recording stops for a listen before sending. The finger's moves are read from the microphone button itself
 * (`button`), which keeps the pointer while it is held. The sound is taken from the press: the button started `capture`
 * before this code arrived.
 */
export function VoiceRecorder({
  start,
  capture,
  gesture,
  button,
  onLook,
  onDone,
  onSend,
  onError,
}: {
  start: "hold" | "locked";
  /** the microphone the button opened on the press (taken here, so it is stopped once) */
  capture: MutableRefObject<Promise<Capture> | null>;
  gesture: MutableRefObject<Gesture | null>;
  button: RefObject<HTMLButtonElement | null>;
  onLook: (look: MicLook) => void;
  onDone: () => void;
  onSend: (audio: StoredVoice) => void;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const { locale, dir } = useLanguage();
  useLaterStrings(
    "chat.voice.slideCancel",
    "chat.voice.cancel",
    "chat.voice.send",
    "chat.voice.stop",
    "chat.voice.recording",
    "chat.voice.left",
    "chat.voice.capReached",
    "chat.voice.micDenied",
    "chat.voice.unsupported",
    "chat.voice.tooShort",
    "chat.voice.preparing",
    "chat.voice.holdHint",
    "chat.voice.uploadFailed",
  );
  const [state, setState] = useState<State>({ phase: "starting", mode: start });
  const [elapsed, setElapsed] = useState(0);
  const [slide, setSlide] = useState(0);
  const recording = useRef<Capture | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  // the microphone button shows what is going on (held: red; opening the microphone: a spinner); back to idle, done
  const held = (state.phase === "recording" || state.phase === "starting") && state.mode === "hold";
  useEffect(() => {
    onLook(state.phase === "starting" ? "busy" : held ? "held" : "idle");
    if (state.phase === "idle") onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.phase, held]);

  // the recording starts as this mounts (the first touch, or a keyboard's Enter)
  // leaving the page mid-recording lets the microphone go (each mount its own run: a microphone that opens after
  // its run ended is let go too)
  useEffect(() => {
    const run = { live: true };
    void begin(start, run);
    return () => {
      run.live = false;
      recording.current?.cancel();
      recording.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // the finger's moves and release, on the button that holds the pointer
  useEffect(() => {
    const el = button.current;
    if (!el) return;
    const move = (e: PointerEvent) => onPointerMove(e);
    const up = () => onPointerUp();
    const lost = () => {
      const s = stateRef.current;
      if ((s.phase === "recording" || s.phase === "starting") && s.mode === "hold") cancel();
    };
    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", lost);
    return () => {
      el.removeEventListener("pointermove", move);
      el.removeEventListener("pointerup", up);
      el.removeEventListener("pointercancel", lost);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // the clock: elapsed time, and the cap
  useEffect(() => {
    if (state.phase !== "recording") return;
    const timer = setInterval(() => {
      const rec = recording.current;
      if (!rec) return;
      const ms = performance.now() - rec.startedAt;
      setElapsed(ms);
      if (ms >= MAX_VOICE_MS) void toPreview(true);
    }, 200);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.phase]);

  async function begin(mode: "hold" | "locked", run: { live: boolean }) {
    onError(null);
    setElapsed(0);
    setSlide(0);
    setState({ phase: "starting", mode });
    // the file maker (mediabunny) loads while the person speaks; it is needed at the release
    import("./recorder.client").catch(() => undefined);
    const opened = capture.current ?? startCapture();
    capture.current = null;
    let rec: Capture;
    try {
      rec = await opened;
    } catch (e) {
      if (!run.live) return;
      setState({ phase: "idle" });
      const code = e instanceof Error ? e.message : "";
      onError(t(code === "micDenied" ? "chat.voice.micDenied" : "chat.voice.unsupported"));
      return;
    }
    const now = stateRef.current;
    const g = gesture.current;
    // the finger was lifted while the microphone was being opened: a tap, so hands-free
    const finalMode = now.phase === "starting" ? (now.mode === "hold" && g && !g.down ? "locked" : now.mode) : null;
    if (!finalMode || !run.live) {
      // cancelled meanwhile
      rec.cancel();
      return;
    }
    recording.current = rec;
    setState({ phase: "recording", mode: finalMode, capped: false });
  }

  function cancel() {
    recording.current?.cancel();
    recording.current = null;
    const s = stateRef.current;
    if (s.phase === "preview") URL.revokeObjectURL(s.url);
    setState({ phase: "idle" });
    setSlide(0);
  }

  async function finish(): Promise<Recorded | null> {
    const rec = recording.current;
    recording.current = null;
    if (!rec) return null;
    const { finishCapture } = await import("./recorder.client");
    return finishCapture(rec);
  }

  async function toPreview(capped: boolean) {
    if (stateRef.current.phase !== "recording") return;
    setState({ phase: "sending" });
    const recorded = await finish().catch(() => null);
    if (!recorded) return setState({ phase: "idle" });
    setState({ phase: "preview", recorded, url: URL.createObjectURL(recorded.file), capped });
  }

  async function send(recorded?: Recorded) {
    const s = stateRef.current;
    setState({ phase: "sending" });
    try {
      const done = recorded ?? (s.phase === "preview" ? s.recorded : await finish());
      if (s.phase === "preview") URL.revokeObjectURL(s.url);
      if (!done) return setState({ phase: "idle" });
      if (done.durationMs < MIN_VOICE_MS) {
        onError(t("chat.voice.tooShort"));
        return setState({ phase: "idle" });
      }
      // stored first (the server reads its length and waveform from the file), then sent like a photo
      const form = new FormData();
      form.set("audio", done.file);
      const res = await fetch("/api/upload?kind=audio", { method: "POST", body: form, credentials: "same-origin" });
      const json = (await res.json().catch(() => ({}))) as Partial<StoredVoice> & { message?: string };
      if (!res.ok || !json.url) throw new Error(json.message ?? t("chat.voice.uploadFailed"));
      onSend({ url: json.url, durationMs: json.durationMs ?? 0, peaks: json.peaks ?? [] });
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    }
    setState({ phase: "idle" });
  }

  function onPointerMove(e: PointerEvent) {
    const g = gesture.current;
    const s = stateRef.current;
    if (!g?.down || !(s.phase === "recording" || s.phase === "starting") || s.mode !== "hold") return;
    // toward the start of the line: left in English, right in Arabic and Kurdish
    const along = (e.clientX - g.x) * (dir === "rtl" ? -1 : 1);
    setSlide(Math.min(0, along));
    if (along < -CANCEL_PX) {
      g.down = false;
      return cancel();
    }
    if (g.y - e.clientY > LOCK_PX)
      setState(s.phase === "recording" ? { ...s, mode: "locked" } : { ...s, mode: "locked" });
  }

  function onPointerUp() {
    const g = gesture.current;
    if (!g?.down) return;
    g.down = false;
    const s = stateRef.current;
    setSlide(0);
    if (s.phase === "starting") return; // decided once the microphone is open (a tap, or the lock)
    if (s.phase !== "recording" || s.mode !== "hold") return;
    if (performance.now() - g.at < TAP_MS) return setState({ ...s, mode: "locked" });
    void send();
  }

  const clock = (
    <span dir="ltr" className="tabular-nums" data-testid="voice-timer">
      {formatDuration(elapsed, locale)}
    </span>
  );
  const warning =
    elapsed >= VOICE_WARN_MS && state.phase === "recording"
      ? t("chat.voice.left", { time: formatDuration(MAX_VOICE_MS - elapsed, locale) })
      : null;
  const active = state.phase !== "idle";
  const locked = state.phase === "recording" && state.mode === "locked";

  return (
    <>
      {active && (
        <div
          className="absolute inset-0 z-10 flex items-center gap-2 rounded-xl bg-white"
          data-testid="voice-bar"
          data-mode={state.phase === "recording" ? state.mode : state.phase}
        >
          {(locked || state.phase === "preview") && (
            <button
              type="button"
              onClick={cancel}
              aria-label={t("chat.voice.cancel")}
              className={
                "inline-flex size-12 shrink-0 items-center " + "justify-center rounded-xl text-red-700 hover:bg-red-50"
              }
              data-testid="voice-cancel"
            >
              <BinShape className="size-5" />
            </button>
          )}
          {state.phase === "preview" ? (
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              {/* the browser's own player: listen before sending */}
              <audio controls src={state.url} className="h-10 w-full" data-testid="voice-preview" />
              {state.capped && <p className="text-xs text-amber-800">{t("chat.voice.capReached")}</p>}
            </div>
          ) : state.phase === "sending" ? (
            <p className="flex flex-1 items-center gap-2 text-sm text-stone-600" role="status">
              <SpinnerShape className="size-4 animate-spin" />
              {t("chat.voice.preparing")}
            </p>
          ) : (
            <div className="flex min-w-0 flex-1 items-center gap-2 ps-2 text-sm" role="status" aria-live="off">
              <span aria-hidden className="size-2.5 shrink-0 animate-pulse rounded-full bg-red-600" />
              <span className="sr-only">{t("chat.voice.recording")}</span>
              {clock}
              {warning ? (
                <span className="truncate font-medium text-amber-800" role="alert" data-testid="voice-warning">
                  {warning}
                </span>
              ) : held ? (
                <span
                  className="flex min-w-0 items-center gap-1 truncate text-stone-500"
                  style={{ opacity: 1 - Math.min(0.8, -slide / CANCEL_PX) }}
                  data-testid="voice-slide-hint"
                >
                  <ChevronShape className="flip-rtl size-4 shrink-0" />
                  {t("chat.voice.slideCancel")}
                  <LockShape className="ms-2 size-3.5 shrink-0" />
                </span>
              ) : null}
            </div>
          )}
          {locked && (
            <button
              type="button"
              onClick={() => void toPreview(false)}
              aria-label={t("chat.voice.stop")}
              className={
                "inline-flex size-12 shrink-0 items-center justify-center rounded-xl border border-stone-300 " +
                "text-stone-700"
              }
              data-testid="voice-stop"
            >
              <StopShape className="size-4" />
            </button>
          )}
          {(locked || state.phase === "preview") && (
            <button
              type="button"
              onClick={() => void send()}
              aria-label={t("chat.voice.send")}
              className={
                "inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white " +
                "hover:bg-brand-700"
              }
              data-testid="voice-send"
            >
              <SendShape className="flip-rtl size-5" />
            </button>
          )}
        </div>
      )}
    </>
  );
}
