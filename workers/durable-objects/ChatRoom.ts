import { SocketHub } from "./SocketHub";

/** One per conversation: the two participants' live sockets. Messages are stored in D1 by the domain first. */
export class ChatRoom extends SocketHub {
  /** RPC: deliver a stored message to everyone in the room. */
  async publish(event: unknown): Promise<number> {
    return this.sendToAll(event);
  }

  async webSocketMessage(): Promise<void> {
    // messages are sent over the API (validated and stored first), not through the socket
  }
}
