import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DRAWING_KINDS, type DrawingKind, type DrawingPage } from '../../../lib/drawing-page';
import { getEntitySchema } from '../../../schemas/registry';
import type { EntityRow, EntitySchema } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { col, ident, jsonValues, queryJsonRows, queryRows, wireColumns } from '../../entities/entity-sql';
import { lookupText, rowLabels } from '../../entities/row-labels';
import { entityRow, errors, jsonSchema, parseOr400 } from '../../entities/route-schemas';
import { AppError } from '../../http/app-error';
import { pathId } from '../../http/record-id';
import { output, projectParams, TAGS } from './project-route-schemas';
import { projectSchema } from './project-save';

/**
 * A drawing page (field guide §6): a P&ID or PFD of a project and what sits on it, in one answer, with the
 * labels its rows' lookups name (so the page shows tags, not ids). Deleted drawings (deleteflag) are
 * answered too: the page says so and offers the restore.
 */

const drawingParams = projectParams.extend({
  kind: z.enum(DRAWING_KINDS).describe('pids or pfds'),
  drawingId: z.string().describe('The drawing id (digits)'),
});

const drawingPage = z.object({
  kind: z.enum(DRAWING_KINDS),
  drawing: entityRow,
  equipment: z.array(entityRow),
  instruments: z.array(entityRow),
  lines: z.array(entityRow),
  streams: z.array(entityRow),
  labels: z
    .record(z.string(), z.record(z.string(), z.string()))
    .describe('entity -> row id -> label, for every lookup the rows name (the project aside)'),
});

/** The wire rows of `schema` matching `where` (on alias t), in label order. */
function rowsWhere(db: Db, schema: EntitySchema, where: SQL): Promise<EntityRow[]> {
  return queryJsonRows<EntityRow>(
    db,
    sql`select ${wireColumns(schema, 't')} from ${ident(schema.name)} t where ${where} order by ${col('t', schema.labelField)}, t.id`,
  );
}

/** The labels of the rows the lookups of `lists` name, one query per target list (row-labels.ts). */
async function lookupLabels(
  db: Db,
  lists: readonly [EntitySchema, readonly EntityRow[]][],
): Promise<DrawingPage['labels']> {
  const ids = new Map<string, Set<number>>();
  for (const [schema, rows] of lists) {
    for (const field of schema.fields) {
      if (field.kind !== 'lookup' || field.name === schema.scope?.root) continue;
      for (const row of rows) {
        const value = row[field.name];
        if (typeof value === 'number')
          (ids.get(field.entity) ?? ids.set(field.entity, new Set()).get(field.entity)!).add(value);
      }
    }
  }
  // As the grid names them: a soft-deleted row (an area, the drawing's own P&ID) is "300 (deleted)".
  const labels: DrawingPage['labels'] = {};
  for (const [entity, found] of await rowLabels(db, ids))
    labels[entity] = Object.fromEntries([...found].map(([id, label]) => [String(id), lookupText(label)]));
  return labels;
}

export async function readDrawingPage(
  db: Db,
  projectId: number,
  kind: DrawingKind,
  drawingId: number,
): Promise<DrawingPage<EntityRow>> {
  const schema = getEntitySchema(kind);
  const [drawing] = await rowsWhere(db, schema, sql`t.id = ${drawingId} and t.project_id = ${projectId}`);
  if (!drawing) {
    const [project] = await queryRows(db, sql`select id from projects where id = ${projectId}`);
    throw new AppError(
      'not_found',
      project
        ? `Project ${projectId} has no ${schema.label} with id ${drawingId}.`
        : `No Project with id ${projectId}.`,
    );
  }
  const [equipmentSchema, instrumentSchema, lineSchema, streamSchema] = (
    ['mech_equipment', 'instruments', 'piping', 'streams'] as const
  ).map(getEntitySchema) as [EntitySchema, EntitySchema, EntitySchema, EntitySchema];
  const onDrawing = (field: string) => sql`t.project_id = ${projectId} and ${col('t', field)} = ${drawingId}`;
  let page: Omit<DrawingPage<EntityRow>, 'labels'>;
  if (kind === 'pids') {
    const [equipment, instruments, lines, streams] = [
      await rowsWhere(db, equipmentSchema, onDrawing('pid_id')),
      await rowsWhere(db, instrumentSchema, onDrawing('pid_id')),
      await rowsWhere(db, lineSchema, onDrawing('pid_id')),
      await rowsWhere(db, streamSchema, onDrawing('pid_id')),
    ];
    page = { kind, drawing, equipment, instruments, lines, streams };
  } else {
    const streams = await rowsWhere(db, streamSchema, onDrawing('pfd_id'));
    const ends = [
      ...new Set(
        streams
          .flatMap((row) => [row.from_equipment_id, row.to_equipment_id])
          .filter((id): id is number => typeof id === 'number'),
      ),
    ];
    const equipment =
      ends.length > 0 ? await rowsWhere(db, equipmentSchema, sql`t.id in ${jsonValues(ends, 'int')}`) : [];
    page = { kind, drawing, equipment, instruments: [], lines: [], streams };
  }
  const labels = await lookupLabels(db, [
    [schema, [drawing]],
    [equipmentSchema, page.equipment],
    [instrumentSchema, page.instruments],
    [lineSchema, page.lines],
    [streamSchema, page.streams],
  ]);
  return { ...page, labels };
}

export async function drawingRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get(
    '/projects/:projectId/drawings/:kind/:drawingId',
    {
      schema: {
        tags: TAGS,
        summary:
          'A drawing page: a P&ID (its equipment, instruments, lines and streams) or a PFD (its streams and the equipment they run between), deleted or not',
        params: jsonSchema(drawingParams),
        response: { 200: output(drawingPage, 'The drawing and what sits on it'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const params = parseOr400(drawingParams, request.params, 'path');
      const projectId = pathId(params.projectId, projectSchema());
      return readDrawingPage(db, projectId, params.kind, pathId(params.drawingId, getEntitySchema(params.kind)));
    },
  );
}
