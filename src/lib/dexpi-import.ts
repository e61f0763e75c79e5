/**
 * POST /api/projects/:id/dexpi (a DEXPI P&ID file, Proteus XML 4.x, as the body): what it answers, shared
 * by the server and the project's P&IDs tab. With ?dry_run=1 nothing is written and `items` says, per tag
 * found, what the import would do; without, the rows are written in one transaction and `items` lists the
 * rows left out for their errors.
 */

export type DexpiKind = 'drawing' | 'equipment' | 'line' | 'instrument';
/**
 * What happens to an item: the engine's plan (add, update, unchanged, skip, restore: a soft-deleted row
 * comes back), `delete` (import mode 2: a row on the P&ID the file no longer holds is soft-deleted), or
 * `error` (left out, with its errors).
 */
export type DexpiAction = 'add' | 'update' | 'unchanged' | 'skip' | 'restore' | 'delete' | 'error';

export type DexpiItem = {
  kind: DexpiKind;
  /** The tag as the project will hold it (equipment and instrument tag, line number from the file, drawing number). */
  tag: string;
  /** The DEXPI class (ComponentClass): PlateHeatExchanger, CentrifugalPump, PipingNetworkSystem... */
  class: string;
  description?: string | null;
  /** Equipment: its nozzles' tags. */
  nozzles?: string[];
  /** Lines: where they start and end, as written to the row (a tag or line number) and said in words. */
  from?: string | null;
  to?: string | null;
  fromDetail?: string | null;
  toDetail?: string | null;
  /** Lines: the line number composed in the project (size-service-area-sequence-spec). */
  lineNumber?: string | null;
  action: DexpiAction;
  /** The stored row it updates or leaves alone. */
  id?: number;
  reason?: string;
  errors?: string[];
  warnings?: string[];
};

/** `found`: items of the file; `delete`: rows of the project the file no longer holds (mode 2). */
export type DexpiCounts = {
  found: number;
  add: number;
  update: number;
  unchanged: number;
  skip: number;
  restore: number;
  delete: number;
  error: number;
};

export type DexpiImportAnswer = {
  dryRun: boolean;
  file: {
    originatingSystem: string | null;
    schemaVersion: string | null;
    drawingNumbers: string[];
    title: string | null;
  };
  /** The project's import_mode, the mode the import runs in, and what it means here. */
  importMode: 0 | 1 | 2;
  modeNote: string;
  /** The P&ID the rows are attached to, and how it was chosen. */
  pid: { id: number | null; drawing_number: string; how: string };
  /** The area new rows go to, and how it was chosen. */
  area: { id: number; areacode: string; how: string };
  counts: Record<Exclude<DexpiKind, 'drawing'>, DexpiCounts>;
  /** Dry run: every item found. Commit: the items left out for their errors, and those written with warnings. */
  items: DexpiItem[];
};

export const DEXPI_KIND_LABELS: Record<DexpiKind, string> = {
  drawing: 'P&ID',
  equipment: 'Equipment',
  line: 'Line',
  instrument: 'Instrument',
};
