import { asc, count, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildCategoryTree, flattenCategoryTree, type CategoryRow } from '../../../lib/category-tree';
import { entitySchemas } from '../../../schemas/registry';
import type { Db } from '../../db/client';
import { getEntityTable } from '../../db/entity-tables';
import { errors, jsonSchema } from '../../entities/route-schemas';

const CATEGORY_ENTITY = 'item_categories';

// The answers' shapes (src/lib/category-tree.ts), for /api/docs only.
const category = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  tier: z.number(),
  parent_id: z.number().nullable(),
});
const stats = z.object({
  children: z.number().describe('Direct child categories'),
  descendants: z.number().describe('Categories below, at any depth'),
  items: z.number().describe('Items classified directly under this category'),
  itemsBelow: z.number().describe('Items under this category or any below it'),
});
const node = category.extend({
  stats,
  children: z.array(z.looseObject({})).describe('The child nodes, each of this same shape, sorted by code'),
});
const docs = (summary: string, answer: z.ZodType) => ({
  schema: { tags: ['categories'], summary, response: { 200: jsonSchema(answer, 'output'), ...errors(401) } },
});

/** GET /appframework/categories (flat), /categories/tree (nested), /categories/stats (counts per node). */
export async function categoryRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/appframework/categories', docs('Every item category, by code', z.array(category)), async () =>
    loadCategories(db),
  );
  app.get(
    '/appframework/categories/tree',
    docs('The category tree: tier-1 roots with their children and counts', z.array(node)),
    async () => buildCategoryTree(await loadCategories(db), await countItems(db)),
  );
  app.get(
    '/appframework/categories/stats',
    docs('Every category with its counts, depth first', z.array(category.extend(stats.shape))),
    async () => flattenCategoryTree(buildCategoryTree(await loadCategories(db), await countItems(db))),
  );
}

async function loadCategories(db: Db): Promise<CategoryRow[]> {
  const table = getEntityTable(CATEGORY_ENTITY);
  return (await db
    .select({ id: table.id, code: table.code, name: table.name, tier: table.tier, parent_id: table.parent_id })
    .from(table)
    .orderBy(asc(table.code))) as CategoryRow[];
}

/**
 * Items are the rows of any entity classified by a category lookup (parts, equipment, … as they arrive);
 * the categories' own parent links are structure, not items, and neither are rows keyed by their category
 * (a project's CAPEX factors per category are settings of the category, not things classified under it).
 */
async function countItems(db: Db): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const schema of entitySchemas) {
    for (const field of schema.fields) {
      if (
        field.kind !== 'lookup' ||
        field.entity !== CATEGORY_ENTITY ||
        schema.name === CATEGORY_ENTITY ||
        schema.key.includes(field.name)
      )
        continue;
      const table = getEntityTable(schema.name);
      const column = table[field.name];
      const rows = (await db
        .select({ id: column, n: count() })
        .from(table)
        .where(isNotNull(column))
        .groupBy(column)) as { id: number; n: number }[];
      for (const row of rows) counts.set(row.id, (counts.get(row.id) ?? 0) + Number(row.n));
    }
  }
  return counts;
}
