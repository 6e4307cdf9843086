import type { D1Migration } from "@cloudflare/vitest-pool-workers";
import type { Env as WorkerEnv } from "../workers/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** the workerd suite's modules (paths from the root) that import nothing reaching a binding (bindingFree.ts) */
      TEST_BINDING_FREE: string[];
    }
    interface GlobalProps {
      mainModule: typeof import("../workers/dev");
      durableNamespaces: "ChatRoom" | "UserSockets";
    }
  }
}
