import { z } from 'zod';
import { envelopeSchema } from '../http/envelope';
import { entityRow, jsonSchema, responses } from './route-schemas';

/**
 * The spec's one-row bodies and answers as /api/docs shows them, for every module that keeps a spec route
 * (modules/spec-aliases, admin-tables, quotes, proposals...): http/legacy-body.ts and http/record-id.ts read
 * the bodies themselves.
 */

// The bodies of the one-row calls, for /api/docs only: legacy-body.ts and record-id.ts read them by hand
// and answer their own 400s.
const recordId = z.number().int().positive().describe('A row id: a JSON whole number, never text');
const version = z.number().int().positive().describe('The version of the row as loaded');
export const rowFields = z
  .looseObject({
    id: recordId.optional().describe('Absent for a new row; the row to change'),
    version: version.optional().describe('Required with id'),
  })
  .describe("The row's fields by name, as GET lists them; meta columns other than id and version are ignored");
/** A payload bare, or as the envelope's data (payloadOf). */
export const bareOrEnvelope = (payload: z.ZodType) => z.union([payload, envelopeSchema.extend({ data: payload })]);
/** Names one row (rowTarget): by id, data.id, data or the envelope's argument; all that are given must agree. */
export function rowTargetBody(...args: ('param1' | 'param2')[]) {
  return envelopeSchema
    .extend({
      id: recordId.optional(),
      version: version.optional().describe('For a delete: refused (409) unless it is still the row version'),
      data: z.union([recordId, z.object({ id: recordId, version: version.optional() })]).optional(),
      ...Object.fromEntries(args.map((key) => [key, recordId.optional()])),
    })
    .describe(
      `The row's id: {"id": 12}, {"data": {"id": 12, "version": 3}}, {"data": 12}${args.map((key) => ` or {"${key}": 12}`).join('')}`,
    );
}
export const rowResponse = { ...jsonSchema(entityRow, 'output'), description: 'The row as stored, as GET lists it' };
export const deletedResponse = { ...jsonSchema(responses.deleted, 'output'), description: 'The id of the deleted row' };
