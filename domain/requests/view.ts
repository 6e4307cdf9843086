import { sql } from "drizzle-orm";
import { cities, providerProposals, serviceProviders, serviceRequests } from "../../db/schema";
import { REQUEST_OPEN_DAYS } from "./schemas";
import { roundedRating } from "../reviews/rating";

export const requestColumns = {
  id: serviceRequests.id,
  customerId: serviceRequests.customerId,
  categoryId: serviceRequests.categoryId,
  title: serviceRequests.title,
  description: serviceRequests.description,
  budget: serviceRequests.budget,
  urgency: serviceRequests.urgency,
  city: serviceRequests.city,
  cityId: serviceRequests.cityId,
  /** the city's name in Arabic and Sorani, for pages in those languages */
  cityAr: sql<string | null>`(select ${cities.nameAr} from ${cities} where ${cities.id} = ${serviceRequests.cityId})`,
  cityKu: sql<string | null>`(select ${cities.nameKu} from ${cities} where ${cities.id} = ${serviceRequests.cityId})`,
  location: serviceRequests.preferredLocation,
  latitude: serviceRequests.latitude,
  longitude: serviceRequests.longitude,
  status: serviceRequests.status,
  proposalCount: serviceRequests.proposalCount,
  deadline: serviceRequests.deadline,
  createdAt: serviceRequests.createdAt,
};

export type RequestRow = {
  id: number;
  customerId: number;
  categoryId: number | null;
  title: string;
  description: string;
  budget: number | null;
  urgency: "low" | "normal" | "high" | "emergency";
  city: string | null;
  cityId: number | null;
  cityAr: string | null;
  cityKu: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  status: "open" | "in_progress" | "closed" | "cancelled";
  proposalCount: number;
  deadline: Date | null;
  createdAt: Date;
};

/** What pages show: "expired" when an open request has passed its 7 days. */
export type RequestState = "open" | "closed" | "cancelled" | "expired";

export interface RequestView extends Omit<RequestRow, "status" | "customerId" | "latitude" | "longitude"> {
  state: RequestState;
  closesAt: Date;
}

export const closesAt = (createdAt: Date) => new Date(createdAt.getTime() + REQUEST_OPEN_DAYS * 24 * 60 * 60 * 1000);

export function toRequestView(row: RequestRow, now: Date): RequestView {
  const { customerId: _c, latitude: _la, longitude: _lo, status, ...rest } = row;
  const end = closesAt(row.createdAt);
  const state: RequestState =
    status === "open" ? (end > now ? "open" : "expired") : status === "cancelled" ? "cancelled" : "closed";
  return { ...rest, state, closesAt: end };
}

export const proposalColumns = {
  id: providerProposals.id,
  requestId: providerProposals.serviceRequestId,
  providerId: providerProposals.providerId,
  providerName: serviceProviders.name,
  providerNameOther: serviceProviders.nameOther,
  providerRating: roundedRating,
  providerReviewCount: serviceProviders.reviewCount,
  providerVerified: serviceProviders.isVerified,
  message: providerProposals.proposalText,
  price: providerProposals.quotedPrice,
  duration: providerProposals.estimatedDuration,
  availableOn: providerProposals.availabilityDate,
  status: providerProposals.status,
  bookingId: providerProposals.bookingId,
  createdAt: providerProposals.createdAt,
};

export interface ProposalView {
  id: number;
  requestId: number;
  providerId: number;
  providerName: string;
  providerNameOther: string | null;
  providerRating: number;
  providerReviewCount: number;
  providerVerified: boolean;
  message: string;
  price: number;
  duration: string | null;
  availableOn: string | null;
  status: "pending" | "accepted" | "rejected" | "withdrawn";
  bookingId: number | null;
  createdAt: Date;
}
