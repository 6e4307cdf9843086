import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { objectName } from "./objectNames";
import { Hono } from "hono";
// @ts-ignore — produced by `remix vite:build` before wrangler or the test pool loads this file
import * as remixBuild from "../build/server/index.js";
import { api } from "./api";
import { paymentWebhooks } from "./api/payments";
import { webhooks } from "./webhooks";
import type { AppBindings, Env } from "./env";
import { language } from "./middleware/language";
import { sameOrigin } from "./middleware/origin";
import { securityHeadersMiddleware } from "./securityHeaders";
import { session } from "./middleware/session";
import { consumeOutbox, type QueueJob } from "./queue/outbox";
import { consumeScheduled } from "./queue/scheduled";
import { botFor, chatRoomId, clientOf, serviceContext } from "./services";
import { errorResponse, notFound } from "./http-errors";
import {
  CHAT_CONVERSATION_HEADER,
  CHAT_LANG_HEADER,
  CHAT_SESSION_HEADER,
  CHAT_USER_HEADER,
  CHAT_USER_TYPE_HEADER,
} from "./durable-objects/chatSocket";
import { requireParticipant } from "../domain/chat/access";
import { runSweeps } from "../domain/scheduled";
import { translatorFor } from "../i18n/translator";
import { IMAGE_KEY } from "../domain/uploads/storeImage";
import { VOICE_FILE, voiceNoteRow } from "../domain/uploads/storeVoice";
import { SIGNED_MEDIA_PATH, verifySignedVoice } from "./signedMedia";
import { audioResponse } from "./audioResponse";
import { pwaRoutes, shellAssets } from "./pwa";
import { renderCache } from "./renderCache";
import { drainable, drainsUnreadBodies } from "./devBodies";

export { ChatRoom } from "./durable-objects/ChatRoom";
export { UserSockets } from "./durable-objects/UserSockets";
export { TtlKeys } from "./durable-objects/TtlKeys";
import { SESSION_HEADER } from "./durable-objects/tabSockets";
import { sessionIdOf } from "../domain/accounts/sessions";

const handleRemix = createRequestHandler(remixBuild as unknown as ServerBuild);

/**
 * Routes a local start adds (workers/dev.ts): given the app after its middleware, before any route or 404 of its own.
 */
export type DevRoutes = (app: Hono<AppBindings>) => void;

/**
 * The Worker's Hono app; production builds it with no `devRoutes`, so no local-only route is in its bundle (ADR 088).
 */
