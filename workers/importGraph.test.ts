// Issue #27: the bot and the Worker import each other in a line, not a circle. The bindings (workers/env.ts)
// are typed from type-only modules, so the deliverers, the queue and the Durable Objects can all read them
// without pulling each other in. Type imports count: a circle of types is still a circle to a reader.
import { describe, expect, it } from "vitest";

const sources = import.meta.glob<string>(["/{bot,workers,domain,i18n,db}/**/*.ts", "!/**/*.test.ts"], { query: "?raw", import: "default", eager: true });

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Each file's relative imports, resolved to the files they name. */
function importGraph(files: Record<string, string>): Map<string, string[]> {
  const resolve = (from: string, spec: string) => {
    const parts = from.split("/").slice(0, -1);
    for (const part of spec.split("/")) {
      if (part === "..") parts.pop();
      else if (part !== ".") parts.push(part);
    }
    const base = parts.join("/");
    return [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => candidate in files);
  };
  const graph = new Map<string, string[]>();
  for (const [file, text] of Object.entries(files)) {
    const targets = [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2]).filter((spec) => spec.startsWith("."));
    graph.set(file, targets.map((spec) => resolve(file, spec)).filter((f): f is string => f !== undefined));
  }
  return graph;
}

/** The groups of files that reach each other (strongly connected components of two or more files; Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("imports between the bot and the Worker", () => {
  it("finds a circle when there is one (the check itself works)", () => {
    const graph = importGraph({
      "/workers/env.ts": 'import type { ChatRoom } from "./durable-objects/ChatRoom";',
      "/workers/durable-objects/ChatRoom.ts": 'import { queueOutbox } from "../queue/outbox";',
      "/workers/queue/outbox.ts": 'import { deliverTelegram } from "../../bot/deliverers";',
      "/bot/deliverers.ts": 'import type { Env } from "../workers/env";',
      "/bot/delivery.ts": "export class DeliveryError {}",
    });
    expect(circles(graph)).toEqual([["/bot/deliverers.ts", "/workers/durable-objects/ChatRoom.ts", "/workers/env.ts", "/workers/queue/outbox.ts"]]);
  });

  it("no file under bot/ or workers/ is in an import circle, type imports included", () => {
    const graph = importGraph(sources);
    expect(graph.size).toBeGreaterThan(100);
    // the bindings name the objects and the queue only through their type-only modules
    expect(graph.get("/workers/env.ts")!.filter((file) => file.startsWith("/workers/"))).toEqual(["/workers/durable-objects/rpc.ts", "/workers/queue/jobs.ts"]);
    const ours = circles(graph).filter((group) => group.some((file) => /^\/(bot|workers)\//.test(file)));
    expect(ours).toEqual([]);
  });
});
