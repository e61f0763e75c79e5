import { formatValue } from '../../../../schemas/display-format';
import { getEntitySchema } from '../../../../schemas/registry';
import {
  fieldByName,
  SOFT_DELETE_FIELD,
  type EntityRow,
  type EntitySchema,
  type FieldDef,
} from '../../../../schemas/schema-types';
import { selectRowsById } from '../../../entities/entity-sql';
import { AppError } from '../../../http/app-error';
import type { DocColumn, DocRow, DocSection } from '../document-model';
import type { SourceContext, SourceResult } from './source-context';

/**
 * The duty sheet / datasheet deliverable (#31 item 2), laid out as an ISA 5.4 / IEC 62424-style sheet: a
 * section per group of the duty sheet's form (Sheet, Fluid, Operating cases, Design, Power, Remarks), each a
 * Field | Value | Unit table of every field, filled or not (a blank is a value still to be given), plus the
 * equipment the sheet describes as the revision froze it (tag, service, area, motor). The duty sheet is not part
 * of a project revision: it is read as it stands, so its triangles mark the fields whose printed value differs
 * from the previous issue's (`digests`).
 */

const COLUMNS: readonly DocColumn[] = [
  { key: 'field', label: 'Field', kind: 'text', width: 30 },
  { key: 'value', label: 'Value', kind: 'text', width: 60 },
  { key: 'unit', label: 'Unit', kind: 'text', width: 12 },
];

/** What a sheet prints: everything but its project (the title block says it) and its soft delete. */
const printed = (schema: EntitySchema, field: FieldDef) =>
  field.name !== schema.scope?.root && field.name !== SOFT_DELETE_FIELD;

/** The form's sections in the order they first appear in the schema, fields by their form order (the form's rule). */
function formGroups(schema: EntitySchema): { title: string; fields: FieldDef[] }[] {
  const groups = new Map<string, FieldDef[]>();
  for (const field of schema.fields.filter((f) => printed(schema, f))) {
    const title = field.form?.section ?? 'General';
    groups.set(title, [...(groups.get(title) ?? []), field]);
  }
  const position = new Map(schema.fields.map((f, i) => [f.name, i]));
  const rank = (f: FieldDef) => f.form?.order ?? Number.POSITIVE_INFINITY;
  return [...groups].map(([title, fields]) => ({
    title,
    fields: fields.sort((a, b) => rank(a) - rank(b) || (position.get(a.name) ?? 0) - (position.get(b.name) ?? 0)),
  }));
}

const unitOf = (field: FieldDef): string =>
  field.kind === 'percent' ? '%' : 'unit' in field && field.unit ? field.unit : '';

/** A field's value as its form shows it: a lookup by its row's label, numbers as stored (their scale kept). */
function valueText(ctx: SourceContext, field: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.kind === 'lookup') return ctx.labelOf(field.entity, value);
  if (field.kind === 'percent') return formatValue({ ...field, kind: 'decimal' } as FieldDef, value);
  return formatValue(field, value);
}

async function dutySheetOf(ctx: SourceContext): Promise<EntityRow> {
  const id = ctx.document.duty_sheet_id;
  if (typeof id !== 'number')
    throw new AppError(
      'validation_failed',
      'A datasheet prints a duty sheet: choose its Duty sheet in the register first.',
      { fields: { duty_sheet_id: 'Required for a datasheet' } },
    );
  const sheet = (await selectRowsById(ctx.db, getEntitySchema('duty_sheets'), [id])).get(id);
  if (!sheet || sheet.project_id !== ctx.projectId)
    throw new AppError('validation_failed', `Duty sheet ${id} is not a duty sheet of this project.`, {
      fields: { duty_sheet_id: 'Not a duty sheet of this project' },
    });
  if (sheet[SOFT_DELETE_FIELD] === true)
    throw new AppError(
      'validation_failed',
      `Duty sheet ${String(sheet.sheet_number)} is deleted: restore it, or choose another.`,
      { fields: { duty_sheet_id: 'Deleted' } },
    );
  return sheet;
}

/** The equipment row's facts a datasheet repeats, by field, with the label the sheet gives them. */
const EQUIPMENT_FACTS = [
  ['tagno', 'Tag'],
  ['description', 'Service'],
  ['projarea_id', 'Area'],
  ['quantity', 'Qty'],
  ['duty_role', 'Duty / standby'],
  ['installed_kw', 'Installed kW (motor)'],
  ['absorbed_kw', 'Absorbed kW (equipment list)'],
] as const;

function equipmentSection(ctx: SourceContext, sheet: EntityRow): DocSection {
  const equipment = ctx.lists.mech_equipment.find((row) => row.id === sheet.equipment_id);
  const schema = getEntitySchema('mech_equipment');
  const rows: DocRow[] = EQUIPMENT_FACTS.map(([name, label]) => {
    const field = fieldByName(schema, name) as FieldDef;
    const value = equipment
      ? valueText(ctx, field, equipment[name])
      : name === 'tagno'
        ? ctx.labelOf('mech_equipment', sheet.equipment_id)
        : '';
    return { key: `equipment:${name}`, cells: [label, value, unitOf(field)] };
  });
  return {
    title: 'Equipment',
    ...(equipment ? {} : { notes: ['The equipment is not in this revision of the project: only its tag is known.'] }),
    columns: COLUMNS,
    rows,
  };
}

export async function datasheet(ctx: SourceContext): Promise<SourceResult> {
  const sheet = await dutySheetOf(ctx);
  const schema = getEntitySchema('duty_sheets');
  const sections: DocSection[] = formGroups(schema).map(({ title, fields }) => ({
    title,
    columns: COLUMNS,
    rows: fields.map((field) => ({
      key: `sheet:${field.name}`,
      cells: [field.label, valueText(ctx, field, sheet[field.name]), unitOf(field)],
    })),
  }));
  // The equipment the sheet describes, right after the sheet's own header.
  sections.splice(1, 0, equipmentSection(ctx, sheet));
  return { sections };
}
