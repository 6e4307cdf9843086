import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eraseUserChats } from "../../domain/chat/eraseUserChats";
import { moveChatLists } from "../../domain/chat/moveChatLists";
import { roomOf, roomRows, tenSecondsPass } from "../chat";
import { serviceContext } from "../../workers/services";
import { call, ORIGIN, registerUser } from "../http";
import type { ChatRoom } from "../../workers/durable-objects/ChatRoom";
import { DEMO_ACCOUNTS } from "../seed";
import { signIn } from "../sessions";
import { userIdByPhone, userObject } from "../bell";
import type { UserSockets } from "../../workers/durable-objects/UserSockets";

/**
 * ADR 029: the room is the record, the send limit in UserSockets. ADR 065: each person's list of conversations is
 * in their own object, written by the room; D1's conversations row keeps who takes part and the first answer.
 */

/** One person's list entry of a conversation, from their own object (ADR 065). */
const listEntry = async (userId: number, conversationId: number) =>
  (await userObject(userId).listChats(100)).find((e) => e.conversationId === conversationId);
const providerUserId = () => userIdByPhone(DEMO_ACCOUNTS.provider.phone);

type Msg = { id: number; conversationId: number; message: string | null };

const inbox = async (cookie: string) =>
  (
    (await (await call("/api/conversations", { cookie })).json()) as {
      items: { id: number; unread: number; lastMessage: { text: string } | null }[];
    }
  ).items;

