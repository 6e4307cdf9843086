/**
 * Photos sent while booking (ADR 046): a person on WhatsApp or Telegram shows the broken AC instead of describing
 * it. A photo at any step of the booking form is stored as the web's chat photos are and kept in the draft (at most
 * MAX_BOOKING_PHOTOS), the form goes on where it was, and once the booking is made the domain shares them into the
 * conversation with the listing (domain/bookings/bookingPhotos.ts), where the provider sees them on the web and
 * answers. A caption at the job question is the job's description, as if typed; elsewhere it goes with its photo.
 */
import type { StepHandler } from "../engine/flow";
import type { Answer, Handled, Turn } from "../engine/turn";
import { MAX_BOOKING_PHOTOS, shareBookingPhotos, type BookingPhoto } from "../../domain/bookings/bookingPhotos";
import { isServiceError } from "../../domain/errors";
import { storeImage } from "../../domain/uploads/storeImage";
import { isolate } from "../../domain/text/bidi";

type Describe = (turn: Turn, text: string) => Answer;

/** A photo at a booking step: stored and kept in the draft, then the step's question again (or the caption read). */
async function keepPhoto(
  turn: Turn,
  fetchBytes: () => Promise<ArrayBuffer | null>,
  caption: string | undefined,
  describe: Describe,
): Promise<Handled> {
  const draft = turn.state.draft;
  // a reply quoting a relayed chat message puts its photo into that chat (the chat bridge's); quoting the bot's
  // own question is still an answer to the form
  if (!draft || !turn.account || turn.quotedChat()) return false;
  const kept = draft.photos ?? [];
  // the form goes on where it was (a step with no question of its own just waits for its answer)
  const again = async () => (await turn.askAgain()) || true;
  if (kept.length >= MAX_BOOKING_PHOTOS) {
    turn.say({
      text: turn.t("bot.bookingPhotosFull", { max: MAX_BOOKING_PHOTOS, provider: isolate(draft.providerName) }),
    });
    return again();
  }
  const bytes = await fetchBytes();
  if (!bytes) {
    turn.say({ text: turn.t("bot.photoFailed") });
    return again();
  }
  let imageUrl: string;
  try {
    ({ imageUrl } = await storeImage(turn.ctx, bytes, { forChat: true }));
  } catch (err) {
    if (!isServiceError(err) || (err.code !== "VALIDATION" && err.code !== "RATE_LIMITED")) throw err;
    turn.say({ text: turn.t(err.messageKey, err.params) });
    return again();
  }
  const said = caption?.trim();
  const describes = Boolean(said) && turn.state.step === "bookDescription";
  draft.photos = [...kept, { url: imageUrl, ...(said && !describes ? { caption: said } : {}) }];
  turn.say({
    text: turn.t("bot.bookingPhotoKept", {
      count: draft.photos.length,
      max: MAX_BOOKING_PHOTOS,
      provider: isolate(draft.providerName),
    }),
  });
  if (describes) return describe(turn, said!);
  return again();
}

/** The booking form's steps, each also taking a photo (`describe` reads a caption at the job question). */
export function withPhotos<S extends Record<string, StepHandler>>(steps: S, describe: Describe): S {
  const image: StepHandler["image"] = (turn, fetchBytes, caption) => keepPhoto(turn, fetchBytes, caption, describe);
  return Object.fromEntries(Object.entries(steps).map(([step, handler]) => [step, { ...handler, image }])) as S;
}

/** After the booking is made: its photos shared with the provider, and the line that says so (or that they weren't). */
export async function sendBookingPhotos(
  turn: Turn,
  booking: { id: number; providerId: number; serviceDescription: string },
  draft: { key: string; providerName: string; photos?: BookingPhoto[] },
): Promise<string | null> {
  if (!draft.photos?.length) return null;
  try {
    await shareBookingPhotos(turn.ctx, booking, draft.photos, draft.key);
    return turn.t("bot.bookingPhotosSent", { provider: isolate(draft.providerName) });
  } catch (err) {
    // a failure loses the photos' delivery, never the booking
    console.error("booking photos not sent", err);
    return turn.t("bot.bookingPhotosNotSent", { provider: isolate(draft.providerName) });
  }
}
