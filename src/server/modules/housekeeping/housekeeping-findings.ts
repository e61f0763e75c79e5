import { sql } from 'drizzle-orm';
import {
  FINDINGS_LIMIT,
  type DuplicateTag,
  type HousekeepingFindings,
  type Orphan,
  type StaleRate,
} from '../../../lib/housekeeping';
import { entitySchemas, getEntitySchema } from '../../../schemas/registry';
import { hasSoftDelete, SOFT_DELETE_FIELD, type EntitySchema, type LookupField } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { col, ident, queryRows } from '../../entities/entity-sql';
import { daysBefore, expiredOpenQuotes } from './housekeeping-tasks';

/**
 * What housekeeping lists for a person to decide on, changing nothing: orphans, duplicate tags, expired
 * quotes still open, stale exchange rates. Each list is one query per kind (orphans: per lookup to a list
 * with a soft delete), at most FINDINGS_LIMIT rows.
 */

/** The document a row belongs to (its scope's root), as the screen links to it: a project's tab, a quote. */
function rootOf(schema: EntitySchema) {
  return schema.scope
    ? {
        entity: (schema.fields.find((f) => f.name === schema.scope!.root) as LookupField).entity,
        field: schema.scope.root,
      }
    : undefined;
}

/**
 * Live rows pointing at a soft-deleted row (equipment in a deleted area, an instrument on a deleted P&ID):
 * every lookup is a foreign key, so a row whose target is gone cannot exist; a target deleted softly is the
 * orphan users meet. Also quote lines whose equipment tag is no live equipment of the quote's project.
 * The soft-deleted rows are read once (few, as a rule); then each list that may point at them is scanned
 * once for all its lookups (one per lookup took 3 s of a dry run at 100,000 equipment rows on PGlite).
 */
async function orphans(tx: Db): Promise<Orphan[]> {
  const softLists = entitySchemas.filter(hasSoftDelete);
  const deletedRows = sql.join(
    softLists.map(
      (t) =>
        sql`select ${t.name}::text as entity, d.id, ${col('d', t.labelField)}::text as label from ${ident(t.name)} d where ${col('d', SOFT_DELETE_FIELD)}`,
    ),
    sql` union all `,
  );
  const deleted = await queryRows<{ entity: string; id: number; label: string | null }>(tx, deletedRows);
  const targets = new Set(deleted.map((row) => row.entity));
  const deletedJson = JSON.stringify(deleted);
  const found: Orphan[] = [];
  for (const schema of entitySchemas) {
    const lookups = schema.fields.filter((f): f is LookupField => f.kind === 'lookup' && targets.has(f.entity));
    if (lookups.length === 0 || found.length >= FINDINGS_LIMIT) continue;
    const root = rootOf(schema);
    const live = hasSoftDelete(schema) ? sql` and not ${col('t', SOFT_DELETE_FIELD)}` : sql``;
    const pointers = sql.join(
      lookups.map((f) => sql`(${f.name}::text, ${f.entity}::text, ${col('t', f.name)})`),
      sql`, `,
    );
    const rows = await queryRows<{
      id: number;
      label: string | null;
      root_id: number | null;
      field: string;
      target: string | null;
    }>(
      tx,
      sql`select t.id, ${col('t', schema.labelField)}::text as label, ${root ? col('t', root.field) : sql`null::int`} as root_id, x.field, d.label as target
          from ${ident(schema.name)} t cross join lateral (values ${pointers}) as x(field, entity, target_id)
          join json_to_recordset(${deletedJson}::json) as d(entity text, id int, label text) on d.entity = x.entity and d.id = x.target_id
          where x.target_id is not null${live} order by t.id, x.field limit ${FINDINGS_LIMIT - found.length}`,
    );
    for (const row of rows) {
      found.push({
        entity: schema.name,
        entity_label: schema.label,
        id: row.id,
        label: row.label ?? `#${row.id}`,
        root: root && row.root_id !== null ? { entity: root.entity, id: row.root_id } : null,
        problem:
          `${lookups.find((f) => f.name === row.field)?.label ?? row.field} ${row.target ?? ''} is deleted`.replace(
            /\s+/g,
            ' ',
          ),
      });
    }
  }
  if (found.length >= FINDINGS_LIMIT) return found;
  const lines = await queryRows<{ id: number; label: string; quote_id: number; tag: string; project: string | null }>(
    tx,
    sql`select l.id, l.description as label, l.quote_id, l.tag, p.name as project
        from quote_lines l join quotes q on q.id = l.quote_id left join projects p on p.id = q.project_id
        where l.tag is not null and not exists (select 1 from mech_equipment e where e.project_id = q.project_id and e.tagno = l.tag and not e.deleteflag)
        order by l.id limit ${FINDINGS_LIMIT - found.length}`,
  );
  for (const line of lines) {
    found.push({
      entity: 'quote_lines',
      entity_label: 'Quote line',
      id: line.id,
      label: line.label,
      root: { entity: 'quotes', id: line.quote_id },
      problem: line.project
        ? `Equipment tag ${line.tag} is no equipment of ${line.project}`
        : `Equipment tag ${line.tag} on a quote with no project`,
    });
  }
  return found;
}

