// The one routing table (ADR 039): built once from every flow's lists, it says who owns each action, intent and
// step, and who takes part in each moment of a turn; the engine (engine.ts) runs a turn through it.
import { understand, type Understood } from "../../domain/understand/understand";
import { FLOWS } from "../flows";
import type { Flow, StepHandler } from "./flow";
import type { Step } from "./state";
import type { Answer, Router, Turn } from "./turn";

// ——— the routing table, built once from every flow's lists ———

type Owned<T> = Map<string, T>;
type Hook = Exclude<keyof Flow, "name" | "actions" | "intents" | "steps">;
type IntentHandler = (turn: Turn, understood: Understood, text: string) => Answer;

/** A message outside a form (no flow owns the "idle" step): what it means, answered. */
const IDLE: StepHandler = { read: (turn, { raw, number }) => turn.understood(raw.trim(), number) };

/** The one routing table: who owns each action, intent and step, and who takes part in each moment of a turn. */
export function routingTable(flows: readonly Flow[]) {
  const claim = <T>(owned: Owned<T>, kind: string, key: string, handler: T, flow: Flow) => {
    if (owned.has(key)) throw new Error(`bot flows: ${kind} "${key}" is claimed twice (${flow.name})`);
    owned.set(key, handler);
  };
  const actions: Owned<NonNullable<Flow["actions"]>[string]> = new Map();
  const intents: Owned<IntentHandler> = new Map();
  const steps: Owned<StepHandler> = new Map([["idle", IDLE]]);
  for (const flow of flows) {
    for (const [verb, handler] of Object.entries(flow.actions ?? {})) claim(actions, "action", verb, handler, flow);
    for (const [intent, handler] of Object.entries(flow.intents ?? {}))
      claim(intents, "intent", intent, handler as IntentHandler, flow);
    for (const [step, handler] of Object.entries(flow.steps ?? {})) claim(steps, "step", step, handler, flow);
  }
  /** every flow's hook of one kind, in the table's order */
  const hooks = <K extends Hook>(kind: K) =>
    flows.flatMap((flow) => (flow[kind] ? [flow[kind] as NonNullable<Flow[K]>] : []));
  /** the one flow that answers an event kind */
  const owner = <K extends "start" | "location" | "contact" | "image">(kind: K) => {
    const [only, ...more] = hooks(kind);
    if (!only || more.length) throw new Error(`bot flows: "${kind}" needs exactly one owner`);
    return only;
  };
  return {
    actions,
    intents,
    step: (step: Step) => steps.get(step),
    first: hooks("first"),
    pick: hooks("pick"),
    typing: hooks("typing"),
    menu: hooks("menu"),
    start: owner("start"),
    location: owner("location"),
    contact: owner("contact"),
    image: owner("image"),
    voice: hooks("voice"),
  };
}

export const routes = routingTable(FLOWS);

/** Whether a handler took what it was given (only an explicit `false` says it did not). */
export const taken = async (answer: Answer) => (await answer) !== false;

/** The button that takes a chat back to the form a question interrupted (its question again). */
export const FORM_BACK = "fm";

export const router: Router = {
  async act(turn, action) {
    const [verb, a, b] = action.split(":");
    const handler = routes.actions.get(verb);
    if (handler) {
      await handler(turn, a, b);
      return;
    }
    turn.say({ text: turn.t("bot.hint") });
    return turn.mainMenu(false);
  },

  async understood(turn, text, number, otherwise) {
    const u: Understood = number !== null ? { intent: "unknown" } : understand(text, await turn.places());
    const handler = u.intent === "unknown" && otherwise ? undefined : routes.intents.get(u.intent);
    if (handler) await handler(turn, u, text);
    else if (otherwise) await otherwise();
    // one short line and the menu: never a search of random words, never two contradicting lines
    else await turn.notUnderstood();
  },

  async askAgain(turn) {
    const ask = routes.step(turn.state.step)?.ask;
    if (turn.state.step === "idle" || !ask) return false;
    await ask(turn);
    return true;
  },

  async aside(turn, answer) {
    const step = turn.state.step;
    const waiting = step === "idle" ? undefined : routes.step(step)?.waiting?.(turn);
    if (!waiting) return false;
    await answer();
    const last = turn.replies[turn.replies.length - 1];
    // (an answer that took the chat somewhere else offers nothing back)
    if (!last || turn.state.step !== step) return true;
    // one message: the answer, then what waits and the way back to it as its first choice («١. ↩ أكمل الحجز»)
    last.text = `${last.text}\n\n${waiting}`;
    last.buttons = [[{ label: turn.t("bot.continueForm"), action: FORM_BACK }], ...(last.buttons ?? [])];
    return true;
  },

  async mainMenu(turn, welcome) {
    turn.state.step = "idle";
    for (const menu of routes.menu) if (await taken(menu(turn, welcome))) return;
    turn.say({
      text: welcome ? `${turn.t("bot.welcome")}\n\n${turn.t("bot.menuText")}` : turn.t("bot.menuText"),
      buttons: [
        [
          { label: turn.t("bot.searchWords"), action: "s" },
          { label: turn.t("bot.byCategory"), action: "c" },
        ],
        [
          { label: turn.t("bot.nearMe"), action: "n" },
          { label: turn.t("bot.myBookings"), action: "mb" },
        ],
        [
          { label: turn.t("bot.language"), action: "L" },
          { label: turn.t("bot.help"), action: "h" },
        ],
      ],
    });
  },
};
