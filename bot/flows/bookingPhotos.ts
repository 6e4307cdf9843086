/**
 * Photos sent while booking (ADR 046): a person on WhatsApp or Telegram shows the broken AC instead of describing
 * it. A photo at any step of the booking form is stored as the web's chat photos are and kept in the draft (at most
 * MAX_BOOKING_PHOTOS), the form goes on where it was, and once the booking is made the photos go into the
 * conversation with the listing, the first one naming the booking, where the provider sees them on the web and
 * answers. A caption at the job question is the job's description, as if typed; elsewhere it goes with its photo.
 */
import type { StepHandler } from "../engine/flow";
import type { Answer, Handled, Turn } from "../engine/turn";
import { sendMessage } from "../../domain/chat/sendMessage";
import { isServiceError } from "../../domain/errors";
import { storeImage } from "../../domain/uploads/storeImage";
import { jobLine } from "../../domain/bookings/view";
import { isolate } from "../../domain/text/bidi";

/** How many photos one booking takes from the bot; more go into the chat afterwards. */
export const MAX_BOOKING_PHOTOS = 3;

type Describe = (turn: Turn, text: string) => Answer;

/** A photo at a booking step: stored and kept in the draft, then the step's question again (or the caption read). */
async function keepPhoto(turn: Turn, fetchBytes: () => Promise<ArrayBuffer | null>, caption: string | undefined, describe: Describe): Promise<Handled> {
  const draft = turn.state.draft;
  // a reply quoting a relayed chat message puts its photo into that chat (the chat bridge's); quoting the bot's
  // own question is still an answer to the form
  const quotesChat = Boolean(turn.inbound.repliedTo) && (turn.state.threads ?? []).some((t) => t.mid === turn.inbound.repliedTo);
  if (!draft || !turn.account || quotesChat) return false;
  const kept = draft.photos ?? [];
  // the form goes on where it was (a step with no question of its own just waits for its answer)
  const again = async () => (await turn.askAgain()) || true;
  if (kept.length >= MAX_BOOKING_PHOTOS) {
    turn.say({ text: turn.t("bot.bookingPhotosFull", { max: MAX_BOOKING_PHOTOS, provider: isolate(draft.providerName) }) });
    return again();
  }
  const bytes = await fetchBytes();
  if (!bytes) {
    turn.say({ text: turn.t("bot.photoFailed") });
    return again();
  }
  let imageUrl: string;
  try {
    ({ imageUrl } = await storeImage(turn.ctx, bytes));
  } catch (err) {
    if (!isServiceError(err) || (err.code !== "VALIDATION" && err.code !== "RATE_LIMITED")) throw err;
    turn.say({ text: turn.t(err.messageKey, err.params) });
    return again();
  }
  const said = caption?.trim();
  const describes = Boolean(said) && turn.state.step === "bookDescription";
  draft.photos = [...kept, { url: imageUrl, ...(said && !describes ? { caption: said } : {}) }];
  turn.say({ text: turn.t("bot.bookingPhotoKept", { count: draft.photos.length, max: MAX_BOOKING_PHOTOS, provider: isolate(draft.providerName) }) });
  if (describes) return describe(turn, said!);
  return again();
}

/** The booking form's steps, each also taking a photo (`describe` reads a caption at the job question). */
export function withPhotos<S extends Record<string, StepHandler>>(steps: S, describe: Describe): S {
  const image: StepHandler["image"] = (turn, fetchBytes, caption) => keepPhoto(turn, fetchBytes, caption, describe);
  return Object.fromEntries(Object.entries(steps).map(([step, handler]) => [step, { ...handler, image }])) as S;
}

/**
 * After the booking is made: its photos into the conversation with the listing, the first one naming the booking
 * and its job in the customer's own words (no language of ours). Each has its own client id, so a confirm tapped
 * twice sends them once. A photo's own caption goes with it. A failure loses the photos' delivery, never the
 * booking: the line returned says so.
 */
export async function sendBookingPhotos(turn: Turn, booking: { id: number; providerId: number; serviceDescription: string }, draft: { key: string; providerName: string; photos?: { url: string; caption?: string }[] }): Promise<string | null> {
  if (!draft.photos?.length) return null;
  try {
    for (const [i, photo] of draft.photos.entries()) {
      const message = [i === 0 ? `📷 #${booking.id} · ${jobLine(booking.serviceDescription, 80)}` : "", photo.caption ?? ""].filter(Boolean).join("\n");
      await sendMessage(turn.ctx, { providerId: booking.providerId }, { imageUrl: photo.url, ...(message ? { message } : {}), clientId: `${draft.key}-photo-${i}` });
    }
    return turn.t("bot.bookingPhotosSent", { provider: isolate(draft.providerName) });
  } catch (err) {
    console.error("booking photos not sent", err);
    return turn.t("bot.bookingPhotosNotSent", { provider: isolate(draft.providerName) });
  }
}
