import { useEffect, useRef, useState } from "react";
import type { WireMessage } from "./messages";

type ChatEvent = { type: "message"; message: WireMessage } | { type: "pong" } | { type: "read" };

/**
 * The conversation's live socket (/ws/chat/{id}). On every (re)connect it first asks the API for what it
 * missed (`after=<last id>`), so a dropped socket leaves no gap; duplicates are dropped by id by the caller.
 * Going offline closes it; coming back online reconnects at once; otherwise it retries with backoff.
 * Returns the socket's state ("reconnecting" only after an open socket or an attempt failed).
 */
export function useChatSocket(conversationId: number | null, lastId: () => number, onMessage: (m: WireMessage) => void): "connecting" | "open" | "reconnecting" {
  const [state, setState] = useState<"connecting" | "open" | "reconnecting">("connecting");
  const handler = useRef(onMessage);
  handler.current = onMessage;
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
        const res = await fetch(`/api/conversations/${conversationId}/messages?after=${last.current()}`, { credentials: "same-origin" });
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
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/chat/${conversationId}`);
      socket = ws;
      ws.addEventListener("open", () => {
        retry = 0;
        setState("open");
        void catchUp().catch(() => undefined);
        // answered by the Durable Object's auto-response without waking it
        ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('{"type":"ping"}'), 30_000);
      });
      ws.addEventListener("message", (event) => {
        try {
          const e = JSON.parse(String(event.data)) as ChatEvent;
          if (e.type === "message") handler.current(e.message);
        } catch (err) {
          console.warn("chat event could not be parsed", err);
        }
      });
      ws.addEventListener("close", () => {
        clearInterval(ping);
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

  return state;
}
