import type { BidTab, BidTabBidder } from '../../../../lib/adjudications';
import { ADDER_KINDS } from '../../../../schemas/entities/adjudications';
import { fieldValueText } from '../../../../schemas/field-words';
import { AppError } from '../../../http/app-error';
import { readBidTab } from '../../adjudications';
import type { DocCell, DocColumn, DocRow, DocSection } from '../document-model';
import type { SourceContext, SourceResult } from './source-context';

/**
 * The bid tab deliverable (#31 item 2): per package item every bidder's price in its quote's currency and in the
 * base currency at the adjudication's frozen rates, lines not quoted said so, chosen options, then per bidder the
 * quoted total (none for an incomplete bid), adders, evaluated total, scores and marks, the options and
 * alternatives offered, and the recommendation and award with its reason. In the workbook each base-currency
 * figure is ROUND(quote-currency total x RATE_<currency>, 2), the rate a defined name at its cell of the rates
 * table, so an auditor traces every figure to the quote and the frozen rate.
 */

const n = (value: string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);
const rateName = (currency: string): string => `RATE_${currency.replace(/[^A-Za-z0-9]/g, '_')}`;
const money = (key: string, label: string, unit: string, extra: Partial<DocColumn> = {}): DocColumn => ({
  key,
  label,
  unit,
  kind: 'number',
  decimals: 2,
  width: 13,
  ...extra,
});

function linesSection(tab: BidTab, base: string): DocSection {
  const columns: DocColumn[] = [
    { key: 'item', label: 'Item', kind: 'number', width: 5 },
    { key: 'tag', label: 'Tag / part', kind: 'text', width: 13 },
    { key: 'description', label: 'Description', kind: 'text', width: 26 },
    { key: 'qty', label: 'Qty', kind: 'number', decimals: 0, width: 5 },
    ...tab.bidders.flatMap((b, i) => {
      const group = `${b.supplier} (${b.quote_number})`;
      return [
        money(`b${i}_unit`, 'Unit price', b.currency, { group }),
        money(`b${i}_total`, 'Line total', b.currency, { group }),
        money(`b${i}_base`, 'Line total', base, {
          group,
          ...(b.complete && b.rate_to_base !== null ? { total: true } : { noTotal: 'incomplete: no total' }),
        }),
      ];
    }),
  ];
  const baseCell = (b: BidTabBidder, i: number, value: string | null): DocCell =>
    value === null ? null : { value: n(value), formula: `ROUND({b${i}_total}*{=${rateName(b.currency)}},2)` };
  const rows: DocRow[] = tab.items.map((item) => ({
    key: `item:${item.item_no}`,
    cells: [
      item.item_no,
      item.tag ?? item.part ?? '',
      item.description,
      n(item.quantity),
      ...item.cells.flatMap((cell, i): DocCell[] => {
        const b = tab.bidders[i] as BidTabBidder;
        if (cell.status === 'not_quoted') return ['not quoted', null, null];
        if (cell.status === 'no_rate') return [n(cell.unit_price), n(cell.line_total), 'no rate'];
        const mark = cell.status === 'alternative' ? ` (alt. line ${cell.line_no ?? ''})` : '';
        return [
          mark ? `${cell.unit_price ?? ''}${mark}` : n(cell.unit_price),
          n(cell.line_total),
          baseCell(b, i, cell.base_total),
        ];
      }),
    ],
  }));
  // A chosen option is part of its bidder's quoted total: a line of its own, in that bidder's columns only.
  tab.bidders.forEach((b, i) => {
    for (const o of b.offered.filter((offer) => offer.chosen && offer.line_type === 'option')) {
      const cells: DocCell[] = [
        null,
        o.tag ?? o.part ?? '',
        `Option (${b.supplier} line ${o.line_no}): ${o.description}`,
        null,
        ...tab.bidders.flatMap(() => [null, null, null] as DocCell[]),
      ];
      cells[4 + i * 3 + 1] = n(o.line_total);
      cells[4 + i * 3 + 2] = baseCell(b, i, o.base_total);
      rows.push({ key: `option:${o.quote_line_id}`, cells });
    }
  });
  return {
    id: 'lines',
    title: `Bid tab ${tab.adjudication_number}: package ${tab.package_number}`,
    columns,
    rows,
    totalLabel: `Quoted total (${base})`,
    notes: [
      `Prices in each quote's currency and in ${base} at the rates frozen for ${tab.rate_date}; an incomplete bid has no total.`,
    ],
  };
}

function ratesSection(tab: BidTab, base: string): DocSection {
  return {
    title: 'Frozen rates',
    columns: [
      { key: 'currency', label: 'Currency', kind: 'text', width: 10 },
      { key: 'rate', label: `Rate to ${base}`, kind: 'number', decimals: 8, width: 14 },
      { key: 'table', label: 'Table rate of', kind: 'text', width: 12 },
      { key: 'frozen', label: 'Frozen for', kind: 'text', width: 12 },
    ],
    rows: tab.rates.map((r) => ({
      key: `rate:${r.currency}`,
      cells: [r.currency, { value: n(r.rate_to_base), name: rateName(r.currency) }, r.rate_table_date, r.frozen_for],
    })),
  };
}

