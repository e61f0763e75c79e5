import type { LookupResolver } from './parse-input';
import { findEntitySchema } from './registry';

/**
 * Lookup labels read back to ids by one rule, wherever a typed label is read: the grid's paste and find and
 * replace (LookupCache), the import (the worker's resolver) and the server's find and replace over a whole view.
 */

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
