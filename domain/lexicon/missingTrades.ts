/**
 * Trades people ask for that the directory does not list yet (ADR 082), each with the listed trades nearest to its
 * work: a search for one says so in the reader's language (`search.missing.<key>` in the catalogs) and lists those
 * instead, nearest first. With no near trade, it says what was read and offers the categories. A listing that names the
 * trade as its specialty is found as the trade again: the search checks before it says "missing".
 */
export interface MissingTrade {
  /** the catalog key of its sentence: `search.missing.<key>` */
  readonly key: string;
  /** the trades (English names) whose listings do the nearest work, nearest first; [] → the categories */
  readonly nearest: readonly string[];
}

export const MISSING_TRADES: Readonly<Record<string, MissingTrade>> = {
  "washing machine repair": { key: "washingMachine", nearest: ["refrigerator repair", "AC repair"] },
  "TV repair": { key: "tv", nearest: ["phone repair", "electrician"] },
  satellite: { key: "satellite", nearest: ["electrician", "network technician"] },
  painter: { key: "painter", nearest: ["interior designer", "engineer"] },
  carpenter: { key: "carpenter", nearest: ["interior designer", "furniture moving"] },
  blacksmith: { key: "blacksmith", nearest: ["engineer"] },
  locksmith: { key: "locksmith", nearest: [] },
  tailor: { key: "tailor", nearest: [] },
  security: { key: "security", nearest: [] },
  "pest control": { key: "pestControl", nearest: ["cleaning"] },
  "home nurse": { key: "nurse", nearest: ["doctor", "elderly caregiver"] },
  "car AC repair": { key: "carAc", nearest: ["auto electrician", "mechanic"] },
};
