import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useLanguage, useTranslation } from "../i18n/react";
import { listingWeek } from "../../domain/providers/week";
import { isOpenSlot, slotLabel } from "../../domain/providers/weekRules";
import { baghdadToday } from "../../domain/bookings/schemas";
import { createBooking, newBookingKey } from "../../domain/bookings/createBooking";
import { reachOf } from "../../domain/reach/numbers";
import { ReachNote } from "../components/ReachNote";
import { isServiceError } from "../../domain/errors";
import { getProvider } from "../../domain/providers/getProvider";
import { formObject, withVerifiedPhone } from "../actions.server";
import { PhoneCodeStep } from "../components/PhoneCodeStep";
import { DayPicker } from "../components/DayPicker";
import { Alert, Field, PhoneField, SubmitButton } from "../components/form";
import { servicesFor } from "../services.server";
import { depositAskedBy } from "../../domain/payments/deposit";
import { useIqd } from "../components/provider/money";
import { isolate } from "../../domain/text/bidi";
import { withCatalog, withCatalogAction } from "../i18n/pageCatalog";
import { useFormKeptAcrossLanguage } from "../keepForm";
import { useRef } from "react";
import { lastBookingAddress } from "../../domain/bookings/lastAddress";

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  // the spec: booking needs a signed-in customer; others are sent to sign in and brought back
  if (!context.account) throw redirect(`/login?redirectTo=${encodeURIComponent(path)}&reason=booking`);
  try {
    const provider = await getProvider(servicesFor(context), params.providerId ?? "");
    // the days and parts of the day the listing works: the only ones offered (ADR 044) the address of the customer's
    // last booking, offered again as the bot does
    const [week, reach, lastAddress, deposit] = await Promise.all([
      listingWeek(servicesFor(context), provider.id),
      reachOf(servicesFor(context), provider.id),
      lastBookingAddress(servicesFor(context)),
      depositAskedBy(servicesFor(context), provider.id),
    ]);
    return {
      provider: { id: provider.id, name: provider.name, isAvailable: provider.isAvailable },
      reach,
      week,
      lastAddress,
      deposit,
      phone: context.account.phone,
      phoneVerified: context.account.isPhoneVerified,
      today: baghdadToday(new Date()),
      idempotencyKey: newBookingKey(),
    };
  } catch (err) {
    if (isServiceError(err)) throw new Response("Not Found", { status: 404 });
    throw err;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!context.account) throw redirect("/login");
  const form = await formObject(request);
  const ctx = servicesFor(context);
  // a customer who has not proven their phone is asked for the code right here, the form kept as typed
  return withVerifiedPhone(ctx, form, async () => {
    const { booking } = await createBooking(ctx, { ...form, providerId: params.providerId });
    return redirect(`/booking-confirmation?id=${booking.id}`);
  });
}

const SLOTS = ["morning", "afternoon", "evening", "flexible"] as const;
const URGENCY = [
  ["low", "booking.urgencyLow"],
  ["normal", "booking.urgencyNormal"],
  ["high", "booking.urgencyHigh"],
  ["emergency", "booking.urgencyEmergency"],
] as const;

