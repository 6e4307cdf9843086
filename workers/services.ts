import { paymentGateways } from "./payments";
import { paymentLinks } from "./paymentLinks";
import { createDb } from "../db/client";
import { limitObject, objectName, ttlKeysObject, userObject } from "./objectNames";
import { ANONYMOUS, type Actor, type ClientIdentity, type Lang, type ServiceContext } from "../domain/context";
import type { Ports } from "../domain/ports";
import type { Env } from "./env";
import { translatorFor } from "../i18n/translator";
import { queueOutbox } from "./queue/outbox";
import { localizeParams } from "../domain/text/localParams";
import { deviceCookies } from "./devices";
import { createBot, type DalilBot } from "../bot/bot";
import { readAtMost } from "./bodyLimit";
import { isDevelopment } from "./devOnly";
import { signedVoiceUrl } from "./signedMedia";

/** The platform's implementations of the domain's ports. */
export function platformPorts(env: Env): Ports {
  return {
    devices: deviceCookies(env),
    limits: {
      take: (limit, now) => limitObject(env, limit.key).take(limit.key, now, limit.max, limit.windowMs),
      release: (key, slot) => limitObject(env, key).release(slot),
      clear: (key) => limitObject(env, key).clear(key),
      count: (key, now) => limitObject(env, key).count(key, now),
    },
    texts: {
      render: (lang, key, params) => translatorFor(lang)(key, localizeParams(lang, params, translatorFor(lang))),
    },
    outbox: queueOutbox(env, botFor(env).deliverers),
    notifier: {
      async notifyUser(userId, event) {
        await userObject(env, userId).broadcast(event);
      },
    },
    chatRooms: {
      async publish(conversationId, event) {
        return env.CHAT_ROOM.get(chatRoomId(env, conversationId)).publish(event);
      },
      append: (c, send) => env.CHAT_ROOM.get(chatRoomId(env, c.conversationId)).append(c, send),
      page: (c, cursor) => env.CHAT_ROOM.get(chatRoomId(env, c.conversationId)).page(c, cursor),
      markRead: (c, role) => env.CHAT_ROOM.get(chatRoomId(env, c.conversationId)).markRead(c, role),
      migrate: (c) => env.CHAT_ROOM.get(chatRoomId(env, c.conversationId)).migrate(c),
      transcript: (c) => env.CHAT_ROOM.get(chatRoomId(env, c.conversationId)).transcript(c),
      erase: (c, userId) => env.CHAT_ROOM.get(chatRoomId(env, c.conversationId)).erase(c, userId),
      moveList: (c) => env.CHAT_ROOM.get(chatRoomId(env, c.conversationId)).moveList(c),
    },
    bells: {
      add: (userId, item, opts) => userObject(env, userId).addNotification(item, opts),
      list: (userId, limit) => userObject(env, userId).listNotifications(limit),
      markRead: (userId, which, opts) => userObject(env, userId).markNotificationsRead(which, opts),
      all: (userId) => userObject(env, userId).allNotifications(),
      erase: (userId) => userObject(env, userId).eraseNotifications(),
      importLegacy: (userId, items) => userObject(env, userId).importNotifications(items),
    },
    chatLists: {
      list: (userId, limit, providerId) => userObject(env, userId).listChats(limit, providerId),
      put: (userId, entry) => userObject(env, userId).putChat(entry),
      erase: (userId) => userObject(env, userId).eraseChats(),
    },
    payments: { gateways: paymentGateways(env), depositsAllowed: env.DEPOSITS === "on", links: paymentLinks(env) },
    sessions: {
      add: (userId, session) => userObject(env, userId).addSession(session),
      has: (userId, id, now) => userObject(env, userId).hasSession(id, now),
      end: (userId, which) => userObject(env, userId).endSessions(which),
      list: (userId, now) => userObject(env, userId).listSessions(now),
    },
    images: {
      async put(key, body, contentType) {
        await env.IMAGES.put(key, body, { httpMetadata: { contentType } });
      },
      async delete(key) {
        await env.IMAGES.delete(key);
      },
    },
    archive: {
      async get(key) {
        const object = await env.ARCHIVE.get(key);
        return object ? object.text() : null;
      },
      async put(key, text) {
        await env.ARCHIVE.put(key, text, { httpMetadata: { contentType: "application/json" } });
      },
      async read(key) {
        const object = await env.ARCHIVE.get(key);
        return object ? { text: await object.text(), etag: object.etag } : null;
      },
      async putIf(key, text, etag) {
        // R2's conditional put: null when the document is not (or no longer) at that version
        const onlyIf = etag === null ? { etagDoesNotMatch: "*" } : { etagMatches: etag };
        return (
          (await env.ARCHIVE.put(key, text, { httpMetadata: { contentType: "application/json" }, onlyIf })) !== null
        );
      },
      async delete(keys) {
        if (keys.length) await env.ARCHIVE.delete(keys);
      },
      async list(prefix) {
        const keys: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await env.ARCHIVE.list({ prefix, cursor });
          keys.push(...page.objects.map((o) => o.key));
          cursor = page.truncated ? page.cursor : undefined;
        } while (cursor);
        return keys;
      },
    },
  };
}

