import { providerApplications } from "../../db/schema";

export const applicationColumns = {
  id: providerApplications.id,
  userId: providerApplications.userId,
  businessName: providerApplications.businessName,
  nameOther: providerApplications.nameOther,
  specialty: providerApplications.specialty,
  categoryId: providerApplications.categoryId,
  city: providerApplications.city,
  location: providerApplications.location,
  phone: providerApplications.phone,
  whatsapp: providerApplications.whatsapp,
  businessLicense: providerApplications.businessLicense,
  profileImage: providerApplications.profileImage,
  experience: providerApplications.experience,
  description: providerApplications.description,
  whatsappAlerts: providerApplications.whatsappAlerts,
  status: providerApplications.status,
  adminNotes: providerApplications.adminNotes,
  providerId: providerApplications.providerId,
  submittedAt: providerApplications.submittedAt,
  reviewedAt: providerApplications.reviewedAt,
};

export interface ApplicationView {
  id: number;
  userId: number;
  businessName: string;
  nameOther: string | null;
  specialty: string;
  categoryId: number;
  city: string;
  location: string;
  phone: string;
  whatsapp: string | null;
  businessLicense: string | null;
  profileImage: string | null;
  experience: string | null;
  description: string | null;
  whatsappAlerts: boolean;
  status: "pending" | "approved" | "rejected";
  adminNotes: string | null;
  providerId: number | null;
  submittedAt: Date;
  reviewedAt: Date | null;
}
