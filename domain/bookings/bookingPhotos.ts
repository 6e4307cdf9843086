import { sendMessage } from "../chat/sendMessage";
import type { ServiceContext } from "../context";
import { jobLine } from "./view";

/** How many photos one booking takes with it (ADR 046); more go into the chat afterwards. */
export const MAX_BOOKING_PHOTOS = 3;

export interface BookingPhoto {
  /** a stored image's URL (`storeImage`) */
  url: string;
  caption?: string;
}

/**
 * A booking's photos into the conversation with its listing, as the customer's messages (ADR 046): the first
 * names the booking and its job in the customer's own words (no language of ours), each photo's own caption goes
 * with it. `key` (the booking's idempotency key) makes each photo's client id, so a repeated call sends them once.
 * Only the first MAX_BOOKING_PHOTOS are sent. Throws what `sendMessage` throws; the booking is not touched.
 */
export async function shareBookingPhotos(
  ctx: ServiceContext,
  booking: { id: number; providerId: number; serviceDescription: string },
  photos: readonly BookingPhoto[],
  key: string,
): Promise<void> {
  for (const [i, photo] of photos.slice(0, MAX_BOOKING_PHOTOS).entries()) {
    const message = [
      i === 0 ? `📷 #${booking.id} · ${jobLine(booking.serviceDescription, 80)}` : "",
      photo.caption ?? "",
    ]
      .filter(Boolean)
      .join("\n");
    await sendMessage(
      ctx,
      { providerId: booking.providerId },
      { imageUrl: photo.url, ...(message ? { message } : {}), clientId: `${key}-photo-${i}` },
    );
  }
}
