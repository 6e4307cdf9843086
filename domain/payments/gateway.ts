/**
 * The payment gateways as the domain sees them: ZainCash, Qi Card and FIB behind one port (the adapters are in
 * workers/payments/, written on fetch and WebCrypto). Amounts are whole Iraqi dinars, never floats: the three settle
 * in IQD only, whose minor unit is the dinar.
 */
import type { Lang } from "../../i18n/config";

export const GATEWAYS = ["zaincash", "qicard", "fib"] as const;
export type GatewayName = (typeof GATEWAYS)[number];

/** Where a gateway says a payment is; every gateway's own words are mapped onto these. */
export type GatewayStatus = "pending" | "paid" | "failed" | "expired" | "cancelled" | "refunded";

export interface StartPayment {
  /** Dalil's own reference for the payment (its ledger row), sent as the gateway's order or request id */
  reference: string;
  /** whole dinars, computed on the server */
  amount: number;
  /** what is paid for, in a few words (FIB keeps 50 characters) */
  description: string;
  lang: Lang;
  /** Dalil's page the person returns to; a return alone never marks anything paid */
  returnUrl: string;
  /** Dalil's webhook door for this gateway */
  callbackUrl: string;
  /** E.164, when the payer's phone is known (ZainCash fills it in on its page) */
  customerPhone?: string;
}

export interface StartedPayment {
  /** the gateway's id for the payment: what status, refund and every callback name */
  gatewayPaymentId: string;
  /** the gateway's page the person pays on (FIB: its app link, the QR and code are beside it) */
  redirectUrl: string;
  expiresAt?: Date;
  /** FIB: a QR image (data: URL), a code to type in the app, and the app's own link */
  qrCode?: string;
  readableCode?: string;
  appLink?: string;
}

/** What a gateway proved about a payment: from a verified callback or from its own status call. */
export interface GatewayReport {
  gatewayPaymentId: string;
  status: GatewayStatus;
  /** the amount the gateway says was charged, whole dinars */
  amount: number;
  /** one event's identity: a callback delivered ten times carries the same one (gateway + payment + status) */
  eventId: string;
}

export interface RefundResult {
  refundId: string | null;
  amount: number;
}

/** What a webhook door received, untouched: the gateways sign bytes, so nothing is parsed before verifying. */
export interface CallbackRequest {
  url: string;
  body: string;
  headers: Headers;
}

/** A callback that proves nothing (no token, a bad signature, another algorithm): changes nothing, is logged. */
export class CallbackRejected extends Error {
  constructor(
    readonly gateway: GatewayName,
    reason: string,
  ) {
    super(`${gateway}: ${reason}`);
    this.name = "CallbackRejected";
  }
}

/** A gateway that answered with an error, or not at all; `retryable` when trying again later may work. */
export class GatewayFailure extends Error {
  constructor(
    readonly gateway: GatewayName,
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(`${gateway}: ${message}`);
    this.name = "GatewayFailure";
  }
}

export interface PaymentGateway {
  readonly name: GatewayName;
  start(payment: StartPayment): Promise<StartedPayment>;
  /** Proves a callback (a signature, or the gateway's own word when it signs nothing) or throws CallbackRejected. */
  verifyCallback(request: CallbackRequest): Promise<GatewayReport>;
  status(gatewayPaymentId: string): Promise<GatewayReport>;
  /** The whole payment back (ZainCash and FIB refund in full only; Qi Card also in part). */
  refund(gatewayPaymentId: string, amount: number, reason: string): Promise<RefundResult>;
}
