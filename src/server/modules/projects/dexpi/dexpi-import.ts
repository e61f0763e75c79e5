import { sql } from 'drizzle-orm';
import type { DexpiAction, DexpiCounts, DexpiImportAnswer, DexpiItem, DexpiKind } from '../../../../lib/dexpi-import';
import type { ProjectImportMode } from '../../../../lib/entity-api';
import { composeLineNumber } from '../../../../schemas/entities/project-rules';
import { getEntitySchema } from '../../../../schemas/registry';
import { fieldByName, type EntitySchema } from '../../../../schemas/schema-types';
import type { Actor } from '../../../audit/audit-writer';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../entities/entity-sql';
import { readImportMode } from '../../../entities/import/import-mode';
import { runImport } from '../../../entities/import/import-run';
import { AppError } from '../../../http/app-error';
import {
  equipmentClassMapping,
  humanizeClass,
  lineSequence,
  MAPPED_CATEGORY_CODES,
  normalizeTag,
  pipeSpec,
  serviceCode,
} from './dexpi-mapping';
import type { DexpiModel } from './dexpi-model';

/**
 * A DEXPI file into a project, in ONE transaction through the engine's import (runImport with the
 * project as scope: every rule, the tag-template warnings, the audit rows): the P&ID it is drawn on
 * (found or created), then its equipment, lines and instruments, each list matched by tag and added,
 * updated or skipped by the project's import mode. A dry run does all of it and rolls back, so its
 * answer is what the commit would do. Rows with errors are left out and listed; warnings are accepted
 * (the file is the design tool's record of the tag) and listed.
 */

export type DexpiImportOptions = { dryRun: boolean; pid?: number; area?: string };

type Row = Record<string, unknown>;
type Area = { id: number; areacode: string };
type Stored = { id: number; projarea_id: number };
/** One list's part of the import: its items (as the answer shows them) and the rows sent for them. */
type Batch = {
  kind: Exclude<DexpiKind, 'drawing'>;
  schema: EntitySchema;
  items: DexpiItem[];
  rows: Row[];
  itemOfRow: number[];
  /** A commit's counts, as the engine answered them. */
  committed?: {
    added: number;
    updated: number;
    unchanged: number;
    skipped: number;
    restored: number;
    softDeleted: number;
  };
};

const TEXT_MAX = { description: 200, title: 200, from: 60, fluid: 120, insulation: 40, loop: 20 } as const;
const cut = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

class DryRunDone extends Error {
  constructor(readonly answer: DexpiImportAnswer) {
    super('dry run');
  }
}

/** The ids of `values` (JSON text) as a subquery: one parameter however many there are. */
const valuesOf = (values: readonly (string | number)[]) =>
  sql`(select value from json_array_elements_text(${JSON.stringify(values)}::json))`;

const MODE_NOTES: Record<ProjectImportMode, string> = {
  0: 'Import mode 0 (the project setting): new tags are added; tags already in the project are left as they are.',
  1: 'Import mode 1 (the project setting): new tags are added; tags already in the project are updated from the file.',
  2: 'Import mode 2 (the project setting, replace): new tags are added, tags already in the project are updated from the file, and the equipment, lines and instruments on this P&ID that the file no longer holds are deleted (soft-deleted: they can be restored).',
};
const DELETE_REASON =
  "On this P&ID in the project, not in the file: deleted (import mode 2 replaces the P&ID's rows; it can be restored)";

