import type { LookupOption } from '../../lib/entity-api';
import type { LookupResolver } from '../../schemas/parse-input';
import { findEntitySchema } from '../../schemas/registry';
import type { EntitySchema } from '../../schemas/schema-types';

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

const normaliseLabel = (text: string) => text.trim().toLowerCase();

/** What a label resolves to: one row's id, an error naming every row it matches, or nothing known. */
export type LabelMatch = number | { error: string } | undefined;

/** The plain message of a label that matches several rows: names them by id, so the user can type one. */
export function ambiguousLabelMessage(entity: string, input: string, ids: readonly number[]): string {
  const plural = findEntitySchema(entity)?.labelPlural ?? 'rows';
  const names = ids.map((id) => `#${id}`);
  const listed =
    names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `"${input.trim()}" matches ${ids.length} ${plural}: ${listed}; type the id (${names[0]}) or a more exact label`;
}

/**
 * THE lookup-label rule, for paste (LookupCache) and import (the worker's resolver) alike: a label
 * (trimmed, case-insensitive) that names one row of the target resolves to its id; a label that names
 * several rows is an error naming them all (never the first one silently); '#12' or '12' names row 12
 * when it is known and no label says otherwise. A scoped grid or import loads only its document's rows,
 * so a label is resolved within the project.
 */
export class LookupLabelIndex {
  private readonly labels = new Map<string, Map<number, string>>();
  private readonly ids = new Map<string, Map<string, number[]>>();

  /** Adds (or relabels) rows of an entity. */
  add(entity: string, options: Iterable<readonly [number, string]>): void {
    let labels = this.labels.get(entity);
    let ids = this.ids.get(entity);
    if (!labels || !ids) {
      labels = new Map();
      ids = new Map();
      this.labels.set(entity, labels);
      this.ids.set(entity, ids);
    }
    for (const [id, label] of options) {
      const old = labels.get(id);
      if (old === label) continue;
      if (old !== undefined) {
        const key = normaliseLabel(old);
        const rest = (ids.get(key) ?? []).filter((other) => other !== id);
        if (rest.length) ids.set(key, rest);
        else ids.delete(key);
      }
      labels.set(id, label);
      const key = normaliseLabel(label);
      const list = ids.get(key);
      if (!list) ids.set(key, [id]);
      else if (!list.includes(id)) list.push(id);
    }
  }

  labelsOf(entity: string): ReadonlyMap<number, string> | undefined {
    return this.labels.get(entity);
  }

  match(entity: string, input: string): LabelMatch {
    const found = this.ids.get(entity)?.get(normaliseLabel(input));
    if (found?.length === 1) return found[0];
    if (found && found.length > 1)
      return {
        error: ambiguousLabelMessage(
          entity,
          input,
          [...found].sort((a, b) => a - b),
        ),
      };
    const digits = /^#?(\d+)$/.exec(input.trim());
    if (digits) {
      const id = Number(digits[1]);
      if (this.labels.get(entity)?.has(id)) return id;
    }
    return undefined;
  }

  /** For parseInput. */
  readonly resolve: LookupResolver = (entity, input) => this.match(entity, input);
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
