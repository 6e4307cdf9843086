import { useEffect, useState } from "react";
import type { SearchResultItem } from "../../domain/search/searchProviders";
import type { CityOption } from "../homeOptions";
import { useTranslation } from "../i18n/react";
import type { Position } from "./HeroSearch";
import { ProviderCard } from "./ProviderCard";

type State = { kind: "loading" } | { kind: "done"; items: SearchResultItem[] } | { kind: "error" };

/** "Providers near you": the three closest, fetched in the browser once the position is known. */
export function NearbyProviders({ position, cities }: { position: Position; cities: CityOption[] }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const cityName = new Map(cities.map((c) => [c.id, c.name]));

  useEffect(() => {
    let cancelled = false;
    setState({ kind: "loading" });
    fetch(`/api/providers?lat=${position.lat}&lng=${position.lng}&limit=3`, { credentials: "same-origin" })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${res.status}`);
        const body = (await res.json()) as { items: SearchResultItem[] };
        if (!cancelled) setState({ kind: "done", items: body.items });
      })
      .catch(() => !cancelled && setState({ kind: "error" }));
    return () => {
      cancelled = true;
    };
  }, [position.lat, position.lng, attempt]);

  if (state.kind === "done" && state.items.length === 0) return null;
  return (
    <section className="mx-auto max-w-6xl px-4 pt-10" aria-labelledby="nearby-title" data-testid="nearby-providers">
      <h2 id="nearby-title" className="mb-4 text-xl font-bold">
        {t("home.nearYou")}
      </h2>
      {state.kind === "loading" && (
        <div className="grid gap-4 md:grid-cols-3" aria-busy="true" aria-label={t("common.loading")}>
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-52 animate-pulse rounded-2xl bg-stone-200/70" />
          ))}
        </div>
      )}
      {state.kind === "error" && (
        <p className="rounded-2xl bg-white p-6 text-center text-stone-600">
          {t("home.nearYouError")}{" "}
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="min-h-11 font-semibold text-brand-700 underline"
          >
            {t("common.retry")}
          </button>
        </p>
      )}
      {state.kind === "done" && (
        <div className="grid gap-4 md:grid-cols-3">
          {state.items.map((p) => (
            <ProviderCard key={p.id} provider={p} cityLabel={p.cityId ? cityName.get(p.cityId) : undefined} />
          ))}
        </div>
      )}
    </section>
  );
}