async function listings(n: number) {
  const { results } = await env.DB.prepare(
    "SELECT p.id FROM service_providers p JOIN users u ON u.id = p.user_id WHERE p.hidden_at IS NULL AND " +
      "u.phone = ? UNION ALL SELECT id FROM service_providers WHERE hidden_at IS NULL AND user_id IS NULL LIMIT ?",
  )
    .bind(DEMO_ACCOUNTS.provider.phone, n)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

const say = (cookie: string, providerId: number, message: string) =>
  call("/api/chat", { method: "POST", cookie, json: { providerId, message } });
const answer = (cookie: string, conversationId: number, message: string) =>
  call(`/api/conversations/${conversationId}/messages`, { method: "POST", cookie, json: { message } });

describe("the room is the record, D1 keeps the index", { timeout: 30_000 }, () => {
  it("the inbox's last message and unread counts converge, exact under 50 parallel sends from both sides", async () => {
    const [providerId] = await listings(1);
    const customer = await registerUser({ name: "Parallel Customer" });
    const provider = await signIn("provider");
    await tenSecondsPass();
    const first = (await (await say(customer.cookie, providerId, "opening")).json()) as Msg;
    const id = first.conversationId;
    await tenSecondsPass();
    // 25 a side at once: each side's limit (20 per 10 s) refuses 5, and the rest interleave
    const sent = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? answer(provider, id, `provider ${i}`) : answer(customer.cookie, id, `customer ${i}`),
      ),
    );
    expect(sent.filter((r) => r.status === 201)).toHaveLength(40);
    expect(sent.filter((r) => r.status === 429)).toHaveLength(10);
    const rows = await roomRows(id);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    // what each side has not read: the other side's messages after its own last one (sending reads)
    const lastOf = (side: string) => Math.max(...rows.filter((r) => r.sender_type === side).map((r) => r.seq));
    const unreadFor = (mine: string, theirs: string) =>
      rows.filter((r) => r.sender_type === theirs && r.seq > lastOf(mine)).length;
    const last = rows.at(-1)!;
    await expect
      .poll(async () => (await inbox(provider)).find((c) => c.id === id), { timeout: 5_000 })
      .toMatchObject({ unread: unreadFor("provider", "user"), lastMessage: { text: last.message } });
    expect((await inbox(customer.cookie)).find((c) => c.id === id)!.unread).toBe(unreadFor("user", "provider"));
    // the provider's own object heard of 41 messages in a handful of writes, with the room's version (ADR 065); D1's
    // row keeps none of the list; reading zeroes the count at once
    const entry = (await listEntry(await providerUserId(), id))!;
    expect(entry).toMatchObject({ lastText: last.message, role: "provider" });
    expect(entry.writes).toBeLessThan(41);
    const index = await env.DB.prepare("SELECT last_seq, last_text, last_message_at FROM conversations WHERE id = ?")
      .bind(id)
      .first();
    expect(index).toEqual({ last_seq: 0, last_text: null, last_message_at: null });
    expect((await call(`/api/conversations/${id}/read`, { method: "POST", cookie: provider })).status).toBe(200);
    expect((await inbox(provider)).find((c) => c.id === id)!.unread).toBe(0);
  });

  it(
    "with both participants in the room the index waits up to 10 s (one write for many messages); someone " +
      "leaving writes it at once",
    async () => {
      const [providerId] = await listings(1);
      const customer = await registerUser({ name: "Live Room Customer" });
      const provider = await signIn("provider");
      await tenSecondsPass();
      const first = (await (await say(customer.cookie, providerId, "are you there?")).json()) as Msg;
      const id = first.conversationId;
      await runInDurableObject(roomOf(id), (room: ChatRoom) => room.alarm());
      const owner = await providerUserId();
      // the provider's list entry (ADR 065): how many times the room wrote it, and its last message
      const writes = async () => {
        const e = (await listEntry(owner, id))!;
        return { n: e.writes, t: e.lastText };
      };
      const open = async (cookie: string) => {
        const res = await call(`/ws/chat/${id}`, { headers: { Upgrade: "websocket", Origin: ORIGIN }, cookie });
        const ws = res.webSocket!;
        ws.accept();
        return ws;
      };
      const mine = await open(customer.cookie);
      const theirs = await open(provider);
      const before = (await writes()).n;
      for (const text of ["one", "two", "three"]) expect((await answer(provider, id, text)).status).toBe(201);
      // the index is due in ~10 s, not 1 s, and has not been written yet
      const due = await runInDurableObject(
        roomOf(id),
        async (_room: ChatRoom, state) => (await state.storage.getAlarm())! - Date.now(),
      );
      expect(due).toBeGreaterThan(5_000);
      expect((await writes()).n).toBe(before);
      // the customer leaves: the one pending write comes within a second, with the last message
      mine.close(1000, "bye");
      await expect
        .poll(
          async () =>
            await runInDurableObject(
              roomOf(id),
              async (_room: ChatRoom, state) => (await state.storage.getAlarm())! - Date.now(),
            ),
          { timeout: 5_000 },
        )
        .toBeLessThan(1_500);
      await runInDurableObject(roomOf(id), (room: ChatRoom) => room.alarm());
      expect(await writes()).toEqual({ n: before + 1, t: "three" });
      theirs.close(1000, "bye");
    },
  );

  it(
    "a socket sends without waiting on D1; its session read again beside a send after 10 s closes it once the " +
      "session is gone (ADR 036)",
    async () => {
      const [providerId] = await listings(1);
      const customer = await registerUser({ name: "Lost Close Customer" });
      await tenSecondsPass();
      const id = ((await (await say(customer.cookie, providerId, "hello")).json()) as Msg).conversationId;
      const res = await call(`/ws/chat/${id}`, {
        headers: { Upgrade: "websocket", Origin: ORIGIN },
        cookie: customer.cookie,
      });
      const ws = res.webSocket!;
      const frames: { type: string; status?: number; message?: unknown }[] = [];
      let closed: number | null = null;
      ws.addEventListener("message", (e) => frames.push(JSON.parse(String(e.data))));
      ws.addEventListener("close", (e) => (closed = e.code));
      ws.accept();
      ws.send(
        JSON.stringify({
          type: "send",
          clientId: "fresh-socket-0001",
          message: "from a socket checked at its opening",
        }),
      );
      await expect.poll(() => frames.some((f) => f.type === "message")).toBe(true);
      // the session ends without its sockets being told (the close that signing out sends is lost)
      // (in the person's object since ADR 054's amendment: the store alone, so no close is sent)
      await runInDurableObject(
        userObject(customer.id),
        (object) => void (object as UserSockets).sessions.end({ allExcept: null }),
      );
      ws.send(JSON.stringify({ type: "send", clientId: "fresh-socket-0002", message: "within 10 s of the check" }));
      await expect.poll(() => frames.filter((f) => f.type === "message").length).toBe(2);
      expect(closed).toBeNull();
      // ten seconds on: the next send is read again beside it, and the socket is told and closed
      await runInDurableObject(roomOf(id), (_room: ChatRoom, state) => {
        for (const socket of state.getWebSockets())
          socket.serializeAttachment({ ...socket.deserializeAttachment(), checkedAt: Date.now() - 10_001 });
      });
      ws.send(JSON.stringify({ type: "send", clientId: "stale-socket-0001", message: "after the check expired" }));
      await expect.poll(() => closed, { timeout: 5_000 }).toBe(4401);
      expect(frames.find((f) => f.type === "error")).toMatchObject({ status: 401 });
      // the send the check ran beside is kept (at most one per socket
      // after its session ended unannounced), nothing after it
      expect((await roomRows(id)).map((r) => r.client_id).filter((c) => /^(fresh|stale)-socket/.test(c))).toEqual([
        "fresh-socket-0001",
        "fresh-socket-0002",
        "stale-socket-0001",
      ]);
    },
  );

  it("the per-user limit holds across two rooms at once", async () => {
    const [a, b] = await listings(2);
    const customer = await registerUser({ name: "Two Rooms" });
    await tenSecondsPass();
    const ca = ((await (await say(customer.cookie, a, "hello a")).json()) as Msg).conversationId;
    const cb = ((await (await say(customer.cookie, b, "hello b")).json()) as Msg).conversationId;
    expect(ca).not.toBe(cb);
    await tenSecondsPass();
    const sent = await Promise.all(
      Array.from({ length: 30 }, (_, i) => answer(customer.cookie, i % 2 ? ca : cb, `burst ${i}`)),
    );
    expect(sent.filter((r) => r.status === 201)).toHaveLength(20);
    expect(sent.filter((r) => r.status === 429)).toHaveLength(10);
    expect((await roomRows(ca)).length + (await roomRows(cb)).length).toBe(2 + 20);
  });

  it("the migration moves a seeded history into its room, read marks as sequence ids, and can run twice", async () => {
    const [providerId] = await listings(1);
    const customer = await registerUser({ name: "Old History" });
    const { id } = (await env.DB.prepare(
      "INSERT INTO conversations (customer_id, provider_id) VALUES (?, ?) RETURNING id",
    )
      .bind(customer.id, providerId)
      .first<{ id: number }>())!;
    const { providerUserId } = (await env.DB.prepare(
      "SELECT user_id AS providerUserId FROM service_providers WHERE id = ?",
    )
      .bind(providerId)
      .first<{ providerUserId: number }>())!;
    // history as it was before migration 0009 (its triggers lifted for the seeding only)
    await env.DB.batch([
      env.DB.prepare("DROP TRIGGER chat_messages_read_only_insert"),
      ...Array.from({ length: 7 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO chat_messages (conversation_id, provider_id, sender_type, sender_user_id, message, " +
            "client_id, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)",
        ).bind(
          id,
          providerId,
          i % 3 === 2 ? "provider" : "user",
          i % 3 === 2 ? providerUserId : customer.id,
          `old ${i + 1}`,
          i === 3 ? null : `old-client-${i}`,
          Date.now() - 86_400_000 + i,
        ),
      ),
      env.DB.prepare(
        "CREATE TRIGGER chat_messages_read_only_insert BEFORE INSERT ON chat_messages BEGIN SELECT " +
          "RAISE(ABORT, 'chat_messages is read-only: messages live in their ChatRoom (ADR 029)'); END",
      ),
    ]);
    // the table takes no new rows
    await expect(
      env.DB.prepare(
        "INSERT INTO chat_messages (conversation_id, provider_id, sender_type, message, timestamp) VALUES (?, " +
          "?, 'user', 'x', 0)",
      )
        .bind(id, providerId)
        .run(),
    ).rejects.toThrow(/read-only/);
    // the customer had read up to the 6th (numbered as the migration numbers them: count of rows up to it)
    const sixth = (await env.DB.prepare(
      "SELECT id FROM chat_messages WHERE conversation_id = ? ORDER BY id LIMIT 1 OFFSET 5",
    )
      .bind(id)
      .first<{ id: number }>())!.id;
    await env.DB.prepare(
      "UPDATE conversations SET customer_last_read_id = (SELECT count(*) FROM chat_messages WHERE " +
        "conversation_id = ?1 AND id <= ?2) WHERE id = ?1",
    )
      .bind(id, sixth)
      .run();

    const admin = await signIn("admin");
    const run = async () =>
      (await (await call("/api/admin/chat/move-messages", { method: "POST", cookie: admin })).json()) as {
        conversations: number;
        messages: number;
      };
    let moved = 0;
    for (let r = await run(); r.conversations > 0; r = await run()) moved += r.messages;
    expect(moved).toBe(7);
    expect((await run()).messages).toBe(0);
    const rows = await roomRows(id);
    expect(rows.map((r) => [r.seq, r.message])).toEqual(Array.from({ length: 7 }, (_, i) => [i + 1, `old ${i + 1}`]));
    expect(rows[3].client_id).toMatch(/^legacy-\d+$/);
    expect(
      (await env.DB.prepare("SELECT moved_at FROM conversations WHERE id = ?")
        .bind(id)
        .first<{ moved_at: number | null }>())!.moved_at,
    ).not.toBeNull();

    // a second run of the room's copy is harmless, and the conversation goes on from 8
    expect(await runInDurableObject(roomOf(id), (room) => room.importLegacy())).toBe(0);
    const next = (await (await answer(customer.cookie, id, "new one")).json()) as Msg;
    expect(next.id).toBe(8);
    const page = (await (
      await call(`/api/conversations/${id}/messages?after=6`, { cookie: customer.cookie })
    ).json()) as { messages: Msg[] };
    expect(page.messages.map((m) => m.message)).toEqual(["old 7", "new one"]);
  });

  it("deleting an account empties its messages in every room it was in, in place (ADR 041)", async () => {
    const [a, b] = await listings(2);
    const customer = await registerUser({ name: "Leaving Customer" });
    await tenSecondsPass();
    const ca = ((await (await say(customer.cookie, a, "bye a")).json()) as Msg).conversationId;
    const cb = ((await (await say(customer.cookie, b, "bye b")).json()) as Msg).conversationId;
    expect(await eraseUserChats(serviceContext(env), customer.id)).toBe(2);
    for (const id of [ca, cb]) expect((await roomRows(id)).map((r) => [r.message, r.deleted])).toEqual([[null, 1]]);
    // a second run finds nothing left to erase
    expect(await eraseUserChats(serviceContext(env), customer.id)).toBe(0);
  });
});

