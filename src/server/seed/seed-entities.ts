import { count, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR, writeAudit, type Actor } from '../audit/audit-writer';
import { saveEntityBatch } from '../entities/entity-service';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow } from '../../schemas/schema-types';
import { AppError } from '../http/app-error';
import type { Db } from '../db/client';
import { getEntityTable } from '../db/entity-tables';
import { demoCurrencyRates, demoItemCategories } from './demo-catalogue';
import { DEMO_INDEX_SOURCE, demoCostIndices } from './demo-cost-indices';
import { demoClients, demoLithiumProjects, demoSuppliers } from './demo-companies';
import { demoParts } from './demo-parts';
import * as reference from './reference-data';

/**
 * Seeds entity tables that are still empty, so a restart never duplicates or overwrites a user's rows.
 * Rows go through the entity engine's batch save: validated like user input, and audited.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await seedListWithIds(db, 'request_types', reference.requestTypes);
  await seedListWithIds(db, 'request_modules', reference.requestModules);
  await seedListWithIds(db, 'request_statuses', reference.requestStatuses);
  if (await isEmpty(db, 'request_priorities')) {
    await create(
      db,
      'request_priorities',
      reference.requestPriorities.map(([level, name]) => ({ level, name })),
    );
  }
  if (await isEmpty(db, 'currencies'))
    await create(
      db,
      'currencies',
      reference.currencies.map((c) => ({ ...c, active: true })),
    );
  if (await isEmpty(db, 'units'))
    await create(
      db,
      'units',
      reference.units.map((u) => ({ ...u, active: true })),
    );
  if (await isEmpty(db, 'disciplines'))
    await create(
      db,
      'disciplines',
      reference.disciplines.map((d) => ({ ...d, active: true })),
    );
}

export async function seedDemoEntities(db: Db, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  const currencyId = await idsBy(db, 'currencies', 'code');
  const disciplineId = await idsBy(db, 'disciplines', 'code');

  if (await isEmpty(db, 'currency_rates')) {
    const rates = demoCurrencyRates.flatMap(({ code, rates: dated }) =>
      dated.map(([rate_date, rate_to_usd]) => ({
        currency_id: currencyId(code),
        rate_date,
        rate_to_usd,
        source: 'Illustrative demo rate, not market data',
      })),
    );
    await create(db, 'currency_rates', rates, actor);
  }
  if (await isEmpty(db, 'item_categories')) {
    // Parents first: tier by tier, each tier's parents resolved from the rows already saved.
    for (const tier of [1, 2, 3]) {
      const parentId = tier === 1 ? () => null : await idsBy(db, 'item_categories', 'code');
      const rows = demoItemCategories
        .filter(([code]) => code.split('.').length === tier)
        .map(([code, name]) => ({
          code,
          name,
          tier,
          parent_id: tier === 1 ? null : parentId(code.split('.').slice(0, -1).join('.')),
        }));
      await create(db, 'item_categories', rows, actor);
    }
  }
  if (await isEmpty(db, 'cost_indices')) {
    const categoryId = await idsBy(db, 'item_categories', 'code');
    const rows = demoCostIndices.map(({ category, month, index_value }) => ({
      category_id: category === null ? null : categoryId(category),
      month,
      index_value,
      source: DEMO_INDEX_SOURCE,
    }));
    await create(db, 'cost_indices', rows, actor);
  }
  if (await isEmpty(db, 'clients'))
    await create(
      db,
      'clients',
      demoClients.map((client) => ({ active: true, ...client, is_testdata: true })),
      actor,
    );
  if (await isEmpty(db, 'suppliers')) {
    await create(
      db,
      'suppliers',
      demoSuppliers.map(({ discipline, currency, ...supplier }) => ({
        ...supplier,
        discipline_id: disciplineId(discipline),
        currency_id: currencyId(currency),
        is_testdata: true,
      })),
      actor,
    );
  }
  if (await isEmpty(db, 'lithium_projects')) {
    await create(
      db,
      'lithium_projects',
      demoLithiumProjects.map(({ currency, ...project }) => ({
        ...project,
        capex_currency_id: currency ? currencyId(currency) : null,
        source: 'Demo data: a fictional project with typical figures',
      })),
      actor,
    );
  }
  if (await isEmpty(db, 'parts')) {
    const [categoryId, supplierId, unitId] = await Promise.all([
      idsBy(db, 'item_categories', 'code'),
      idsBy(db, 'suppliers', 'name'),
      idsBy(db, 'units', 'code'),
    ]);
    await create(
      db,
      'parts',
      demoParts.map(({ category, supplier, unit, currency, ...row }) => ({
        ...row,
        category_id: categoryId(category),
        supplier_id: supplierId(supplier),
        unit_id: unitId(unit),
        price_currency_id: currencyId(currency),
        notes: 'Demo data: illustrative list price, not a quote',
        is_testdata: true,
      })),
      actor,
    );
  }
}

/** Creates `rows` through the engine (every rule and hook runs) and answers them as stored, in order. */
export async function create(
  db: Db,
  entity: string,
  rows: Record<string, unknown>[],
  actor: Actor = SYSTEM_ACTOR,
): Promise<EntityRow[]> {
  if (rows.length === 0) return [];
  try {
    // Warnings (a tag off its project's template) are accepted: demo data copies tags as plants name them.
    const creates = rows.map((values, i) => ({ clientKey: String(i), values: withoutUndefined(values) }));
    const { created } = await saveEntityBatch(db, getEntitySchema(entity), { creates, acceptWarnings: true }, actor);
    return created;
  } catch (error) {
    // Demo data the engine refuses is a bug of the seed: say which rows and why, not only '2 rows have errors'.
    if (error instanceof AppError && error.details !== undefined)
      throw new Error(
        `Seed rows of ${entity} refused: ${error.message} ${JSON.stringify(error.details).slice(0, 4000)}`,
        { cause: error },
      );
    throw error;
  }
}

/** Optional seed fields left out are not sent (the wire has no undefined: a field is a value, null or absent). */
function withoutUndefined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

export async function isEmpty(db: Db, entity: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(getEntityTable(entity));
  return (row?.n ?? 0) === 0;
}

/** A resolver from a unique field's value to the row id, for seed rows that reference others. */
export async function idsBy(db: Db, entity: string, field: string): Promise<(value: string) => number> {
  const table = getEntityTable(entity);
  const rows = (await db.select({ id: table.id, value: table[field] }).from(table)) as { id: number; value: string }[];
  const byValue = new Map(rows.map((row) => [row.value, row.id]));
  return (value) => {
    const id = byValue.get(value);
    if (id === undefined) throw new Error(`Seed data refers to ${entity} ${field}=${value}, which does not exist`);
    return id;
  };
}

/** Spec §3 lists keep the spec's ids (other code and the spec refer to them by number). */
async function seedListWithIds(db: Db, entity: string, list: readonly (readonly [number, string])[]): Promise<void> {
  if (!(await isEmpty(db, entity))) return;
  const table = getEntityTable(entity);
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(table)
      .values(list.map(([id, name]) => ({ id, name, active: true })))
      .returning();
    for (const row of rows)
      await writeAudit(tx, { table, recordId: row.id as number, action: 'insert', actor: SYSTEM_ACTOR, after: row });
    // Rows added later by admins continue after the spec's ids.
    await tx.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${entity}', 'id'), (select max(id) from "${entity}"))`),
    );
  });
}
