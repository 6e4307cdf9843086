import type { Env } from "./env";

/**
 * Under `wrangler dev` (`npm start`, the browser suite) every request passes through wrangler's local proxy
 * (its ProxyWorker), which forwards the body with `fetch`. When the Worker answers before reading the whole
 * body — a declared Content-Length over a bound refused unread (workers/bodyLimit.ts, ADR 024), a chunked
 * upload cancelled one byte past its bound, a 401 before an upload is read — that `fetch` fails while it is
 * still sending, and the proxy throws our answer away for its own 503 "Your worker restarted mid-request".
 * Deployed, there is no such proxy: the edge returns our answer and drops the rest of the body itself.
 *
 * So only there (APP_ENV "development"), the body the Worker sees is a wrapper over the real one: cancelling it
 * reads the rest of the real body and drops it, and whatever the Worker left unread is read and dropped before
 * the response goes back. Nothing is kept (memory stays at one chunk); the Worker's bounds and answers are the
 * same as deployed. The workerd test pool (APP_ENV "test") has no proxy and keeps reading exactly as deployed.
 */
export const drainsUnreadBodies = (env: Pick<Env, "APP_ENV">) => env.APP_ENV === "development";

export function drainable(request: Request): { request: Request; drain: () => Promise<void> } {
  if (!request.body) return { request, drain: async () => {} };
  const source = request.body.getReader();
  let finished = false;
  // one read of the real body at a time (workerd's streams allow no second pending read): each waits for the last
  let last: Promise<unknown> = Promise.resolve();
  const read = () => {
    const next = last.then(() => source.read());
    last = next.catch(() => {});
    return next;
  };
  const drain = async () => {
    try {
      while (!finished) finished = (await read()).done;
    } catch {
      finished = true; // the client went away: nothing is left to read
    }
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await read();
        if (done) {
          finished = true;
          controller.close();
        } else controller.enqueue(value);
      },
      cancel: drain,
    },
    { highWaterMark: 0 },
  );
  return { request: new Request(request, { body, duplex: "half" } as RequestInit), drain };
}
