import { BadgeCheck, MessageSquareText, PhoneCall } from "lucide-react";
import { useTranslation } from "../i18n/react";
import { answersText, type Answers } from "../../domain/reach/answers";

/** Whether a listing is on Dalil, and what that means for a request (ADR 047). */
export interface Reach {
  onDalil?: boolean;
  callOnly?: boolean;
  /** who answers, and how fast (ADR 052): shown once there are 3 requests in 60 days */
  answers?: Answers | null;
}

/** "On Dalil · answers your request here", "Not on Dalil yet · we'll text your request…", or "Call only". */
export function ReachNote({ reach, className = "" }: { reach: Reach; className?: string }) {
  const { t } = useTranslation();
  if (reach.onDalil === undefined) return null;
  const [Icon, label, means, tone] = reach.onDalil
    ? [BadgeCheck, "reach.onDalil", "reach.onDalilMeans", "text-brand-700"]
    : reach.callOnly
      ? [PhoneCall, "reach.callOnly", "reach.callOnlyMeans", "text-stone-700"]
      : [MessageSquareText, "reach.notYet", "reach.notYetMeans", "text-stone-700"];
  return (
    <p
      className={`flex items-start gap-1 text-xs ${tone} ${className}`}
      data-testid="reach-note"
      data-reach={reach.onDalil ? "on" : reach.callOnly ? "call" : "not-yet"}
    >
      <Icon aria-hidden className="mt-px size-3.5 shrink-0" />
      <span>
        <span className="font-semibold">{t(label)}</span> · {t(means)}
        {reach.answers ? (
          <span className="block text-stone-600" data-testid="answers">
            {answersText(t, reach.answers)}
          </span>
        ) : null}
      </span>
    </p>
  );
}

/** In a chat with a listing not on Dalil yet: what became of the first message at its number (ADR 052). */
export function TextedNote({
  texted,
}: {
  texted: "sent" | "held" | "noMobile" | "stopped" | "limited" | "outreach" | null | undefined;
}) {
  const { t } = useTranslation();
  if (!texted) return null;
  const key =
    texted === "sent" || texted === "held" || texted === "outreach"
      ? `reach.chatTold.${texted}`
      : "reach.chatTold.notSent";
  return (
    <p
      className={
        "mb-3 flex items-start gap-1 rounded-xl bg-stone-50 px-3 py-2 text-sm text-stone-700 max-sm:mb-1 " +
        "max-sm:text-xs"
      }
      data-testid="chat-texted"
      data-texted={texted}
    >
      <MessageSquareText aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{t(key)}</span>
    </p>
  );
}
