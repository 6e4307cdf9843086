/**
 * Paying from the chat (ADR 085, "From the chat"): a provider renews the monthly plan ("Renew now" on the reminder,
 * "renew", «جدد الاشتراك», «نوێکردنەوە»), a customer pays a booking's deposit ("Pay the deposit" on the booking's
 * confirmation, "pay", «ادفع»). The bot asks how to pay among the gateways this Worker has, then starts the payment
 * with the web's own `startPayment` and answers with where to pay: the gateway's page (ZainCash, Qi Card), or FIB's
 * code and app link with Dalil's payment page, signed so it opens without a session. The receipt comes back to the
 * chat by itself (the ledger's notice).
 */
import type { Flow } from "../engine/flow";
import { ltr, type Turn } from "../engine/turn";
import type { Button } from "../engine/types";
import { depositsDue } from "../../domain/payments/deposit";
import { GATEWAYS, type GatewayName } from "../../domain/payments/gateway";
import { paymentQuote, startPayment } from "../../domain/payments/startPayment";

/** `s` is the plan; a number is that booking's deposit. */
type Target = "s" | `${number}`;

const purposeOf = (target: Target) =>
  target === "s" ? { purpose: "subscription" } : { purpose: "deposit", bookingId: Number(target) };
const whatOf = (turn: Turn, target: Target) =>
  target === "s" ? turn.t("payments.chat.plan") : turn.t("payments.chat.deposit", { id: Number(target) });

/** "How would you like to pay?": one choice per gateway configured, at the server's price. */
async function askGateway(turn: Turn, target: Target) {
  if (!turn.account) return turn.linkFirst(target === "s" ? "rn" : `dp:${target}`);
  const { amount } = await paymentQuote(turn.ctx, purposeOf(target));
  const on = GATEWAYS.filter((g) => turn.ctx.ports.payments.gateways[g]);
  if (!on.length) return turn.say({ text: turn.t("payments.chat.noGateways"), buttons: [[turn.menuButton()]] });
  turn.say({
    text: turn.t("payments.chat.howToPay", { what: whatOf(turn, target), amount }),
    buttons: [
      on.map((g) => ({ label: turn.t(`payments.gateway.${g}`), action: `py:${target}:${g}` })),
      [turn.menuButton()],
    ],
  });
}

/** The payment started as the chat's account, and where to pay it. */
async function pay(turn: Turn, target: Target, gateway: GatewayName) {
  if (!turn.account) return turn.linkFirst(target === "s" ? "rn" : `dp:${target}`);
  const started = await startPayment(turn.ctx, { ...purposeOf(target), gateway }, turn.deps.siteUrl, {
    fromChat: true,
  });
  const amount = started.amount;
  // the code kept left to right inside Arabic and Kurdish text; plain in English, so it copies as it is
  const code = started.readableCode && (turn.lang === "en" ? started.readableCode : ltr(started.readableCode));
  const text =
    gateway === "fib" && code
      ? turn.t("payments.chat.payInFib", {
          amount,
          app: started.appLink ?? started.redirectUrl,
          code,
          url: started.pageUrl ?? "",
        })
      : turn.t("payments.chat.payOnPage", {
          amount,
          gateway: turn.t(`payments.gateway.${gateway}`),
          url: started.redirectUrl,
        });
  turn.say({ text, buttons: [[turn.menuButton()]] });
}

/**
 * "pay" with no more said: the plan for a provider, a deposit a booking waits for; asked back when there are several.
 */
async function whatToPay(turn: Turn, renew: boolean) {
  if (!turn.account)
    return renew
      ? turn.linkFirst("rn")
      : turn.say({ text: turn.t("payments.chat.nothingToPay"), buttons: [[turn.menuButton()]] });
  const listing = await turn.myListing();
  if (renew && listing) return askGateway(turn, "s");
  const due = renew ? [] : await depositsDue(turn.ctx);
  const choices: Button[] = [
    ...(listing ? [{ label: turn.t("payments.chat.renewPlan"), action: "rn" }] : []),
    ...due.map((d) => ({
      label: turn.t("payments.chat.depositFor", { id: d.bookingId }),
      action: `dp:${d.bookingId}`,
    })),
  ];
  if (!choices.length)
    return renew
      ? askGateway(turn, "s")
      : turn.say({ text: turn.t("payments.chat.nothingToPay"), buttons: [[turn.menuButton()]] });
  if (choices.length === 1) return turn.act(choices[0].action);
  turn.say({ text: turn.t("payments.chat.whatToPay"), buttons: [...choices.map((c) => [c]), [turn.menuButton()]] });
}

const isTarget = (s: string): s is Target => s === "s" || /^[0-9]{1,12}$/.test(s);
const isGateway = (s: string): s is GatewayName => (GATEWAYS as readonly string[]).includes(s);

export const payFlow: Flow = {
  name: "pay",
  actions: {
    rn: (turn) => askGateway(turn, "s"),
    dp: (turn, bookingId) =>
      isTarget(bookingId) && bookingId !== "s" ? askGateway(turn, bookingId) : turn.nothingPending(),
    py: (turn, target, gateway) =>
      isTarget(target) && isGateway(gateway) ? pay(turn, target, gateway) : turn.nothingPending(),
  },
  intents: {
    pay: (turn, u) => whatToPay(turn, Boolean(u.renew)),
  },
};
