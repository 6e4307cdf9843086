import { SocketHub } from "./SocketHub";

/** One per user: that user's open notification sockets. */
export class UserSockets extends SocketHub {
  /** RPC: tell every open tab of this user that something changed. Returns how many sockets got it. */
  async broadcast(event: unknown): Promise<number> {
    return this.sendToAll(event);
  }

  async webSocketMessage(): Promise<void> {
    // the client's {type:"join", userId} carries no authority: the Worker bound this socket to the session's user
  }
}
