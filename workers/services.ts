import { createDb } from "../db/client";
import { ANONYMOUS, type Actor, type Lang, type ServiceContext } from "../domain/context";
import type { Ports } from "../domain/ports";
import type { Env } from "./env";
import { translatorFor } from "../web/i18n/translator";
import { queueOutbox } from "./queue/outbox";

/** The platform's implementations of the domain's ports. */
export function platformPorts(env: Env): Ports {
  return {
    texts: { render: (lang, key, params) => translatorFor(lang)(key, params) },
    outbox: queueOutbox(env),
    notifier: {
      async notifyUser(userId, event) {
        const stub = env.USER_SOCKETS.get(env.USER_SOCKETS.idFromName(`user:${userId}`));
        await stub.broadcast(event);
      },
    },
    chatRooms: {
      async publish(conversationId, event) {
        return env.CHAT_ROOM.get(chatRoomId(env, conversationId)).publish(event);
      },
    },
    images: {
      async put(key, body, contentType) {
        await env.IMAGES.put(key, body, { httpMetadata: { contentType } });
      },
      async delete(key) {
        await env.IMAGES.delete(key);
      },
    },
  };
}

/** The one Durable Object of a conversation. */
export const chatRoomId = (env: Env, conversationId: number) => env.CHAT_ROOM.idFromName(`conversation:${conversationId}`);

export function serviceContext(env: Env, opts: { actor?: Actor; locale?: Lang } = {}): ServiceContext {
  return {
    db: createDb(env.DB),
    actor: opts.actor ?? ANONYMOUS,
    now: () => new Date(),
    locale: opts.locale ?? "en",
    ports: platformPorts(env),
  };
}