/** Who is calling, for per-address limits: Cloudflare's CF-Connecting-IP (absent locally unless a test sets it). */
export function clientOf(request: Request): ClientIdentity {
  const ip = request.headers.get("CF-Connecting-IP")?.trim().slice(0, 64);
  // wrangler dev stamps loopback on local requests; Cloudflare never does, so loopback means "no public
  // address" and per-IP limits are skipped (one developer, or the browser tests, are not one crowd)
  return { ip: ip && !isLoopback(ip) ? ip : null };
}

const isLoopback = (ip: string) => /^(127\.|::1$|::ffff:127\.|0:0:0:0:0:0:0:1$)/i.test(ip);

/** The one Durable Object of a person: their sockets, send count, bell and sessions (ADR 037, 051, 054). */

/** The one Durable Object of a conversation. */
export const chatRoomId = (env: Env, conversationId: number) =>
  env.CHAT_ROOM.idFromName(objectName(`conversation:${conversationId}`));

/** The clock of every context: one function for the isolate, not a closure (and esbuild's name for it) per request. */
const clock = () => new Date();

export function serviceContext(
  env: Env,
  opts: { actor?: Actor; locale?: Lang; client?: ClientIdentity } = {},
): ServiceContext {
  return {
    db: createDb(env.DB),
    actor: opts.actor ?? ANONYMOUS,
    client: opts.client ?? { ip: null },
    now: clock,
    locale: opts.locale ?? "en",
    ports: portsFor(env),
  };
}

const portsByEnv = new WeakMap<Env, Ports>();

/**
 * The ports of one `env`, made once per isolate: they hold nothing of a request, and making them costs about fifty
 * closures, each named by esbuild's keep-names helper, on every request and every chat message (ADR 067). A caller
 * that needs other ports makes a copy (`{ ...ctx.ports, chatRooms: … }`), never an edit of these.
 */
export function portsFor(env: Env): Ports {
  let ports = portsByEnv.get(env);
  if (!ports) portsByEnv.set(env, (ports = Object.freeze(platformPorts(env))));
  return ports;
}

const botsByEnv = new WeakMap<Env, DalilBot>();

/**
 * The bot of one `env`, built from what it needs (ADR 089) once per isolate: the domain's context, each bot chat's
 * handled updates in its TtlKeys object, the body bound, signed voice addresses. Its deliverers are the outbox's.
 */
export function botFor(env: Env): DalilBot {
  let bot = botsByEnv.get(env);
  if (!bot) {
    bot = createBot({
      env,
      development: isDevelopment(env),
      services: () => serviceContext(env),
      chatKeys: (chat) => ttlKeysObject(env, `chat:${chat}`),
      readAtMost,
      signedVoiceUrl: (origin, file) => signedVoiceUrl(env, origin, file),
    });
    botsByEnv.set(env, bot);
  }
  return bot;
}
