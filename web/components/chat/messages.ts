/** A message as the API and the chat socket send it (dates as ISO strings). */
export interface WireMessage {
  id: number;
  conversationId: number;
  senderType: "user" | "provider";
  message: string | null;
  imageUrl: string | null;
  /** a voice note: its address, length and 64-bar waveform */
  audioUrl?: string | null;
  audioMs?: number;
  audioPeaks?: number[];
  clientId: string | null;
  timestamp: string;
  /** its sender left Dalil (ADR 041): shown as "Message deleted" */
  deleted?: boolean;
}

/** A message on screen: stored ones have an id; ours may still be sending or have failed. */
export interface ChatItem {
  key: string;
  id?: number;
  clientId: string | null;
  senderType: "user" | "provider";
  message: string | null;
  imageUrl: string | null;
  audioUrl?: string | null;
  audioMs?: number;
  audioPeaks?: number[];
  timestamp: string;
  status: "sent" | "sending" | "failed";
  deleted?: boolean;
}

/**
 * Adds a stored message to the list: replaces our pending copy (same clientId), ignores one already
 * there (same id: a socket event and a catch-up fetch may both bring it), keeps stored ones in id order
 * and pending ones after them.
 */
export function mergeMessage(list: ChatItem[], m: WireMessage): ChatItem[] {
  // an erased message (its sender left Dalil) empties the copy on screen; one not on screen is not added
  if (m.deleted && !m.timestamp)
    return list.map((i) =>
      i.id === m.id ? { ...i, message: null, imageUrl: null, audioUrl: null, deleted: true } : i,
    );
  if (list.some((i) => i.id === m.id)) return list;
  const stored: ChatItem = {
    key: m.clientId ?? `m-${m.id}`,
    id: m.id,
    clientId: m.clientId,
    senderType: m.senderType,
    message: m.message,
    imageUrl: m.imageUrl,
    ...(m.audioUrl ? { audioUrl: m.audioUrl, audioMs: m.audioMs ?? 0, audioPeaks: m.audioPeaks ?? [] } : {}),
    ...(m.deleted ? { deleted: true } : {}),
    timestamp: typeof m.timestamp === "string" ? m.timestamp : new Date(m.timestamp).toISOString(),
    status: "sent",
  };
  const rest = list.filter((i) => !(m.clientId && i.clientId === m.clientId && !i.id));
  const sent = rest.filter((i) => i.id);
  const pending = rest.filter((i) => !i.id);
  const at = sent.findIndex((i) => i.id! > m.id);
  if (at === -1) sent.push(stored);
  else sent.splice(at, 0, stored);
  return [...sent, ...pending];
}
