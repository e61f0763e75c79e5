import Decimal from 'decimal.js';
import { getEntitySchema } from '../../../../schemas/registry';
import type { EntityRow } from '../../../../schemas/schema-types';
import type { DocumentList } from '../../projects';
import type { DocColumn, DocRow, DocSection } from '../document-model';
import { fieldColumn, liveRows, shownFields, type ListColumn } from './list-columns';
import type { KnownList, SourceContext, SourceResult } from './source-context';

/**
 * The deliverables that print a project list as the revision froze it (#31 item 2): the columns its grid shows
 * by default (plus what the deliverable derives), a page per area where the list has areas, totals of the
 * figures a reader adds up, and a revision triangle on each row the change summary lists since the previous
 * issue.
 */

type ListSpec = {
  list: KnownList;
  /** Fields to print; the grid's default columns when left out. */
  fields?: readonly string[];
  /** Columns the deliverable derives from a row (after the fields). */
  extra?: (ctx: SourceContext) => ListColumn[];
  totals?: readonly string[];
  /** Sections per area (the list's `projarea_id`). */
  byArea?: boolean;
};

function columnsOf(ctx: SourceContext, spec: ListSpec): ListColumn[] {
  const schema = getEntitySchema(spec.list);
  const fields = spec.fields ?? shownFields(schema);
  return [
    ...fields.map((name) => fieldColumn(schema, name, ctx.labelOf, spec.totals?.includes(name) ? { total: true } : {})),
    ...(spec.extra?.(ctx) ?? []),
  ];
}

function rowsOf(
  ctx: SourceContext,
  list: DocumentList,
  columns: readonly ListColumn[],
  rows: readonly EntityRow[],
): DocRow[] {
  return rows.map((row) => ({
    cells: columns.map((c) => c.cell(row)),
    changedIn: ctx.changedIn(list, row.id as number),
    key: `${list}:${row.id as number}`,
  }));
}

/** One section, or one per area in the areas' order (rows without an area last), each on its own page. */
export function listSections(ctx: SourceContext, spec: ListSpec, title: string): DocSection[] {
  const listColumns = columnsOf(ctx, spec);
  const rows = liveRows(ctx.lists[spec.list]);
  const columns: DocColumn[] = listColumns.map((c) => c.column);
  if (!spec.byArea) return [{ title, columns, rows: rowsOf(ctx, spec.list, listColumns, rows) }];
  const areas = liveRows(ctx.lists.areas);
  const sections: DocSection[] = [];
  for (const area of [...areas, null]) {
    const inArea = rows.filter((row) =>
      area === null ? !areas.some((a) => a.id === row.projarea_id) : row.projarea_id === area.id,
    );
    if (inArea.length === 0) continue;
    const name = area === null ? 'No area' : `Area ${String(area.areacode)} - ${String(area.description ?? '')}`;
    sections.push({
      title: `${title}: ${name}`,
      columns,
      rows: rowsOf(ctx, spec.list, listColumns, inArea),
      totalLabel: area === null ? 'Total, no area' : `Total area ${String(area.areacode)}`,
      newPage: true,
    });
  }
  return sections.length > 0 ? sections : [{ title, columns, rows: [] }];
}

/** A cable's length with its allowance: length x (1 + allowance %), unrounded, as the roll-up sums it. */
export function lengthWithAllowance(row: EntityRow): number | null {
  if (row.length_m === null || row.length_m === undefined) return null;
  return new Decimal(String(row.length_m))
    .times(new Decimal(1).plus(new Decimal(String(row.allowance_pct ?? 0)).div(100)))
    .toNumber();
}

const cableExtra = (): ListColumn[] => [
  {
    column: {
      key: 'length_total',
      label: 'Length incl. allowance',
      unit: 'm',
      kind: 'number',
      decimals: 2,
      width: 16,
      total: true,
    },
    cell: (row) => ({ value: lengthWithAllowance(row), formula: '{length_m}*(1+{allowance_pct}/100)' }),
  },
];

export const equipmentList = (ctx: SourceContext): SourceResult => ({
  sections: listSections(
    ctx,
    { list: 'mech_equipment', byArea: true, totals: ['installed_kw', 'absorbed_kw', 'quantity'] },
    'Equipment list',
  ),
});

export const instrumentIndex = (ctx: SourceContext): SourceResult => ({
  sections: listSections(ctx, { list: 'instruments', byArea: true }, 'Instrument index'),
});

export const cableSchedule = (ctx: SourceContext): SourceResult => ({
  sections: listSections(
    ctx,
    {
      list: 'cabling',
      fields: [
        'cable_tag',
        'instrument_id',
        'from_tag',
        'to_tag',
        'cable_type',
        'cores_size',
        'length_m',
        'allowance_pct',
        'route_ref',
      ],
      totals: ['length_m'],
      extra: cableExtra,
    },
    'Cable schedule',
  ),
});

export const lineList = (ctx: SourceContext): SourceResult => ({
  sections: listSections(ctx, { list: 'piping', byArea: true }, 'Line list'),
});

export const pidRegister = (ctx: SourceContext): SourceResult => ({
  sections: [
    ...listSections(ctx, { list: 'pids' }, 'P&IDs'),
    { ...listSections(ctx, { list: 'pfds' }, 'PFDs')[0]!, newPage: false },
  ],
});
