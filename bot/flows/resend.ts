/**
 * An unanswered request's notice (ADR 047): one tap sends the same request to one of the listings it offers
 * (rs:<booking>:<listing>), with its job, address and day kept. The rule is domain/bookings/resendBooking.ts.
 */
import type { Flow } from "../engine/flow";
import { resendBooking } from "../../domain/bookings/resendBooking";
import { isolate } from "../../domain/text/bidi";

export const resendFlow: Flow = {
  name: "resend",
  actions: {
    async rs(turn, bookingId, providerId) {
      if (!turn.account) return turn.linkFirst(`rs:${bookingId}:${providerId}`);
      const { booking } = await resendBooking(turn.ctx, bookingId, providerId);
      turn.say({
        text: turn.t("reach.resent", { id: booking.id, provider: isolate(booking.providerName ?? "") }),
        buttons: [[{ label: turn.t("bot.myBookings"), action: "mb" }, turn.menuButton()]],
      });
    },
  },
};
