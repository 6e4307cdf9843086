// One file per conversation over a small engine, routed through one table built from the flows.
import { describe, expect, it } from "vitest";
import { routingTable } from "../engine/routing";
import type { Flow } from "../engine/flow";
import { FLOWS } from "./index";

const sources = import.meta.glob<string>(["/bot/**/*.ts", "/domain/**/*.ts", "!/**/*.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The verbs of every action the code writes: buttons, choices sent with alerts, resumes, `turn.act(…)`. */
function actionVerbsIn(files: Record<string, string>): Map<string, string> {
  const verbs = new Map<string, string>();
  // (a type such as `action: "accept" | "decline"` is not an action written)
  const written = /\baction: ["`]([A-Za-z]+)[:"`$](?!\s*\|)|\b(?:act|linkFirst)\(["`]([A-Za-z]+)[:"`$]/g;
  for (const [file, text] of Object.entries(files))
    for (const m of text.matchAll(written)) verbs.set(m[1] ?? m[2], file);
  return verbs;
}

describe("the bot's flows (bot/flows/)", () => {
  it("every action a button, an alert or a resume names is owned by a flow in the table", () => {
    const verbs = actionVerbsIn(sources);
    // the menu, search, booking, bookings, the provider's desk and chat all write buttons
    for (const verb of [
      "m",
      "s",
      "c",
      "cc",
      "p",
      "pg",
      "b",
      "ds",
      "ok",
      "x",
      "mb",
      "booking",
      "pb",
      "av",
      "cw",
      "l",
      "L",
      "h",
    ])
      expect(verbs.has(verb), verb).toBe(true);
    const { actions } = routingTable(FLOWS);
    const unowned = [...verbs].filter(([verb]) => !actions.has(verb)).map(([verb, file]) => `${verb} (${file})`);
    expect(unowned).toEqual([]);
    // the check reads what it must: a table without the chat bridge leaves "💬 Message" unowned
    const withoutChat = routingTable(
      FLOWS.filter((flow) => flow.name !== "chatBridge").concat({ name: "images", image: () => undefined }),
    );
    expect([...verbs.keys()].filter((verb) => !withoutChat.actions.has(verb))).toEqual(["cw"]);
  });

  it("an action, an intent or a step claimed by two flows is refused when the table is built", () => {
    const again: Flow = { name: "again", actions: { b: () => undefined } };
    expect(() => routingTable([...FLOWS, again])).toThrow(/action "b" is claimed twice/);
    expect(() => routingTable([...FLOWS, { name: "again", intents: { myBookings: () => undefined } }])).toThrow(
      /intent "myBookings"/,
    );
    expect(() => routingTable([...FLOWS, { name: "again", steps: { bookTime: {} } }])).toThrow(/step "bookTime"/);
    expect(() => routingTable([...FLOWS, { name: "again", contact: () => undefined }])).toThrow(
      /"contact" needs exactly one owner/,
    );
  });

  it("the engine stays small and each flow fits in a file: engine files ≤ 300 lines, flow files ≤ 350", () => {
    const lines = (path: string) => sources[path].split("\n").length;
    const engine = Object.keys(sources).filter((p) => p.startsWith("/bot/engine/"));
    const flows = Object.keys(sources).filter((p) => p.startsWith("/bot/flows/"));
    expect(engine.length).toBeGreaterThanOrEqual(4);
    expect(flows.length).toBeGreaterThanOrEqual(FLOWS.length);
    expect(engine.filter((p) => lines(p) > 300)).toEqual([]);
    expect(flows.filter((p) => lines(p) > 350)).toEqual([]);
  });
});
