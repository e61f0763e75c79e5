import type { LookupOption } from '../../lib/entity-api';
import type { LookupResolver } from '../../schemas/parse-input';
import type { EntitySchema } from '../../schemas/schema-types';

/** id -> label of the rows each looked-up entity has, by entity name (what the writer shows). */
export type LookupLabels = Record<string, ReadonlyMap<number, string>>;

/** The entities a schema's lookup fields reference. */
export function lookupEntities(schema: EntitySchema): string[] {
  return [...new Set(schema.fields.flatMap((f) => (f.kind === 'lookup' ? [f.entity] : [])))];
}

/** Builds the id -> label maps from the options endpoint's answers. */
export function lookupLabelsFromOptions(options: Record<string, readonly LookupOption[]>): LookupLabels {
  return Object.fromEntries(Object.entries(options).map(([entity, list]) => [entity, new Map(list.map((o) => [o.id, o.label]))]));
}

const normaliseLabel = (text: string) => text.trim().toLowerCase();

/**
 * A resolver for parseInput: a label (case-insensitive, trimmed) finds its row's id; an id typed as
 * digits is accepted when that row exists. A label shared by several rows resolves to nothing
 * (the import cannot know which row is meant), reported like an unknown label.
 */
export function createLookupResolver(labels: LookupLabels): LookupResolver {
  const byLabel = new Map<string, Map<string, number | null>>();
  for (const [entity, map] of Object.entries(labels)) {
    const index = new Map<string, number | null>();
    for (const [id, label] of map) {
      const key = normaliseLabel(label);
      index.set(key, index.has(key) && index.get(key) !== id ? null : id);
    }
    byLabel.set(entity, index);
  }
  return (entity, input) => {
    const found = byLabel.get(entity)?.get(normaliseLabel(input));
    if (found !== undefined && found !== null) return found;
    if (/^\d+$/.test(input.trim())) {
      const id = Number(input.trim());
      if (labels[entity]?.has(id)) return id;
    }
    return undefined;
  };
}

/** The options endpoint's body, accepted as a bare array or wrapped as { options } / { rows }. */
export function toLookupOptions(body: unknown): LookupOption[] {
  const list = Array.isArray(body) ? body : body && typeof body === 'object' ? ((body as { options?: unknown }).options ?? (body as { rows?: unknown }).rows) : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { id, label } = item as { id?: unknown; label?: unknown };
    return typeof id === 'number' ? [{ id, label: label === null || label === undefined ? String(id) : String(label) }] : [];
  });
}
