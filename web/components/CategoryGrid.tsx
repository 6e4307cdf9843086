import { Link } from "@remix-run/react";
import {
  AirVent,
  Baby,
  Camera,
  Car,
  CarFront,
  ChefHat,
  GraduationCap,
  HardHat,
  Languages,
  Laptop,
  Scale,
  Smile,
  Sparkles,
  Stethoscope,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";
import type { CategoryTile } from "../homeOptions";

/** Icons the categories name; listing them keeps the rest of lucide out of the bundle. */
const ICONS: Record<string, LucideIcon> = {
  AirVent,
  Baby,
  Camera,
  Car,
  CarFront,
  ChefHat,
  GraduationCap,
  HardHat,
  Languages,
  Laptop,
  Scale,
  Smile,
  Sparkles,
  Stethoscope,
  Wrench,
  Zap,
};

/** The spec's colours as soft tiles; anything else is grey. */
const TONES: Record<string, string> = {
  red: "bg-red-50 text-red-600",
  blue: "bg-blue-50 text-blue-600",
  cyan: "bg-cyan-50 text-cyan-600",
  green: "bg-green-50 text-green-600",
  purple: "bg-purple-50 text-purple-600",
  pink: "bg-pink-50 text-pink-600",
};
export const toneOf = (color: string) => TONES[color] ?? "bg-stone-100 text-stone-600";

const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6";

/** The tiles, their names already in the reader's language (web/homeOptions.ts). */
export function CategoryGrid({ categories }: { categories: CategoryTile[] }) {
  return (
    <ul className={GRID} data-testid="category-grid">
      {categories.map((c) => {
        const Icon = ICONS[c.icon] ?? Wrench;
        return (
          <li key={c.id}>
            <Link
              to={`/search?category=${c.id}`}
              data-testid="category-tile"
              className={
                "flex h-28 flex-col items-center justify-center gap-2 rounded-2xl border border-stone-200 " +
                "bg-white p-3 text-center shadow-sm transition hover:border-brand-500 hover:shadow"
              }
            >
              <span className={`flex size-11 items-center justify-center rounded-xl ${toneOf(c.color)}`}>
                <Icon aria-hidden className="size-6" />
              </span>
              <span className="line-clamp-2 text-sm font-medium leading-tight">{c.name}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
