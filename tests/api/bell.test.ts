import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BELL_BOUND } from "../../domain/notifications/bound";
import { LEGACY_TABLE, moveLegacyNotifications } from "../../domain/notifications/backfill";
import { notify } from "../../domain/notifications/notifications";
import { serviceContext } from "../../workers/services";
import { bellRows, userIdByPhone, userObject } from "../bell";
import { openSocket } from "../chat";
import { call, registerUser } from "../http";
import { DEMO_ACCOUNTS } from "../seed";
import { signIn } from "../sessions";

const DAY = 86_400_000;
type Bell = { items: { id: number; title: string; isRead: boolean; relatedId: number | null }[]; unread: number };
const bell = async (cookie: string) => (await (await call("/api/notifications", { cookie })).json()) as Bell;
const d1Tables = async () =>
  (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()).results.map(
    (r) => r.name,
  );

/** A notification row as it would come from D1 or an older import, dated `daysAgo`. */
const row = (legacyId: number, daysAgo: number, isRead: boolean, now = Date.now()) => ({
  legacyId,
  type: "booking",
  title: `Notice ${legacyId}`,
  message: `Message ${legacyId}`,
  messageKey: null,
  params: null,
  isRead,
  relatedId: legacyId,
  createdAt: now - daysAgo * DAY,
});

