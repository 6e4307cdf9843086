import { Hono } from "hono";
import { login } from "../../domain/accounts/login";
import { changePassword, getAccount, updateProfile } from "../../domain/accounts/profile";
import { register } from "../../domain/accounts/register";
import { finishPasswordReset, startPasswordReset } from "../../domain/accounts/reset";
import { revokeOtherSessions, revokeSession } from "../../domain/accounts/sessions";
import { requireUser } from "../../domain/accounts/requireUser";
import { sendVerificationCode, verifyPhone } from "../../domain/accounts/verification";
import type { AppBindings } from "../env";
import { ipLimit } from "../middleware/ipLimit";
import { clearSessionCookie, setSessionCookie } from "../middleware/session";
import { jsonBody } from "./body";
import { deviceCookie, deviceTokenFrom } from "../devices";
import { ctxOf } from "./context";

export const authApi = new Hono<AppBindings>()
  .use("/register", ipLimit)
  .use("/login", ipLimit)
  .use("/send-code", ipLimit)
  .use("/reset/*", ipLimit)
  // forgot password (ADR 022): neither answer says whether the number has an account
  .post("/reset/start", async (c) => c.json(await startPasswordReset(ctxOf(c), await jsonBody(c))))
  .post("/reset/finish", async (c) => {
    const ctx = ctxOf(c);
    const { account, sessionToken, removedChats } = await finishPasswordReset(ctx, await jsonBody(c), {
      userAgent: c.req.header("User-Agent"),
    });
    setSessionCookie(c, sessionToken);
    c.header(
      "Set-Cookie",
      deviceCookie(c.req.url, await ctx.ports.devices.issue({ phone: account.phone, userId: account.id })),
      { append: true },
    );
    return c.json({ ...account, removedChats });
  })
  .post("/register", async (c) => {
    const ctx = ctxOf(c);
    const { account, sessionToken } = await register(ctx, await jsonBody(c), { userAgent: c.req.header("User-Agent") });
    setSessionCookie(c, sessionToken);
    // the device that made the account is a known device for its phone (ADR 022)
    c.header(
      "Set-Cookie",
      deviceCookie(c.req.url, await ctx.ports.devices.issue({ phone: account.phone, userId: account.id })),
      { append: true },
    );
    return c.json(account, 201);
  })
  .post("/login", async (c) => {
    const { account, sessionToken, deviceToken } = await login(ctxOf(c), await jsonBody(c), {
      userAgent: c.req.header("User-Agent"),
      deviceToken: deviceTokenFrom(c.req.raw),
    });
    setSessionCookie(c, sessionToken);
    c.header("Set-Cookie", deviceCookie(c.req.url, deviceToken), { append: true });
    return c.json(account);
  })
  .post("/logout", async (c) => {
    const token = c.get("sessionToken");
    if (token) await revokeSession(ctxOf(c), token);
    clearSessionCookie(c);
    return c.json({ ok: true });
  })
  .post("/logout-all", async (c) => {
    const user = requireUser(c.get("actor"));
    const removedChats = await revokeOtherSessions(ctxOf(c), user.userId, null);
    clearSessionCookie(c);
    return c.json({ ok: true, removedChats });
  })
  .get("/me", async (c) => {
    const account = await getAccount(ctxOf(c));
    return c.json({ ...account, isAdmin: c.get("account")?.isAdmin ?? account.isAdmin });
  })
  .patch("/me", async (c) => c.json(await updateProfile(ctxOf(c), await jsonBody(c))))
  .post("/password", async (c) => {
    const { removedChats } = await changePassword(ctxOf(c), await jsonBody(c), c.get("sessionToken"));
    return c.json({ ok: true, removedChats });
  })
  .post("/send-code", async (c) => c.json(await sendVerificationCode(ctxOf(c))))
  .post("/verify-phone", async (c) => c.json(await verifyPhone(ctxOf(c), await jsonBody(c))));
