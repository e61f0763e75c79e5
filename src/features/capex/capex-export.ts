import type { Workbook } from '../../grids/excel/exceljs';
import { MONEY_FORMAT, numberCell, textCell, type SheetCell } from '../../grids/excel/sheet-cells';
import { addSheet, newWorkbook, type SheetLayout } from '../../grids/excel/styled-sheet';
import { downloadWorkbook } from '../../grids/excel/workbook-file';
import { fieldValueText } from '../../schemas/field-words';
import {
  LANG_FACTORS,
  PRICE_BASIS_LABELS,
  PRICE_STEP_LABELS,
  sizeBandWords,
  type CapexGroup,
  type CapexSummary,
  type CapexTag,
  type Escalation,
} from '../../lib/capex';

/**
 * "Export CAPEX": the same figures as the screen in one workbook, so the estimate can be checked by hand:
 * Tags (one row per tag: quantity x unit price = equipment, x each factor = installation and bulks, to the
 * cent), the groups by category, area and basis, and a Summary whose totals are the sums of the Tags
 * sheet's columns, then EPCM, owner's costs and contingency at the percentages it states.
 */

type Cell = string | number | null;
const moneyCell = (value: string | null): SheetCell | null =>
  value === null ? null : numberCell(Number(value), MONEY_FORMAT);
const cellOf = (value: Cell | SheetCell): SheetCell | null => {
  if (value === null) return null;
  if (typeof value === 'object') return value;
  return typeof value === 'number' ? numberCell(value) : textCell(value);
};

/** A sheet of the workbook: a table's (a bold frozen header row with a filter) unless `layout` says otherwise. */
function sheet(
  workbook: Workbook,
  name: string,
  rows: (Cell | SheetCell)[][],
  widths: number[],
  layout: SheetLayout = { header: true },
): void {
  addSheet(
    workbook,
    name,
    rows.map((row) => row.map(cellOf)),
    { ...layout, widths },
  );
}

const groupRows = (groups: readonly CapexGroup[], withTier = false) => [
  [
    ...(withTier ? ['Tier'] : []),
    'Group',
    'Tags',
    'Equipment',
    'Installation',
    'Bulks',
    'Direct field cost',
    'On firm quotes',
  ],
  ...groups.map((g) => [
    ...(withTier ? [g.tier ?? null] : []),
    g.label,
    g.tags,
    moneyCell(g.equipment),
    moneyCell(g.installation),
    moneyCell(g.bulks),
    moneyCell(g.direct_field),
    moneyCell(g.firm),
  ]),
];

/**
 * The escalation of each tag's price (issue #29 item 8), as the drill-down shows it: a price's own figures as
 * numbers; a median of two middle lines has two of each, written 'a | b' as text.
 */
const ESCALATION_HEADERS = [
  'Escalated price',
  'Price date',
  'Index series',
  'Index at price month',
  'Index month',
  'Index at estimate month',
  'Estimate index month',
  'Factor',
  'Rate',
  'Rate dates',
  'Escalated base unit price',
  'Escalation note',
];
function escalationCells(tag: CapexTag): (Cell | SheetCell)[] {
  const list = tag.escalation;
  if (list.length === 0) return ESCALATION_HEADERS.map(() => null);
  const text = (pick: (e: Escalation) => string | null) => list.map((e) => pick(e) ?? '—').join(' | ');
  const number = (pick: (e: Escalation) => string | null) =>
    list.length === 1 ? (pick(list[0]!) === null ? null : Number(pick(list[0]!))) : text(pick);
  return [
    text((e) => e.of),
    text((e) => e.price_date),
    list[0]!.series,
    number((e) => e.price_index),
    text((e) => e.price_index_month),
    number((e) => e.est_index),
    text((e) => e.est_index_month),
    number((e) => e.factor),
    number((e) => e.rate),
    text((e) => e.rate_dates),
    list.length === 1 ? moneyCell(list[0]!.escalated) : text((e) => e.escalated),
    list.some((e) => e.note) ? text((e) => e.note) : null,
  ];
}

