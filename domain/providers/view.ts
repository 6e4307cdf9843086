import { serviceProviders } from "../../db/schema";
import { roundedRating } from "../reviews/rating";

/** The public face of a provider listing: what the API, pages and bots show. */
export const providerColumns = {
  id: serviceProviders.id,
  name: serviceProviders.name,
  nameOther: serviceProviders.nameOther,
  specialty: serviceProviders.specialty,
  specialtyAr: serviceProviders.specialtyAr,
  specialtyKu: serviceProviders.specialtyKu,
  categoryId: serviceProviders.categoryId,
  city: serviceProviders.city,
  cityId: serviceProviders.cityId,
  location: serviceProviders.location,
  phone: serviceProviders.phone,
  whatsapp: serviceProviders.whatsapp,
  description: serviceProviders.description,
  isVerified: serviceProviders.isVerified,
  isAvailable: serviceProviders.isAvailable,
  profileImage: serviceProviders.profileImage,
  latitude: serviceProviders.latitude,
  longitude: serviceProviders.longitude,
  // rounded once, the same on every page and door
  rating: roundedRating,
  reviewCount: serviceProviders.reviewCount,
  createdAt: serviceProviders.createdAt,
};

export interface ProviderView {
  id: number;
  name: string;
  /** the name in the other script, when the provider gave one (ADR 013) */
  nameOther: string | null;
  specialty: string;
  specialtyAr: string | null;
  specialtyKu: string | null;
  categoryId: number;
  city: string;
  cityId: number | null;
  location: string;
  phone: string;
  whatsapp: string | null;
  description: string | null;
  isVerified: boolean;
  isAvailable: boolean;
  profileImage: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number;
  reviewCount: number;
  createdAt: Date;
}
