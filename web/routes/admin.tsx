import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { noShowCounts } from "../../domain/bookings/noShowCounts";
import { NoShowsTab } from "../components/admin/NoShowsTab";
import { ArchiveTab } from "../components/admin/ArchiveTab";
import { archivedBookingForAdmin } from "../../domain/bookings/archive";
import { data, redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { ShieldAlert } from "lucide-react";
import { listAllAdsForAdmin, saveAd, setAdActive } from "../../domain/ads/sponsoredAds";
import { approveApplication, listApplications, rejectApplication } from "../../domain/applications/reviewApplication";
import { listCategories } from "../../domain/categories/listCategories";
import { listContactMessages, markContactHandled } from "../../domain/contact/contactMessages";
import { listCities } from "../../domain/places/listCities";
import { adminListProviders } from "../../domain/providers/adminListProviders";
import { createProvider } from "../../domain/providers/createProvider";
import { deleteProvider, restoreProvider } from "../../domain/providers/deleteProvider";
import { getProvider } from "../../domain/providers/getProvider";
import { updateProvider } from "../../domain/providers/updateProvider";
import { actionError, formObject } from "../actions.server";
import { AdsTab } from "../components/admin/AdsTab";
import { ApplicationsTab } from "../components/admin/ApplicationsTab";
import { OutboxTab } from "../components/admin/OutboxTab";
import { ReportsTab } from "../components/admin/ReportsTab";
import { listChatReports, readReportedConversation } from "../../domain/chat/moderation";
import { listUndeliveredMessages } from "../../domain/notifications/outboxAdmin";
import { ContactTab } from "../components/admin/ContactTab";
import { ProvidersTab } from "../components/admin/ProvidersTab";
import { AccountsTab } from "../components/admin/AccountsTab";
import { adminDeleteAccount, adminFindAccounts } from "../../domain/accounts/deleteAccount";
import { idParam } from "../../domain/ids";
import { adminPaymentsTab, adminRefund, decideContestedDeposit, updatePrices } from "../../domain/payments/admin";
import { PaymentsTab } from "../components/admin/PaymentsTab";
import { servicesFor } from "../services.server";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { useTranslation } from "../i18n/react";

export const meta: MetaFunction = () => [{ title: "Dalil — Admin" }, { name: "robots", content: "noindex" }];

export const TABS = [
  "applications",
  "providers",
  "ads",
  "contact",
  "outbox",
  "reports",
  "accounts",
  "noShows",
  "archive",
  "payments",
] as const;
export type AdminTab = (typeof TABS)[number];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/admin");
  // admin-only on the server: the page is never rendered for anyone else (the verbs check again)
  if (!context.account.isAdmin) return data({ forbidden: true as const }, { status: 403 });
  const url = new URL(request.url);
  const q = url.searchParams;
  const tab: AdminTab = (TABS as readonly string[]).includes(q.get("tab") ?? "")
    ? (q.get("tab") as AdminTab)
    : "applications";
  const ctx = servicesFor(context);
  const [categories, cities] = await Promise.all([listCategories(ctx), listCities(ctx)]);
  const base = { forbidden: false as const, tab, categories, cities };
  if (tab === "applications") {
    return { ...base, applications: await listApplications(ctx, { status: q.get("status") }) };
  }
  if (tab === "providers") {
    const editId = q.get("edit");
    const [page, editing] = await Promise.all([
      adminListProviders(ctx, { q: q.get("q"), page: q.get("page") }),
      editId ? getProvider(ctx, editId).catch(() => null) : Promise.resolve(null),
    ]);
    return { ...base, providers: page, editing };
  }
  if (tab === "ads") return { ...base, ads: await listAllAdsForAdmin(ctx) };
  if (tab === "outbox") return { ...base, undelivered: await listUndeliveredMessages(ctx) };
  if (tab === "reports") {
    const read = q.get("read");
    const [reports, reading] = await Promise.all([
      listChatReports(ctx),
      read ? readReportedConversation(ctx, read).catch(() => null) : Promise.resolve(null),
    ]);
    return { ...base, reports, reading };
  }
  // deleting an account for a person who asked through the contact page
  if (tab === "noShows") return { ...base, noShows: await noShowCounts(ctx) };
  // one archived booking by its number, read-only, from the archive in R2 (ADR 069); not there: null
  if (tab === "archive") {
    const id = (q.get("id") ?? "").trim();
    return { ...base, archive: { id, booking: id ? await archivedBookingForAdmin(ctx, id).catch(() => null) : null } };
  }
  // payments: the list and its filters, a payment's story, a
  // listing's balance, the prices, contested deposits (ADR 085)
  if (tab === "payments") return { ...base, payments: await adminPaymentsTab(ctx, Object.fromEntries(q)) };
  if (tab === "accounts")
    return {
      ...base,
      accounts: {
        phone: q.get("phone") ?? "",
        found: q.get("phone") ? await adminFindAccounts(ctx, q.get("phone")) : null,
      },
    };
  return { ...base, messages: await listContactMessages(ctx) };
}

/** A client-side visit fetches the console's words first (they are not in other pages' catalogs). */
// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;

