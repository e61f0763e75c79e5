import { IO_TYPES } from '../../../../lib/project-rollups';
import { getEntitySchema } from '../../../../schemas/registry';
import type { EntityRow } from '../../../../schemas/schema-types';
import { fieldValueText } from '../../../../schemas/field-words';
import { SPARE_PCT } from '../../projects';
import type { DocRow, DocSection } from '../document-model';
import { fieldColumn, liveRows } from './list-columns';
import type { SourceContext, SourceResult } from './source-context';

/**
 * The I/O list deliverable (#31 item 2): a summary of the project's I/O by type with spares, then a section per
 * I/O type listing its instruments. The spare rule is the roll-ups' (projects/project-rollups.ts): SPARE_PCT of
 * each type's count, rounded up per type, so the summary's "total with spares" is the dashboard's I/O with
 * spares. In the workbook the spare and the total are formulas over the count, so a reader sees the rule.
 * Instruments without an I/O type are no I/O and are left out.
 */

const FIELDS = [
  'tagno',
  'service',
  'signal',
  'range_low',
  'range_high',
  'range_unit',
  'projarea_id',
  'loop_number',
  'equipment_id',
] as const;

/** Spares of a type: SPARE_PCT of its count, rounded up (n x 20 is an integer, so the division is exact). */
export const sparesOf = (count: number): number => Math.ceil((count * SPARE_PCT) / 100);

function summarySection(counts: Map<string, number>): DocSection {
  const rows: DocRow[] = IO_TYPES.map((type) => {
    const count = counts.get(type) ?? 0;
    const spare = sparesOf(count);
    return {
      key: `io:${type}`,
      cells: [
        fieldValueText('instruments', 'io_type', type),
        count,
        { value: spare, formula: `ROUNDUP({count}*${SPARE_PCT}/100,0)` },
        { value: count + spare, formula: '{count}+{spare}' },
      ],
    };
  });
  return {
    title: 'I/O summary',
    notes: [
      `Spares: ${SPARE_PCT} % of each I/O type's count, rounded up per type (as the project's roll-ups count them).`,
    ],
    columns: [
      { key: 'type', label: 'I/O type', kind: 'text', width: 20 },
      { key: 'count', label: 'Count', kind: 'number', decimals: 0, width: 10, total: true },
      { key: 'spare', label: `Spare (${SPARE_PCT} %)`, kind: 'number', decimals: 0, width: 10, total: true },
      { key: 'with_spare', label: 'Total with spares', kind: 'number', decimals: 0, width: 12, total: true },
    ],
    rows,
    totalLabel: 'Total I/O',
  };
}

function typeSection(ctx: SourceContext, type: string, rows: readonly EntityRow[]): DocSection {
  const schema = getEntitySchema('instruments');
  const columns = FIELDS.map((name) => fieldColumn(schema, name, ctx.labelOf));
  return {
    id: `io-${type}`,
    title: `${fieldValueText('instruments', 'io_type', type)}: ${rows.length} instrument${rows.length === 1 ? '' : 's'}`,
    columns: columns.map((c) => c.column),
    rows: rows.map((row) => ({
      key: `instruments:${row.id as number}`,
      changedIn: ctx.changedIn('instruments', row.id as number),
      cells: columns.map((c) => c.cell(row)),
    })),
  };
}

export function ioList(ctx: SourceContext): SourceResult {
  const instruments = liveRows(ctx.lists.instruments);
  const byType = new Map<string, EntityRow[]>(IO_TYPES.map((type) => [type, []]));
  for (const row of instruments) byType.get(String(row.io_type))?.push(row);
  const counts = new Map([...byType].map(([type, rows]) => [type, rows.length]));
  const sections = [summarySection(counts)];
  for (const [type, rows] of byType) if (rows.length > 0) sections.push(typeSection(ctx, type, rows));
  return { sections };
}
