// The bindings (workers/env.ts) are typed from type-only modules, so the queue and the Durable Objects can all read
// them without pulling each other in. Type imports count: a circle of types is still a circle to a reader.
// The bot is built from its dependencies (ADR 089): nothing under bot/ imports workers/.
// No circle anywhere in the tree, the layers (a door imports the domain, never the other way; nothing but the web app
// imports the web app), and no hand-written source file over 400 lines (ADR 070).
import { describe, expect, it } from "vitest";

const sources = import.meta.glob<string>(
  ["/{bot,workers,domain,i18n,db,web,shims}/**/*.{ts,tsx}", "!/**/*.test.{ts,tsx}", "!/**/*.d.ts"],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
);

/** `import … from "x"`, `export … from "x"`, `import "x"`: the first group; `import("x")`: the second. */
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/;
const DYNAMIC_IMPORT = /import\(\s*["']([^"']+)["']\s*\)/;
const IMPORT = new RegExp(`${STATIC_IMPORT.source}|${DYNAMIC_IMPORT.source}`, "g");

/** Each file's relative imports, resolved to the files they name. */
function importGraph(files: Record<string, string>): Map<string, string[]> {
  const resolve = (from: string, spec: string) => {
    const parts = from.split("/").slice(0, -1);
    for (const part of spec.split("/")) {
      if (part === "..") parts.pop();
      else if (part !== ".") parts.push(part);
    }
    const base = parts.join("/");
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
      (candidate) => candidate in files,
    );
  };
  const graph = new Map<string, string[]>();
  for (const [file, text] of Object.entries(files)) {
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => m[1] ?? m[2])
      .filter((spec) => spec.startsWith(".") || spec.startsWith("~/"));
    // `~/` is web/ (tsconfig's paths)
    graph.set(
      file,
      targets
        .map((spec) => (spec.startsWith("~/") ? resolve("/web/", `./${spec.slice(2)}`) : resolve(file, spec)))
        .filter((f): f is string => f !== undefined),
    );
  }
  return graph;
}

/** The groups of files that reach each other (strongly connected components of two or more files; Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>(),
    low = new Map<string, number>(),
    stack: string[] = [],
    onStack = new Set<string>();
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

describe("import circles", () => {
  it("finds a circle when there is one (the check itself works)", () => {
    const graph = importGraph({
      "/workers/env.ts": 'import type { ChatRoom } from "./durable-objects/ChatRoom";',
      "/workers/durable-objects/ChatRoom.ts": 'import { queueOutbox } from "../queue/outbox";',
      "/workers/queue/outbox.ts": 'import { deliverTelegram } from "../../bot/deliverers";',
      "/bot/deliverers.ts": 'import type { Env } from "../workers/env";',
      "/bot/delivery.ts": "export class DeliveryError {}",
    });
    expect(circles(graph)).toEqual([
      ["/bot/deliverers.ts", "/workers/durable-objects/ChatRoom.ts", "/workers/env.ts", "/workers/queue/outbox.ts"],
    ]);
  });

  it("no file anywhere in the tree is in an import circle, type imports and web/ included", () => {
    const graph = importGraph(sources);
    expect(graph.size).toBeGreaterThan(400);
    // the bindings name the objects and the queue only through their type-only modules
    expect(graph.get("/workers/env.ts")!.filter((file) => file.startsWith("/workers/"))).toEqual([
      "/workers/durable-objects/rpc.ts",
      "/workers/queue/jobs.ts",
    ]);
    expect(circles(graph)).toEqual([]);
  });
});

/** Each import that crosses a layer the wrong way, as "from → to". */
function layerBreaches(graph: Map<string, string[]>): string[] {
  const breaches: string[] = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      // the web app is a door of its own: the domain, the bot, the Worker and the shared text never reach into it
      if (/^\/(domain|bot|workers|i18n)\//.test(file) && target.startsWith("/web/"))
        breaches.push(`${file} → ${target}`);
      // the domain calls no door: every door calls the domain
      else if (file.startsWith("/domain/") && /^\/(web|bot|workers)\//.test(target))
        breaches.push(`${file} → ${target}`);
      // the bot is given what it needs by the Worker (createBot, ADR 089), never reaches into it
      else if (file.startsWith("/bot/") && target.startsWith("/workers/")) breaches.push(`${file} → ${target}`);
    }
  }
  return breaches;
}