export async function importDexpi(
  db: Db,
  projectId: number,
  model: DexpiModel,
  options: DexpiImportOptions,
  actor: Actor,
): Promise<DexpiImportAnswer> {
  try {
    return await db.transaction(async (tx) => {
      const answer = await new DexpiRun(tx, projectId, model, options, actor).run();
      if (options.dryRun) throw new DryRunDone(answer);
      return answer;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.answer;
    throw error;
  }
}

class DexpiRun {
  constructor(
    private readonly tx: Db,
    private readonly projectId: number,
    private readonly model: DexpiModel,
    private readonly options: DexpiImportOptions,
    private readonly actor: Actor,
  ) {}

  async run(): Promise<DexpiImportAnswer> {
    const { tx, projectId, model } = this;
    // The project's mode, read as the engine's import reads it (it then imports each list in it).
    const project = await readImportMode(tx, getEntitySchema('projects'), projectId);
    if (!project) throw new AppError('not_found', `No Project with id ${projectId}.`);
    const importMode = project.mode as ProjectImportMode;

    const found = await this.findPid();
    const area = await this.resolveArea(found?.projarea_id ?? null);
    const drawing = found ?? (await this.createPid(area));
    const batches = await this.batches(drawing.id, area);
    for (const batch of batches) await this.importBatch(batch, drawing.id);

    const drawingItem: DexpiItem = {
      kind: 'drawing',
      tag: drawing.drawing_number,
      class: 'Drawing',
      description: found ? null : model.drawing.title,
      action: found ? 'unchanged' : 'add',
      ...(found ? { id: found.id } : {}),
      reason: found
        ? 'The rows are attached to this P&ID of the project'
        : 'A new P&ID of the project; the rows are attached to it',
    };
    const items = batches.flatMap((b) => b.items);
    return {
      dryRun: this.options.dryRun,
      file: {
        originatingSystem: model.originatingSystem,
        schemaVersion: model.schemaVersion,
        drawingNumbers: model.drawing.numbers,
        title: model.drawing.title,
      },
      importMode,
      modeNote: MODE_NOTES[importMode],
      pid: {
        id: this.options.dryRun && !found ? null : drawing.id,
        drawing_number: drawing.drawing_number,
        how: drawing.how,
      },
      area: { id: area.id, areacode: area.areacode, how: area.how },
      counts: {
        equipment: countsOf(batches[0] as Batch),
        line: countsOf(batches[1] as Batch),
        instrument: countsOf(batches[2] as Batch),
      },
      // A commit answers the counts, and the items it left out or wrote with warnings.
      items: this.options.dryRun ? [drawingItem, ...items] : items.filter((i) => i.action === 'error' || i.warnings),
    };
  }

  /** The P&ID named by ?pid=, else the project's P&ID whose drawing number the file gives (its number, then its name). */
  private async findPid(): Promise<
    { id: number; drawing_number: string; projarea_id: number | null; how: string } | undefined
  > {
    const { tx, projectId } = this;
    if (this.options.pid !== undefined) {
      const [row] = await queryRows<{
        id: number;
        drawing_number: string;
        projarea_id: number | null;
        project_id: number;
      }>(tx, sql`select id, drawing_number, projarea_id, project_id from pids where id = ${this.options.pid}`);
      if (!row) throw new AppError('not_found', `No P&ID with id ${this.options.pid}.`);
      if (row.project_id !== projectId)
        throw new AppError(
          'validation_failed',
          `P&ID ${row.drawing_number} belongs to another project; name one of project ${projectId}.`,
        );
      return { ...row, how: 'chosen for this import (pid)' };
    }
    const candidates = this.model.drawing.numbers.map(normalizeTag);
    if (candidates.length === 0) return undefined;
    const rows = await queryRows<{ id: number; drawing_number: string; projarea_id: number | null }>(
      tx,
      sql`select id, drawing_number, projarea_id from pids where project_id = ${projectId} and upper(drawing_number) in ${valuesOf(candidates)}`,
    );
    const match = candidates.map((c) => rows.find((r) => r.drawing_number.toUpperCase() === c)).find(Boolean);
    return match ? { ...match, how: 'the drawing number in the file matches this P&ID of the project' } : undefined;
  }

  /** A new P&ID with the file's drawing number and title, through the engine (audited), before the rows that point at it. */
  private async createPid(
    area: Area & { explicit: boolean },
  ): Promise<{ id: number; drawing_number: string; how: string }> {
    const drawingNumber = this.model.drawing.numbers
      .map(normalizeTag)
      .find((n) => /^[A-Z0-9][A-Z0-9./_-]*$/.test(n) && n.length <= 60);
    if (!drawingNumber) {
      throw new AppError(
        'validation_failed',
        'The file gives no drawing number the P&ID list can take (capital letters, digits and - . / _): name the P&ID to attach the rows to with ?pid=<id>.',
      );
    }
    const row = {
      drawing_number: drawingNumber,
      title:
        cut(this.model.drawing.title, TEXT_MAX.title) ??
        `Imported from DEXPI (${this.model.originatingSystem ?? 'design tool'})`,
      ...(area.explicit ? { projarea_id: area.id } : {}),
    };
    const pids = getEntitySchema('pids');
    // One new row in mode 0 for this import only (overrideMode), whatever the project's mode: mode 2 must
    // not replace the project's P&IDs with this one.
    const outcome = await runImport(
      this.tx,
      pids,
      { mode: 0, overrideMode: true, scope: this.projectId, acceptWarnings: true, skipInvalidRows: true },
      1,
      oneChunk([row]),
      this.actor,
    );
    const rejected = outcome.rejectedRows?.[0];
    if (rejected)
      throw new AppError(
        'validation_failed',
        `The P&ID ${drawingNumber} cannot be created: ${messagesOf(pids, rejected.fields).join('; ')}. Name an existing one with ?pid=<id>.`,
      );
    const [created] = await queryRows<{ id: number }>(
      this.tx,
      sql`select id from pids where project_id = ${this.projectId} and drawing_number = ${drawingNumber}`,
    );
    return {
      id: (created as { id: number }).id,
      drawing_number: drawingNumber,
      how: `a new P&ID, from the drawing number in the file (${this.model.drawing.numbers.join(', ')})`,
    };
  }

  /** The area new rows go to: ?area= (code or id), else the P&ID's, else the file's plant section, else the project's only or first area. */
  private async resolveArea(pidArea: number | null): Promise<Area & { how: string; explicit: boolean }> {
    const areas = await queryRows<Area>(
      this.tx,
      sql`select id, areacode from areas where project_id = ${this.projectId} order by areacode, id`,
    );
    const asked = this.options.area?.trim();
    if (asked) {
      const byCode =
        areas.find((a) => a.areacode === asked.toUpperCase()) ??
        (/^\d+$/.test(asked) ? areas.find((a) => a.id === Number(asked)) : undefined);
      if (!byCode)
        throw new AppError(
          'validation_failed',
          `No area ${asked} in this project${areas.length ? `; its areas are ${areas.map((a) => a.areacode).join(', ')}` : ''}.`,
        );
      return { ...byCode, how: 'chosen for this import (area)', explicit: true };
    }
    if (areas.length === 0)
      throw new AppError(
        'validation_failed',
        'The project has no areas: equipment, lines and instruments each belong to one. Add an area first, then import.',
      );
    const ofPid = areas.find((a) => a.id === pidArea);
    if (ofPid) return { ...ofPid, how: "the P&ID's area", explicit: false };
    const sections = new Set(this.model.plantSections.map(normalizeTag));
    const ofSection = areas.find((a) => sections.has(a.areacode));
    if (ofSection) return { ...ofSection, how: "the file's plant section", explicit: false };
    const first = areas[0] as Area;
    return {
      ...first,
      how:
        areas.length === 1
          ? "the project's only area"
          : `the first of the project's ${areas.length} areas (choose another with area)`,
      explicit: false,
    };
  }

  /** The rows of each list, built from the file; tags already stored keep their area (an import never moves a row). */
  private async batches(pidId: number, area: Area): Promise<Batch[]> {
    const { tx, projectId, model } = this;
    const equipmentTags = model.equipment.flatMap((e) => (e.tag ? [normalizeTag(e.tag)] : []));
    const instrumentTags = model.instruments.flatMap((i) => (i.tag ? [normalizeTag(i.tag)] : []));
    const storedOf = async (table: 'mech_equipment' | 'instruments', tags: string[]) =>
      new Map(
        tags.length === 0
          ? []
          : (
              await queryRows<Stored & { tagno: string }>(
                tx,
                sql`select id, tagno, projarea_id from ${sql.identifier(table)} where project_id = ${projectId} and tagno in ${valuesOf(tags)}`,
              )
            ).map((r) => [r.tagno, r]),
      );
    const storedEquipment = await storedOf('mech_equipment', equipmentTags);
    const storedInstruments = await storedOf('instruments', instrumentTags);
    const categories = new Map(
      (
        await queryRows<{ id: number; code: string }>(
          tx,
          sql`select id, code from item_categories where code in ${valuesOf(MAPPED_CATEGORY_CODES)}`,
        )
      ).map((r) => [r.code, r.id]),
    );
    const sequences = model.lines.flatMap((l) =>
      l.tag && lineSequence(l.tag) !== null ? [lineSequence(l.tag) as number] : [],
    );
    const storedLines =
      sequences.length === 0
        ? []
        : await queryRows<{
            projarea_id: number;
            size_mm: number;
            service_code: string;
            sequence: number;
            pipe_spec: string | null;
          }>(
            tx,
            sql`select projarea_id, size_mm, service_code, sequence, pipe_spec from piping where project_id = ${projectId} and sequence::text in ${valuesOf(sequences)}`,
          );
    const areaCodes = new Map(
      (await queryRows<Area>(tx, sql`select id, areacode from areas where project_id = ${projectId}`)).map((a) => [
        a.id,
        a.areacode,
      ]),
    );

    const equipment = batchOf('equipment', 'mech_equipment');
    for (const item of model.equipment) {
      const tag = item.tag ? normalizeTag(item.tag) : null;
      const { type, categories: codes } = equipmentClassMapping(item.componentClass);
      const shown: DexpiItem = {
        kind: 'equipment',
        tag: tag ?? `(no tag: ${item.id})`,
        class: item.componentClass,
        description: item.description,
        nozzles: item.nozzles.map((n) => n.tag ?? n.id),
        action: 'add',
      };
      const stored = tag ? storedEquipment.get(tag) : undefined;
      const category = codes.map((code) => categories.get(code)).find((id) => id !== undefined);
      const row: Row = {
        tagno: tag,
        projarea_id: stored?.projarea_id ?? area.id,
        pid_id: pidId,
        ...(type ? { type_code: type } : {}),
        ...(category !== undefined ? { category_id: category } : {}),
        // A stored row keeps its description unless the file gives one; a new one takes the class's name.
        ...(item.description || !stored
          ? { description: cut(item.description ?? humanizeClass(item.componentClass), TEXT_MAX.description) }
          : {}),
      };
      equipment.add(
        shown,
        tag ? row : 'The file gives this equipment no tag (TagName, tag prefix and number, label or name)',
      );
    }

    const lines = batchOf('line', 'piping');
    for (const item of model.lines) {
      const sequence = item.tag ? lineSequence(item.tag) : null;
      const service = serviceCode(item.fluidCode) ?? 'P';
      const spec = pipeSpec(item.pipingClass);
      const stored = storedLines.find(
        (l) =>
          l.sequence === sequence &&
          l.size_mm === item.nominalDiameter &&
          l.service_code === service &&
          (l.pipe_spec ?? null) === spec,
      );
      const row: Row = {
        size_mm: item.nominalDiameter,
        service_code: service,
        sequence,
        pipe_spec: spec,
        projarea_id: stored?.projarea_id ?? area.id,
        pid_id: pidId,
        from_tag: cut(item.from?.tag ? normalizeTag(item.from.tag) : null, TEXT_MAX.from),
        to_tag: cut(item.to?.tag ? normalizeTag(item.to.tag) : null, TEXT_MAX.from),
        fluid: cut(item.fluidCode, TEXT_MAX.fluid),
        ...(item.insulation ? { insulation: cut(item.insulation, TEXT_MAX.insulation) } : {}),
        ...(item.tracing ? { tracing: cut(item.tracing, TEXT_MAX.insulation) } : {}),
      };
      const lineNumber = composeLineNumber(row, () => areaCodes.get(row.projarea_id as number) ?? null);
      const shown: DexpiItem = {
        kind: 'line',
        tag: item.tag ?? `(no line number: ${item.id})`,
        class: 'PipingNetworkSystem',
        description: [
          item.fluidCode,
          item.pipingClass,
          item.nominalDiameter ? `DN ${item.nominalDiameter}` : null,
          `${item.segments} segment${item.segments === 1 ? '' : 's'}`,
        ]
          .filter(Boolean)
          .join(' · '),
        from: row.from_tag as string | null,
        to: row.to_tag as string | null,
        fromDetail: item.from?.detail ?? 'open end',
        toDetail: item.to?.detail ?? 'open end',
        lineNumber,
        action: 'add',
      };
      const missing = !item.tag
        ? 'The file gives this piping network system no line number'
        : sequence === null
          ? `The line number ${item.tag} has no digits for the sequence`
          : undefined;
      lines.add(shown, missing ?? row);
    }

    const instruments = batchOf('instrument', 'instruments');
    for (const item of model.instruments) {
      const tag = item.tag ? normalizeTag(item.tag) : null;
      const stored = tag ? storedInstruments.get(tag) : undefined;
      const shown: DexpiItem = {
        kind: 'instrument',
        tag: tag ?? `(no tag: ${item.id})`,
        class: item.componentClass,
        description: [item.letters, item.number, item.loop ? `loop ${item.loop}` : null].filter(Boolean).join(' · '),
        action: 'add',
      };
      const row: Row = {
        tagno: tag,
        letters: item.letters?.toUpperCase() ?? null,
        projarea_id: stored?.projarea_id ?? area.id,
        pid_id: pidId,
        ...(item.loop ? { loop_number: cut(item.loop, TEXT_MAX.loop) } : {}),
      };
      instruments.add(
        shown,
        tag ? row : 'The file gives this instrumentation function no tag (TagName, or letters and number)',
      );
    }
    return [equipment.batch, lines.batch, instruments.batch];
  }

  /**
   * One list through the engine's import in the project's mode: its plan (dry run) or its write, rows with
   * errors left out and listed. Mode 2 replaces the rows on this P&ID only (replaceWithin), listed as deleted.
   */
  private async importBatch(batch: Batch, pidId: number): Promise<void> {
    const { schema } = batch;
    const outcome = await runImport(
      this.tx,
      schema,
      {
        dryRun: this.options.dryRun,
        scope: this.projectId,
        skipInvalidRows: true,
        acceptWarnings: true,
        replaceWithin: { field: 'pid_id', value: pidId },
      },
      batch.rows.length,
      oneChunk(batch.rows),
      this.actor,
    );
    const itemAt = (index: number) => batch.items[batch.itemOfRow[index] as number] as DexpiItem;
    if (outcome.plan) {
      for (const entry of outcome.plan.toArray())
        Object.assign(itemAt(entry.index), {
          action: entry.action,
          ...(entry.id ? { id: entry.id } : {}),
          ...(entry.reason ? { reason: entry.reason } : {}),
        });
    }
    for (const rejected of outcome.rejectedRows ?? [])
      Object.assign(itemAt(rejected.index), {
        action: 'error' as DexpiAction,
        errors: messagesOf(schema, rejected.fields),
      });
    for (const warned of outcome.warnedRows ?? []) itemAt(warned.index).warnings = messagesOf(schema, warned.fields);
    for (const gone of outcome.softDeletedRows ?? [])
      batch.items.push({
        kind: batch.kind,
        tag: gone.label,
        class: schema.label,
        action: 'delete',
        id: gone.id,
        reason: DELETE_REASON,
      });
    if (!outcome.plan)
      batch.committed = {
        added: outcome.added,
        updated: outcome.updated,
        unchanged: outcome.unchanged,
        skipped: outcome.skipped,
        restored: outcome.restored,
        softDeleted: outcome.softDeleted,
      };
  }
}

/** A list's batch being built: an item without a row (no tag: the error says why) is an error of the file, never sent. */
function batchOf(kind: Batch['kind'], entity: string) {
  const batch: Batch = { kind, schema: getEntitySchema(entity), items: [], rows: [], itemOfRow: [] };
  return {
    batch,
    add(item: DexpiItem, rowOrError: Row | string) {
      if (typeof rowOrError === 'string') Object.assign(item, { action: 'error', errors: [rowOrError] });
      else {
        batch.itemOfRow.push(batch.items.length);
        batch.rows.push(rowOrError);
      }
      batch.items.push(item);
    },
  };
}

async function* oneChunk(rows: Row[]): AsyncGenerator<Row[]> {
  yield rows;
}

/** Field errors as sentences with the field's label: "Tag: Capital letters, digits and - . / _". */
function messagesOf(schema: EntitySchema, fields: Record<string, string>): string[] {
  return Object.entries(fields).map(([field, message]) => `${fieldByName(schema, field)?.label ?? field}: ${message}`);
}

/** A list's counts: a dry run's from its plan, a commit's as the engine wrote them (plus the items left out). */
function countsOf({ items, committed }: Batch): DexpiCounts {
  const counts: DexpiCounts = { found: 0, add: 0, update: 0, unchanged: 0, skip: 0, restore: 0, delete: 0, error: 0 };
  for (const item of items) {
    counts[item.action]++;
    // Rows deleted are the project's, not the file's.
    if (item.action !== 'delete') counts.found++;
  }
  if (committed)
    Object.assign(counts, {
      add: committed.added,
      update: committed.updated,
      unchanged: committed.unchanged,
      skip: committed.skipped,
      restore: committed.restored,
      delete: committed.softDeleted,
    });
  return counts;
}