describe("the bell lives in the person's own object (ADR 051)", () => {
  it(
    "a booking alert reaches the provider's open bell live and is there after a reload, and D1 holds no " +
      "notification row",
    async () => {
      const provider = await signIn("provider");
      const providerId = await userIdByPhone(DEMO_ACCOUNTS.provider.phone);
      const before = (await bell(provider)).unread;
      const live = await openSocket(provider);
      const customer = await registerUser({ name: "Bell Customer" });
      const made = await call("/api/bookings", {
        method: "POST",
        cookie: customer.cookie,
        json: {
          providerId: 1,
          serviceDescription: "The boiler makes a noise",
          customerLocation: "Mansour, street 14",
          customerPhone: customer.phone,
          preferredTime: "evening",
        },
      });
      expect(made.status).toBe(201);
      const { id: bookingId } = (await made.json()) as { id: number };
      // live: the object stored it and pushed it in the same call
      await expect
        .poll(
          () =>
            live.state.received
              .map((f) => JSON.parse(f) as { type: string; topic?: string })
              .filter((e) => e.type === "notification" && e.topic === "booking").length,
        )
        .toBe(1);
      // after a reload: the list and the count come from the same object
      const after = await bell(provider);
      expect(after.unread).toBe(before + 1);
      expect(after.items[0]).toMatchObject({
        title: `New booking request #${bookingId}`,
        isRead: false,
        relatedId: bookingId,
      });
      // and it is a row of the provider's object, not of D1 (whose table is gone)
      expect((await bellRows(providerId)).at(-1)).toMatchObject({
        related_id: bookingId,
        message_key: "notices.bookingAlert",
        is_read: 0,
      });
      expect(await d1Tables()).not.toContain("notifications");
      live.ws.close(1000, "done");
    },
  );

  it("mark read and read all change only the reader's object; another tab's bell is told", async () => {
    const me = await registerUser({ name: "Reads Things" });
    const ctx = serviceContext(env);
    const ids = [];
    for (const n of [1, 2, 3])
      ids.push(
        await notify(ctx, {
          userId: me.id,
          type: "booking",
          key: "notices.bookingExpired",
          params: { id: n },
          relatedId: n,
        }),
      );
    const tab = await openSocket(me.cookie);
    expect((await call(`/api/notifications/${ids[1]}/read`, { method: "PATCH", cookie: me.cookie })).status).toBe(200);
    expect((await bellRows(me.id)).map((r) => r.is_read)).toEqual([0, 1, 0]);
    expect(await (await call("/api/notifications/read-all", { method: "POST", cookie: me.cookie })).json()).toEqual({
      marked: 2,
    });
    expect((await bellRows(me.id)).map((r) => r.is_read)).toEqual([1, 1, 1]);
    expect((await bell(me.cookie)).unread).toBe(0);
    // opening /bookings reads booking notices: the other tab's bell refreshes
    await notify(ctx, {
      userId: me.id,
      type: "booking",
      key: "notices.bookingExpired",
      params: { id: 4 },
      relatedId: 4,
    });
    const seen = tab.state.received.length;
    expect((await call("/bookings", { cookie: me.cookie })).status).toBe(200);
    await expect
      .poll(() => tab.state.received.slice(seen).some((f) => f === JSON.stringify({ type: "notification" })))
      .toBe(true);
    tab.ws.close(1000, "done");
  });

  it("a chat notice is stored once per conversation until read, even when two messages arrive together", async () => {
    const me = await registerUser({ name: "Two At Once" });
    const item = {
      type: "chat",
      title: "t",
      message: "m",
      messageKey: null,
      params: null,
      relatedId: 77,
      createdAt: Date.now(),
    };
    const ids = await Promise.all(
      [1, 2, 3].map(() => userObject(me.id).addNotification(item, { oncePerUnread: true })),
    );
    expect(ids.filter((id) => id > 0)).toHaveLength(1);
    await userObject(me.id).markNotificationsRead({ type: "chat", relatedId: 77 });
    expect(await userObject(me.id).addNotification(item, { oncePerUnread: true })).toBeGreaterThan(0);
    expect((await bellRows(me.id)).length).toBe(2);
  });

  it(
    "the alarm keeps the bound: read ones go after 180 days, unread after 90, and it is set again for the next " +
      "one due",
    async () => {
      const me = await registerUser({ name: "Old Bell" });
      const now = Date.now();
      await userObject(me.id).importNotifications([
        row(1, 181, true, now),
        row(2, 179, true, now),
        row(3, 91, false, now),
        row(4, 80, false, now),
        row(5, 1, false, now),
      ]);
      // the import armed the alarm for the oldest one due (already past: the bell was backdated)
      const armed = await runInDurableObject(userObject(me.id), (_o, state) => state.storage.getAlarm());
      expect(armed).not.toBeNull();
      expect(await runDurableObjectAlarm(userObject(me.id))).toBe(true);
      expect((await bellRows(me.id)).map((r) => r.title)).toEqual(["Notice 2", "Notice 4", "Notice 5"]);
      // next: the one read 179 days ago, tomorrow (before the unread one from 80 days ago, in ten days)
      const next = await runInDurableObject(userObject(me.id), (_o, state) => state.storage.getAlarm());
      expect(Math.abs(next! - (now + 1 * DAY))).toBeLessThan(60_000);
      // the bell the person sees agrees
      const seen = await bell(me.cookie);
      expect(seen.items.map((i) => i.title)).toEqual(["Notice 5", "Notice 4", "Notice 2"]);
    },
  );

  it("a bell holds at most the newest 500: the alarm cuts the rest, and adding never lets it pass 599", async () => {
    const me = await registerUser({ name: "Busy Bell" });
    const now = Date.now();
    const many = Array.from({ length: 520 }, (_, i) => row(i + 1, 10 - i / 100, i % 2 === 0, now));
    await userObject(me.id).importNotifications(many);
    await runInDurableObject(userObject(me.id), (o) => (o as unknown as { alarm(): Promise<void> }).alarm());
    const kept = await bellRows(me.id);
    expect(kept).toHaveLength(BELL_BOUND.kept);
    // the newest 500: the 20 oldest went
    expect(Math.min(...kept.map((r) => r.legacy_id!))).toBe(21);
    // adding one at a time: every 100th id cuts back to 500
    const item = {
      type: "booking",
      title: "x",
      message: "y",
      messageKey: null,
      params: null,
      relatedId: null,
      createdAt: now,
    };
    let most = 0;
    for (let i = 0; i < 120; i++) {
      await userObject(me.id).addNotification(item);
      most = Math.max(most, (await bellRows(me.id)).length);
    }
    expect(most).toBeLessThanOrEqual(BELL_BOUND.kept + BELL_BOUND.capEvery - 1);
  });

  it("the export holds the bell and deleting the account empties it", async () => {
    const me = await registerUser({ name: "Leaving Soon" });
    await notify(serviceContext(env), {
      userId: me.id,
      type: "booking",
      key: "notices.bookingExpired",
      params: { id: 5 },
      relatedId: 5,
    });
    const exported = JSON.parse(await (await call("/api/me/export", { cookie: me.cookie })).text()) as {
      notifications: { title: string; relatedId: number }[];
    };
    expect(exported.notifications).toEqual([
      expect.objectContaining({ relatedId: 5, title: "No answer to your booking" }),
    ]);
    const gone = await call("/api/auth/delete-account", {
      method: "POST",
      cookie: me.cookie,
      json: { password: "tigris-river-21" },
    });
    expect(gone.status).toBe(200);
    expect(await bellRows(me.id)).toEqual([]);
    expect(await runInDurableObject(userObject(me.id), (_o, state) => state.storage.getAlarm())).toBeNull();
  });
});

