import { Form } from "@remix-run/react";
import { useLanguage, useTranslation } from "../../i18n/react";
import { formatDay } from "../../../domain/text/dates";
import type { BookingView } from "../../../domain/bookings/view";
import { card, primaryButton } from "./shared";

/**
 * One archived booking, read-only (ADR 069): the admin asks by its number and reads it from the archive in R2, as its
 * two sides would (`archivedBookingForAdmin`). There is nothing to change on it, so there is no button but the
 * lookup's.
 */
export function ArchiveTab({ id, booking }: { id: string; booking: BookingView | null }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-bold">{t("admin.archiveTitle")}</h2>
      <p className="text-sm text-stone-600">{t("admin.archiveNote")}</p>
      <Form method="get" className="flex items-end gap-2">
        <input type="hidden" name="tab" value="archive" />
        <label className="flex flex-col text-sm">
          {t("admin.archiveNumber")}
          <input
            name="id"
            defaultValue={id}
            inputMode="numeric"
            dir="ltr"
            className="mt-1 min-h-11 rounded-xl border border-stone-300 px-3"
          />
        </label>
        <button type="submit" className={primaryButton}>
          {t("admin.archiveShow")}
        </button>
      </Form>
      {id && !booking && (
        <p className="text-sm text-stone-700" data-testid="archive-none">
          {t("admin.archiveNotFound")}
        </p>
      )}
      {booking && (
        <section className={card} data-testid="archived-booking">
          <h3 className="font-semibold">
            {t("admin.archiveLine", { id: booking.id, status: t(`booking.status.${booking.status}`) })}
          </h3>
          <ul className="mt-2 space-y-1 text-sm">
            <li>{t("admin.archiveListing", { name: booking.providerName })}</li>
            <li>{t("admin.archiveCustomer", { name: booking.customerName || t("account.formerCustomer") })}</li>
            {booking.preferredDate && (
              <li>{t("admin.archiveDay", { day: formatDay(booking.preferredDate, locale) })}</li>
            )}
            <li>{t("admin.archiveJob", { job: booking.serviceDescription })}</li>
            <li>{t("admin.archiveArea", { area: booking.customerLocation })}</li>
          </ul>
        </section>
      )}
    </div>
  );
}