export default function BookPage() {
  const { provider, reach, week, lastAddress, phone, phoneVerified, today, idempotencyKey, deposit } =
    useLoaderData<typeof loader>();
  const iqd = useIqd();
  const result = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const error = result && !result.ok ? result.error : null;
  const fields = error?.fields ?? {};
  const needsCode = Boolean(result && !result.ok && result.needsCode);
  // what the customer typed, sent back by the action (kept even without JavaScript)
  const values: Record<string, string> = (result && !result.ok ? result.values : null) ?? {};
  const alert =
    error && error.code !== "VALIDATION" && !needsCode
      ? t(error.messageKey, { ...error.params, defaultValue: t("booking.failed") })
      : null;
  const box = "rounded-xl border border-stone-300 bg-white px-3";
  // what was typed survives a language switch
  const formRef = useRef<HTMLFormElement>(null);
  useFormKeptAcrossLanguage(formRef);

  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("booking.title", { provider: isolate(provider.name) })}</h1>
      <p className="mt-1 text-stone-600">{t("booking.subtitle")}</p>
      <ReachNote reach={reach} className="mt-2 text-sm" />
      {!provider.isAvailable && (
        // booking stays possible, as a request for later, and the form says so
        <p
          role="note"
          className="mt-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="book-later-note"
        >
          {t("providerCard.bookLaterNote", { name: isolate(provider.name) })}
        </p>
      )}
      {!phoneVerified && !needsCode && (
        // a newcomer back from registering: the phone is proven on this page when the booking is sent
        <p
          role="note"
          className="mt-3 rounded-xl border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900"
          data-testid="code-on-send-note"
        >
          {t("booking.codeOnSend")}
        </p>
      )}
      <Form method="post" className="mt-6 space-y-5" noValidate ref={formRef} data-keep-across-language="">
        {alert && <Alert>{alert}</Alert>}
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div>
          <label htmlFor="field-serviceDescription" className="mb-1 block text-sm font-medium">
            {t("booking.serviceDescription")}
          </label>
          <textarea
            id="field-serviceDescription"
            name="serviceDescription"
            rows={4}
            dir="auto"
            required
            minLength={10}
            placeholder={t("booking.serviceDescriptionPlaceholder")}
            defaultValue={values.serviceDescription}
            aria-invalid={fields.serviceDescription ? true : undefined}
            className={`${box} w-full py-2 ${fields.serviceDescription ? "border-red-400" : ""}`}
          />
          {fields.serviceDescription && (
            <p role="alert" className="mt-1 text-sm text-red-600" data-testid="error-serviceDescription">
              {t(fields.serviceDescription)}
            </p>
          )}
        </div>
        <DayPicker
          label={t("booking.preferredDate")}
          name="preferredDate"
          optional
          value={values.preferredDate}
          error={fields.preferredDate}
          closedWeekdays={week.daysOff}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t("booking.preferredTime")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {SLOTS.filter((slot) => isOpenSlot(week, slot)).map((slot) => (
              <label
                key={slot}
                className={
                  "flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-stone-300 bg-white " +
                  "px-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                }
              >
                <input
                  type="radio"
                  name="preferredTime"
                  value={slot}
                  defaultChecked={slot === (values.preferredTime || "flexible")}
                  className="accent-brand-600"
                />
                {slotLabel(t, week, slot, lang)}
              </label>
            ))}
          </div>
          {fields.preferredTime && (
            <p role="alert" className="mt-1 text-sm text-red-600" data-testid="error-preferredTime">
              {t(fields.preferredTime)}
            </p>
          )}
        </fieldset>
        <Field
          label={t("booking.customerLocation")}
          name="customerLocation"
          placeholder={t("booking.customerLocationPlaceholder")}
          required
          defaultValue={values.customerLocation ?? lastAddress ?? undefined}
          hint={lastAddress && values.customerLocation === undefined ? t("booking.lastAddressHint") : undefined}
          error={fields.customerLocation}
        />
        <PhoneField
          label={t("booking.customerPhone")}
          name="customerPhone"
          defaultValue={values.customerPhone ?? phone}
          error={fields.customerPhone}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t("booking.urgency")}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {URGENCY.map(([value, key]) => (
              <label
                key={value}
                className={
                  "flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-stone-300 bg-white " +
                  "px-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                }
              >
                <input
                  type="radio"
                  name="urgency"
                  value={value}
                  defaultChecked={value === (values.urgency || "normal")}
                  className="accent-brand-600"
                />
                {t(key)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="field-notes" className="mb-1 block text-sm font-medium">
            {t("booking.notes")}
          </label>
          <textarea
            id="field-notes"
            name="notes"
            rows={2}
            dir="auto"
            defaultValue={values.notes}
            className={`${box} w-full py-2`}
          />
        </div>
        {needsCode && (
          <PhoneCodeStep
            phone={phone}
            error={error?.messageKey === "errors.phoneNotVerified" ? undefined : fields.verificationCode}
            params={error?.params}
          />
        )}
        {/* cash is the default, said plainly; a deposit is said before booking, with when it comes back (ADR 085) */}
        <p className="text-sm text-stone-700" data-testid="deposit-terms">
          {deposit ? t("payments.deposit.asked", { amount: iqd(deposit) }) : t("payments.deposit.none")}
        </p>
        <SubmitButton pending={pending} label={t("booking.submit")} pendingLabel={t("booking.submitting")} />
      </Form>
    </section>
  );
}

// a client-side visit, and an action's answer, render once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
export const clientAction = withCatalogAction;
