import { Hono } from "hono";
import { exportMyConversations, reportConversation } from "../../domain/chat/moderation";
import { listConversations } from "../../domain/chat/listConversations";
import { listMessages, listMyChatWith } from "../../domain/chat/listMessages";
import { markConversationRead } from "../../domain/chat/markConversationRead";
import { sendMessage } from "../../domain/chat/sendMessage";
import type { AppBindings } from "../env";
import { jsonBody } from "./body";
import { ctxOf } from "./context";

type Body = { providerId?: unknown; message?: unknown; imageUrl?: unknown; audioUrl?: unknown; clientId?: unknown };

// the sender and its side (senderType) come from the session: whatever the body says is ignored
const messageFields = (b: Body) => ({
  message: b?.message,
  imageUrl: b?.imageUrl,
  audioUrl: b?.audioUrl,
  clientId: b?.clientId,
});

/** The spec's calls: GET /api/chat?providerId= and POST /api/chat { providerId, message | imageUrl | audioUrl }. */
export const chatApi = new Hono<AppBindings>()
  .get("/", async (c) => c.json(await listMyChatWith(ctxOf(c), c.req.query("providerId"), c.req.query())))
  .post("/", async (c) => {
    const body = ((await jsonBody(c)) ?? {}) as Body;
    const { message, created } = await sendMessage(ctxOf(c), { providerId: body.providerId }, messageFields(body));
    return c.json(message, created ? 201 : 200);
  });

/** Both sides' calls: my conversations, their history, answering and reading. */
export const conversationsApi = new Hono<AppBindings>()
  .get("/", async (c) => c.json({ items: await listConversations(ctxOf(c)) }))
  // my own conversations in full, as a file to keep
  .get("/export", async (c) => {
    c.header("Content-Disposition", 'attachment; filename="dalil-conversations.json"');
    return c.json(await exportMyConversations(ctxOf(c)));
  })
  .post("/:id/report", async (c) =>
    c.json(await reportConversation(ctxOf(c), c.req.param("id"), await jsonBody(c)), 201),
  )
  .get("/:id/messages", async (c) => c.json(await listMessages(ctxOf(c), c.req.param("id"), c.req.query())))
  .post("/:id/messages", async (c) => {
    const body = ((await jsonBody(c)) ?? {}) as Body;
    const { message, created } = await sendMessage(
      ctxOf(c),
      { conversationId: c.req.param("id") },
      messageFields(body),
    );
    return c.json(message, created ? 201 : 200);
  })
  .post("/:id/read", async (c) => c.json(await markConversationRead(ctxOf(c), c.req.param("id"))));
