import { Form } from "@remix-run/react";
import { MessageCircle, Send, Unlink } from "lucide-react";
import { isolate } from "../../domain/text/bidi";
import { useTranslation } from "../i18n/react";
import type { LinkedChannel } from "../../domain/accounts/channels";

/**
 * The profile's "Telegram and WhatsApp" card: the chats linked to this account (each can be unlinked),
 * and a one-time t.me deep link that links a Telegram chat.
 */
export function LinkedChats({
  channels,
  telegramLink,
  busy,
  canLink,
  linkError,
  removed,
}: {
  channels: Array<Omit<LinkedChannel, "linkedAt"> & { linkedAt: string | Date }>;
  telegramLink: string | null;
  busy: boolean;
  /** only an account whose phone is proven can link a chat */
  canLink: boolean;
  linkError: string | null;
  /** the chats that ended with the sessions just now (sign out everywhere, a new password, a reset) */
  removed: string[];
}) {
  const { t } = useTranslation();
  const hasTelegram = channels.some((c) => c.channel === "telegram");
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm" data-testid="linked-chats">
      <h2 className="mb-1 font-semibold">{t("bot.web.title")}</h2>
      <p className="mb-3 text-sm text-stone-600">{t("bot.web.intro")}</p>
      {removed.length > 0 && (
        <p role="status" className="mb-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="removed-chats">
          {t("bot.web.removed", { chats: removed.map(isolate).join(" · ") })}
        </p>
      )}
      {channels.length === 0 ? (
        <p className="text-sm text-stone-500">{t("bot.web.none")}</p>
      ) : (
        <ul className="mb-3 divide-y divide-stone-100">
          {channels.map((c) => (
            <li key={c.channel} className="flex min-h-12 items-center gap-3">
              {c.channel === "telegram" ? (
                <Send aria-hidden className="size-5 text-sky-600" />
              ) : (
                <MessageCircle aria-hidden className="size-5 text-green-600" />
              )}
              <span className="flex-1 font-medium">
                {c.channel === "telegram" ? (
                  <bdi>{c.label}</bdi>
                ) : (
                  <>
                    WhatsApp{" "}
                    <bdi dir="ltr" className="phone text-stone-500">
                      {c.label}
                    </bdi>
                  </>
                )}
                {c.unlinked && <span className="ms-2 text-sm text-stone-500">({t("bot.web.unlinked")})</span>}
              </span>
              {c.unlinked ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="relinkWhatsApp" />
                  <button
                    type="submit"
                    className={
                      "flex min-h-11 items-center gap-1 rounded-xl px-3 text-sm font-semibold text-brand-700 " +
                      "hover:bg-brand-50"
                    }
                  >
                    {t("bot.web.linkAgain")}
                  </button>
                </Form>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="unlink" />
                  <input type="hidden" name="channel" value={c.channel} />
                  <button
                    type="submit"
                    className={
                      "flex min-h-11 items-center gap-1 rounded-xl px-3 text-sm font-semibold text-red-700 " +
                      "hover:bg-red-50"
                    }
                  >
                    <Unlink aria-hidden className="size-4" />
                    {t("bot.web.unlink")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {linkError && <p className="mb-2 text-sm text-red-700">{t(linkError)}</p>}
      {!hasTelegram && !canLink && (
        <p className="text-sm text-amber-800" data-testid="link-needs-verified">
          {t("bot.web.linkNeedsVerified")}
        </p>
      )}
      {!hasTelegram &&
        canLink &&
        (telegramLink ? (
          <a
            href={telegramLink}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-sky-600 px-4 font-semibold text-white"
            data-testid="telegram-link"
          >
            <Send aria-hidden className="size-4" />
            {t("bot.web.openTelegram")}
          </a>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="linkTelegram" />
            <button
              type="submit"
              disabled={busy}
              className={
                "inline-flex min-h-11 items-center gap-2 rounded-xl bg-stone-100 px-4 font-semibold " +
                "hover:bg-stone-200"
              }
            >
              <Send aria-hidden className="size-4" />
              {t("bot.web.linkTelegram")}
            </button>
          </Form>
        ))}
      {telegramLink && <p className="mt-2 text-sm text-stone-500">{t("bot.web.linkOnce")}</p>}
      <p className="mt-3 text-sm text-stone-600">{t("bot.web.whatsapp")}</p>
    </section>
  );
}
