import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getEntitySchema } from '../../../schemas/registry';
import type { EntityRow } from '../../../schemas/schema-types';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { getEntityRow } from '../../entities/entity-service';
import { queryJsonRows, wireColumns } from '../../entities/entity-sql';
import { entityRow, errors, jsonSchema, parseOr400, writeErrors } from '../../entities/route-schemas';
import { AppError } from '../../http/app-error';
import {
  bareOrEnvelope,
  deletedResponse,
  rowFields,
  rowResponse,
  rowTargetBody,
} from '../../entities/spec-route-schemas';
import { isObject, objectBody, payloadOf, rowTarget } from '../../http/legacy-body';
import { pathId } from '../../http/record-id';
import { deleteOne, saveOne } from '../../entities/save-one';

/**
 * Duty sheets (field guide §13) on the entity engine; the spec's routes (§7):
 * - POST /dutysheet: ONE sheet read by id (as POST /part reads one part), with its equipment's tag,
 *   description and motor kW.
 * - GET /dutysheets/:id: the duty sheets of EQUIPMENT :id (field guide §13: "per equipment"), by sheet number.
 * - POST /dutysheets: saves ONE sheet, as POST /parts saves one part (no id creates, id and version update);
 *   a sheet whose design case absorbs more than the motor is a 422 `warnings_to_confirm` unless the body
 *   carries `acceptWarnings: true` (the grid's and the form's confirmation).
 * - DELETE /deleteds/:id: deletes one sheet (the database then clears its equipment's duty check).
 * The derived figures (slurry SG, absorbed kW per case, the power check) are computed fields, so the grid,
 * imports and these routes all store the same values.
 */

const TAGS = ['duty sheets'];
const idParams = z.object({ id: z.string().describe('The id (digits)') });
const output = (schema: z.ZodType, description: string) => ({ ...jsonSchema(schema, 'output'), description });
const equipmentSummary = z.object({
  id: z.number(),
  tagno: z.string(),
  description: z.string().nullable(),
  installed_kw: z.string().nullable(),
  duty_check: z.string().nullable(),
});
const sheetDocument = entityRow.extend({ equipment: equipmentSummary });
const saveBody = z.union([
  rowFields.extend({
    acceptWarnings: z
      .boolean()
      .optional()
      .describe('Save although the sheet has warnings (a design case absorbing more than the motor)'),
  }),
  bareOrEnvelope(rowFields),
]);

export async function dutySheetRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const sheets = getEntitySchema('duty_sheets');
  const equipment = getEntitySchema('mech_equipment');

  const equipmentOf = async (id: number) => {
    const [row] = await queryJsonRows<z.infer<typeof equipmentSummary>>(
      db,
      sql`select t.id, t.tagno, t.description, t.installed_kw::text as installed_kw, t.duty_check from mech_equipment t where t.id = ${id}`,
    );
    return row;
  };

  app.post(
    '/dutysheet',
    {
      schema: {
        tags: TAGS,
        summary: 'One duty sheet by id, with its equipment (tag, description, installed kW, duty check)',
        body: jsonSchema(rowTargetBody('param1', 'param2')),
        response: {
          200: output(sheetDocument, 'The sheet as stored, its derived figures included'),
          ...writeErrors(404),
        },
      },
    },
    async (request) => {
      const { id } = rowTarget(objectBody(request.body, 'the duty sheet'), sheets, ['param1', 'param2']);
      const sheet = await getEntityRow(db, sheets, id);
      return { ...sheet, equipment: await equipmentOf(sheet.equipment_id as number) };
    },
  );
  app.get(
    '/dutysheets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'The duty sheets of equipment :id (an equipment row id), by sheet number',
        params: jsonSchema(idParams),
        response: { 200: output(z.array(entityRow), 'The sheets, derived figures included'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const id = pathId(parseOr400(idParams, request.params, 'address').id, equipment);
      if (!(await equipmentOf(id))) throw new AppError('not_found', `There is no equipment ${id}.`);
      return queryJsonRows<EntityRow>(
        db,
        sql`select ${wireColumns(sheets, 't')} from duty_sheets t where t.equipment_id = ${id} order by t.sheet_number`,
      );
    },
  );
  app.post(
    '/dutysheets',
    {
      schema: {
        tags: TAGS,
        summary:
          'Save one duty sheet: create (no id) or update (id and version); acceptWarnings: true saves a sheet whose design case absorbs more than the motor',
        body: jsonSchema(saveBody),
        response: { 200: rowResponse, ...writeErrors(404, 409, 422) },
      },
    },
    async (request) => {
      assertRole(request, sheets.writeRole, 'duty sheets');
      const body = objectBody(request.body, 'the duty sheet');
      const acceptWarnings = body.acceptWarnings === true;
      const payload = payloadOf(body);
      const values = isObject(payload)
        ? Object.fromEntries(Object.entries(payload).filter(([key]) => key !== 'acceptWarnings'))
        : payload;
      return saveOne(db, sheets, values, actorOf(request), { acceptWarnings });
    },
  );
  app.delete(
    '/deleteds/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete one duty sheet',
        params: jsonSchema(idParams),
        response: { 200: deletedResponse, ...writeErrors(404, 409) },
      },
    },
    async (request) => {
      assertRole(request, sheets.writeRole, 'duty sheets');
      const id = pathId(parseOr400(idParams, request.params, 'address').id, sheets);
      return deleteOne(db, sheets, { id }, actorOf(request));
    },
  );
}
