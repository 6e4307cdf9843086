// The names of `zod/v4` (the package's classic API), with the three that would carry every locale replaced
// (shims/zod.ts says why). A local export wins over a star export of the same name, by the module rules.
export * from "zod/v4";
import * as core from "./zodCore";

/** zod's core, the same names without `locales` */
export { core };
/** zod's error messages in every language: not bundled (ours are translated by i18n/, ADR 024) */
export const locales = undefined;
/** the package's own namespace object (it holds `locales`): shims/zod.ts exports this module's instead */
export const z = undefined;
