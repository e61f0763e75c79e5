import type { ColumnFilter, LookupOption, UncountedListResponse } from '../lib/entity-api';
import type { LookupResolver } from '../schemas/parse-input';
import { findEntitySchema } from '../schemas/registry';
import { rowLabelOf } from '../schemas/display-format';
import { SOFT_DELETE_FIELD, type EntityRow, type EntitySchema } from '../schemas/schema-types';
import { LookupLabelIndex } from './excel/lookup-index';
import { apiRoutes } from '../lib/api-routes';
import { optionsPath } from './excel/entity-requests';
import { fetchSuggestions, type SuggestSource } from '../lib/suggestions';

export type Fetcher = <T>(path: string, init?: RequestInit) => Promise<T>;

/** Small reference tables (currencies, disciplines...) are loaded whole, once per grid. */
const PRELOAD_LIMIT = 1000;

/**
 * Lookup labels for display, editors, filters and paste. Lookup values are ids; people see and paste
 * labels. Small targets are preloaded whole (then `resolve` is exact); for big ones the labels of ids
 * in the loaded rows are fetched by id, and pasted labels are looked up before the paste is mapped.
 */
export class LookupCache {
  /** Labels by id, and ids by label under the one rule (a label naming two rows is an error naming both). */
  private index = new LookupLabelIndex();
  private complete = new Set<string>();
  private listeners = new Set<() => void>();
  private preloading = new Map<string, Promise<void>>();
  /**
   * Labels shown but never offered nor matched: rows the options leave out (soft-deleted: "100 (deleted)"),
   * read by id for the rows that still name them. A paste of "100" must not pick a deleted area.
   */
  private shownOnly = new Map<string, Map<number, string>>();
  /** Ids asked for by id that the list API did not answer (out of the grid's reach): not asked again. */
  private unanswered = new Map<string, Set<number>>();

  /**
   * `scope`: the document (project id) a scoped grid shows. Lookups to lists kept per document (an Area
   * column) then offer, and resolve pasted labels among, that document's rows only.
   */
  constructor(
    private readonly fetcher: Fetcher,
    private readonly scope?: number,
  ) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  label(entity: string, id: unknown): string | undefined {
    return typeof id === 'number'
      ? (this.index.labelsOf(entity)?.get(id) ?? this.shownOnly.get(entity)?.get(id))
      : undefined;
  }

