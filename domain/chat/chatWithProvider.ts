import { eq } from "drizzle-orm";
import { serviceProviders } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { getProvider } from "../providers/getProvider";
import type { ProviderView } from "../providers/view";
import { listMyChatWith, type MessagePage } from "./listMessages";

/**
 * What a chat page about one listing shows the signed-in user: the listing, and either their conversation
 * with it (possibly still empty) or, for the listing's own provider, nothing (their chats are in Messages).
 */
export async function chatWithProvider(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports">,
  rawProviderId: string,
): Promise<{ provider: ProviderView; own: boolean; page: MessagePage }> {
  const { userId } = requireUser(ctx.actor);
  const provider = await getProvider(ctx, rawProviderId);
  const [owner] = await ctx.db
    .select({ userId: serviceProviders.userId })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, provider.id))
    .limit(1);
  if (owner?.userId === userId)
    return { provider, own: true, page: { conversationId: null, messages: [], hasOlder: false } };
  return { provider, own: false, page: await listMyChatWith(ctx, provider.id) };
}
