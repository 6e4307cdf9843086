/** Demo / benchmark seed data for Dalil. Pure modules: no node:* and no project imports. */
export * from "./cities";
export * from "./geoCities";
export * from "./categories";
export * from "./specialties";
export * from "./people";
export * from "./providers";
export * from "./ads";
