import { Form } from "@remix-run/react";
import { MessageCircle, Send, Unlink } from "lucide-react";
import { useTranslation } from "../i18n/react";
import type { LinkedChannel } from "../../domain/accounts/channels";

/**
 * The profile's "Telegram and WhatsApp" card: the chats linked to this account (each can be unlinked),
 * and a one-time t.me deep link that links a Telegram chat.
 */
export function LinkedChats({ channels, telegramLink, busy }: { channels: Array<Omit<LinkedChannel, "linkedAt"> & { linkedAt: string | Date }>; telegramLink: string | null; busy: boolean }) {
  const { t } = useTranslation();
  const hasTelegram = channels.some((c) => c.channel === "telegram");
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm" data-testid="linked-chats">
      <h2 className="mb-1 font-semibold">{t("bot.web.title")}</h2>
      <p className="mb-3 text-sm text-stone-600">{t("bot.web.intro")}</p>
      {channels.length === 0 ? (
        <p className="text-sm text-stone-500">{t("bot.web.none")}</p>
      ) : (
        <ul className="mb-3 divide-y divide-stone-100">
          {channels.map((c) => (
            <li key={c.channel} className="flex min-h-12 items-center gap-3">
              {c.channel === "telegram" ? <Send aria-hidden className="size-5 text-sky-600" /> : <MessageCircle aria-hidden className="size-5 text-green-600" />}
              <span className="flex-1 font-medium">
                {c.channel === "telegram" ? "Telegram" : "WhatsApp"}{" "}
                {c.channel === "whatsapp" && (
                  <bdi dir="ltr" className="text-stone-500">
                    {c.label}
                  </bdi>
                )}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="unlink" />
                <input type="hidden" name="channel" value={c.channel} />
                <button type="submit" className="flex min-h-11 items-center gap-1 rounded-xl px-3 text-sm font-semibold text-red-700 hover:bg-red-50">
                  <Unlink aria-hidden className="size-4" />
                  {t("bot.web.unlink")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {!hasTelegram &&
        (telegramLink ? (
          <a href={telegramLink} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-sky-600 px-4 font-semibold text-white" data-testid="telegram-link">
            <Send aria-hidden className="size-4" />
            {t("bot.web.openTelegram")}
          </a>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="linkTelegram" />
            <button type="submit" disabled={busy} className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-stone-100 px-4 font-semibold hover:bg-stone-200">
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