export function buildApp(devRoutes?: DevRoutes): Hono<AppBindings> {
  const app = new Hono<AppBindings>();

  app.use("*", securityHeadersMiddleware);
  app.use("*", language);
  app.use("*", async (c, next) => (c.req.path.startsWith("/webhooks/") ? next() : sameOrigin(c, next)));
  // signed-out GETs of public pages from the edge cache, before any session lookup (ADR 016)
  app.use(
    "*",
    renderCache(() => (remixBuild as unknown as ServerBuild).assets.version),
  );
  app.use("*", async (c, next) =>
    c.req.path.startsWith("/assets/") ||
    c.req.path.startsWith("/webhooks/") ||
    c.req.path.startsWith("/images/") ||
    c.req.path.startsWith(SIGNED_MEDIA_PATH)
      ? next()
      : session(c, next),
  );

  devRoutes?.(app);
  app.route("/api", api);
  // an /api path no route took is a JSON 404 in the reader's language, whatever the method (never Remix's HTML)
  app.all("/api/*", notFound);
  // the manifest, the service worker and the offline page (ADR 014)
  app.route(
    "/",
    pwaRoutes(() => shellAssets((remixBuild as unknown as ServerBuild).assets)),
  );

  // Uploaded images from R2: only keys the upload made, with the type stored at upload, never sniffed.
  app.get("/images/*", async (c) => {
    const key = c.req.path.slice("/images/".length);
    const object = IMAGE_KEY.test(key) ? await c.env.IMAGES.get(key) : null;
    if (!object) return notFound(c);
    return new Response(object.body, {
      headers: {
        "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": "inline",
        ETag: object.httpEtag,
      },
    });
  });

  // A voice note for Twilio to fetch: only with our short-lived signature, only a note already sent into a
  // conversation, HEAD and GET, whole or by range; nothing is cached along the way.
  app.get(`${SIGNED_MEDIA_PATH}:file`, async (c) => {
    const file = c.req.param("file");
    if (!VOICE_FILE.test(file) || !(await verifySignedVoice(c.env, file, c.req.query("e"), c.req.query("s"))))
      return notFound(c);
    const note = await voiceNoteRow(serviceContext(c.env), `voice/${file}`);
    if (!note || note.conversationId === null) return notFound(c);
    return audioResponse(c.env.IMAGES, c.req.raw, note, "private, no-store");
  });

  // The notification socket: bound to the session's user (whatever id the client later sends in "join").
  app.get("/ws", async (c) => {
    if (c.req.header("Upgrade") !== "websocket") return c.json({ message: "Expected a WebSocket upgrade" }, 426);
    const origin = c.req.header("Origin");
    if (origin && origin !== new URL(c.req.url).origin) {
      return c.json({ message: translatorFor(c.get("lang"))("errors.crossOrigin") }, 403);
    }
    const actor = c.get("actor");
    if (actor.kind !== "user") return c.json({ message: translatorFor(c.get("lang"))("errors.unauthenticated") }, 401);
    const token = c.get("sessionToken");
    if (!token) return c.json({ message: translatorFor(c.get("lang"))("errors.unauthenticated") }, 401);
    const hub = c.env.USER_SOCKETS.get(c.env.USER_SOCKETS.idFromName(objectName(`user:${actor.userId}`)));
    // the socket is tagged with its session, so revoking the session closes it (set here, never by the browser)
    const headers = new Headers(c.req.raw.headers);
    headers.set(SESSION_HEADER, await sessionIdOf(token));
    return hub.fetch(new Request(c.req.raw, { headers }));
  });
  // Chat sockets: only the conversation's two participants, decided here from the session before the
  // conversation's Durable Object is touched; the object learns the user id from a header only we set.
  app.get("/ws/chat/:conversationId", async (c) => {
    if (c.req.header("Upgrade") !== "websocket") return c.json({ message: "Expected a WebSocket upgrade" }, 426);
    const origin = c.req.header("Origin");
    if (origin && origin !== new URL(c.req.url).origin) {
      return c.json({ message: translatorFor(c.get("lang"))("errors.crossOrigin") }, 403);
    }
    try {
      const actor = c.get("actor");
      const p = await requireParticipant(serviceContext(c.env, { actor }), c.req.param("conversationId"));
      const token = c.get("sessionToken");
      if (!token || actor.kind !== "user")
        return c.json({ message: translatorFor(c.get("lang"))("errors.unauthenticated") }, 401);
      // set here, never by the browser: a client's own X-Dalil-Chat-* headers are overwritten
      const headers = new Headers(c.req.raw.headers);
      headers.set(CHAT_USER_HEADER, String(p.userId));
      headers.set(CHAT_USER_TYPE_HEADER, actor.userType);
      headers.set(CHAT_CONVERSATION_HEADER, String(p.conversationId));
      headers.set(CHAT_SESSION_HEADER, await sessionIdOf(token));
      headers.set(CHAT_LANG_HEADER, c.get("lang"));
      // the user's own object remembers the room, so ending this session closes this socket too (ADR 022)
      await c.env.USER_SOCKETS.get(c.env.USER_SOCKETS.idFromName(objectName(`user:${p.userId}`))).rememberRoom(
        p.userId,
        p.conversationId,
      );
      return c.env.CHAT_ROOM.get(chatRoomId(c.env, p.conversationId)).fetch(new Request(c.req.raw, { headers }));
    } catch (err) {
      return errorResponse(err, c);
    }
  });

  // Bot webhooks (bot/): Telegram's secret token and Twilio's signature are checked before anything else.
  // the payment gateways' callbacks (ADR 085): proven by signature or by the gateway's own status call
  app.route("/webhooks/payments", paymentWebhooks);
  app.route("/webhooks", webhooks);

  app.all("*", (c) =>
    handleRemix(c.req.raw, {
      cloudflare: { env: c.env, ctx: c.executionCtx as ExecutionContext },
      lang: c.get("lang"),
      actor: c.get("actor"),
      account: c.get("account"),
      sessionToken: c.get("sessionToken"),
      cspNonce: c.get("cspNonce"),
      client: clientOf(c.req.raw),
    }),
  );
  return app;
}

export const app = buildApp();

/** The Worker's handlers around one app: the production one below, the development one in workers/dev.ts. */
export const workerOf = (app: Hono<AppBindings>) =>
  ({
    async fetch(request: Request, env: Env, ctx: ExecutionContext) {
      if (!request.body || !drainsUnreadBodies(env)) return app.fetch(request, env, ctx);
      // local development only: wrangler dev's proxy needs every body read to the end (workers/devBodies.ts)
      const local = drainable(request);
      const res = await app.fetch(local.request, env, ctx);
      await local.drain();
      return res;
    },
    async queue(batch, env) {
      await consumeScheduled(batch, env);
      await consumeOutbox(batch, env, botFor(env).deliverers);
    },
    async scheduled(controller, env, ctx) {
      // every sweep due this minute, each bounded (after-booking messages each minute; expiring bookings and retention
      // every 15: domain/scheduled.ts)
      ctx.waitUntil(
        runSweeps(serviceContext(env, { actor: { kind: "system" } }), undefined, controller.scheduledTime).then(
          () => undefined,
        ),
      );
    },
  }) satisfies ExportedHandler<Env, QueueJob>;

export default workerOf(app);