export type AdminIntent =
  | "approve"
  | "reject"
  | "createProvider"
  | "updateProvider"
  | "deleteProvider"
  | "restoreProvider"
  | "saveAd"
  | "enableAd"
  | "disableAd"
  | "contactHandled"
  | "deleteAccount"
  | "refundPayment"
  | "refundDeposit"
  | "keepDeposit"
  | "savePrices";

export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.account) throw redirect("/login?redirectTo=/admin");
  const form = await formObject(request);
  const intent = form.intent as AdminIntent;
  const id = form.id ?? "";
  const ctx = servicesFor(context);
  try {
    switch (intent) {
      case "approve":
        await approveApplication(ctx, id, { adminNotes: form.adminNotes });
        break;
      case "reject":
        await rejectApplication(ctx, id, form);
        break;
      case "createProvider":
        await createProvider(ctx, form);
        break;
      case "updateProvider":
        await updateProvider(ctx, id, form);
        break;
      case "deleteProvider":
        await deleteProvider(ctx, id);
        break;
      case "restoreProvider":
        await restoreProvider(ctx, id);
        break;
      case "saveAd":
        await saveAd(ctx, id || null, form);
        break;
      case "enableAd":
      case "disableAd":
        await setAdActive(ctx, id, intent === "enableAd");
        break;
      case "contactHandled":
        await markContactHandled(ctx, id, true);
        break;
      case "deleteAccount":
        await adminDeleteAccount(ctx, idParam(id), form);
        break;
      case "refundPayment":
        await adminRefund(ctx, id, { amount: form.amount });
        break;
      case "refundDeposit":
      case "keepDeposit":
        await decideContestedDeposit(ctx, id, intent === "keepDeposit" ? "keep" : "refund");
        break;
      case "savePrices":
        await updatePrices(ctx, form);
        break;
      default:
        return data(
          {
            ok: false as const,
            intent,
            id,
            error: { code: "VALIDATION" as const, messageKey: "errors.validation", fields: {} },
          },
          { status: 400 },
        );
    }
    return { ok: true as const, intent, id };
  } catch (err) {
    const res = actionError(err);
    return data({ ...res.data, intent, id }, res.init ?? undefined);
  }
}

export type AdminActionData =
  Awaited<ReturnType<typeof action>> extends infer R ? (R extends { data: infer D } ? D : R) : never;

function Forbidden() {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center"
      data-testid="admin-forbidden"
    >
      <ShieldAlert aria-hidden className="size-12 text-red-500" />
      <h1 className="mt-4 text-2xl font-bold">{t("admin.forbiddenTitle")}</h1>
      <p className="mt-2 text-stone-600">{t("admin.forbiddenText")}</p>
      <Link
        to="/"
        className={
          "mt-6 inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white " +
          "hover:bg-brand-700"
        }
      >
        {t("notFound.home")}
      </Link>
    </section>
  );
}

export default function AdminPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (loaded.forbidden) return <Forbidden />;
  const tab = loaded.tab;

  return (
    <div className="mx-auto max-w-5xl px-4 py-6" data-testid="admin-console">
      <h1 className="text-2xl font-bold">{t("admin.title")}</h1>
      {/* the tabs: a two-column grid on a phone (every tab visible, the current one included), one row when wider */}
      <nav aria-label={t("admin.title")} className="mt-4">
        <ul className="grid grid-cols-2 gap-1 rounded-2xl bg-stone-100 p-1 sm:flex sm:w-max">
          {TABS.map((name) => (
            <li key={name}>
              <Link
                to={`/admin?tab=${name}`}
                aria-current={tab === name ? "page" : undefined}
                data-testid={`tab-${name}`}
                className={
                  `flex min-h-11 w-full items-center justify-center rounded-xl px-4 text-center text-sm ` +
                  `leading-tight font-semibold ` +
                  (tab === name ? "bg-white text-brand-700 shadow-sm" : "text-stone-600 hover:text-stone-900")
                }
              >
                {t(`admin.tabs.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        {"applications" in loaded && loaded.applications && (
          <ApplicationsTab
            applications={loaded.applications}
            categories={loaded.categories}
            cities={loaded.cities}
            status={params.get("status") ?? "all"}
          />
        )}
        {"providers" in loaded && loaded.providers && (
          <ProvidersTab
            page={loaded.providers}
            editing={loaded.editing ?? null}
            categories={loaded.categories}
            cities={loaded.cities}
          />
        )}
        {"ads" in loaded && loaded.ads && <AdsTab ads={loaded.ads} />}
        {"messages" in loaded && loaded.messages && <ContactTab messages={loaded.messages} />}
        {"undelivered" in loaded && loaded.undelivered && <OutboxTab rows={loaded.undelivered} />}
        {"reports" in loaded && loaded.reports && (
          <ReportsTab reports={loaded.reports} reading={loaded.reading ?? null} />
        )}
        {"noShows" in loaded && loaded.noShows && <NoShowsTab counts={loaded.noShows} />}
        {"archive" in loaded && loaded.archive && (
          <ArchiveTab id={loaded.archive.id} booking={loaded.archive.booking} />
        )}
        {"payments" in loaded && loaded.payments && <PaymentsTab data={loaded.payments} />}
        {"accounts" in loaded && loaded.accounts && (
          <AccountsTab phone={loaded.accounts.phone} found={loaded.accounts.found} />
        )}
      </div>
    </div>
  );
}
