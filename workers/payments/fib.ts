/**
 * FIB (First Iraqi Bank): an OAuth2 client-credentials token (about a minute long); a payment gives a QR, a code to
 * type in the app and the app's links, and no hosted page. Its callback is only `{id, status}`, unsigned, so a
 * callback proves nothing but the id: the status is always fetched from FIB, server to server. Refunds are whole,
 * within the `refundableFor` the payment was made with.
 */
import {
  CallbackRejected,
  GatewayFailure,
  type GatewayReport,
  type GatewayStatus,
  type PaymentGateway,
} from "../../domain/payments/gateway";
import { callGateway, clientCredentials, type Fetch } from "./http";

export interface FibConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** ISO-8601 duration a payment stays refundable (FIB's default window is a week) */
  refundableFor?: string;
}

const STATUS: Record<string, GatewayStatus> = {
  UNPAID: "pending",
  PAID: "paid",
  DECLINED: "failed",
  EXPIRED: "expired",
  // the money is back only once FIB says REFUNDED
  REFUND_REQUESTED: "paid",
  REFUNDED: "refunded",
  CANCELLED: "cancelled",
};

interface FibStatusBody {
  paymentId?: string;
  status?: string;
  decliningReason?: string;
  amount?: { amount?: number | string; currency?: string };
}

function statusOf(raw: FibStatusBody): GatewayStatus {
  const s = String(raw.status ?? "").toUpperCase();
  if (s === "DECLINED") {
    const why = String(raw.decliningReason ?? "").toUpperCase();
    if (why === "PAYMENT_EXPIRATION") return "expired";
    if (why === "PAYMENT_CANCELLATION") return "cancelled";
  }
  return STATUS[s] ?? "pending";
}

export function fib(config: FibConfig, fetch: Fetch): PaymentGateway {
  const tokens = clientCredentials(
    "fib",
    fetch,
    new URL("/auth/realms/fib-online-shop/protocol/openid-connect/token", config.baseUrl).toString(),
    {
      client_id: config.clientId,
      client_secret: config.clientSecret,
    },
  );
  const call = <T = Record<string, unknown>>(method: "GET" | "POST", path: string, body?: unknown) =>
    callGateway<T>({ gateway: "fib", baseUrl: config.baseUrl, fetch, ...tokens }, method, path, body);
  const status = async (id: string): Promise<GatewayReport> => {
    const raw = await call<FibStatusBody>("GET", `/protected/v1/payments/${encodeURIComponent(id)}/status`);
    const s = statusOf(raw);
    return {
      gatewayPaymentId: id,
      status: s,
      amount: Math.round(Number(raw.amount?.amount ?? 0)) || 0,
      eventId: `fib:${id}:${s}`,
    };
  };
  return {
    name: "fib",
    async start(p) {
      const raw = await call<{
        paymentId?: string;
        qrCode?: string;
        readableCode?: string;
        personalAppLink?: string;
        businessAppLink?: string;
        validUntil?: string;
      }>("POST", "/protected/v1/payments", {
        monetaryValue: { amount: String(p.amount), currency: "IQD" },
        statusCallbackUrl: p.callbackUrl,
        redirectUri: p.returnUrl,
        // FIB refuses a description over 50 characters
        description: p.description.slice(0, 50),
        refundableFor: config.refundableFor ?? "P7D",
      });
      const appLink = raw.personalAppLink ?? raw.businessAppLink;
      if (!raw.paymentId || !appLink)
        throw new GatewayFailure("fib", "payment answered without an id or an app link", true);
      return {
        gatewayPaymentId: raw.paymentId,
        redirectUrl: appLink,
        appLink,
        ...(raw.qrCode ? { qrCode: raw.qrCode } : {}),
        ...(raw.readableCode ? { readableCode: raw.readableCode } : {}),
        ...(raw.validUntil ? { expiresAt: new Date(raw.validUntil) } : {}),
      };
    },
    async verifyCallback(req) {
      let id = "";
      try {
        const body = JSON.parse(req.body) as { id?: unknown };
        id = typeof body?.id === "string" ? body.id : "";
      } catch {
        throw new CallbackRejected("fib", "body is not JSON");
      }
      if (!id) throw new CallbackRejected("fib", "no payment id");
      try {
        return await status(id);
      } catch (err) {
        throw new CallbackRejected("fib", `its status could not be fetched (${String(err)})`);
      }
    },
    status,
    async refund(id, amount) {
      // whole refunds only: the amount asked must be what FIB holds
      const held = await status(id);
      if (held.amount !== amount)
        throw new GatewayFailure("fib", `refund of ${amount} asked, the payment is ${held.amount}`, false);
      const raw = await call<{ refundId?: string }>("POST", `/protected/v1/payments/${encodeURIComponent(id)}/refund`);
      return { refundId: raw.refundId ?? null, amount };
    },
  };
}