export function capexWorkbook(summary: CapexSummary): Workbook {
  const { totals, settings, project } = summary;
  const currency = project.base_currency ?? '';
  const workbook = newWorkbook();
  const band = summary.accuracy;
  sheet(
    workbook,
    'Summary',
    [
      ['Project', `${project.project_number ?? ''} ${project.name}`.trim()],
      ['Base currency', currency],
      [
        'Estimate date (escalation and rates)',
        `${project.estimate_date}${project.estimate_date_set ? '' : ' (today: none set)'}`,
      ],
      ['Plant type', project.plant_type ? LANG_FACTORS[project.plant_type].label : 'not set'],
      ['Estimate class', project.estimate_class],
      [],
      ['Direct equipment', moneyCell(totals.equipment)],
      ['Installation', moneyCell(totals.installation)],
      ['Bulks', moneyCell(totals.bulks)],
      ['Direct field cost', moneyCell(totals.direct_field)],
      [`EPCM (${settings.epcm_pct} % of direct field cost)`, moneyCell(totals.epcm)],
      [`Owner's costs (${settings.owners_pct} % of direct field cost)`, moneyCell(totals.owners)],
      [`Contingency (${settings.contingency_pct} % of direct field cost + indirects)`, moneyCell(totals.contingency)],
      ['Total installed cost (TIC)', moneyCell(totals.tic)],
      [],
      [
        'Accuracy band, low',
        band ? `${band.low_pct[0]} % to ${band.low_pct[1]} %` : 'no estimate class',
        ...(band ? [moneyCell(band.low[0]), moneyCell(band.low[1])] : []),
      ],
      [
        'Accuracy band, high',
        band ? `+${band.high_pct[0]} % to +${band.high_pct[1]} %` : '',
        ...(band ? [moneyCell(band.high[0]), moneyCell(band.high[1])] : []),
      ],
      ['Lang factor (TIC / equipment)', summary.lang.factor, summary.lang.verdict],
      ['Share of equipment cost on firm quotes (%)', summary.firm_share_pct],
      [
        'Rounding',
        'Each tag figure is rounded half away from zero to the cent; totals are sums of the tag figures; each percentage is applied to the rounded total and rounded.',
      ],
    ],
    [52, 22, 20, 20],
    // Labels down the first column, each figure beside its label.
    { boldColumns: 1 },
  );
  sheet(
    workbook,
    'Tags',
    [
      [
        'Tag',
        'Description',
        'Area',
        'Category',
        'Basis',
        'How priced',
        'Quantity',
        `Unit price (${currency})`,
        'Equipment',
        'Installation factor',
        'Installation',
        'Bulks factor',
        'Bulks',
        'Direct field cost',
        'Factors from',
        'Quotes',
        'Rule step',
        'Typed price',
        'Typed currency',
        'Price source',
        'Typed on',
        `Rate to ${currency}`,
        'Estimate lines',
        'Estimate min',
        'Estimate max',
        'Size band (kW)',
        ...ESCALATION_HEADERS,
      ],
      ...summary.tags.map((t) => [
        t.tagno,
        t.description,
        t.area,
        t.category_path.join(' / ') || null,
        PRICE_BASIS_LABELS[t.basis],
        t.basis_detail,
        t.quantity,
        moneyCell(t.unit_price),
        moneyCell(t.equipment),
        Number(t.install_factor),
        moneyCell(t.installation),
        Number(t.bulks_factor),
        moneyCell(t.bulks),
        moneyCell(t.direct_field),
        t.factor_source,
        t.quotes.map((q) => `${q.quote_number} #${q.line_no}`).join(', ') || null,
        // The rule's step and what it priced from (lib/capex describePrice), so each figure can be traced.
        PRICE_STEP_LABELS[t.step],
        moneyCell(t.typed?.amount ?? null),
        t.typed?.currency ?? null,
        t.typed?.source ? fieldValueText('mech_equipment', 'price_source', t.typed.source) : null,
        t.typed?.date ?? null,
        t.typed?.rate ? Number(t.typed.rate) : null,
        t.estimate?.count ?? null,
        moneyCell(t.estimate?.min ?? null),
        moneyCell(t.estimate?.max ?? null),
        t.estimate ? sizeBandWords(t.estimate.band_low_kw, t.estimate.band_high_kw) : null,
        ...escalationCells(t),
      ]),
    ],
    [
      16, 40, 8, 40, 14, 48, 9, 16, 16, 10, 16, 10, 16, 18, 12, 30, 16, 16, 8, 14, 12, 12, 8, 14, 14, 16, 24, 12, 18,
      14, 12, 14, 12, 12, 30, 16, 40,
    ],
  );
  sheet(workbook, 'By category', groupRows(summary.by_category, true), [6, 60, 6, 16, 16, 16, 18, 16]);
  sheet(workbook, 'By area', groupRows(summary.by_area), [20, 6, 16, 16, 16, 18, 16]);
  sheet(workbook, 'By basis', groupRows(summary.by_basis), [20, 6, 16, 16, 16, 18, 16]);
  return workbook;
}

export function capexFileName(summary: CapexSummary, today = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const name = (summary.project.project_number ?? `project-${summary.project.id}`).replace(/[^A-Za-z0-9_-]+/g, '-');
  return `capex-${name}-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.xlsx`;
}

/** Writes the workbook as a download. */
export function downloadCapex(summary: CapexSummary): Promise<void> {
  return downloadWorkbook(capexWorkbook(summary), capexFileName(summary));
}