describe("the layers", () => {
  it("finds a breach when there is one (the check itself works)", () => {
    const graph = importGraph({
      "/domain/bookings/x.ts": 'import { send } from "../../bot/send";',
      "/bot/send.ts": 'import type { Page } from "../web/page";',
      "/web/page.tsx": 'import { x } from "../domain/bookings/x";',
      "/workers/app.ts": 'import { x } from "../domain/bookings/x";',
      "/bot/flows/y.ts": 'import { serviceContext } from "../../workers/services";',
      "/workers/services.ts": 'import { createBot } from "../bot/bot";',
    });
    expect(layerBreaches(graph)).toEqual([
      "/domain/bookings/x.ts → /bot/send.ts",
      "/bot/send.ts → /web/page.tsx",
      "/bot/flows/y.ts → /workers/services.ts",
    ]);
  });

  it("the bot imports the modules it uses, never a file that only forwards another's exports", () => {
    const forwarding = Object.entries(sources).filter(
      ([file, text]) =>
        file.startsWith("/bot/") && /^(\s*(\/\*[\s\S]*?\*\/|\/\/.*|export \* from ["'][^"']+["'];?))*\s*$/.test(text),
    );
    expect(forwarding.map(([file]) => file)).toEqual([]);
  });

  it(
    "the chat room stores, fans out and answers its sockets: no domain verb, no service context in its file (ADR " +
      "092)",
    () => {
      const room = sources["/workers/durable-objects/ChatRoom.ts"]!;
      // value imports only (`import type` names shapes, not behaviour); the chat's constants are data
      const values = [...room.matchAll(/(?:^|\n)import\s+(?!type\s)[^'";]*?from\s+["']([^"']+)["']/g)].map(
        (m) => m[1]!,
      );
      expect(values.filter((spec) => spec.includes("/domain/") && !spec.endsWith("/domain/chat/schemas"))).toEqual([]);
      expect(values.filter((spec) => spec.endsWith("/services") || spec.endsWith("/http-errors"))).toEqual([]);
    },
  );

  it(
    "nothing under domain/, bot/, workers/ or i18n/ imports web/, domain/ imports no door, bot/ imports nothing " +
      "of workers/",
    () => {
      const breaches = layerBreaches(importGraph(sources));
      expect(breaches).toEqual([]);
    },
  );
});

/**
 * Every source file of the tree, raw. Not hand-written source (ADR 070): test code (`*.test.*`, tests/), which reads as
 * a list of cases, and data tables (DATA_TABLES), which are rows read one at a time, not logic held in one's head.
 */
const allSources = import.meta.glob<string>(
  [
    "/{bot,workers,domain,i18n,db,web,shims,bench,scripts}/**/*.{ts,tsx,mjs,js}",
    "!/**/*.test.{ts,tsx}",
    "!/**/*.d.ts",
    "!/**/node_modules/**",
  ],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
);
/** Tables of data: one literal after another, each row standing alone. */
const DATA_TABLES = new Set([
  // the demo listings, one object per listing
  "/db/seed/data/providers.ts",
  // the bot's judged utterances, one line per case
  "/bot/understand/utterances.ts",
]);
/** Over 400 lines, split elsewhere: each must still be over (the check reminds us to drop it once it is split). */
const PENDING: Record<string, string> = {};
const MAX_LINES = 400;

describe("files a reader can hold in their head", () => {
  it("no hand-written source file is over 400 lines (test code and data tables aside)", () => {
    const lines = Object.entries(allSources).map(
      ([file, text]) => [file, text.split("\n").length - (text.endsWith("\n") ? 1 : 0)] as const,
    );
    expect(lines.length).toBeGreaterThan(400);
    expect(lines.some(([file]) => file.startsWith("/bench/"))).toBe(true);
    const long = lines
      .filter(([file, n]) => n > MAX_LINES && !DATA_TABLES.has(file) && !(file in PENDING))
      .map(([file, n]) => `${file}: ${n}`);
    expect(long).toEqual([]);
    // a data table or a pending file that is gone or short again is taken off its list
    const byFile = new Map(lines);
    expect([...DATA_TABLES, ...Object.keys(PENDING)].filter((file) => (byFile.get(file) ?? 0) <= MAX_LINES)).toEqual(
      [],
    );
  });
});

/** The files `entry` reaches through its imports, itself included. */
function reachable(graph: Map<string, string[]>, entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const target of graph.get(file) ?? []) visit(target);
  };
  visit(entry);
  return seen;
}

/**
 * What only a local start, a bench or a test may carry: the judged
 * and holdout sets, the console, the bench API, the dev entry.
 */
const DEVELOPMENT_ONLY =
  /^\/(tests|bench|scripts)\/|^\/domain\/search\/.*Queries|^\/bot\/console|^\/workers\/dev(\.ts$|\/)/;

describe("production carries production code only (ADR 088)", () => {
  // tests/ too (its helpers, not its test files): the judged
  // sets live there, and a production import of one must be seen
  const withTests = {
    ...sources,
    ...import.meta.glob<string>(["/tests/**/*.ts", "!/**/*.test.ts", "!/**/*.d.ts"], {
      query: "?raw",
      import: "default",
      eager: true,
    }),
  };

  it("finds a development file the production entry reaches (the check itself works)", () => {
    const graph = importGraph({
      "/workers/app.ts": 'import { api } from "./api";',
      "/workers/api/index.ts": 'import { JUDGED } from "../../domain/search/judgedQueries";',
      "/domain/search/judgedQueries.ts": "export const JUDGED = [];",
    });
    expect([...reachable(graph, "/workers/app.ts")].filter((f) => DEVELOPMENT_ONLY.test(f))).toEqual([
      "/domain/search/judgedQueries.ts",
    ]);
  });

  it(
    "workers/app.ts (what `wrangler deploy` bundles) reaches no query set, console, bench API or dev entry; " +
      "workers/dev.ts reaches them",
    () => {
      const graph = importGraph(withTests);
      const production = reachable(graph, "/workers/app.ts");
      expect(production.size).toBeGreaterThan(200);
      expect([...production].filter((f) => DEVELOPMENT_ONLY.test(f))).toEqual([]);
      const development = reachable(graph, "/workers/dev.ts");
      for (const file of [
        "/workers/dev/console.ts",
        "/workers/dev/consolePage.ts",
        "/workers/dev/consoleLookups.ts",
        "/workers/dev/bench.ts",
        "/workers/dev/benchPayments.ts",
        "/workers/dev/scheduler.ts",
        "/tests/search/judge.ts",
      ]) {
        expect(development.has(file), file).toBe(true);
      }
      // the sets left domain/search/ for tests/search/: none is back in the domain
      expect(Object.keys(sources).filter((f) => /^\/domain\/search\/.*(Queries|judge)/.test(f))).toEqual([]);
    },
  );
});

describe("one rule, one place", () => {
  const holding = (pattern: RegExp, files: Record<string, string> = sources) =>
    Object.keys(files)
      .filter((f) => pattern.test(files[f]!))
      .sort();

  it(
    "the booking's columns and bookingById are in bookings/view.ts; the data download writes its lists from the " +
      "view",
    () => {
      expect(holding(/providerNotes: bookings\.providerNotes/)).toEqual(["/domain/bookings/view.ts"]);
      expect(holding(/function bookingById\b/)).toEqual(["/domain/bookings/view.ts"]);
      expect(holding(/import\s*\{[^}]*\bbookingById\b[^}]*\}\s*from\s*"[^"]*createBooking"/)).toEqual([]);
    },
  );

  it("a bell row becomes an item once; the translated JSON 404 is written once in workers/", () => {
    expect(holding(/messageKey: r\.message_key/)).toEqual(["/domain/notifications/bound.ts"]);
    expect(holding(/\("errors\.notFound"\)/).filter((f) => f.startsWith("/workers/"))).toEqual([
      "/workers/http-errors.ts",
    ]);
  });

  it(
    "words live in the lexicon: the article prefixes, the search's stop words; no forwarding stub is left in " +
      "domain/text/",
    () => {
      // the article list as a list of strings (two readers once listed it apart, one without «کال»)
      expect(holding(/\[\s*"وبال"/)).toEqual(["/domain/lexicon/articles.ts"]);
      expect(holding(/STOP_WORDS\s*(:[^=]*)?=/)).toEqual(["/domain/lexicon/stopWords.ts"]);
      expect(
        Object.keys(sources).filter((f) => ["/domain/text/dictionary.ts", "/domain/text/serviceWords.ts"].includes(f)),
      ).toEqual([]);
      expect(holding(/^export \* from/m).filter((f) => f.startsWith("/domain/text/"))).toEqual([]);
    },
  );
});
