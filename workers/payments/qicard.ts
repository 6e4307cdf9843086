/**
 * Qi Card: HTTP Basic with a terminal id; `POST /api/v1/payment` gives a hosted 3-D Secure form; the notification
 * is signed RSA-2048 (`X-Signature`, base64, over `paymentId|amount|currency|creationDate|status` with the amount
 * at three decimals) and Qi retries it until it gets 200. Without Qi's public key configured, a notification proves
 * nothing, so its status is fetched from Qi instead. Refunds in full or in part.
 */
import {
  CallbackRejected,
  GatewayFailure,
  type GatewayReport,
  type GatewayStatus,
  type PaymentGateway,
} from "../../domain/payments/gateway";
import { sha256Hex } from "../../domain/accounts/tokens";
import { callGateway, type Fetch } from "./http";
import { verifyRsaSha256 } from "./signatures";

export interface QiCardConfig {
  baseUrl: string;
  username: string;
  password: string;
  terminalId: string;
  /** Qi's RSA public key (PEM) that its notifications are signed with */
  publicKey?: string;
}

const STATUS: Record<string, GatewayStatus> = {
  SUCCESS: "paid",
  FAILED: "failed",
  ERROR: "failed",
  AUTHENTICATION_FAILED: "failed",
  EXPIRED: "expired",
  REFUNDED: "refunded",
};
const statusOf = (raw: unknown): GatewayStatus =>
  STATUS[
    String(raw ?? "")
      .trim()
      .toUpperCase()
  ] ?? "pending";
const LOCALES = { en: "en_US", ar: "ar_IQ", ku: "ar_IQ" } as const;

interface QiStatusBody {
  paymentId?: string;
  status?: string;
  amount?: number | string;
  confirmedAmount?: number | string;
  currency?: string;
  creationDate?: string;
}

/** What Qi signs: the fields joined by "|", the amount at three decimals, an absent field as "-". */
export function qiSignedText(p: QiStatusBody): string {
  const field = (v: unknown) => (v === undefined || v === null || v === "" ? "-" : String(v));
  const amount =
    p.amount !== undefined && p.amount !== "" && Number.isFinite(Number(p.amount)) ? Number(p.amount).toFixed(3) : "-";
  return [field(p.paymentId), amount, field(p.currency), field(p.creationDate), field(p.status)].join("|");
}

const reportOf = (id: string, raw: QiStatusBody): GatewayReport => {
  const status = statusOf(raw.status);
  // the settled amount after 3-D Secure when Qi gives it, else the amount the payment was made for
  const amount = Math.round(Number(raw.confirmedAmount ?? raw.amount ?? 0)) || 0;
  return { gatewayPaymentId: id, status, amount, eventId: `qicard:${id}:${status}` };
};

export function qiCard(config: QiCardConfig, fetch: Fetch): PaymentGateway {
  const basic = `Basic ${btoa(`${config.username}:${config.password}`)}`;
  const call = <T = Record<string, unknown>>(method: "GET" | "POST", path: string, body?: unknown) =>
    callGateway<T>(
      {
        gateway: "qicard",
        baseUrl: config.baseUrl,
        fetch,
        authorization: async () => basic,
        headers: { "X-Terminal-Id": config.terminalId },
      },
      method,
      path,
      body,
    );
  const status = async (id: string) =>
    reportOf(id, await call<QiStatusBody>("GET", `/api/v1/payment/${encodeURIComponent(id)}/status`));
  return {
    name: "qicard",
    async start(p) {
      const raw = await call<{ paymentId?: string; formUrl?: string }>("POST", "/api/v1/payment", {
        // the same reference gives the same request id: Qi answers a retried create with the payment it made
        requestId: await sha256Hex(`dalil:qicard:${p.reference}`),
        amount: p.amount,
        currency: "IQD",
        locale: LOCALES[p.lang],
        finishPaymentUrl: p.returnUrl,
        notificationUrl: p.callbackUrl,
        ...(p.customerPhone ? { customerInfo: { phone: p.customerPhone } } : {}),
        additionalInfo: { reference: p.reference, description: p.description.slice(0, 100) },
      });
      if (!raw.paymentId || !raw.formUrl)
        throw new GatewayFailure("qicard", "payment answered without an id or a form", true);
      return { gatewayPaymentId: raw.paymentId, redirectUrl: raw.formUrl };
    },
    async verifyCallback(req) {
      let body: QiStatusBody;
      try {
        body = JSON.parse(req.body) as QiStatusBody;
      } catch {
        throw new CallbackRejected("qicard", "body is not JSON");
      }
      const id = typeof body?.paymentId === "string" ? body.paymentId : "";
      if (!id) throw new CallbackRejected("qicard", "no paymentId");
      if (!config.publicKey) {
        // nothing to verify with: Qi's own status call is the proof
        try {
          return await status(id);
        } catch (err) {
          throw new CallbackRejected("qicard", `unsigned and its status could not be fetched (${String(err)})`);
        }
      }
      const signature = req.headers.get("X-Signature");
      if (!signature) throw new CallbackRejected("qicard", "no X-Signature");
      if (!(await verifyRsaSha256(qiSignedText(body), signature, config.publicKey)))
        throw new CallbackRejected("qicard", "X-Signature does not verify");
      return reportOf(id, body);
    },
    status,
    async refund(id, amount, reason) {
      const raw = await call<{ status?: string; refundId?: string }>(
        "POST",
        `/api/v1/payment/${encodeURIComponent(id)}/refund`,
        {
          requestId: await sha256Hex(`dalil:qicard:refund:${id}:${amount}`),
          amount,
          message: reason.slice(0, 100),
        },
      );
      const outcome = String(raw.status ?? "").toUpperCase();
      if (outcome !== "SUCCESS")
        throw new GatewayFailure("qicard", `refund answered ${outcome || "nothing"}`, outcome !== "FAILED");
      return { refundId: raw.refundId ?? null, amount };
    },
  };
}
