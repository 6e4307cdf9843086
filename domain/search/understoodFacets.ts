import { SERVICE_BY_EN } from "../lexicon/trades";

/**
 * Categories whose slug is not the trade's English name in the plural (the rest are: "electrician" → "electricians").
 */
const CATEGORY_OF: Readonly<Record<string, string>> = {
  "AC repair": "ac-repair",
  cleaning: "cleaning",
  nanny: "nannies",
  mechanic: "auto-repair",
  "phone repair": "computer-repair",
  "computer repair": "computer-repair",
};

/**
 * The category a trade read out of the search text belongs to (the search's selects show what was understood): the
 * trade's own category, its parent's or what it is a kind of, else the category named after it. Null when none is (a
 * trade with no category of its own).
 */
export function categoryOfService<C extends { id: number; slug: string }>(
  service: string | null | undefined,
  categories: readonly C[],
): C | null {
  for (let name = service ?? undefined, hops = 0; name && hops < 3; hops++) {
    const term = SERVICE_BY_EN.get(name);
    const slugs = [
      term?.category,
      CATEGORY_OF[name],
      `${name.toLowerCase().replace(/\s+/g, "-")}s`,
      name.toLowerCase().replace(/\s+/g, "-"),
    ];
    const found = categories.find((c) => slugs.includes(c.slug));
    if (found) return found;
    name = term?.parent ?? term?.kindOf;
  }
  return null;
}
