/**
 * One listing as the bot shows it: its line in a list, its details (reach, answers, rating, phone, description), and
 * "how much?", answered with how to ask the listings in view.
 */
import { ltr, PAGE_SIZE, type Turn } from "../engine/turn";
import type { Button } from "../engine/types";
import { namesForReader } from "../../domain/providers/displayName";
import { reachOf } from "../../domain/reach/numbers";
import { showsVerified } from "../../domain/providers/verifiedBadge";
import { answersText } from "../../domain/reach/answers";
import { listingInReadersWords } from "../../domain/providers/listingTexts";
import { getProvider } from "../../domain/providers/getProvider";
import { isolate } from "../../domain/text/bidi";
import { clip } from "../../domain/text/clip";
import { formatNumber } from "../../domain/text/numbers";

/**
 * One listing in a line, as the reader reads: the name in the reader's script, the specialty and the city in the
 * reader's language, the rating in the reader's digits ("New" without reviews), and every piece of a person's text
 * isolated (FSI…PDI) so its punctuation stays at its end.
 */
export function providerLine(
  turn: Turn,
  p: {
    name: string;
    nameOther?: string | null;
    specialty: string;
    specialtyAr: string | null;
    specialtyKu: string | null;
    city: string;
    cityId?: number | null;
    rating: number;
    reviewCount: number;
    isVerified: boolean;
  },
  cityName: (p: { city: string; cityId?: number | null }) => string,
) {
  const specialty =
    (turn.lang === "ar" ? p.specialtyAr : turn.lang === "ku" ? p.specialtyKu || p.specialtyAr : null) || p.specialty;
  return (
    `${isolate(namesForReader(p, turn.lang).primary)}${p.isVerified ? " ✅" : ""} · ${isolate(specialty)} ` +
    `· ${isolate(cityName(p))} · ${rating(turn, p)}`
  );
}

/** "⭐ ٤٫٦" in the reader's digits, or "New" for a listing nobody has reviewed yet. */
function rating(turn: Turn, p: { rating: number; reviewCount: number }) {
  return p.reviewCount > 0
    ? `⭐ ${formatNumber(p.rating, turn.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}`
    : `🆕 ${turn.t("bot.newListing")}`;
}

export async function provider(turn: Turn, rawId: string) {
  // its description and address in the reader's language where they are written in it (ADR 060)
  const p = await listingInReadersWords(turn.ctx, await getProvider(turn.ctx, rawId));
  const reach = await reachOf(turn.ctx, p.id);
  // on Dalil or not yet, with what it means for a request
  const reachLine = reach.onDalil
    ? `🟢 ${turn.t("reach.onDalil")} · ${turn.t("reach.onDalilMeans")}`
    : reach.callOnly
      ? `📞 ${turn.t("reach.callOnly")} · ${turn.t("reach.callOnlyMeans")}`
      : `✉️ ${turn.t("reach.notYet")} · ${turn.t("reach.notYetMeans")}`;
  const verified = showsVerified(p, reach);
  const lines = [
    providerLine(turn, { ...p, isVerified: verified }, await turn.cityNames()),
    reachLine,
    ...(reach.answers ? [`⏱️ ${answersText(turn.t, reach.answers)}`] : []),
    `📍 ${isolate(p.location)}`,
    ...(p.reviewCount > 0 ? [`${rating(turn, p)} (${turn.t("bot.reviews", { count: p.reviewCount })})`] : []),
    `📞 ${ltr(p.phone)}`,
    ...(verified ? [`✅ ${turn.t("bot.verified")}`] : []),
    ...(p.description ? ["", isolate(clip(p.description, 300))] : []),
  ];
  const back: Button[] = turn.state.search
    ? [{ label: turn.t("bot.backToResults"), action: `pg:${turn.state.search.page}` }]
    : [];
  turn.say({
    text: lines.join("\n"),
    links: [
      { label: turn.t("bot.call"), url: `tel:${p.phone}` },
      { label: turn.t("bot.profile"), url: `${turn.deps.siteUrl}/provider/${p.id}` },
    ],
    buttons: [
      ...(reach.callOnly
        ? []
        : [
            [
              { label: turn.t("bot.book"), action: `b:${p.id}` },
              { label: turn.t("bot.message"), action: `cw:${p.id}` },
            ],
          ]),
      [...back, turn.menuButton()],
    ],
  });
}

/**
 * "How much?": listings carry no prices on Dalil (a price is agreed with the provider, or quoted on a request), so the
 * answer is how to ask: a message button for the listing in view (the one shown, being booked or written to) or for
 * each listing of the list just shown; a listing not on Dalil yet is called instead.
 */
export async function howMuch(turn: Turn) {
  const ids = [
    ...new Set([
      turn.state.draft?.providerId,
      turn.state.chat?.providerId,
      ...turn.state.menu.map((a) => /^(?:p|b|cw):(\d+)$/.exec(a)?.[1]).map((id) => (id ? Number(id) : undefined)),
    ]),
  ].filter((id): id is number => typeof id === "number" && Number.isFinite(id));
  const listings = (
    await Promise.all(ids.slice(0, PAGE_SIZE).map((id) => getProvider(turn.ctx, String(id)).catch(() => null)))
  ).filter((p) => p !== null);
  if (!listings.length)
    return turn.say({
      text: turn.t("bot.priceNoListing"),
      buttons: [[{ label: turn.t("bot.searchWords"), action: "s" }], [turn.menuButton()]],
    });
  const reach = await Promise.all(listings.map((p) => reachOf(turn.ctx, p.id)));
  const name = (p: (typeof listings)[number]) => isolate(namesForReader(p, turn.lang).primary);
  turn.say({
    text: listings.length === 1 ? turn.t("bot.priceAsk", { name: name(listings[0]!) }) : turn.t("bot.priceAskOne"),
    links: listings.flatMap((p, i) =>
      reach[i]!.callOnly ? [{ label: `${turn.t("bot.call")} · ${name(p)}`, url: `tel:${p.phone}` }] : [],
    ),
    buttons: [
      ...listings.flatMap((p, i) =>
        reach[i]!.callOnly ? [] : [[{ label: `${turn.t("bot.message")} · ${name(p)}`, action: `cw:${p.id}` }]],
      ),
      [turn.menuButton()],
    ],
  });
}
