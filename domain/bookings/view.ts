import { sql } from "drizzle-orm";
import { bookings, payments, reviews, serviceProviders } from "../../db/schema";

export const bookingColumns = {
  id: bookings.id,
  customerId: bookings.customerId,
  providerId: bookings.providerId,
  providerName: serviceProviders.name,
  /** the listing's name in the other script (ADR 013), shown beneath or instead of providerName */
  providerNameOther: serviceProviders.nameOther,
  providerPhone: serviceProviders.phone,
  serviceDescription: bookings.serviceDescription,
  preferredDate: bookings.preferredDate,
  preferredTime: bookings.preferredTime,
  customerLocation: bookings.customerLocation,
  customerPhone: bookings.customerPhone,
  urgency: bookings.urgency,
  status: bookings.status,
  estimatedCost: bookings.estimatedCost,
  actualCost: bookings.actualCost,
  notes: bookings.notes,
  providerNotes: bookings.providerNotes,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
  hasReview: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookings.id})`.mapWith(Boolean),
  /** the cash the provider recorded on completion (IQD), or null */
  paidAmount: sql<number | null>`(select ${payments.amount} from ${payments} where ${payments.bookingId} = ${bookings.id})`,
  respondedAt: bookings.respondedAt,
};

export type BookingStatus = "pending" | "accepted" | "declined" | "completed" | "cancelled" | "expired";

export interface BookingView {
  id: number;
  customerId: number;
  providerId: number;
  providerName: string;
  providerNameOther: string | null;
  providerPhone: string;
  serviceDescription: string;
  preferredDate: string | null;
  preferredTime: "morning" | "afternoon" | "evening" | "flexible" | null;
  customerLocation: string;
  customerPhone: string;
  urgency: "low" | "normal" | "high" | "emergency";
  status: BookingStatus;
  estimatedCost: number | null;
  actualCost: number | null;
  notes: string | null;
  providerNotes: string | null;
  createdAt: Date;
  updatedAt: Date;
  hasReview: boolean;
  paidAmount: number | null;
  respondedAt: Date | null;
}
