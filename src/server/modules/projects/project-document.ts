import { sql } from 'drizzle-orm';
import type { EntityRow } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { col, ident, queryJsonRows, wireColumns } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';
import { DOCUMENT_LISTS, schemaOf, type DocumentList } from './document-lists';

/**
 * GET /api/projects/:id: the project document in the spec's shape (§3). The header's fields, then
 *   pids[] and pfds[]      each drawing (id_internal, deleteflag: soft-deleted ones included, flagged) with
 *                          streams[]: the streams on it (pid_id / pfd_id);
 *   areas[]                each area (areacode, ...) with
 *     instruments[]        the area's instruments, each with cabling[] and racking[];
 *     mech_equipment[]     the area's equipment, each with instruments[] (mounted on it: equipment_id),
 *                          streams[] (from or to it) and mesinquotes[] (empty: quotes come later);
 *     piping[]             the area's lines;
 *   streams[]              every stream of the project (also those on no drawing and no equipment).
 * Rows are whole, as the entity API lists them (id, version and the meta columns included), so a client
 * can save one back. Built in one query per list (ten in all, whatever the size of the project), read in
 * one repeatable-read transaction so the lists agree, and nested in JS.
 */
export type ProjectDocument = EntityRow & {
  pids: DrawingNode[];
  pfds: DrawingNode[];
  areas: AreaNode[];
  streams: EntityRow[];
};
type DrawingNode = EntityRow & { streams: EntityRow[] };
type InstrumentNode = EntityRow & { cabling: EntityRow[]; racking: EntityRow[] };
type EquipmentNode = EntityRow & { instruments: InstrumentNode[]; streams: EntityRow[]; mesinquotes: unknown[] };
type AreaNode = EntityRow & { instruments: InstrumentNode[]; mech_equipment: EquipmentNode[]; piping: EntityRow[] };

/** Rows grouped by the value of one of their fields. */
function groupBy(rows: readonly EntityRow[], field: string): Map<unknown, EntityRow[]> {
  const groups = new Map<unknown, EntityRow[]>();
  for (const row of rows) {
    const key = row[field];
    if (key === null || key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

async function readList(tx: Db, list: DocumentList | 'projects', projectId: number): Promise<EntityRow[]> {
  const schema = schemaOf(list);
  const where = list === 'projects' ? sql`t.id = ${projectId}` : sql`t.project_id = ${projectId}`;
  return queryJsonRows<EntityRow>(
    tx,
    sql`select ${wireColumns(schema, 't')} from ${ident(list)} t where ${where} order by ${col('t', schema.defaultSort.field)} ${sql.raw(schema.defaultSort.direction)}, t.id`,
  );
}

/** Nests the lists of one project into the document; `lists` holds every list's rows of the project. */
export function nestDocument(project: EntityRow, lists: Record<DocumentList, EntityRow[]>): ProjectDocument {
  const byGroup = (list: DocumentList, field: string) => groupBy(lists[list], field);
  const cablesOf = byGroup('cabling', 'instrument_id');
  const racksOf = byGroup('racking', 'instrument_id');
  const instruments = new Map<number, InstrumentNode>(
    lists.instruments.map((row) => [
      row.id,
      { ...row, cabling: cablesOf.get(row.id) ?? [], racking: racksOf.get(row.id) ?? [] },
    ]),
  );
  const instrumentNodes = [...instruments.values()];
  const mountedOn = groupBy(instrumentNodes, 'equipment_id') as Map<unknown, InstrumentNode[]>;
  const streamsFrom = byGroup('streams', 'from_equipment_id');
  const streamsTo = byGroup('streams', 'to_equipment_id');
  const equipmentNodes: EquipmentNode[] = lists.mech_equipment.map((row) => {
    const from = streamsFrom.get(row.id) ?? [];
    // A stream from and to the same item (a recycle) is listed once.
    const to = (streamsTo.get(row.id) ?? []).filter((stream) => !from.includes(stream));
    return { ...row, instruments: mountedOn.get(row.id) ?? [], streams: [...from, ...to], mesinquotes: [] };
  });
  const equipmentOf = groupBy(equipmentNodes, 'projarea_id') as Map<unknown, EquipmentNode[]>;
  const instrumentsOf = groupBy(instrumentNodes, 'projarea_id') as Map<unknown, InstrumentNode[]>;
  const linesOf = byGroup('piping', 'projarea_id');
  const drawings = (list: 'pids' | 'pfds', field: 'pid_id' | 'pfd_id'): DrawingNode[] => {
    const streamsOn = byGroup('streams', field);
    return lists[list].map((row) => ({ ...row, streams: streamsOn.get(row.id) ?? [] }));
  };
  return {
    ...project,
    pids: drawings('pids', 'pid_id'),
    pfds: drawings('pfds', 'pfd_id'),
    areas: lists.areas.map((row) => ({
      ...row,
      instruments: instrumentsOf.get(row.id) ?? [],
      mech_equipment: equipmentOf.get(row.id) ?? [],
      piping: linesOf.get(row.id) ?? [],
    })),
    streams: lists.streams,
  };
}

/** The project document of `projectId` (see above); 404 when there is no such project. */
export async function readProjectDocument(db: Db, projectId: number): Promise<ProjectDocument> {
  return db.transaction(
    async (tx) => {
      const [project] = await readList(tx, 'projects', projectId);
      if (!project) throw new AppError('not_found', `No Project with id ${projectId}.`);
      const lists = {} as Record<DocumentList, EntityRow[]>;
      for (const list of DOCUMENT_LISTS) lists[list] = await readList(tx, list, projectId);
      return nestDocument(project, lists);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The document of a project that has just been created: its header and empty lists. */
export function emptyDocument(project: EntityRow): ProjectDocument {
  return nestDocument(
    project,
    Object.fromEntries(DOCUMENT_LISTS.map((list) => [list, []])) as unknown as Record<DocumentList, EntityRow[]>,
  );
}
