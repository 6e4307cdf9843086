import { env } from "cloudflare:workers";
import { objectName } from "../../workers/objectNames";
import { describe, expect, it } from "vitest";
import { call, ORIGIN, registerUser } from "../http";
import { openSocket } from "../chat";

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

    const mine = env.USER_SOCKETS.get(env.USER_SOCKETS.idFromName(objectName(`user:${me.id}`)));
    const theirs = env.USER_SOCKETS.get(env.USER_SOCKETS.idFromName(objectName(`user:${other.id}`)));
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

describe("sockets end with their session", () => {
  /** A socket opened with the session's cookie: /ws, or a conversation's /ws/chat/{id}. */
  const open = openSocket;
  const login = async (phone: string) => {
    const res = await call("/api/auth/login", { method: "POST", json: { phone, password: "tigris-river-21" } });
    return (res.headers.get("Set-Cookie") ?? "").match(/dalil_session=[^;]+/)![0];
  };
  const hubOf = (userId: number) => env.USER_SOCKETS.get(env.USER_SOCKETS.idFromName(objectName(`user:${userId}`)));

  it(
    "after logout, that session's socket is closed and " + "gets no more notifications; another device's stays",
    async () => {
      const me = await signedIn();
      const phone = await open(me.cookie);
      const laptopCookie = await login(me.phone);
      const laptop = await open(laptopCookie);

      expect(
        (
          await call("/logout", {
            method: "POST",
            cookie: me.cookie,
            headers: { Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
            body: "",
          })
        ).status,
      ).toBe(302);
      await expect.poll(() => phone.state.closed).toBe(true);
      expect(phone.state.code).toBe(4001);
      expect(await hubOf(me.id).broadcast({ type: "notification", notificationId: 7 })).toBe(1);
      await expect.poll(() => laptop.state.received.length).toBe(1);
      expect(phone.state.received).toHaveLength(0);
      laptop.ws.close(1000, "done");
    },
  );

  it("signing out everywhere and changing the password close the other sessions' sockets", async () => {
    const me = await signedIn();
    const a = await open(await login(me.phone));
    const b = await open(await login(me.phone));
    const mine = await open(me.cookie);
    const res = await call("/api/auth/password", {
      method: "POST",
      cookie: me.cookie,
      json: {
        currentPassword: "tigris-river-21",
        newPassword: "euphrates-77-new",
        confirmPassword: "euphrates-77-new",
      },
    });
    expect(res.status).toBe(200);
    await expect.poll(() => a.state.closed && b.state.closed).toBe(true);
    expect(mine.state.closed).toBe(false);

    expect((await call("/api/auth/logout-all", { method: "POST", cookie: me.cookie })).status).toBe(200);
    await expect.poll(() => mine.state.closed).toBe(true);
    expect(await hubOf(me.id).broadcast({ type: "notification" })).toBe(0);
  });

  it("one user keeps at most 10 sockets: the 11th closes the oldest", async () => {
    const me = await signedIn();
    const sockets: Awaited<ReturnType<typeof open>>[] = [];
    for (let i = 0; i < 12; i++) sockets.push(await open(me.cookie));
    await expect.poll(() => sockets.filter((s) => s.state.closed).length).toBe(2);
    expect(sockets[0]!.state.closed && sockets[1]!.state.closed).toBe(true);
    expect(sockets[0]!.state.code).toBe(4002);
    expect(await hubOf(me.id).broadcast({ type: "notification" })).toBe(10);
    for (const s of sockets.slice(2)) s.ws.close(1000, "done");
  });

  describe("chat sockets end with their session too", () => {
    const openChat = (cookie: string, conversationId: number) => open(cookie, `/ws/chat/${conversationId}`);
    const conversationOf = async (me: { cookie: string }) => {
      const res = await call("/api/chat", {
        method: "POST",
        cookie: me.cookie,
        json: { providerId: 3, message: "Salam, are you free on Friday?" },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { conversationId: number }).conversationId;
    };

    it(
      "logout, a password change and sign-out-everywhere " + "close chat sockets of the ended sessions within a second",
      async () => {
        const me = await signedIn();
        const conversationId = await conversationOf(me);
        const phoneCookie = await login(me.phone);
        const laptopCookie = await login(me.phone);
        const phone = await openChat(phoneCookie, conversationId);
        const laptop = await openChat(laptopCookie, conversationId);
        const mine = await openChat(me.cookie, conversationId);

        const started = Date.now();
        expect(
          (
            await call("/logout", {
              method: "POST",
              cookie: phoneCookie,
              headers: { Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
              body: "",
            })
          ).status,
        ).toBe(302);
        await expect.poll(() => phone.state.closed, { timeout: 1000 }).toBe(true);
        expect(phone.state.code).toBe(4001);
        expect(Date.now() - started).toBeLessThan(1000);
        expect(laptop.state.closed || mine.state.closed).toBe(false);

        // a message sent now reaches the sockets still open, not the closed one
        await call(`/api/conversations/${conversationId}/messages`, {
          method: "POST",
          cookie: me.cookie,
          json: { message: "still here" },
        });
        await expect.poll(() => laptop.state.received.some((m) => m.includes("still here"))).toBe(true);
        expect(phone.state.received.some((m) => m.includes("still here"))).toBe(false);

        const changed = await call("/api/auth/password", {
          method: "POST",
          cookie: me.cookie,
          json: {
            currentPassword: "tigris-river-21",
            newPassword: "euphrates-77-new",
            confirmPassword: "euphrates-77-new",
          },
        });
        expect(changed.status).toBe(200);
        await expect.poll(() => laptop.state.closed, { timeout: 1000 }).toBe(true);
        expect(mine.state.closed).toBe(false);
        expect((await call("/api/auth/logout-all", { method: "POST", cookie: me.cookie })).status).toBe(200);
        await expect.poll(() => mine.state.closed, { timeout: 1000 }).toBe(true);
      },
    );

    it("one user keeps at most 10 sockets in a conversation: the oldest close", async () => {
      const me = await signedIn();
      const conversationId = await conversationOf(me);
      const sockets: Awaited<ReturnType<typeof openChat>>[] = [];
      for (let i = 0; i < 12; i++) sockets.push(await openChat(me.cookie, conversationId));
      await expect.poll(() => sockets.filter((s) => s.state.closed).length).toBe(2);
      expect(sockets[0]!.state.closed && sockets[1]!.state.closed).toBe(true);
      expect(sockets[0]!.state.code).toBe(4002);
      for (const s of sockets.slice(2)) s.ws.close(1000, "done");
    });
  });
});
