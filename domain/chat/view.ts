import { chatMessages } from "../../db/schema";

export const messageColumns = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  providerId: chatMessages.providerId,
  senderType: chatMessages.senderType,
  senderUserId: chatMessages.senderUserId,
  message: chatMessages.message,
  imageUrl: chatMessages.imageUrl,
  clientId: chatMessages.clientId,
  timestamp: chatMessages.timestamp,
};

export interface MessageView {
  id: number;
  conversationId: number;
  providerId: number;
  senderType: "user" | "provider";
  senderUserId: number | null;
  message: string | null;
  imageUrl: string | null;
  /** a voice note: played from this address by the conversation's participants only */
  audioUrl: string | null;
  /** the voice note's length and its waveform (64 values 0–100) */
  audioMs?: number;
  audioPeaks?: number[];
  clientId: string | null;
  timestamp: Date;
  /** its sender left Dalil (ADR 041): no text, no image; read as "Message deleted" */
  deleted?: boolean;
}

/** What the chat socket carries (server → client). Shared by ChatRoom and the web client. */
export type ChatEvent =
  | { type: "message"; message: MessageView }
  | { type: "read"; conversationId: number; role: "customer" | "provider"; lastReadId: number }
  /** these messages' sender left Dalil: shown as "Message deleted" from now on (ADR 041) */
  | { type: "erased"; conversationId: number; ids: number[] }
  /** this side left Dalil: the conversation stays readable and takes no new messages */
  | { type: "left"; conversationId: number; role: "customer" | "provider" };
