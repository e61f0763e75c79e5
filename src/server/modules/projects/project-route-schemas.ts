import { z } from 'zod';
import { projectDocument as declaredProject } from '../../../schemas/documents/document-registry';
import { entityRow, jsonSchema } from '../../entities/route-schemas';
import { DOCUMENT_LISTS, schemaOf } from './document-lists';
import { bareOrEnvelope, rowFields, rowTargetBody } from '../../entities/spec-route-schemas';

/** The project routes' bodies and answers, for /api/docs only: the handlers read their input themselves. */

export const TAGS = ['projects'];

const text = z.string().nullable();
export const projectSummaries = z.array(
  z.object({
    id: z.number(),
    project_number: text,
    name: z.string(),
    client_id: z.number().nullable(),
    clientname: text,
    description: text,
    endusername: text,
    endusersite: text,
    enduserlocation: text,
    phase: text,
    estimate_class: z.number().nullable(),
    is_testdata: z.boolean(),
    isdirty: z.boolean(),
  }),
);

export const projectBody = bareOrEnvelope(
  rowFields.extend({
    clientname: z
      .string()
      .nullable()
      .optional()
      .describe("The client's name (spec clientname): used when no client_id is sent; 422 when no client has it"),
  }),
);

const cascade = z
  .boolean()
  .optional()
  .describe('true: delete the row with everything it contains, in one transaction (also ?cascade=1)');
export const cascadeDeleteBody = rowTargetBody('param2').extend({ cascade });
export const cascadeQuery = z.object({
  cascade: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .describe('1: delete with contents (as cascade: true in the body)'),
});
const listCounts = z
  .record(z.string(), z.number())
  .describe('With cascade: how many rows of each list were deleted, the row itself included');
export const cascadeDeleted = z.object({
  deleted: z.number().describe('The id of the row deleted'),
  rows: listCounts.optional(),
});

export const settingsBody = bareOrEnvelope(
  z.object({
    id: z.number().int().positive().optional(),
    project_id: z.number().int().positive().optional().describe('Instead of id'),
    version: z.number().int().positive().optional().describe('The version loaded; absent: the current one'),
    import_mode: z
      .number()
      .int()
      .min(0)
      .max(2)
      .describe('0 add new rows only (default), 1 add and update by tag, 2 replace the list'),
  }),
);

export const pidsQuery = z.object({
  project_id: z.string().regex(/^\d+$/).optional().describe("Only this project's drawings"),
  include_deleted: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .describe('1: also the drawings soft-deleted (deleteflag true)'),
});
export const softDeleteBody = rowTargetBody('param2').extend({
  restore: z.boolean().optional().describe('true: clear deleteflag (restore the drawing) instead of setting it'),
});

export const projectParams = z.object({ projectId: z.string().describe('Project id (digits)') });

const row = entityRow;
export const pidRows = z.array(
  row.extend({
    project_id: z.number(),
    drawing_number: z.string(),
    id_internal: z.number().nullable(),
    deleteflag: z.boolean(),
  }),
);

/**
 * The answer of GET /projects/:id, drawn from the project's declaration (src/schemas/documents/project.ts) as
 * the handler nests it: each row of a list carries an array of every list nested under it.
 */
function nestedRow(list: string): z.ZodType {
  const children = declaredProject.lists.flatMap((child) =>
    DOCUMENT_LISTS.includes(child.entity)
      ? (child.nest ?? [])
          .filter((place) => place.under === list)
          .map((place) => [
            child.entity,
            z
              .array(nestedRow(child.entity))
              .describe(`${schemaOf(child.entity).labelPlural} by ${place.by.join(' or ')}`),
          ])
      : [],
  );
  const empty = declaredProject.lists.find((l) => l.entity === list)?.emptyArrays ?? [];
  return row.extend({
    ...Object.fromEntries(children),
    ...Object.fromEntries(empty.map((name) => [name, z.array(z.unknown()).describe('Always empty here')])),
  });
}
export const projectDocument = row.extend({
  name: z.string(),
  clientname: text,
  isdirty: z.boolean(),
  is_testdata: z.boolean(),
  ...Object.fromEntries(
    declaredProject.lists
      .filter((list) => DOCUMENT_LISTS.includes(list.entity) && (!list.nest || list.top))
      .map((list) => [list.entity, z.array(nestedRow(list.entity))]),
  ),
});

const io = z.object({ AI: z.number(), AO: z.number(), DI: z.number(), DO: z.number(), COMMS: z.number() });
const decimal = z.string().describe("2 decimals, e.g. '33800.00'");
const rollup = z.object({
  equipment_count: z.number(),
  installed_kw: decimal,
  running_kw: decimal,
  instrument_count: z.number(),
  io,
  io_with_spare: io.describe('ceil(n x (1 + spare_pct/100)) of each type: spares rounded up per type'),
  cable_length_m_by_type: z
    .record(z.string(), decimal)
    .describe('sum(length_m x (1 + allowance_pct/100)) by cable type: the allowance included'),
  cable_allowance_m: decimal.describe('sum(length_m x allowance_pct/100): the allowance the cable lengths include'),
  racking_length_m_by_type: z.record(z.string(), decimal).describe('sum(length_m) by rack type'),
  line_count: z.number(),
  equipment_cost_base: decimal
    .nullable()
    .describe(
      "the equipment's cost in the base currency, each row priced by CAPEX's rule (capex/equipment-price.ts): equals GET /api/capex/:id totals.equipment",
    ),
  equipment_unpriced: z.number().describe('Equipment rows with no price, or no rate to convert it'),
});
export const rollupsResponse = z.object({
  project_id: z.number(),
  base_currency: z.string().nullable(),
  rate_date: z.string().nullable(),
  estimate_date: z.string(),
  spare_pct: z.number(),
  project: rollup,
  areas: z.array(
    rollup.extend({
      area_id: z.number(),
      areacode: z.string(),
      description: z.string().nullable(),
      deleted: z.boolean().describe('a soft-deleted area, listed because live rows still name it'),
    }),
  ),
  tables: z
    .array(
      z.object({
        entity: z.string(),
        title: z.string(),
        columns: z.array(
          z.object({ key: z.string(), label: z.string(), numeric: z.boolean(), unit: z.string().optional() }),
        ),
        rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
        total: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
      }),
    )
    .describe("The roll-ups the project's lists declare: live rows grouped, counted and summed (decimals as strings)"),
});

export const output = (schema: z.ZodType, description: string) => ({ ...jsonSchema(schema, 'output'), description });