  /** Every cached option of an entity (all of them for a preloaded small table). */
  options(entity: string): LookupOption[] {
    return [...(this.index.labelsOf(entity) ?? new Map<number, string>()).entries()]
      .map(([id, label]) => ({ id, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }

  isComplete(entity: string): boolean {
    return this.complete.has(entity);
  }

  /**
   * For parseInput: the id of a label (trimmed, case-insensitive) or of a known id typed as '12' or '#12';
   * a label several known rows share is an error naming them (LookupLabelIndex, the import's rule too).
   */
  readonly resolve: LookupResolver = (entity, input) => this.index.match(entity, input);

  private add(entity: string, options: readonly LookupOption[]): void {
    this.index.add(
      entity,
      options.map((option) => [option.id, option.label] as const),
    );
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private projects = new Map<string, Promise<number | null>>();

  /** A text field's suggestions for one row (schema `suggest`; `suggestions.ts`), the parents' projects cached per grid. */
  suggestions(source: SuggestSource, q: string): Promise<string[]> {
    return fetchSuggestions(this.fetcher, this.projects, source, q);
  }

  async search(entity: string, q: string, limit = 50): Promise<LookupOption[]> {
    const body = await this.fetcher<unknown>(optionsPath(entity, q, limit, this.scope));
    const options = asOptions(body);
    this.add(entity, options);
    return options;
  }

  async preload(entity: string): Promise<void> {
    if (this.complete.has(entity)) return;
    const running = this.preloading.get(entity);
    if (running) return running;
    const loading = this.search(entity, '', PRELOAD_LIMIT).then((options) => {
      if (options.length < PRELOAD_LIMIT) this.complete.add(entity);
      this.notify();
    });
    this.preloading.set(entity, loading);
    return loading.finally(() => this.preloading.delete(entity));
  }

  /**
   * ensureIds for every lookup column of `rows` (a page loaded, rows re-read, a row saved), in the background:
   * a label that cannot be read stays unknown, and the cell says the id.
   */
  ensureRowLabels(schema: EntitySchema, rows: readonly EntityRow[]): void {
    void this.rowLabelsRead(schema, rows);
  }

  /** ensureRowLabels awaited: for text made of the rows at once (a copy), not at the next repaint. */
  async rowLabelsRead(schema: EntitySchema, rows: readonly EntityRow[]): Promise<void> {
    await Promise.all(
      schema.fields.flatMap((field) =>
        field.kind === 'lookup'
          ? [
              this.ensureIds(
                field.entity,
                rows.map((row) => row[field.name]),
              ).catch(() => undefined),
            ]
          : [],
      ),
    );
  }

  /**
   * Labels of ids seen in loaded rows that the cache does not know, by id filter on the list API: a big
   * target's rows not loaded, and, even for a target loaded whole, rows its options leave out (soft-deleted
   * rows, which live rows may still name: shown "100 (deleted)", never "#12").
   */
  async ensureIds(entity: string, ids: Iterable<unknown>): Promise<void> {
    // A preload under way answers these ids too (and its one repaint is enough): wait for it, not beside it.
    await this.preloading.get(entity)?.catch(() => undefined);
    const asked = this.unanswered.get(entity);
    const missing = [
      ...new Set(
        [...ids].filter(
          (id): id is number => typeof id === 'number' && this.label(entity, id) === undefined && !asked?.has(id),
        ),
      ),
    ];
    const target = findEntitySchema(entity);
    if (!target || missing.length === 0) return;
    for (let i = 0; i < missing.length; i += 500) {
      const chunk = missing.slice(i, i + 500);
      const filters: ColumnFilter[] = [{ field: 'id', op: 'in', value: chunk }];
      // The labels only: the rows are not counted.
      const page = await this.fetcher<UncountedListResponse>(
        apiRoutes.entityList(entity, { filters, limit: chunk.length, count: false }),
      );
      const live = page.rows.filter((row) => row[SOFT_DELETE_FIELD] !== true);
      this.add(
        entity,
        live.map((row) => ({ id: row.id, label: rowLabelOf(target, row) })),
      );
      const shown = this.shownOnly.get(entity) ?? new Map<number, string>();
      for (const row of page.rows) if (!live.includes(row)) shown.set(row.id, rowLabelOf(target, row));
      this.shownOnly.set(entity, shown);
      const answered = new Set(page.rows.map((row) => row.id));
      const unanswered = this.unanswered.get(entity) ?? new Set<number>();
      for (const id of chunk) if (!answered.has(id)) unanswered.add(id);
      this.unanswered.set(entity, unanswered);
    }
    this.notify();
  }

  /** Before a paste is mapped: look up pasted labels the cache does not know yet (exact, case-insensitive). */
  async ensureLabels(entity: string, labels: Iterable<string>): Promise<void> {
    if (this.complete.has(entity)) return;
    const unknown = [
      ...new Set([...labels].map((l) => l.trim()).filter((l) => l && this.resolve(entity, l) === undefined)),
    ];
    const queue = unknown.slice(0, 500);
    const worker = async () => {
      for (let label = queue.shift(); label !== undefined; label = queue.shift())
        await this.search(entity, label, 20).catch(() => []);
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  }
}

function asOptions(body: unknown): LookupOption[] {
  if (Array.isArray(body)) return body as LookupOption[];
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (Array.isArray(record.options)) return record.options as LookupOption[];
    if (Array.isArray(record.rows)) return record.rows as LookupOption[];
  }
  return [];
}
