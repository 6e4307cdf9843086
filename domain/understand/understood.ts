// What the bot's reader makes of a message (understand.ts), as a type alone: the search box's reading (readQuery.ts)
// names it too, and understand.ts re-exports that reading, so the type lives apart from both.
import type { DaySlot, DayWord } from "../text/dayPhrases";
import type { Lang } from "../text/lang";

export type Understood =
  | {
      intent: "search";
      service?: string;
      city?: string;
      nearMe?: boolean;
      day?: DayWord;
      slot?: DaySlot;
      words?: string;
      describes?: true;
    }
  | { intent: "cancelBooking" | "changeBooking"; bookingId?: number; day?: DayWord; slot?: DaySlot }
  /** a provider's answer to a booking: "accept 9", «قبول ٩», «تەواو» */
  | { intent: "acceptBooking" | "declineBooking" | "completeBooking"; bookingId?: number }
  /** the provider's availability switch: "busy today", «متوفر» */
  | { intent: "busy" | "available" }
  | { intent: "language"; lang?: Lang }
  | { intent: "when"; day?: DayWord; slot?: DaySlot }
  | { intent: "menu" | "help" | "stop" | "myBookings" | "greeting" | "thanks" | "yes" | "no" | "nearMe" | "unknown" }
  /** the next page of the last list: "next", «غيرهم», «زیاتر» */
  | { intent: "more" }
  /** the page before, as the "◀ Previous" button says: "prev", «السابق», «پێشوو» */
  | { intent: "previous" }
  /** "delete my account": the bot explains how (it needs the password, on the web) */
  | { intent: "deleteAccount" }
  /** "he didn't come", «الاسطة ما اجه», «نەهات»: today's booking, with "did not come" to tap */
  | { intent: "noShow" }
  /** "how much?", «شكد ياخذ؟», «چەند دەبات؟»: what the listing in view charges, or how to ask it */
  | { intent: "price" }
  /** a provider's menu lines in his words: the requests and today's bookings, his week; "search" alone asks what */
  | { intent: "providerBookings" | "week" | "searchAsk" }
  /** paying from the chat (ADR 085): "renew", «جدد الاشتراك», «نوێکردنەوە» (renew), "pay", «ادفع», «بەیعانە» */
  | { intent: "pay"; renew?: true };
