import { useEffect, useRef } from "react";

export type LiveEvent = { type: "notification"; notificationId?: number } | { type: "pong" };

/**
 * The signed-in user's live socket (/ws). On open it sends the spec's {type:"join", userId} — the server
 * ignores the id and uses the session. Reconnects with backoff; a parse failure is only logged.
 */
export function useLiveEvents(userId: number | null, onEvent: (e: LiveEvent) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    if (!userId || typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let retry = 0;
    let closed = false;
    let ping: ReturnType<typeof setInterval> | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;

    const open = () => {
      const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
      socket = new WebSocket(url);
      socket.addEventListener("open", () => {
        retry = 0;
        socket?.send(JSON.stringify({ type: "join", userId }));
        // answered by the Durable Object's auto-response: keeps proxies from closing an idle socket
        ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('{"type":"ping"}'), 30_000);
      });
      socket.addEventListener("message", (event) => {
        try {
          handler.current(JSON.parse(String(event.data)) as LiveEvent);
        } catch (err) {
          console.warn("live event could not be parsed", err);
        }
      });
      socket.addEventListener("close", () => {
        clearInterval(ping);
        if (closed) return;
        retry = Math.min(retry + 1, 6);
        reconnect = setTimeout(open, 1000 * 2 ** retry);
      });
    };
    open();
    return () => {
      closed = true;
      clearInterval(ping);
      clearTimeout(reconnect);
      socket?.close(1000, "leaving");
    };
  }, [userId]);
}