function evaluationSection(tab: BidTab, base: string): DocSection {
  const adderColumns = ADDER_KINDS.map((k) => money(k.value, k.label, base, { width: 10 }));
  const columns: DocColumn[] = [
    { key: 'supplier', label: 'Bidder', kind: 'text', width: 18 },
    { key: 'quote', label: 'Quote', kind: 'text', width: 12 },
    { key: 'scope', label: 'Lines quoted', kind: 'text', width: 10 },
    money('quoted', 'Quoted total', base),
    ...adderColumns,
    money('evaluated', 'Evaluated total', base),
    { key: 'technical', label: 'Technical', kind: 'number', decimals: 1, width: 8 },
    { key: 'commercial', label: 'Commercial', kind: 'number', decimals: 1, width: 8 },
    { key: 'weighted', label: 'Weighted score', kind: 'number', decimals: 2, width: 9 },
    { key: 'marks', label: 'Marks', kind: 'text', width: 18 },
    { key: 'why', label: 'Why not recommended', kind: 'text', width: 26 },
  ];
  const rows: DocRow[] = tab.bidders.map((b) => ({
    key: `bidder:${b.supplier_id}`,
    strong: b.recommended,
    cells: [
      b.supplier,
      b.quote_number,
      `${b.items_quoted} of ${b.items_in_scope}`,
      b.complete ? n(b.quoted_total) : 'incomplete: no total',
      ...ADDER_KINDS.map((k) => n(b.adders.find((a) => a.kind === k.value)?.amount)),
      b.evaluated_total === null
        ? 'incomplete: no total'
        : {
            value: n(b.evaluated_total),
            formula: `ROUND(${['quoted', ...ADDER_KINDS.map((k) => k.value)].map((key) => `N({${key}})`).join('+')},2)`,
          },
      n(b.technical_score),
      n(b.commercial_score),
      n(b.weighted_score),
      [
        b.lowest_total && 'lowest total',
        b.lowest_evaluated && 'lowest evaluated',
        b.recommended && 'recommended',
        tab.awarded_supplier_id === b.supplier_id && 'awarded',
        b.expired && `expired ${b.valid_until ?? ''}`,
      ]
        .filter(Boolean)
        .join(', '),
      b.why_not,
    ],
  }));
  return {
    title: 'Evaluation',
    columns,
    rows,
    notes: [`Weights: technical ${tab.technical_weight} %, commercial ${tab.commercial_weight} %.`],
  };
}

function offeredSection(tab: BidTab, base: string): DocSection | null {
  const rows: DocRow[] = tab.bidders.flatMap((b) =>
    b.offered.map((o) => ({
      key: `offered:${o.quote_line_id}`,
      cells: [
        b.supplier,
        o.line_no,
        fieldValueText('quote_lines', 'line_type', o.line_type),
        o.description,
        o.item_no,
        o.line_total === null ? 'not quoted' : n(o.line_total),
        n(o.base_total),
        o.chosen ? 'chosen' : 'not chosen',
        o.reason,
      ],
    })),
  );
  if (rows.length === 0) return null;
  return {
    title: 'Options and alternatives offered',
    columns: [
      { key: 'supplier', label: 'Bidder', kind: 'text', width: 18 },
      { key: 'line', label: 'Line', kind: 'number', width: 5 },
      { key: 'type', label: 'Type', kind: 'text', width: 10 },
      { key: 'description', label: 'Description', kind: 'text', width: 30 },
      { key: 'item', label: 'For item', kind: 'number', width: 6 },
      money('total', 'Line total', 'quote currency'),
      money('base', 'Line total', base),
      { key: 'chosen', label: 'Chosen', kind: 'text', width: 9 },
      { key: 'reason', label: 'Reason', kind: 'text', width: 24 },
    ],
    rows,
  };
}

function awardSection(tab: BidTab): DocSection {
  const name = (id: number | null) => tab.bidders.find((b) => b.supplier_id === id)?.supplier ?? '';
  const facts: [string, string][] = [
    ['Status', tab.status],
    ['Recommended', name(tab.recommended_supplier_id) || 'none: no complete, scored bid'],
    ['Awarded to', name(tab.awarded_supplier_id) || 'not awarded yet'],
    ['Awarded on', tab.awarded_on ?? ''],
    ['Award reason', tab.award_reason ?? ''],
    ...tab.warnings.map((w): [string, string] => ['Note', w]),
  ];
  return {
    title: 'Recommendation and award',
    columns: [
      { key: 'what', label: 'What', kind: 'text', width: 14 },
      { key: 'value', label: 'Value', kind: 'text', width: 160 },
    ],
    rows: facts.map(([what, value], i) => ({ key: `award:${i}`, cells: [what, value] })),
  };
}

export async function bidTab(ctx: SourceContext): Promise<SourceResult> {
  const id = ctx.document.adjudication_id;
  if (typeof id !== 'number')
    throw new AppError(
      'validation_failed',
      'A bid tab prints an adjudication: choose its Adjudication in the register first.',
      { fields: { adjudication_id: 'Required for a bid tab' } },
    );
  const tab = await readBidTab(ctx.db, id);
  if (tab.project_id !== ctx.projectId)
    throw new AppError('validation_failed', `Adjudication ${tab.adjudication_number} belongs to another project.`, {
      fields: { adjudication_id: 'Another project' },
    });
  const base = tab.base_currency ?? '';
  // The lines first (their header is the one frozen in the workbook), then the rates they were converted at.
  return {
    sections: [
      linesSection(tab, base),
      ratesSection(tab, base),
      evaluationSection(tab, base),
      ...[offeredSection(tab, base)].filter((s): s is DocSection => s !== null),
      awardSection(tab),
    ],
  };
}
