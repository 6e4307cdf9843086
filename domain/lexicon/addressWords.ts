/**
 * Words that say where, not what: a trade's word right after one of these is part of an address, not the trade a person
 * asks for: «قرب مدرسة الحكمة» is near the Hikma school (not a woman teacher), «شارع الأطباء» is the doctors' street,
 * «نزیک دکتۆر…» is near a clinic. The readers (domain/understand) leave such a word as a word, which the search matches
 * in the listings' addresses and descriptions like any other. Not "at" words («عند», «لای»): "at the doctor's" asks for
 * a doctor.
 */
import { tokenize } from "../text/normalize";

export const ADDRESS_BEFORE: Readonly<Record<"en" | "ar" | "ku", readonly string[]>> = {
  en: ["near", "opposite", "behind", "beside"],
  // Iraqi Arabic: near, next to, opposite, behind, street, quarter, square, alley, crossing
  ar: ["قرب", "قريب", "جنب", "يم", "مقابل", "گبال", "كبال", "قبال", "خلف", "ورا", "وره", "شارع", "محلة", "حي", "ساحة", "تقاطع", "فرع", "عكد", "زقاق"],
  // Sorani: near, opposite, behind, street, quarter, alley
  ku: ["نزیک", "بەرامبەر", "پشت", "پشتی", "شەقام", "شەقامی", "گەڕەک", "گەڕەکی", "کۆڵان", "کۆڵانی"],
};

const MARKERS: ReadonlySet<string> = new Set(Object.values(ADDRESS_BEFORE).flat().flatMap((w) => tokenize(w)));

/** «ب», «و», «وب» before a marker («بشارع», «وقرب») still make it one. */
const PREFIX = /^(?:وب|و|ب)/;

/**
 * Whether the word just before `start` in `text` says where («قرب», «شارع», "near", «نزیک»): the phrase that starts
 * there is then part of an address.
 */
export function followsAddressWord(text: string, start: number): boolean {
  const before = /([\p{L}\p{M}]+)[^\p{L}\p{M}\p{N}]*$/u.exec(text.slice(0, start))?.[1];
  if (!before) return false;
  const word = tokenize(before)[0];
  if (!word) return false;
  return MARKERS.has(word) || MARKERS.has(word.replace(PREFIX, ""));
}
