import { sql } from 'drizzle-orm';
import type { LookupResolver } from '../../../schemas/parse-input';
import { LookupLabelIndex } from '../../../schemas/lookup-label-index';
import { getEntitySchema } from '../../../schemas/registry';
import {
  fieldByName,
  hasSoftDelete,
  SOFT_DELETE_FIELD,
  type EntityRow,
  type EntitySchema,
  type FieldDef,
} from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { col, ident, jsonValues, queryRows } from '../entity-sql';
import { labelSql, lookupText, rowLabels, wantLabel } from '../row-labels';

/**
 * The words of a view's lookup cells, as the grid's LookupCache has them: labels of the ids shown (a
 * soft-deleted row's marked "(deleted)", as rowLabelOf marks it), and the rows a typed label names (trimmed,
 * case-insensitive, among the live rows of the row's document when the target is kept per document, as the
 * options route offers them; a label two rows share is an error naming both: LookupLabelIndex's one rule).
 * Both are asked for page by page and kept for the rest of the scan.
 */
export class ViewLabels {
  private readonly labels = new Map<string, Map<number, string>>();
  private readonly indexes = new Map<string, LookupLabelIndex>();
  private readonly asked = new Map<string, Set<string>>();

  constructor(
    private readonly tx: Db,
    private readonly schema: EntitySchema,
  ) {}

  /** A lookup value's label, as copyText asks for it. */
  readonly label = (entity: string, id: unknown): string | undefined => this.labels.get(entity)?.get(Number(id));

  /** Reads the labels of the ids `fields` hold in `rows` that are not known yet. */
  async ensureIds(rows: readonly EntityRow[], fields: readonly FieldDef[]): Promise<void> {
    const wanted = new Map<string, Set<number>>();
    for (const field of fields) {
      if (field.kind !== 'lookup') continue;
      for (const row of rows)
        if (this.label(field.entity, row[field.name]) === undefined) wantLabel(wanted, field.entity, row[field.name]);
    }
    if (wanted.size === 0) return;
    for (const [entity, found] of await rowLabels(this.tx, wanted)) {
      const known = this.labels.get(entity) ?? new Map<number, string>();
      for (const [id, label] of found) known.set(id, lookupText(label));
      this.labels.set(entity, known);
    }
  }

  /**
   * The document a row's lookup to `target` resolves within: the row's root when both lists are kept per
   * document of the same kind (an instrument's Area, within its project), else none (every row of the target).
   */
  documentOf(row: EntityRow, target: EntitySchema): number | null {
    const root = this.schema.scope?.root;
    const targetRoot = target.scope?.root;
    if (!root || !targetRoot) return null;
    const own = fieldByName(this.schema, root);
    const theirs = fieldByName(target, targetRoot);
    if (own?.kind !== 'lookup' || theirs?.kind !== 'lookup' || own.entity !== theirs.entity) return null;
    const id = Number(row[root]);
    return Number.isInteger(id) && id > 0 ? id : null;
  }

  /** Reads the target rows the texts typed into lookup cells may name: by label, or by id ('12', '#12'). */
  async ensureTexts(wanted: ReadonlyMap<string, { entity: string; document: number | null; texts: Set<string> }>) {
    for (const [key, { entity, document, texts }] of wanted) {
      const asked = this.asked.get(key) ?? new Set<string>();
      this.asked.set(key, asked);
      const fresh = [...texts].filter((text) => !asked.has(text));
      if (fresh.length === 0) continue;
      for (const text of fresh) asked.add(text);
      const target = getEntitySchema(entity);
      const { label, join } = labelSql(target);
      const ids = fresh.flatMap((text) => {
        const digits = /^#?(\d{1,9})$/.exec(text);
        return digits ? [Number(digits[1])] : [];
      });
      const named = sql`lower(btrim(${label})) in (select lower(value) from json_array_elements_text(${JSON.stringify(fresh)}::json))`;
      const conditions = [ids.length > 0 ? sql`(${named} or t.id in ${jsonValues(ids, 'int')})` : named];
      if (document !== null && target.scope) conditions.push(sql`${col('t', target.scope.root)} = ${document}`);
      // A soft-deleted row is gone for its users: the options never offer it, a paste never picks it.
      if (hasSoftDelete(target)) conditions.push(sql`not ${col('t', SOFT_DELETE_FIELD)}`);
      const rows = await queryRows<{ id: number; label: string | null }>(
        this.tx,
        sql`select t.id, ${label} as label from ${ident(target.name)} t ${join} where ${sql.join(conditions, sql` and `)}`,
      );
      const index = this.indexes.get(key) ?? new LookupLabelIndex();
      this.indexes.set(key, index);
      index.add(
        entity,
        rows.flatMap((row) => (row.label === null ? [] : [[row.id, row.label] as const])),
      );
    }
  }

  /** For parseInput: the row a text names among those read for `document` (ensureTexts first). */
  resolverFor(document: (entity: string) => number | null): LookupResolver {
    return (entity, input) => this.indexes.get(textKey(entity, document(entity)))?.match(entity, input);
  }
}

/** The key of a target's texts within one document (or none). */
export const textKey = (entity: string, document: number | null): string => `${entity}\u0000${document ?? ''}`;
