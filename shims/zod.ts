// What `import { z } from "zod"` is in the Worker's bundle (wrangler.toml `[alias]`, ADR 050): zod's whole classic
// API, the same names, minus `z.locales`. zod's own entry exports `z` as the namespace of a module that also
// re-exports every language's error messages (`export * as locales`), and esbuild keeps all of a namespace it
// has to build as an object: 364 KiB of messages nobody reads, since our errors are translated by us (ADR 024).
// Here the namespace is built from ./zodApi.ts, which shadows that one name, so the locales are never reached.
// Types are unchanged: TypeScript and the tests still read the real package.
import * as z from "./zodApi";

export * from "./zodApi";
export { z, z as default };
