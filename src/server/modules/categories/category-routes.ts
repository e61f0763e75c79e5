import { asc, count, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildCategoryTree, flattenCategoryTree, type CategoryRow } from '../../../lib/category-tree';
import { entitySchemas } from '../../../schemas/registry';
import type { Db } from '../../db/client';
import { getEntityTable } from '../../db/entity-tables';

const CATEGORY_ENTITY = 'item_categories';

/** GET /appframework/categories (flat), /categories/tree (nested), /categories/stats (counts per node). */
export async function categoryRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/appframework/categories', async () => loadCategories(db));
  app.get('/appframework/categories/tree', async () => buildCategoryTree(await loadCategories(db), await countItems(db)));
  app.get('/appframework/categories/stats', async () => flattenCategoryTree(buildCategoryTree(await loadCategories(db), await countItems(db))));
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
 * the categories' own parent links are structure, not items.
 */
async function countItems(db: Db): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const schema of entitySchemas) {
    for (const field of schema.fields) {
      if (field.kind !== 'lookup' || field.entity !== CATEGORY_ENTITY || schema.name === CATEGORY_ENTITY) continue;
      const table = getEntityTable(schema.name);
      const column = table[field.name];
      const rows = (await db.select({ id: column, n: count() }).from(table).where(isNotNull(column)).groupBy(column)) as { id: number; n: number }[];
      for (const row of rows) counts.set(row.id, (counts.get(row.id) ?? 0) + Number(row.n));
    }
  }
  return counts;
}
