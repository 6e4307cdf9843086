/**
 * ZainCash v2: an OAuth2 client-credentials token, `transaction/init`, the person pays on ZainCash's page (phone,
 * PIN, OTP), and the result comes back as an HS256 JWT signed with the merchant's API key, on the redirect
 * (`?token=`) and on the server webhook (`webhook_token`). The webhook is the source of truth; `inquiry` is the
 * fallback; `reverse` gives the whole amount back (no partial refund).
 */
import {
  CallbackRejected,
  GatewayFailure,
  type GatewayReport,
  type GatewayStatus,
  type PaymentGateway,
} from "../../domain/payments/gateway";
import { sha256Hex } from "../../domain/accounts/tokens";
import { callGateway, clientCredentials, type Fetch } from "./http";
import { verifyHs256 } from "./signatures";

export interface ZainCashConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** verifies the callbacks' JWTs; not the OAuth secret */
  apiKey: string;
  serviceType?: string;
}

const STATUS: Record<string, GatewayStatus> = {
  SUCCESS: "paid",
  COMPLETED: "paid",
  FAILED: "failed",
  PENDING: "pending",
  OTP_SENT: "pending",
  CUSTOMER_AUTHENTICATION_REQUIRED: "pending",
  EXPIRED: "expired",
  REFUNDED: "refunded",
};
/** an unknown word is "pending": it is asked again later, and nothing is marked paid on a word Dalil doesn't know */
const statusOf = (raw: unknown): GatewayStatus => STATUS[String(raw ?? "").toUpperCase()] ?? "pending";
const dinars = (raw: unknown): number => {
  const n = Number((raw as { value?: unknown } | undefined)?.value ?? raw);
  return Number.isFinite(n) ? Math.round(n) : 0;
};
const LANGS = { en: "En", ar: "Ar", ku: "Ku" } as const;

/** The same reference always gives the same UUID, so a retried init is recognised by ZainCash as the same payment. */
async function referenceUuid(reference: string): Promise<string> {
  const h = await sha256Hex(`dalil:zaincash:${reference}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function zainCash(config: ZainCashConfig, fetch: Fetch, now = () => Date.now()): PaymentGateway {
  const tokens = clientCredentials("zaincash", fetch, new URL("/oauth2/token", config.baseUrl).toString(), {
    client_id: config.clientId,
    client_secret: config.clientSecret,
    scope: "payment:read payment:write reverse:write",
  });
  const call = <T = Record<string, unknown>>(method: "GET" | "POST", path: string, body?: unknown) =>
    callGateway<T>({ gateway: "zaincash", baseUrl: config.baseUrl, fetch, ...tokens }, method, path, body);
  const inquiry = async (id: string): Promise<GatewayReport> => {
    const raw = await call<{ status?: string; transactionDetails?: { amount?: unknown } }>(
      "GET",
      `/api/v2/payment-gateway/transaction/inquiry/${encodeURIComponent(id)}`,
    );
    const status = statusOf(raw.status);
    return {
      gatewayPaymentId: id,
      status,
      amount: dinars(raw.transactionDetails?.amount),
      eventId: `zaincash:${id}:${status}`,
    };
  };
  return {
    name: "zaincash",
    async start(p) {
      const raw = await call<{
        transactionDetails?: { transactionId?: string };
        redirectUrl?: string;
        expiryTime?: string;
      }>("POST", "/api/v2/payment-gateway/transaction/init", {
        language: LANGS[p.lang],
        externalReferenceId: await referenceUuid(p.reference),
        orderId: p.reference,
        serviceType: config.serviceType ?? "Dalil",
        amount: { value: String(p.amount), currency: "IQD" },
        redirectUrls: { successUrl: p.returnUrl, failureUrl: p.returnUrl },
        ...(p.customerPhone ? { customer: { phone: p.customerPhone } } : {}),
      });
      const id = raw.transactionDetails?.transactionId;
      if (!id || !raw.redirectUrl)
        throw new GatewayFailure("zaincash", "init answered without a transaction or a page", true);
      return {
        gatewayPaymentId: id,
        redirectUrl: raw.redirectUrl,
        ...(raw.expiryTime ? { expiresAt: new Date(raw.expiryTime) } : {}),
      };
    },
    async verifyCallback(req) {
      const token = callbackToken(req.url, req.body, req.headers.get("Content-Type") ?? "");
      if (!token) throw new CallbackRejected("zaincash", "no token");
      let claims: Record<string, unknown>;
      try {
        claims = await verifyHs256(token, config.apiKey, now());
      } catch (err) {
        throw new CallbackRejected("zaincash", (err as Error).message);
      }
      const data = (claims.data ?? {}) as { transactionId?: unknown; currentStatus?: unknown; amount?: unknown };
      const id = String(data.transactionId ?? "");
      if (!id) throw new CallbackRejected("zaincash", "no transaction id");
      const event = String(claims.eventType ?? "").toUpperCase();
      const status: GatewayStatus = event === "REFUND_COMPLETED" ? "refunded" : statusOf(data.currentStatus);
      return { gatewayPaymentId: id, status, amount: dinars(data.amount), eventId: `zaincash:${id}:${status}` };
    },
    status: inquiry,
    async refund(id, amount, reason) {
      const raw = await call<{ status?: string; reversalReferenceId?: string }>(
        "POST",
        "/api/v2/payment-gateway/transaction/reverse",
        { transactionId: id, reason },
      );
      if (String(raw.status ?? "").toUpperCase() !== "COMPLETED")
        throw new GatewayFailure("zaincash", `reverse answered ${raw.status}`, true);
      return { refundId: raw.reversalReferenceId ?? null, amount };
    },
  };
}

/** The JWT of a callback: `webhook_token` in a JSON or form body, or `token` on the redirect's address. */
function callbackToken(url: string, body: string, contentType: string): string | null {
  if (body) {
    if (contentType.includes("json")) {
      try {
        const json = JSON.parse(body) as { webhook_token?: unknown; token?: unknown };
        const t = json.webhook_token ?? json.token;
        if (typeof t === "string") return t;
      } catch {
        return null;
      }
    } else {
      const form = new URLSearchParams(body);
      const t = form.get("webhook_token") ?? form.get("token");
      if (t) return t;
    }
  }
  return new URL(url).searchParams.get("token");
}
