import type { RemovedChat } from "../domain/accounts/channels";
import { cookieValue } from "../workers/cookies";

/**
 * After sign-out-everywhere, a new password or a reset, the page that follows says which linked chats were removed.
 * They ride in a short-lived HttpOnly cookie set by our own response: a link cannot forge the notice.
 */
const NAME = "dalil_removed_chats";

export function removedChatsCookie(url: string, chats: RemovedChat[]): string | null {
  if (!chats.length) return null;
  const value = encodeURIComponent(JSON.stringify(chats.map((c) => c.label.slice(0, 100)).slice(0, 10)));
  return (
    `${NAME}=${value}; Path=/; HttpOnly; SameSite=Lax; ` +
    `Max-Age=300${new URL(url).protocol === "https:" ? "; Secure" : ""}`
  );
}

/** The removed chats' names to show once, and the header that forgets them. */
export function readRemovedChats(request: Request): { chats: string[]; clear: string | null } {
  const raw = cookieValue(request.headers.get("Cookie"), NAME);
  if (raw === null) return { chats: [], clear: null };
  const clear = `${NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    const chats = Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string").slice(0, 10) : [];
    return { chats, clear };
  } catch {
    return { chats: [], clear };
  }
}
