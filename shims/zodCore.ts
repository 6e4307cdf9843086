// `z.core` (zod/v4/core) without its `locales` re-export: shims/zod.ts says why.
export * from "zod/v4/core";

/** zod's error messages in every language: not bundled (ours are translated by i18n/, ADR 024) */
export const locales = undefined;