/** The tag columns of a project's tagged lists, which the schemas keep unique per list only. */
const TAGGED_LISTS = [
  { entity: 'mech_equipment', field: 'tagno' },
  { entity: 'instruments', field: 'tagno' },
  { entity: 'piping', field: 'line_number' },
] as const;

/** A tag twice in a project: in two lists (each list refuses its own duplicates), or spelt differently only in case and spaces. */
async function duplicateTags(tx: Db): Promise<DuplicateTag[]> {
  const tagged = sql.join(
    TAGGED_LISTS.map(
      ({ entity, field }) =>
        sql`select ${entity}::text as entity, t.id, t.project_id, ${col('t', field)} as tag from ${ident(entity)} t where not t.deleteflag and ${col('t', field)} is not null`,
    ),
    sql` union all `,
  );
  const groups = await queryRows<{
    project_id: number;
    project: string;
    tag: string;
    rows: { entity: string; id: number; tag: string }[] | string;
  }>(
    tx,
    // The keys used twice first, then only their rows aggregated: json_agg over every tag's group (100,000
    // equipment rows) before HAVING dropped the single ones took 4 s on PGlite.
    sql`with tagged as (${tagged}), norm as (select *, upper(regexp_replace(tag, '\\s', '', 'g')) as norm from tagged),
        twice as (select project_id, norm from norm group by project_id, norm having count(*) > 1)
        select n.project_id, p.name as project, min(n.tag) as tag, json_agg(json_build_object('entity', n.entity, 'id', n.id, 'tag', n.tag) order by n.entity, n.id) as rows
        from norm n join twice w on w.project_id = n.project_id and w.norm = n.norm join projects p on p.id = n.project_id
        group by n.project_id, p.name, n.norm
        order by p.name, min(n.tag) limit ${FINDINGS_LIMIT}`,
  );
  return groups.map((group) => {
    const rows = (typeof group.rows === 'string' ? JSON.parse(group.rows) : group.rows) as {
      entity: string;
      id: number;
      tag: string;
    }[];
    return {
      project_id: group.project_id,
      project: group.project,
      tag: group.tag,
      rows: rows.map((row) => ({ ...row, entity_label: getEntitySchema(row.entity).label })),
    };
  });
}

/** Currencies whose newest rate to USD is older than the cut-off (USD itself, the rates' base, never is). */
async function staleRates(tx: Db, today: string, days: number): Promise<StaleRate[]> {
  const cutoff = daysBefore(today, days);
  const rows = await queryRows<{ currency_id: number; code: string; name: string; latest: string }>(
    tx,
    sql`select c.id as currency_id, c.code, c.name, to_char(max(r.rate_date), 'YYYY-MM-DD') as latest
        from currency_rates r join currencies c on c.id = r.currency_id
        where c.code <> 'USD'
        group by c.id, c.code, c.name having max(r.rate_date) < ${cutoff}::date
        order by max(r.rate_date), c.code limit ${FINDINGS_LIMIT}`,
  );
  const day = 86_400_000;
  return rows.map((row) => ({
    currency_id: row.currency_id,
    code: row.code,
    name: row.name,
    latest_rate_date: row.latest,
    days_old: Math.round((Date.parse(today) - Date.parse(row.latest)) / day),
  }));
}

export async function findings(tx: Db, today: string, staleRateDays: number): Promise<HousekeepingFindings> {
  const expired = await expiredOpenQuotes(tx, today, FINDINGS_LIMIT);
  return {
    orphans: await orphans(tx),
    duplicateTags: await duplicateTags(tx),
    expiredQuotes: expired.map(({ version: _version, ...quote }) => quote),
    staleRates: await staleRates(tx, today, staleRateDays),
  };
}
