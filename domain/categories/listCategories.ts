import { asc } from "drizzle-orm";
import { categories } from "../../db/schema";
import type { ServiceContext } from "../context";

export interface CategoryView {
  id: number;
  slug: string;
  name: string;
  nameAr: string;
  nameKu: string;
  icon: string;
  color: string;
}

export async function listCategories(ctx: Pick<ServiceContext, "db">): Promise<CategoryView[]> {
  return ctx.db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      nameAr: categories.nameAr,
      nameKu: categories.nameKu,
      icon: categories.icon,
      color: categories.color,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}
