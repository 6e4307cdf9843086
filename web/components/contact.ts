import { useCallback, useState } from "react";
import { useTranslation } from "../i18n/react";
import type { ContactKind } from "../../domain/analytics/countProviderEvent";
import { useToast } from "./toast";

/**
 * Counts a contact click (call / WhatsApp / chat) without holding up the navigation it precedes:
 * sendBeacon survives the page unloading; fetch keepalive where beacons are unavailable.
 */
export function trackContact(providerId: number, kind: ContactKind) {
  const url = `/api/providers/${providerId}/contact-click`;
  const body = JSON.stringify({ kind });
  try {
    if (typeof navigator !== "undefined" && navigator.sendBeacon?.(url, new Blob([body], { type: "text/plain" })))
      return;
    void fetch(url, {
      method: "POST",
      body,
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
    }).catch(() => {});
  } catch {
    // counting is best-effort: never in the customer's way
  }
}

/**
 * The WhatsApp button's action (SPEC §7): ask the server for the wa.me link with the greeting in the
 * current language, open it in a new tab; a destructive toast when that fails.
 */
export function useWhatsApp() {
  const { t } = useTranslation();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const open = useCallback(
    async (provider: { id: number; whatsapp: string | null }) => {
      if (!provider.whatsapp) return;
      // open the tab inside the click (popup blockers), point it at wa.me once the link is known
      const tab = window.open("", "_blank");
      setPending(true);
      trackContact(provider.id, "whatsapp");
      try {
        const res = await fetch("/api/whatsapp/send", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          credentials: "same-origin",
          body: JSON.stringify({ phone: provider.whatsapp }),
        });
        const body = (await res.json().catch(() => ({}))) as { whatsappUrl?: string; message?: string };
        if (!res.ok || !body.whatsappUrl) throw new Error(`${res.status}: ${body.message ?? res.statusText}`);
        if (tab) {
          tab.opener = null;
          tab.location.href = body.whatsappUrl;
        } else window.location.href = body.whatsappUrl;
      } catch (e) {
        tab?.close();
        console.error(e);
        toast({
          variant: "destructive",
          title: t("provider.whatsappErrorTitle"),
          description: t("provider.whatsappError"),
        });
      } finally {
        setPending(false);
      }
    },
    [t, toast],
  );
  return { open, pending };
}
