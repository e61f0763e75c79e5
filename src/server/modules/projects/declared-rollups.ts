import { sql } from 'drizzle-orm';
import { projectDocument } from '../../../schemas/documents/document-registry';
import type { RollupDeclaration } from '../../../schemas/documents/document-types';
import { getEntitySchema } from '../../../schemas/registry';
import { decimalScale, fieldByName, hasSoftDelete, SOFT_DELETE_FIELD } from '../../../schemas/schema-types';
import type { DeclaredRollup } from '../../../lib/project-rollups';
import type { Db } from '../../db/client';
import { col, ident, queryRows } from '../../entities/entity-sql';
import { lookupText, rowLabels, wantLabel } from '../../entities/row-labels';

type Cell = string | number | null;

/**
 * The roll-ups the project's lists declare (src/schemas/documents/project.ts, `rollups`), for one project: one
 * grouped query per roll-up over the list's live rows, lookups then shown by their rows' labels, groups in the
 * order of those labels (numbers in their numeric order: area 200 before 1000), and the list's total.
 */
export async function declaredRollups(db: Db, projectId: number): Promise<DeclaredRollup[]> {
  const tables: DeclaredRollup[] = [];
  for (const list of projectDocument.lists)
    for (const rollup of list.rollups ?? []) tables.push(await oneRollup(db, projectId, list.entity, rollup));
  return tables;
}

async function oneRollup(
  db: Db,
  projectId: number,
  entity: string,
  rollup: RollupDeclaration,
): Promise<DeclaredRollup> {
  const schema = getEntitySchema(entity);
  const field = (name: string) => fieldByName(schema, name)!;
  const sums = rollup.sums.map((name) => {
    const scale = field(name).kind === 'integer' ? 0 : decimalScale(field(name));
    return sql`round(coalesce(sum(${col('t', name)}), 0), ${sql.raw(String(scale))})::text as ${ident(name)}`;
  });
  const groups = rollup.groupBy.map((name) => col('t', name));
  const live = hasSoftDelete(schema) ? sql`and not ${col('t', SOFT_DELETE_FIELD)}` : sql``;
  const select = (grouped: boolean) =>
    sql`select ${sql.join([...(grouped ? groups : []), sql`count(*)::int as count`, ...sums], sql`, `)}
      from ${ident(entity)} t where t.project_id = ${projectId} ${live}
      ${grouped ? sql`group by ${sql.join(groups, sql`, `)}` : sql``}`;
  const rows = await queryRows<Record<string, Cell>>(db, select(true));
  const [total] = await queryRows<Record<string, Cell>>(db, select(false));

  // A lookup's group shows its row's label.
  const wanted = new Map<string, Set<number>>();
  for (const name of rollup.groupBy) {
    const f = field(name);
    if (f.kind === 'lookup') for (const row of rows) wantLabel(wanted, f.entity, row[name]);
  }
  const labels = await rowLabels(db, wanted);
  const shown = rows.map((row) => {
    const out: Record<string, Cell> = { ...row };
    for (const name of rollup.groupBy) {
      const f = field(name);
      if (f.kind !== 'lookup' || row[name] === null) continue;
      const found = labels.get(f.entity)?.get(Number(row[name]));
      out[name] = found ? lookupText(found) : `#${row[name]}`;
    }
    return out;
  });
  const collator = new Intl.Collator('en', { numeric: true });
  shown.sort((a, b) => {
    for (const name of rollup.groupBy) {
      const order = collator.compare(String(a[name] ?? ''), String(b[name] ?? ''));
      if (order !== 0) return order;
    }
    return 0;
  });
  const unitOf = (name: string) => {
    const f = field(name);
    return f.kind === 'decimal' || f.kind === 'integer' ? f.unit : undefined;
  };
  return {
    entity,
    title: rollup.title,
    columns: [
      ...rollup.groupBy.map((name) => ({ key: name, label: field(name).label, numeric: false })),
      { key: 'count', label: schema.labelPlural, numeric: true },
      ...rollup.sums.map((name) => ({ key: name, label: field(name).label, numeric: true, unit: unitOf(name) })),
    ],
    rows: shown,
    total: total ?? { count: 0 },
  };
}
