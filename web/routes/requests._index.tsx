import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Plus } from "lucide-react";
import { listMyRequests } from "../../domain/requests/readRequests";
import { card, primaryButton } from "../components/admin/shared";
import { useIqd } from "../components/provider/money";
import { localized, useLanguage, useTranslation } from "../i18n/react";
import { servicesFor } from "../services.server";
import { withCatalog } from "../i18n/pageCatalog";
import { useLiveScreen } from "../useLiveEvents";
import { useRootData } from "../rootData";

export const meta: MetaFunction = () => [{ title: "Requests — Dalil" }];

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/requests");
  return { requests: await listMyRequests(servicesFor(context)) };
}

export default function MyRequestsPage() {
  const { requests } = useLoaderData<typeof loader>();
  // a quote received, a request closed: shown without a reload
  useLiveScreen(useRootData()?.user?.id ?? null, ["request", "booking"]);
  const { t } = useTranslation();
  const iqd = useIqd();
  const { lang } = useLanguage();
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-6" data-testid="my-requests">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("requests.mine")}</h1>
        <Link to="/requests/new" className={primaryButton} data-testid="new-request">
          <Plus aria-hidden className="size-5" />
          {t("requests.new")}
        </Link>
      </div>
      {requests.length === 0 ? (
        <p className="text-stone-600">{t("requests.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {requests.map((r) => (
            <li key={r.id}>
              <Link to={`/requests/${r.id}`} className={`${card} block`} data-testid="request-card">
                <div className="flex items-start justify-between gap-2">
                  <p dir="auto" className="min-w-0 text-start break-words font-semibold">
                    {r.title}
                  </p>
                  <span className="shrink-0 rounded-full bg-stone-100 px-2 py-0.5 text-xs">
                    {t(`requests.state.${r.state}`)}
                  </span>
                </div>
                <p className="mt-1 text-sm text-stone-600">
                  {r.city ? localized({ name: r.city, nameAr: r.cityAr, nameKu: r.cityKu }, lang) : ""}
                  {r.budget !== null ? ` · ${iqd(r.budget)}` : ""} ·{" "}
                  {t("requests.quoteCount", { count: r.proposalCount })}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// a client-side visit renders once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
