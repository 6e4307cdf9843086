import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, ORIGIN, registerUser } from "../http";

const signedIn = () => registerUser({ name: "Huda Kareem" });

const upgrade = (cookie?: string, origin = ORIGIN) =>
  call("/ws", { headers: { Upgrade: "websocket", Origin: origin }, cookie });

describe("the live notification socket", () => {
  it("refuses anonymous sockets and sockets opened from another site", async () => {
    expect((await upgrade()).status).toBe(401);
    const { cookie } = await signedIn();
    expect((await upgrade(cookie, "https://evil.example")).status).toBe(403);
  });

  it("binds the socket to the session's user: a join with someone else's id changes nothing", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const res = await upgrade(me.cookie);
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.accept();
    const received: string[] = [];
    ws.addEventListener("message", (e) => received.push(String(e.data)));
    ws.send(JSON.stringify({ type: "join", userId: other.id }));

    const mine = env.USER_SOCKETS.get(env.USER_SOCKETS.idFromName(`user:${me.id}`));
    const theirs = env.USER_SOCKETS.get(env.USER_SOCKETS.idFromName(`user:${other.id}`));
    expect(await theirs.broadcast({ type: "notification", notificationId: 1 })).toBe(0);
    expect(await mine.broadcast({ type: "notification", notificationId: 2 })).toBe(1);
    await expect.poll(() => received.length).toBe(1);
    expect(JSON.parse(received[0])).toEqual({ type: "notification", notificationId: 2 });
    ws.close(1000, "done");
  });

  it("answers keep-alive pings without waking the object", async () => {
    const me = await signedIn();
    const ws = (await upgrade(me.cookie)).webSocket!;
    ws.accept();
    const received: string[] = [];
    ws.addEventListener("message", (e) => received.push(String(e.data)));
    ws.send('{"type":"ping"}');
    await expect.poll(() => received).toEqual(['{"type":"pong"}']);
    ws.close(1000, "done");
  });
});
