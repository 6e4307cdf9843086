export * from "./users";
export * from "./places";
export * from "./providers";
export * from "./chat";
export * from "./bookings";
export * from "./messaging";
export * from "./content";
export * from "./renderCache";
