import { sql } from 'drizzle-orm';
import { getEntitySchema } from '../../../schemas/registry';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import { importEntityRows } from '../../entities/import/import-rows';
import { AppError } from '../../http/app-error';
import { create } from '../seed-entities';
import type { LargeProject } from './generate';
import { inBatches } from './random';
import { BATCH_ROWS } from './sizes';

/** Each list's rows as written, by entity: what a run added. */
export type WrittenCounts = Record<string, number>;

export type WriteProgress = (entity: string, rows: number, seconds: number) => void;

/** Ids of a project's rows by a unique field (tag, code, number), for the lists that refer to them. */
async function idsOf(db: Db, entity: string, field: string, projectId: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: number; value: string }>(
    db,
    sql`select id, ${sql.identifier(field)} as value from ${sql.identifier(entity)} where project_id = ${projectId}`,
  );
  return new Map(rows.map((row) => [row.value, row.id]));
}

/** A resolver that fails loudly: a generated reference to a row that was not written is a bug of the generator. */
function resolver(ids: Map<string, number>, what: string): (value: string | null) => number | null {
  return (value) => {
    if (value === null) return null;
    const id = ids.get(value);
    if (id === undefined) throw new Error(`The large project refers to ${what} ${value}, which was not written`);
    return id;
  };
}

/**
 * `rows` into `entity` of the project through the import service, batch by batch, in mode 0 (add new rows
 * only): a row whose key is stored already is skipped, so a run repeated after an interruption adds only
 * what is missing. Warnings are not accepted: a tag off its template would refuse the batch.
 */
async function importList(
  db: Db,
  entity: string,
  projectId: number,
  rows: Record<string, unknown>[],
  actor: Actor,
  progress?: WriteProgress,
): Promise<number> {
  const started = performance.now();
  let added = 0;
  for (const batch of inBatches(rows, BATCH_ROWS)) {
    try {
      const answer = await importEntityRows(
        db,
        getEntitySchema(entity),
        { mode: 0, scope: projectId, rows: batch },
        actor,
      );
      added += answer.added;
    } catch (error) {
      if (error instanceof AppError && error.details !== undefined)
        throw new Error(
          `The engine refused rows of ${entity}: ${error.message} ${JSON.stringify(error.details).slice(0, 2000)}`,
          {
            cause: error,
          },
        );
      throw error;
    }
  }
  progress?.(entity, rows.length, (performance.now() - started) / 1000);
  return added;
}

/**
 * Writes the generated lists into the project `projectId` (its header already saved), in dependency order,
 * each reference resolved to the id of the row just written: areas, drawings, duty then standby equipment
 * (a standby names its duty row), lines, instruments, cables, racking, streams, electrical loads.
 */
export async function writeProjectLists(
  db: Db,
  projectId: number,
  project: LargeProject,
  actor: Actor,
  progress?: WriteProgress,
): Promise<WrittenCounts> {
  const write = (entity: string, rows: Record<string, unknown>[]) =>
    importList(db, entity, projectId, rows, actor, progress);
  const added: WrittenCounts = {};
  added.areas = await write('areas', project.areas);
  const area = resolver(await idsOf(db, 'areas', 'areacode', projectId), 'area');
  const drawing = ({ area: code, ...row }: LargeProject['pids'][number]) => ({ ...row, projarea_id: area(code) });
  added.pids = await write('pids', project.pids.map(drawing));
  added.pfds = await write('pfds', project.pfds.map(drawing));
  const pid = resolver(await idsOf(db, 'pids', 'drawing_number', projectId), 'P&ID');
  const pfd = resolver(await idsOf(db, 'pfds', 'drawing_number', projectId), 'PFD');

  const equipmentRow = ({
    area: code,
    pid: drawingNumber,
    standby_for: _duty,
    ...row
  }: LargeProject['equipment'][number]) => ({
    ...row,
    projarea_id: area(code),
    pid_id: pid(drawingNumber),
  });
  added.mech_equipment = await write(
    'mech_equipment',
    project.equipment.filter((row) => !row.standby_for).map(equipmentRow),
  );
  const duty = resolver(await idsOf(db, 'mech_equipment', 'tagno', projectId), 'equipment');
  added.mech_equipment += await write(
    'mech_equipment',
    project.equipment
      .filter((row) => row.standby_for)
      .map((row) => ({ ...equipmentRow(row), standby_for_id: duty(row.standby_for) })),
  );
  const equipment = resolver(await idsOf(db, 'mech_equipment', 'tagno', projectId), 'equipment');

  added.piping = await write(
    'piping',
    // The line number is composed by the engine from the parts (the generator's copy only names the line).
    project.lines.map(({ area: code, pid: drawingNumber, line_number: _composed, ...row }) => ({
      ...row,
      projarea_id: area(code),
      pid_id: pid(drawingNumber),
    })),
  );
  const line = resolver(await idsOf(db, 'piping', 'line_number', projectId), 'line');

  added.instruments = await write(
    'instruments',
    project.instruments.map(({ area: code, equipment: tag, line: lineNumber, pid: drawingNumber, ...row }) => ({
      ...row,
      projarea_id: area(code),
      equipment_id: equipment(tag),
      line_id: line(lineNumber),
      pid_id: pid(drawingNumber),
    })),
  );
  const instrument = resolver(await idsOf(db, 'instruments', 'tagno', projectId), 'instrument');
  added.cabling = await write(
    'cabling',
    project.cables.map(({ instrument: tag, ...row }) => ({ ...row, instrument_id: instrument(tag) })),
  );
  added.racking = await write(
    'racking',
    project.racking.map(({ instrument: tag, area: code, ...row }) => ({
      ...row,
      instrument_id: instrument(tag),
      projarea_id: area(code),
    })),
  );
  added.streams = await write(
    'streams',
    project.streams.map(({ pfd: drawingNumber, from, to, ...row }) => ({
      ...row,
      pfd_id: pfd(drawingNumber),
      from_equipment_id: equipment(from),
      to_equipment_id: equipment(to),
    })),
  );
  added.electrical_loads = await write(
    'electrical_loads',
    project.loads.map(({ area: code, equipment: tag, ...row }) => ({
      ...row,
      projarea_id: area(code),
      equipment_id: equipment(tag),
    })),
  );
  return added;
}

/** The project's header row through the engine (base currency USD), answering its id. */
export async function createHeader(db: Db, project: LargeProject, actor: Actor): Promise<number> {
  const [usd] = await queryRows<{ id: number }>(db, sql`select id from currencies where code = 'USD'`);
  const [row] = await create(db, 'projects', [{ ...project.header, base_currency_id: usd?.id ?? null }], actor);
  return row!.id;
}
