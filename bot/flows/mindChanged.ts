/**
 * A person booking who changes their mind mid-way: a new search typed at the job question, another trade named at the
 * address question. The booking flow (booking.ts) asks these readers first; each ends the draft when it is a change of
 * mind.
 */
import { freshState } from "../engine/state";
import type { Turn } from "../engine/turn";
import type { Button } from "../engine/types";
import { understand } from "../../domain/understand/understand";
import { getProvider } from "../../domain/providers/getProvider";
import { publicData } from "../../domain/publicData";
import { categoryOfService } from "../../domain/search/understoodFacets";

/** "Cancel this booking" under every question of the flow. */
export const cancelDraft = (turn: Turn): Button[][] => [[{ label: turn.t("bot.cancelDraft"), action: "x" }]];

/**
 * The job question answered with a new search ("electrician in Basra", «سباك بالبصرة»: a service or a place and nothing
 * that describes a job): the search starts, the draft ends.
 */
export async function searchInstead(turn: Turn, text: string): Promise<boolean> {
  const u = understand(text, await turn.places());
  if (u.intent !== "search" || u.describes || !(u.city || u.nearMe || u.words || u.service)) return false;
  turn.state = freshState(turn.state.at);
  await turn.understood(text, null);
  return true;
}

/**
 * The address question answered with what is wrong («مكيفي ما يبرد»): a job, not a place. Another trade than the
 * listing's named, and no trouble described («لا، ابي كهربائي مو سباك», "no, I want an electrician"): the person
 * changed their mind, so that search starts and the draft ends, as at the job question (the walk; before, they were
 * told it was not an address).
 */
export async function jobNotAddress(turn: Turn, text: string): Promise<boolean> {
  const u = understand(text, await turn.places());
  if (u.intent !== "search" || !u.service || u.city || /[\d\u0660-\u0669\u06F0-\u06F9]/.test(text)) return false;
  const [listing, { categories }] = await Promise.all([
    getProvider(turn.ctx, String(turn.state.draft!.providerId)),
    publicData(turn.ctx),
  ]);
  const wanted = categoryOfService(u.service, categories);
  if (!u.describes && wanted && wanted.id !== listing.categoryId) {
    turn.state = freshState(turn.state.at);
    await turn.understood(text, null);
    return true;
  }
  turn.say({ text: turn.t("bot.notAnAddress"), ask: "location", buttons: cancelDraft(turn) });
  return true;
}
