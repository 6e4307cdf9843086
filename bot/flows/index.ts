/**
 * The bot's conversations, one file each. The engine builds its one routing table from this list: every
 * button action, understood intent and form step belongs to exactly one flow (a second claim is an error at
 * start). Adding a conversation = one new file in bot/flows/ and one line here.
 *
 * Order matters only where two flows take part in the same moment: a listing number's first message is read before
 * anything (it never takes STOP); the account's command words ("stop", "menu") are read before the chat bridge takes a
 * reply that quotes a chat message, and a provider's own menu is offered before the customer's.
 */
import type { Flow } from "../engine/flow";
import { accountFlow } from "./account";
import { afterBookingFlow } from "./afterBooking";
import { bookingFlow } from "./booking";
import { changeDayFlow } from "./changeDay";
import { chatBridgeFlow } from "./chatBridge";
import { listingNumberFlow } from "./listingNumber";
import { myBookingsFlow } from "./myBookings";
import { payFlow } from "./pay";
import { providerDeskFlow } from "./providerDesk";
import { providerWeekFlow } from "./providerWeek";
import { resendFlow } from "./resend";
import { searchFlow } from "./search";

export const FLOWS: readonly Flow[] = [
  // a listing's number that writes first hears what waits for it, before the newcomer's language question (ADR 047)
  listingNumberFlow,
  accountFlow,
  searchFlow,
  bookingFlow,
  myBookingsFlow,
  providerDeskFlow,
  changeDayFlow,
  providerWeekFlow,
  chatBridgeFlow,
  afterBookingFlow,
  resendFlow,
  payFlow,
];
