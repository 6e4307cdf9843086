import { eq } from "drizzle-orm";
import { serviceProviders, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { requireParticipant, type ChatRole } from "./access";
import { listMessages, type MessagePage } from "./listMessages";
import { chatTold, type ChatTold } from "../reach/tellChat";

export interface ConversationView {
  id: number;
  role: ChatRole;
  providerId: number;
  providerName: string;
  /** the other participant's name, as the reader sees it */
  otherName: string;
  /** false once the admin hid the listing: the conversation stays readable, but the listing takes no new ones */
  providerListed: boolean;
  /** the other side deleted their account (ADR 041): readable, with no composer */
  otherLeft: boolean;
  page: MessagePage;
  /** a listing not on Dalil yet: what became of the first message at its number (ADR 052); null otherwise */
  texted: ChatTold | null;
}

/** One of my conversations with its newest page of messages (participants only: 403 for anyone else). */
export async function getConversation(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports">,
  rawId: unknown,
): Promise<ConversationView> {
  const p = await requireParticipant(ctx, rawId);
  const [[provider], [customer], page] = await Promise.all([
    ctx.db
      .select({ name: serviceProviders.name, hiddenAt: serviceProviders.hiddenAt })
      .from(serviceProviders)
      .where(eq(serviceProviders.id, p.providerId))
      .limit(1),
    ctx.db.select({ name: users.name }).from(users).where(eq(users.id, p.customerId)).limit(1),
    listMessages(ctx, p.conversationId, {}),
  ]);
  const texted = p.role === "customer" && p.providerUserId === null ? await chatTold(ctx, p.conversationId) : null;
  return {
    id: p.conversationId,
    role: p.role,
    providerId: p.providerId,
    providerName: provider?.name ?? "",
    providerListed: Boolean(provider) && provider!.hiddenAt === null,
    otherLeft: p.otherLeft,
    otherName: p.role === "customer" ? (provider?.name ?? "") : (customer?.name ?? ""),
    page,
    texted,
  };
}
