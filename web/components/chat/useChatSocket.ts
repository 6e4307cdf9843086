import { useEffect, useRef, useState } from "react";
import type { WireMessage } from "./messages";

type ChatEvent =
  | { type: "message"; message: WireMessage }
  | { type: "error"; clientId: string | null; status: number; message: string }
  | { type: "pong" }
  | { type: "read" }
  /** the sender of these messages left Dalil (ADR 041) */
  | { type: "erased"; conversationId: number; ids: number[] }
  /** a side left Dalil: the conversation takes no new messages */
  | { type: "left"; conversationId: number; role: "customer" | "provider" };

/** The server refused a message sent over the socket (the same refusal the API gives: status + sentence). */
export class SocketRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`${status}: ${message}`);
  }
}

/** A message body to send: the socket answers with the stored message, or a refusal. */
export type OutgoingMessage = { clientId: string; message?: string; imageUrl?: string; audioUrl?: string };
export type SocketSend = (m: OutgoingMessage) => Promise<WireMessage>;

/** How long a send over the socket may go unanswered before the caller tries the API instead. */
const SEND_TIMEOUT_MS = 8000;

/**
 * The conversation's live socket (/ws/chat/{id}). On every (re)connect it first asks the API for what it
 * missed (`after=<last id>`), so a dropped socket leaves no gap; duplicates are dropped by id by the caller.
 * Going offline closes it; coming back online reconnects at once; otherwise it retries with backoff.
 * Returns the socket's state ("reconnecting" only after an open socket or an attempt failed).
 */
export function useChatSocket(
  conversationId: number | null,
  lastId: () => number,
  onMessage: (m: WireMessage) => void,
  onLeft?: (role: "customer" | "provider") => void,
): { state: "connecting" | "open" | "reconnecting"; send: SocketSend } {
  const [state, setState] = useState<"connecting" | "open" | "reconnecting">("connecting");
  // the open socket and the sends waiting for their stored message, by clientId
  const open = useRef<WebSocket | null>(null);
  const waiting = useRef(new Map<string, { resolve: (m: WireMessage) => void; reject: (e: Error) => void }>());
  const send = useRef<SocketSend>((m) => {
    const ws = open.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error("socket not open"));
    return new Promise<WireMessage>((resolve, reject) => {
      const timer = setTimeout(() => settle(() => reject(new Error("socket send timed out"))), SEND_TIMEOUT_MS);
      const settle = (f: () => void) => {
        clearTimeout(timer);
        waiting.current.delete(m.clientId);
        f();
      };
      waiting.current.set(m.clientId, {
        resolve: (x) => settle(() => resolve(x)),
        reject: (e) => settle(() => reject(e)),
      });
      ws.send(JSON.stringify({ type: "send", ...m }));
    });
  });
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const leftHandler = useRef(onLeft);
  leftHandler.current = onLeft;
  const last = useRef(lastId);
  last.current = lastId;

  useEffect(() => {
    if (!conversationId || typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry = 0;
    let ping: ReturnType<typeof setInterval> | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;

    const catchUp = async () => {
      // pages of 50 until nothing newer is left
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`/api/conversations/${conversationId}/messages?after=${last.current()}`, {
          credentials: "same-origin",
        });
        if (!res.ok) return;
        const page = (await res.json()) as { messages: WireMessage[]; hasNewer?: boolean };
        page.messages.forEach((m) => handler.current(m));
        if (!page.hasNewer) return;
        await new Promise((r) => setTimeout(r, 0));
      }
    };

    const connect = () => {
      clearTimeout(reconnect);
      if (stopped || socket) return;
      const ws = new WebSocket(
        `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/chat/${conversationId}`,
      );
      socket = ws;
      ws.addEventListener("open", () => {
        retry = 0;
        open.current = ws;
        setState("open");
        void catchUp().catch(() => undefined);
        // answered by the Durable Object's auto-response without waking it
        ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('{"type":"ping"}'), 30_000);
      });
      ws.addEventListener("message", (event) => {
        try {
          const e = JSON.parse(String(event.data)) as ChatEvent;
          if (e.type === "message") {
            handler.current(e.message);
            if (e.message.clientId) waiting.current.get(e.message.clientId)?.resolve(e.message);
          } else if (e.type === "erased") {
            // each becomes "Message deleted" where it is on screen
            for (const id of e.ids)
              handler.current({
                id,
                conversationId: e.conversationId,
                senderType: "user",
                message: null,
                imageUrl: null,
                clientId: null,
                timestamp: "",
                deleted: true,
              });
          } else if (e.type === "left") {
            leftHandler.current?.(e.role);
          } else if (e.type === "error" && e.clientId) {
            waiting.current.get(e.clientId)?.reject(new SocketRefusal(e.status, e.message));
          }
        } catch (err) {
          console.warn("chat event could not be parsed", err);
        }
      });
      ws.addEventListener("close", () => {
        clearInterval(ping);
        if (open.current === ws) open.current = null;
        // unanswered sends go over the API instead (same clientId: stored once whichever way it arrived)
        for (const w of [...waiting.current.values()]) w.reject(new Error("socket closed"));
        if (socket === ws) socket = null;
        setState("reconnecting");
        if (stopped) return;
        retry = Math.min(retry + 1, 5);
        reconnect = setTimeout(connect, 500 * 2 ** retry);
      });
    };
    const offline = () => socket?.close(4000, "offline");
    const online = () => {
      retry = 0;
      connect();
    };
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    connect();
    return () => {
      stopped = true;
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
      clearInterval(ping);
      clearTimeout(reconnect);
      socket?.close(1000, "leaving");
    };
  }, [conversationId]);

  return { state, send: send.current };
}
