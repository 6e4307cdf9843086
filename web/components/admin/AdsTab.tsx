import { useFetcher } from "@remix-run/react";
import { Megaphone, Pencil, Plus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { Field } from "../form";
import { CheckboxField, SelectField, TextAreaField } from "../fields";
import { ImageUpload } from "../ImageUpload";
import { card, primaryButton, secondaryButton, toDate, useResultToast, type ActionResult } from "./shared";

const POSITIONS = ["hero", "category", "sidebar", "footer"] as const;

interface Ad {
  id: number;
  position: (typeof POSITIONS)[number];
  title: string;
  titleAr: string | null;
  titleKu: string | null;
  description: string | null;
  descriptionAr: string | null;
  descriptionKu: string | null;
  ctaText: string | null;
  ctaTextAr: string | null;
  ctaTextKu: string | null;
  imageUrl: string | null;
  linkUrl: string;
  sponsor: string;
  isActive: boolean;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
}

const dateInput = (d: Date | string | null) => (d ? toDate(d).toISOString().slice(0, 10) : "");

/** live, scheduled (starts later), ended, or off */
function adState(ad: Ad, now = Date.now()): "live" | "scheduled" | "ended" | "off" {
  if (!ad.isActive) return "off";
  if (ad.startsAt && toDate(ad.startsAt).getTime() > now) return "scheduled";
  if (ad.endsAt && toDate(ad.endsAt).getTime() <= now) return "ended";
  return "live";
}

export function AdsTab({ ads }: { ads: Ad[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Ad | "new" | null>(null);
  return (
    <div className="space-y-6">
      {editing ? (
        <AdForm
          key={editing === "new" ? "new" : editing.id}
          ad={editing === "new" ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <button type="button" className={primaryButton} onClick={() => setEditing("new")} data-testid="new-ad">
          <Plus aria-hidden className="size-4" />
          {t("admin.ads.new")}
        </button>
      )}
      {POSITIONS.map((position) => {
        const list = ads.filter((a) => a.position === position);
        return (
          <section key={position} aria-labelledby={`ads-${position}`}>
            <h2 id={`ads-${position}`} className="text-lg font-bold">
              {t(`admin.ads.positions.${position}`)}
            </h2>
            {list.length === 0 ? (
              <p className={`${card} mt-2 text-sm text-stone-600`}>{t("admin.ads.emptyPosition")}</p>
            ) : (
              <ul className="mt-2 space-y-3">
                {list.map((ad) => (
                  <AdRow key={ad.id} ad={ad} onEdit={() => setEditing(ad)} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function AdRow({ ad, onEdit }: { ad: Ad; onEdit: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const texts = useCallback(
    (r: ActionResult) =>
      r.intent === "enableAd" || r.intent === "disableAd"
        ? {
            success: t(r.intent === "enableAd" ? "admin.ads.enabled" : "admin.ads.disabled"),
            failure: t("admin.ads.saveFailed"),
          }
        : null,
    [t],
  );
  useResultToast(fetcher.data, texts);
  const state = adState(ad);
  const badge = {
    live: "bg-brand-100 text-brand-800",
    scheduled: "bg-sky-100 text-sky-800",
    ended: "bg-stone-200 text-stone-700",
    off: "bg-red-100 text-red-800",
  }[state];
  return (
    <li className={card} data-testid="ad-row">
      <div className="flex items-start gap-3">
        <Megaphone aria-hidden className="mt-1 size-5 shrink-0 text-accent-600" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">
              <bdi>{ad.title}</bdi>
            </h3>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge}`}>
              {t(`admin.ads.state.${state}`)}
            </span>
          </div>
          <p className="text-sm text-stone-600">
            {t("admin.ads.sponsor")}: {ad.sponsor}
          </p>
          <p className="truncate text-sm text-stone-500">
            <bdi dir="ltr">{ad.linkUrl}</bdi>
          </p>
          {(ad.startsAt || ad.endsAt) && (
            <p className="text-sm text-stone-500">
              <bdi dir="ltr">
                {dateInput(ad.startsAt) || "…"} → {dateInput(ad.endsAt) || "…"}
              </bdi>
            </p>
          )}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={onEdit}>
          <Pencil aria-hidden className="size-4" />
          {t("admin.providers.edit")}
        </button>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={ad.isActive ? "disableAd" : "enableAd"} />
          <input type="hidden" name="id" value={ad.id} />
          <button type="submit" className={secondaryButton} disabled={fetcher.state !== "idle"}>
            {ad.isActive ? t("admin.ads.disable") : t("admin.ads.enable")}
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

function AdForm({ ad, onDone }: { ad: Ad | null; onDone: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const texts = useCallback(
    (r: ActionResult) =>
      r.intent === "saveAd" ? { success: t("admin.ads.saved"), failure: t("admin.ads.saveFailed") } : null,
    [t],
  );
  useResultToast(fetcher.data, texts);
  useEffect(() => {
    if (fetcher.data?.ok && fetcher.data.intent === "saveAd") onDone();
  }, [fetcher.data, onDone]);
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.error?.fields ?? {}) : {};
  const saving = fetcher.state !== "idle";
  const langs = [
    ["", "English"],
    ["Ar", "العربية"],
    ["Ku", "کوردی"],
  ] as const;
  return (
    <section className={card} aria-labelledby="ad-form-title">
      <h2 id="ad-form-title" className="text-lg font-bold">
        {ad ? t("admin.ads.editTitle") : t("admin.ads.new")}
      </h2>
      <fetcher.Form method="post" className="mt-4 space-y-4" noValidate data-testid="ad-form">
        <input type="hidden" name="intent" value="saveAd" />
        {ad && <input type="hidden" name="id" value={ad.id} />}
        <SelectField
          label={t("admin.ads.position")}
          name="position"
          options={POSITIONS.map((p) => ({ value: p, label: t(`admin.ads.positions.${p}`) }))}
          defaultValue={ad?.position ?? "hero"}
          error={errors.position}
        />
        {langs.map(([suffix, name]) => (
          <fieldset key={suffix} className="space-y-3 rounded-xl border border-stone-200 p-3">
            <legend className="px-1 text-sm font-semibold">{name}</legend>
            <Field
              label={t("admin.ads.adTitle")}
              name={`title${suffix}`}
              defaultValue={(ad?.[`title${suffix}` as keyof Ad] as string | null) ?? ""}
              dir={suffix ? "rtl" : "ltr"}
              required={!suffix}
              error={errors[`title${suffix}`]}
            />
            <TextAreaField
              label={t("admin.ads.description")}
              name={`description${suffix}`}
              rows={2}
              dir={suffix ? "rtl" : "ltr"}
              defaultValue={(ad?.[`description${suffix}` as keyof Ad] as string | null) ?? ""}
              error={errors[`description${suffix}`]}
            />
            <Field
              label={t("admin.ads.cta")}
              name={`ctaText${suffix}`}
              dir={suffix ? "rtl" : "ltr"}
              defaultValue={(ad?.[`ctaText${suffix}` as keyof Ad] as string | null) ?? ""}
              error={errors[`ctaText${suffix}`]}
            />
          </fieldset>
        ))}
        <Field
          label={t("admin.ads.link")}
          name="linkUrl"
          dir="ltr"
          placeholder="/search?category=ac-repair"
          defaultValue={ad?.linkUrl ?? ""}
          hint={t("admin.ads.linkHint")}
          required
          error={errors.linkUrl}
        />
        <Field
          label={t("admin.ads.sponsor")}
          name="sponsor"
          defaultValue={ad?.sponsor ?? ""}
          required
          error={errors.sponsor}
        />
        <ImageUpload name="imageUrl" label={t("admin.ads.image")} defaultValue={ad?.imageUrl} error={errors.imageUrl} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("admin.ads.startsAt")}
            name="startsAt"
            type="date"
            dir="ltr"
            defaultValue={dateInput(ad?.startsAt ?? null)}
            error={errors.startsAt}
          />
          <Field
            label={t("admin.ads.endsAt")}
            name="endsAt"
            type="date"
            dir="ltr"
            defaultValue={dateInput(ad?.endsAt ?? null)}
            error={errors.endsAt}
          />
        </div>
        <CheckboxField name="isActive" label={t("admin.ads.active")} defaultChecked={ad?.isActive ?? true} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={saving} className={`${primaryButton} flex-1`} data-testid="save-ad">
            {saving ? t("common.saving") : t("common.save")}
          </button>
          <button type="button" className={secondaryButton} onClick={onDone}>
            {t("common.cancel")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
