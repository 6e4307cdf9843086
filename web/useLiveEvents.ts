import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * What the user's socket (/ws) carries: a notification (the bell refreshes; `topic` says what it is about), or
 * "something of yours changed" (`changed`: a booking, a request, a quote), for the screens that show it.
 */
export type LiveTopic = "booking" | "request" | "chat" | "application";
export type LiveEvent =
  | { type: "notification"; notificationId?: number; topic?: string }
  | { type: "changed"; topic: LiveTopic }
  | { type: "pong" };

type Listener = (e: LiveEvent) => void;

/**
 * One socket per tab, shared by every component that listens (the bell, the inbox, the provider's screens):
 * opened for the first listener, closed after the last. On open it sends the spec's {type:"join", userId} —
 * the server ignores the id and uses the session. Reconnects with backoff; a parse failure is only logged.
 */
const shared = { userId: 0, listeners: new Set<Listener>(), stop: null as null | (() => void) };

function connect(userId: number): () => void {
  let socket: WebSocket | null = null;
  let retry = 0;
  let closed = false;
  let ping: ReturnType<typeof setInterval> | undefined;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    socket.addEventListener("open", () => {
      retry = 0;
      socket?.send(JSON.stringify({ type: "join", userId }));
      // answered by the Durable Object's auto-response: keeps proxies from closing an idle socket
      ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('{"type":"ping"}'), 30_000);
    });
    socket.addEventListener("message", (event) => {
      let parsed: LiveEvent;
      try {
        parsed = JSON.parse(String(event.data)) as LiveEvent;
      } catch (err) {
        console.warn("live event could not be parsed", err);
        return;
      }
      for (const l of [...shared.listeners]) l(parsed);
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
}

export function useLiveEvents(userId: number | null, onEvent: Listener) {
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    if (!userId || typeof WebSocket === "undefined") return;
    const listener: Listener = (e) => handler.current(e);
    if (shared.stop && shared.userId !== userId) {
      shared.stop();
      shared.stop = null;
    }
    shared.listeners.add(listener);
    if (!shared.stop) {
      shared.userId = userId;
      shared.stop = connect(userId);
    }
    return () => {
      shared.listeners.delete(listener);
      // the last listener gone (a sign-out, or a page without the bell): the socket closes
      if (!shared.listeners.size && shared.stop) {
        shared.stop();
        shared.stop = null;
      }
    };
  }, [userId]);
}

/**
 * A screen that shows the user's bookings or requests stays current without a reload: a notification or a change about
 * one of `topics` revalidates its loader, and so does coming back to the tab.
 */
export function useLiveScreen(userId: number | null, topics: readonly LiveTopic[]) {
  const revalidator = useRevalidator();
  const again = useRef(revalidator);
  again.current = revalidator;
  useLiveEvents(userId, (e) => {
    const topic = e.type === "notification" ? e.topic : e.type === "changed" ? e.topic : undefined;
    if (topic && (topics as readonly string[]).includes(topic) && again.current.state === "idle")
      again.current.revalidate();
  });
  useEffect(() => {
    const visible = () =>
      document.visibilityState === "visible" && again.current.state === "idle" && again.current.revalidate();
    document.addEventListener("visibilitychange", visible);
    return () => document.removeEventListener("visibilitychange", visible);
  }, []);
}
