// Which test modules can reach no binding (D1, R2, Durable Objects, queues): nothing they import, however deep,
// imports `cloudflare:workers` or `cloudflare:test`, the only ways a test gets `env`, `exports` or `SELF`. The workerd
// suite skips the reset of the database and objects before such a module (tests/workerd-suite.ts): it neither reads
// nor changes them. Read by vitest.config.ts in Node, passed to workerd as the TEST_BINDING_FREE binding.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** `from "x"`, `import "x"`, `import("x")`; a match inside a comment or a string only adds an edge (safe side). */
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g;
const BINDINGS = /^cloudflare:(?:workers|test)$/;
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx"];

/** The file a relative or `~/` specifier names, or null for a package (a package reaches no binding of ours). */
function resolve(root: string, from: string, spec: string): string | null {
  const bare = spec.replace(/\?.*$/, "");
  const base = bare.startsWith("~/")
    ? join(root, "web", bare.slice(2))
    : bare.startsWith(".")
      ? join(dirname(from), bare)
      : null;
  if (base === null) return null;
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** Of `tests` (paths relative to `root`), those whose imports never reach a binding, relative to `root`. */
export function bindingFreeModules(root: string, tests: string[]): string[] {
  const edges = new Map<string, { files: string[]; bindings: boolean }>();
  const direct = (file: string) => {
    let e = edges.get(file);
    if (!e) {
      const files: string[] = [];
      let bindings = false;
      const text = /\.(?:ts|tsx|js|mjs)$/.test(file) ? readFileSync(file, "utf8") : "";
      for (const [, spec] of text.matchAll(SPECIFIER)) {
        if (BINDINGS.test(spec)) bindings = true;
        const target = resolve(root, file, spec);
        if (target) files.push(target);
      }
      edges.set(file, (e = { files, bindings }));
    }
    return e;
  };
  const reaches = (start: string) => {
    const seen = new Set([start]);
    for (const file of seen) {
      const e = direct(file);
      if (e.bindings) return true;
      for (const f of e.files) seen.add(f);
    }
    return false;
  };
  return tests.filter((t) => !reaches(join(root, t))).map((t) => relative(root, join(root, t)));
}

/** The workerd suite's test modules (the globs of tests/workerd-suite.ts), relative to `root`. */
export function workerdTestModules(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== "node_modules") walk(path);
      else if (entry.isFile() && entry.name.endsWith(".test.ts")) found.push(path);
    }
  };
  for (const dir of ["domain", "workers", "db", "web", "bot", "i18n", "tests/api"]) walk(dir);
  return found.sort();
}
