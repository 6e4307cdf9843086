import { Loader2, Mic } from "lucide-react";
import { useRef, useState, type ComponentType, type PointerEvent } from "react";
import { useTranslation } from "../../i18n/react";
import { startCapture, type Capture } from "./capture";
import type { VoiceRecorder } from "./VoiceRecorder";
import type { Gesture, MicLook, StoredVoice } from "./voiceTypes";

const MIC_HELD = "z-20 scale-110 border-red-600 bg-red-600 text-white";
const MIC_IDLE = "border-stone-300 bg-white text-stone-700 hover:bg-stone-100";

/**
 * The chat composer's microphone: all the page carries of voice recording. The press opens the microphone and starts
 * recording at once (capture.ts), and the first touch loads the recording UI and the file maker (VoiceRecorder.tsx,
 * recorder.client.ts with the Ogg muxer) while the finger is down and the sound is already kept; the finger's moves and
 * release are read from this same button, which keeps the pointer. A tap, or Enter or Space on a keyboard, records
 * hands-free.
 */
export function MicButton({
  onSend,
  onError,
  disabled,
}: {
  onSend: (audio: StoredVoice) => void;
  onError: (message: string | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const capture = useRef<Promise<Capture> | null>(null);
  const [Recorder, setRecorder] = useState<ComponentType<Parameters<typeof VoiceRecorder>[0]> | null>(null);
  const [session, setSession] = useState<{ id: number; start: "hold" | "locked" } | null>(null);
  const [look, setLook] = useState<MicLook>("idle");

  function open(start: "hold" | "locked") {
    // the keyboard goes away while recording (a focused text box would sit under the recording bar)
    if (document.activeElement instanceof HTMLTextAreaElement) document.activeElement.blur();
    setSession((s) => s ?? { id: Date.now(), start });
    // the sound from the press, before the recorder's code is here (the recorder takes it when it mounts)
    const opened = startCapture();
    opened.catch(() => undefined);
    capture.current = opened;
    if (!Recorder) {
      setLook("busy");
      import("./VoiceRecorder").then(
        (m) => setRecorder(() => m.VoiceRecorder),
        () => {
          void opened.then(
            (c) => c.cancel(),
            () => undefined,
          );
          capture.current = null;
          setLook("idle");
          setSession(null);
          onError(t("errors.unavailable"));
        },
      );
    }
  }

  function onPointerDown(e: PointerEvent<HTMLButtonElement>) {
    if (e.button !== 0 || session || disabled) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    gesture.current = { x: e.clientX, y: e.clientY, at: performance.now(), down: true };
    open("hold");
  }

  return (
    <>
      {Recorder && session && (
        <Recorder
          key={session.id}
          start={session.start}
          capture={capture}
          gesture={gesture}
          button={button}
          onLook={setLook}
          onDone={() => {
            setSession(null);
            setLook("idle");
          }}
          onSend={onSend}
          onError={onError}
        />
      )}
      <button
        ref={button}
        type="button"
        onPointerDown={onPointerDown}
        // released before the recorder arrived: a tap (the recorder reads this when the microphone opens)
        onPointerUp={() => gesture.current && (gesture.current.down = false)}
        onClick={(e) => {
          // a keyboard's Enter or Space (no pointer): hands-free
          if (e.detail === 0 && !session && !disabled) {
            gesture.current = null;
            open("locked");
          }
        }}
        onContextMenu={(e) => e.preventDefault()}
        disabled={disabled}
        aria-label={t("chat.voice.record")}
        title={t("chat.voice.holdHint")}
        className={
          `relative inline-flex size-12 shrink-0 touch-none select-none items-center justify-center rounded-xl ` +
          `border ${look === "held" ? MIC_HELD : MIC_IDLE} ` +
          `disabled:opacity-60`
        }
        data-testid="chat-mic"
        data-state={look}
      >
        {look === "busy" ? (
          <Loader2 aria-hidden className="size-5 animate-spin" />
        ) : (
          <Mic aria-hidden className="size-5" />
        )}
      </button>
    </>
  );
}