describe("each person's list of conversations is in their own object (ADR 065)", { timeout: 60_000 }, () => {
  /** D1's list columns of a conversation (what ADR 065 took out of its row) and what stays for the listing's answers */
  const d1Row = (id: number) =>
    env.DB.prepare(
      `SELECT last_message_at, last_text, last_sender, last_seq, customer_unread, provider_unread,
        customer_last_read_id, provider_last_read_id,
              first_asked_at IS NOT NULL AS asked, first_answered_at IS NOT NULL AS answered FROM conversations
              WHERE id = ?`,
    )
      .bind(id)
      .first();
  const slim = {
    last_message_at: null,
    last_text: null,
    last_sender: null,
    last_seq: 0,
    customer_unread: 0,
    provider_unread: 0,
    customer_last_read_id: 0,
    provider_last_read_id: 0,
  };

  it(
    "a new conversation is listed for both people on the API and the page, from their objects, with no list in " +
      "D1; a third person neither lists nor reads it",
    async () => {
      const [providerId] = await listings(1);
      const customer = await registerUser({ name: "Listed Customer" });
      const stranger = await registerUser({ name: "Not Listed" });
      const provider = await signIn("provider");
      const owner = await providerUserId();
      await tenSecondsPass();
      const id = ((await (await say(customer.cookie, providerId, "Is Friday fine for the AC?")).json()) as Msg)
        .conversationId;
      expect((await answer(provider, id, "Friday is fine, after noon")).status).toBe(201);
      await runInDurableObject(roomOf(id), (room: ChatRoom) => room.alarm());
      // both see it at once on the API: the customer has the reply to read, the provider nothing
      expect((await inbox(customer.cookie)).find((c) => c.id === id)).toMatchObject({
        unread: 1,
        lastMessage: { text: "Friday is fine, after noon" },
      });
      expect((await inbox(provider)).find((c) => c.id === id)).toMatchObject({
        unread: 0,
        lastMessage: { text: "Friday is fine, after noon" },
      });
      // …read from each one's own object, and D1's row holds who takes part and the first answer, not the list
      expect(await listEntry(customer.id, id)).toMatchObject({
        role: "customer",
        providerId,
        lastText: "Friday is fine, after noon",
        lastSender: "provider",
        unread: 1,
      });
      expect(await listEntry(owner, id)).toMatchObject({ role: "provider", providerId, unread: 0 });
      expect(await d1Row(id)).toEqual({ ...slim, asked: 1, answered: 1 });
      // after a reload: the /messages page and the provider's dashboard show it
      const page = await (await call("/messages", { cookie: customer.cookie })).text();
      expect(page).toContain("Friday is fine, after noon");
      const dashboard = (await (await call("/api/dashboard", { cookie: provider })).json()) as {
        conversations: { id: number; customerName: string; unread: boolean }[];
      };
      expect(dashboard.conversations.find((c) => c.id === id)).toMatchObject({
        customerName: "Listed Customer",
        unread: false,
      });
      // reading it zeroes the customer's count in their object
      expect((await call(`/api/conversations/${id}/read`, { method: "POST", cookie: customer.cookie })).status).toBe(
        200,
      );
      expect((await inbox(customer.cookie)).find((c) => c.id === id)!.unread).toBe(0);
      // a third person: not in their list, not in their object, and the conversation is not theirs to read
      expect((await inbox(stranger.cookie)).some((c) => c.id === id)).toBe(false);
      expect(await listEntry(stranger.id, id)).toBeUndefined();
      expect((await call(`/api/conversations/${id}/messages`, { cookie: stranger.cookie })).status).toBe(403);
    },
  );

  it(
    "the export holds it; deleting the account empties " + "the person's list, and the other side still lists it",
    async () => {
      const [providerId] = await listings(1);
      const customer = await registerUser({ name: "Listed Then Gone" });
      const provider = await signIn("provider");
      await tenSecondsPass();
      const id = ((await (await say(customer.cookie, providerId, "One more question")).json()) as Msg).conversationId;
      await runInDurableObject(roomOf(id), (room: ChatRoom) => room.alarm());
      const exported = JSON.parse(await (await call("/api/me/export", { cookie: customer.cookie })).text()) as {
        conversations: { id: number; messages: { text: string }[] }[];
      };
      expect(exported.conversations.find((c) => c.id === id)?.messages.map((m) => m.text)).toEqual([
        "One more question",
      ]);
      expect(await listEntry(customer.id, id)).toBeDefined();
      expect(
        (
          await call("/api/auth/delete-account", {
            method: "POST",
            cookie: customer.cookie,
            json: { password: "tigris-river-21" },
          })
        ).status,
      ).toBe(200);
      // the room's flush after the erase does not write the emptied list again
      await runInDurableObject(roomOf(id), (room: ChatRoom) => room.alarm());
      expect(await userObject(customer.id).listChats(100)).toEqual([]);
      expect((await inbox(provider)).find((c) => c.id === id)).toBeDefined();
    },
  );

  it(
    "the backfill moves a list kept in D1 into both people's objects once (run twice, nothing doubled), and the " +
      "lists read the same",
    async () => {
      const [providerId] = await listings(1);
      const customer = await registerUser({ name: "Listed Before" });
      const provider = await signIn("provider");
      const owner = await providerUserId();
      await tenSecondsPass();
      const id = ((await (await say(customer.cookie, providerId, "Old question")).json()) as Msg).conversationId;
      expect((await answer(provider, id, "Old answer")).status).toBe(201);
      await runInDurableObject(roomOf(id), (room: ChatRoom) => room.alarm());
      // the row as the room wrote it before ADR 065: the list in D1, nothing in the objects
      const at = Date.now() - 60_000;
      await env.DB.prepare(
        "UPDATE conversations SET last_message_at = ?2, last_seq = 2, last_text = 'Old answer', last_sender = " +
          "'provider', customer_unread = 1, provider_unread = 0, customer_last_read_id = 1, provider_last_read_id " +
          "= 2 WHERE id = ?1",
      )
        .bind(id, at)
        .run();
      for (const who of [customer.id, owner])
        await runInDurableObject(userObject(who), (_o, state) =>
          state.storage.sql.exec("DELETE FROM chats WHERE conversation_id = ?", id),
        );
      await runInDurableObject(roomOf(id), (_room: ChatRoom, state) => state.storage.delete("d1Recorded"));
      // read from D1 meanwhile, as before
      const before = (await inbox(customer.cookie)).find((c) => c.id === id);
      expect(before).toMatchObject({ unread: 1, lastMessage: { text: "Old answer" } });
      const move = async () => (await moveChatLists(serviceContext(env), { batch: 500 })).moved;
      expect(await move()).toBeGreaterThanOrEqual(1);
      expect(await move()).toBe(0);
      expect(await d1Row(id)).toEqual({ ...slim, asked: 1, answered: 1 });
      expect(await listEntry(customer.id, id)).toMatchObject({ lastText: "Old answer", unread: 1, writes: 1 });
      expect(await listEntry(owner, id)).toMatchObject({ lastText: "Old answer", unread: 0, writes: 1 });
      // the room writes again only a newer version
      await runInDurableObject(roomOf(id), (room: ChatRoom) =>
        room.moveList({
          conversationId: id,
          providerId,
          customerId: customer.id,
          providerUserId: owner,
          customerLastReadId: 0,
          providerLastReadId: 0,
        }),
      );
      expect((await listEntry(customer.id, id))!.writes).toBe(1);
      expect((await userObject(customer.id).listChats(100)).filter((e) => e.conversationId === id)).toHaveLength(1);
      const after = (await inbox(customer.cookie)).find((c) => c.id === id);
      expect(after).toEqual({ ...before, lastMessageAt: expect.any(String) });
    },
  );
});

