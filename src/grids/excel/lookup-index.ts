import type { LookupOption } from '../../lib/entity-api';
import type { LookupResolver } from '../../schemas/parse-input';
import { LookupLabelIndex } from '../../schemas/lookup-label-index';
import type { EntitySchema } from '../../schemas/schema-types';

export { ambiguousLabelMessage, LookupLabelIndex, type LabelMatch } from '../../schemas/lookup-label-index';

/** id -> label of the rows each looked-up entity has, by entity name (what the writer shows). */
export type LookupLabels = Record<string, ReadonlyMap<number, string>>;

/** The entities a schema's lookup fields reference. */
export function lookupEntities(schema: EntitySchema): string[] {
  return [...new Set(schema.fields.flatMap((f) => (f.kind === 'lookup' ? [f.entity] : [])))];
}

/** Builds the id -> label maps from the options endpoint's answers. */
export function lookupLabelsFromOptions(options: Record<string, readonly LookupOption[]>): LookupLabels {
  return Object.fromEntries(
    Object.entries(options).map(([entity, list]) => [entity, new Map(list.map((o) => [o.id, o.label]))]),
  );
}

/**
 * A resolver for parseInput over loaded labels, by the one rule of LookupLabelIndex: a label shared by
 * several rows is an error naming them (the import cannot know which row is meant).
 */
export function createLookupResolver(labels: LookupLabels): LookupResolver {
  const index = new LookupLabelIndex();
  for (const [entity, map] of Object.entries(labels)) index.add(entity, map);
  return index.resolve;
}

/** The options endpoint's body, accepted as a bare array or wrapped as { options } / { rows }. */
export function toLookupOptions(body: unknown): LookupOption[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? ((body as { options?: unknown }).options ?? (body as { rows?: unknown }).rows)
      : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { id, label } = item as { id?: unknown; label?: unknown };
    return typeof id === 'number'
      ? [{ id, label: label === null || label === undefined ? String(id) : String(label) }]
      : [];
  });
}
