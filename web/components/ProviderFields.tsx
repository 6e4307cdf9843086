import type { CategoryView } from "../../domain/categories/listCategories";
import type { CityView } from "../../domain/places/listCities";
import { localized, useLanguage, useTranslation } from "../i18n/react";
import { Field } from "./form";
import { SelectField, TextAreaField } from "./fields";
import { ImageUpload } from "./ImageUpload";

export interface ProviderFieldValues {
  nameOther?: string | null;
  specialty?: string | null;
  categoryId?: number | string | null;
  city?: string | null;
  location?: string | null;
  phone?: string | null;
  whatsapp?: string | null;
  profileImage?: string | null;
  description?: string | null;
}

/**
 * The name in the other script, specialty, category, city, location, phones, image and description:
 * shared by the application, the admin form and the provider's own listing form (each renders the
 * business name itself, just above).
 */
export function ProviderFields({
  values,
  errors,
  categories,
  cities,
}: {
  values: ProviderFieldValues;
  errors: Record<string, string>;
  categories: CategoryView[];
  cities: CityView[];
}) {
  const { t } = useTranslation();
  const { lang, locale } = useLanguage();
  const cityOptions = cities
    .map((c) => ({ value: c.name, label: localized(c, lang) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  return (
    <>
      <Field
        label={t("names.nameOther")}
        name="nameOther"
        dir="auto"
        autoComplete="off"
        defaultValue={values.nameOther ?? ""}
        hint={t("names.nameOtherHint")}
        error={errors.nameOther}
      />
      <Field
        label={t("providerForm.specialty")}
        name="specialty"
        placeholder={t("providerForm.specialtyPlaceholder")}
        defaultValue={values.specialty ?? ""}
        required
        error={errors.specialty}
      />
      <SelectField
        label={t("providerForm.category")}
        name="categoryId"
        placeholder={t("providerForm.selectCategory")}
        options={categories.map((c) => ({ value: String(c.id), label: localized(c, lang) }))}
        defaultValue={values.categoryId ? String(values.categoryId) : ""}
        required
        error={errors.categoryId}
      />
      <SelectField
        label={t("providerForm.city")}
        name="city"
        placeholder={t("providerForm.selectCity")}
        options={cityOptions}
        defaultValue={values.city ?? ""}
        required
        error={errors.city}
      />
      <Field
        label={t("providerForm.location")}
        name="location"
        placeholder={t("providerForm.locationPlaceholder")}
        defaultValue={values.location ?? ""}
        required
        error={errors.location}
      />
      <Field
        label={t("providerForm.phone")}
        name="phone"
        type="tel"
        inputMode="tel"
        dir="ltr"
        placeholder="+964 XXX XXX XXXX"
        defaultValue={values.phone ?? ""}
        required
        error={errors.phone}
      />
      <Field
        label={t("providerForm.whatsapp")}
        name="whatsapp"
        type="tel"
        inputMode="tel"
        dir="ltr"
        placeholder="+964 XXX XXX XXXX"
        defaultValue={values.whatsapp ?? ""}
        hint={t("providerForm.optional")}
        error={errors.whatsapp}
      />
      <ImageUpload
        name="profileImage"
        label={t("providerForm.profileImage")}
        defaultValue={values.profileImage}
        error={errors.profileImage}
      />
      <TextAreaField
        label={t("providerForm.description")}
        name="description"
        placeholder={t("providerForm.descriptionPlaceholder")}
        defaultValue={values.description ?? ""}
        hint={t("providerForm.optional")}
        error={errors.description}
      />
    </>
  );
}
