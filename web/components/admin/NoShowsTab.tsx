import { useTranslation } from "../../i18n/react";
import { card } from "./shared";
import { isolate } from "../../../domain/text/bidi";
import { useCount } from "../provider/money";

interface Counts {
  byListing: { providerId: number; name: string; count: number }[];
  byCustomer: { customerId: number; name: string; count: number }[];
  contested: {
    bookingId: number;
    listing: string;
    customer: string | null;
    absent: "customer" | "provider";
    answer: string;
  }[];
}

/**
 * No-shows recorded after the booked time: per listing (the provider did not come) and per customer, counting the
 * claims nobody answered; apart, the contested ones with the answer.
 */
export function NoShowsTab({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const count = useCount();
  const list = (title: string, rows: { id: number; name: string; count: number }[], testId: string) => (
    <section className={card} data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("admin.noShowsNone")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100">
          {rows.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-2 py-2 text-sm">
              <bdi className="min-w-0 break-words">{r.name || t("account.formerCustomer")}</bdi>
              <span className="shrink-0 font-semibold">{count(r.count)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-bold">{t("admin.noShows")}</h2>
      {list(
        t("admin.noShowsByListing"),
        counts.byListing.map((r) => ({ id: r.providerId, name: r.name, count: r.count })),
        "no-shows-listings",
      )}
      {list(
        t("admin.noShowsByCustomer"),
        counts.byCustomer.map((r) => ({ id: r.customerId, name: r.name, count: r.count })),
        "no-shows-customers",
      )}
      <section className={card} data-testid="no-shows-contested">
        <h3 className="font-semibold">{t("admin.noShowsContested")}</h3>
        {counts.contested.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t("admin.noShowsNone")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100">
            {counts.contested.map((c) => (
              <li key={c.bookingId} className="space-y-0.5 py-2 text-sm" data-testid="no-show-contested">
                <p className="font-medium break-words">
                  {t("admin.noShowsContestedLine", {
                    id: c.bookingId,
                    listing: isolate(c.listing),
                    customer: isolate(c.customer || t("account.formerCustomer")),
                  })}
                </p>
                <p>
                  {t("admin.noShowsClaim", {
                    what: t(c.absent === "provider" ? "booking.noShowProvider" : "booking.noShowCustomer"),
                  })}
                </p>
                <p className="break-words text-stone-700">{t("admin.noShowsAnswer", { answer: isolate(c.answer) })}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