describe("moderation and export go through the room, never around the participant rule", { timeout: 30_000 }, () => {
  it(
    "a participant reports with a reason; the admin reads " + "that conversation only; a user downloads their own",
    async () => {
      const [providerId] = await listings(1);
      const customer = await registerUser({ name: "Reporting Customer" });
      const stranger = await registerUser({ name: "Not In It" });
      await tenSecondsPass();
      const first = (await (await say(customer.cookie, providerId, "you were rude")).json()) as Msg;
      const id = first.conversationId;
      const report = (cookie: string, json: unknown) =>
        call(`/api/conversations/${id}/report`, { method: "POST", cookie, json });
      expect((await report(stranger.cookie, { reason: "spam here" })).status).toBe(403);
      const short = await report(customer.cookie, { reason: "x" });
      expect(short.status).toBe(400);
      expect(((await short.json()) as { message: string }).message).toBe("Write a reason (3 to 500 characters).");
      const admin = await signIn("admin");
      // not reported yet: the admin cannot read it
      expect((await call(`/api/admin/chat/reports/${id}`, { cookie: admin })).status).toBe(404);
      expect((await report(customer.cookie, { reason: "Insults in the chat" })).status).toBe(201);
      expect((await call(`/api/admin/chat/reports/${id}`, { cookie: stranger.cookie })).status).toBe(403);
      const read = (await (await call(`/api/admin/chat/reports/${id}`, { cookie: admin })).json()) as {
        messages: Msg[];
      };
      expect(read.messages.map((m) => m.message)).toEqual(["you were rude"]);
      const reports = (await (await call("/api/admin/chat/reports", { cookie: admin })).json()) as {
        items: { conversationId: number; reason: string }[];
      };
      expect(reports.items.find((r) => r.conversationId === id)?.reason).toBe("Insults in the chat");
      // the admin console's "Reported chats" tab lists it and opens the conversation; nobody else sees the page
      const page = await call(`/admin?tab=reports&read=${id}`, { cookie: admin });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Insults in the chat");
      expect(html).toContain(`Conversation #${id}`);
      expect(html).toContain("you were rude");
      const notAdmin = await call(`/admin?tab=reports&read=${id}`, { cookie: customer.cookie });
      expect(notAdmin.status).toBe(403);
      expect(await notAdmin.text()).not.toContain("you were rude");

      const mine = await call("/api/conversations/export", { cookie: customer.cookie });
      expect(mine.headers.get("Content-Disposition")).toContain("attachment");
      const data = (await mine.json()) as { conversations: { conversationId: number; messages: Msg[] }[] };
      expect(data.conversations.map((c) => [c.conversationId, c.messages.map((m) => m.message)])).toEqual([
        [id, ["you were rude"]],
      ]);
      const theirs = (await (await call("/api/conversations/export", { cookie: stranger.cookie })).json()) as {
        conversations: unknown[];
      };
      expect(theirs.conversations).toEqual([]);
    },
  );
});