describe("the backfill moves D1's notifications into each person's object (ADR 051)", () => {
  /** D1's table as migrations 0000–0012 left it (0021 renamed it; the first run of the sweep drops it when empty). */
  const legacyTable = () =>
    env.DB.prepare(
      `CREATE TABLE IF NOT EXISTS ${LEGACY_TABLE} (id integer PRIMARY KEY AUTOINCREMENT NOT NULL,
        user_id integer NOT NULL, type text DEFAULT 'general' NOT NULL,
         title text DEFAULT '' NOT NULL, message text NOT NULL, is_read integer DEFAULT false NOT NULL,
         related_id integer,
         created_at integer NOT NULL, message_key text, params text)`,
    ).run();

  it(
    "moves each person's rows within the bound once: run twice, or stopped halfway and run again, nothing is " +
      "doubled; then the table is dropped",
    async () => {
      const a = await registerUser({ name: "Had A Bell" });
      const b = await registerUser({ name: "Had Another" });
      await legacyTable();
      const now = Date.now();
      const insert = (userId: number, title: string, daysAgo: number, read: number, key: string | null = null) =>
        env.DB.prepare(
          `INSERT INTO ${LEGACY_TABLE} (user_id, type, title, message, is_read, related_id, created_at, message_key,
          params) VALUES (?, 'booking', ?, ?, ?, 9, ?, ?, ?)`,
        ).bind(
          userId,
          title,
          `${title} message`,
          read,
          now - daysAgo * DAY,
          key,
          key ? JSON.stringify({ id: 9 }) : null,
        );
      await env.DB.batch([
        insert(a.id, "A unread", 2, 0, "notices.bookingExpired"),
        insert(a.id, "A read", 30, 1),
        insert(a.id, "A too old to keep", 200, 1),
        insert(b.id, "B unread", 1, 0),
      ]);
      const ctx = serviceContext(env);
      // a run that stopped after the objects took the rows but before D1 let them go: the same rows come again
      const first = await env.DB.prepare(`SELECT * FROM ${LEGACY_TABLE} WHERE user_id = ? AND created_at > ?`)
        .bind(a.id, now - 180 * DAY)
        .all<Record<string, number | string | null>>();
      const asItems = first.results.map((r) => ({
        legacyId: r.id as number,
        type: r.type as string,
        title: r.title as string,
        message: r.message as string,
        messageKey: r.message_key as string | null,
        params: r.params as string | null,
        isRead: r.is_read === 1,
        relatedId: r.related_id as number,
        createdAt: r.created_at as number,
      }));
      expect(await ctx.ports.bells.importLegacy(a.id, asItems)).toBe(2);

      const run1 = await moveLegacyNotifications(ctx);
      expect(run1).toMatchObject({ people: 2, moved: 1, dropped: false });
      const run2 = await moveLegacyNotifications(ctx);
      expect(run2).toEqual({ people: 0, moved: 0, dropped: true });
      expect(await moveLegacyNotifications(ctx)).toEqual({ done: true });
      expect(await d1Tables()).not.toContain(LEGACY_TABLE);

      expect((await bellRows(a.id)).map((r) => [r.title, r.is_read])).toEqual([
        ["A unread", 0],
        ["A read", 1],
      ]);
      expect((await bellRows(b.id)).map((r) => r.title)).toEqual(["B unread"]);
      // read as before: the key renders in the reader's language, the newest first, the count from the object
      const seen = await bell(a.cookie);
      expect(seen.unread).toBe(1);
      expect(seen.items[0].title).toBe("No answer to your booking");
      // a new notification after the move comes after them
      await notify(ctx, {
        userId: a.id,
        type: "booking",
        key: "notices.bookingExpired",
        params: { id: 10 },
        relatedId: 10,
      });
      expect((await bell(a.cookie)).items.map((i) => i.relatedId)).toEqual([10, 9, 9]);
    },
  );
});
