import type { Workbook } from '../../grids/excel/exceljs';
import {
  MONEY_FORMAT,
  numberCell,
  RATE_FORMAT,
  textCell,
  type SheetCell,
  type SheetRow,
} from '../../grids/excel/sheet-cells';
import { addSheet, newWorkbook } from '../../grids/excel/styled-sheet';
import { downloadWorkbook } from '../../grids/excel/workbook-file';
import type { BidTab } from '../../lib/adjudications';
import { ADDER_KINDS } from '../../schemas/entities/adjudications';
import { fieldValueText } from '../../schemas/field-words';

type Cell = SheetCell | null;
const text = (value: string): Cell => textCell(value);
/** A decimal wire string as a number cell (every bid-tab figure has at most 2 places, well inside a double's 15 digits). */
const num = (value: string | null | undefined, format = MONEY_FORMAT): Cell =>
  value === null || value === undefined ? null : numberCell(Number(value), format);

/**
 * The bid tab as a workbook with the same figures as the screen, laid out so a reader can recompute every one
 * by hand: the rate set; per item and bidder the unit price and line total in the quote's currency, the rate,
 * and the line total in the base currency (lines not quoted say so, with no figure); under them each bidder's
 * chosen options, quoted total ("incomplete: no total" for a bid leaving a line unpriced), adders with their
 * reasons, evaluated total, scores and weighted score, which bid is lowest, lowest evaluated and recommended,
 * and why each other is not; then every option and alternative offered, chosen or not.
 */
export function bidTabWorkbook(tab: BidTab): Workbook {
  const base = tab.base_currency ?? '';
  // The header row of each table on the sheet, set in bold.
  const headings = new Set<SheetRow>();
  const heading = (row: Cell[]): Cell[] => {
    headings.add(row);
    return row;
  };
  const rows: Cell[][] = [
    [text('Adjudication'), text(tab.adjudication_number), text('Package'), text(tab.package_number)],
    [text('Rate date'), text(tab.rate_date), text('Base currency'), text(base)],
    [
      text('Weights (technical / commercial)'),
      num(String(tab.technical_weight), '0'),
      num(String(tab.commercial_weight), '0'),
    ],
    [],
    heading([text('Currency'), text(`Rate to ${base}`), text('Table rate of')]),
    ...tab.rates.map((rate) => [
      text(rate.currency),
      num(rate.rate_to_base, RATE_FORMAT),
      rate.rate_table_date ? text(rate.rate_table_date) : null,
    ]),
    [],
    heading([
      text('Item'),
      text('Tag / part'),
      text('Description'),
      text('Qty'),
      ...tab.bidders.flatMap((b) => [
        text(`${b.supplier} ${b.quote_number} qty`),
        text(`unit price (${b.currency})`),
        text(`line total (${b.currency})`),
        text(`rate to ${base}`),
        text(`line total (${base})`),
        text('lowest'),
      ]),
    ]),
    ...tab.items.map((item) => [
      num(String(item.item_no), '0'),
      text(item.tag ?? item.part ?? ''),
      text(item.description),
      num(item.quantity, '0.###'),
      ...item.cells.flatMap((cell, b) =>
        cell.status === 'not_quoted' || cell.status === 'no_rate'
          ? [null, text(cell.status === 'no_rate' ? 'no rate' : 'not quoted'), null, null, null, null]
          : [
              num(cell.quantity, '0.###'),
              num(cell.unit_price),
              num(cell.line_total),
              num(tab.bidders[b]!.rate_to_base, RATE_FORMAT),
              num(cell.base_total),
              text(
                [cell.lowest && 'lowest', cell.status === 'alternative' && `alternative line ${cell.line_no ?? ''}`]
                  .filter(Boolean)
                  .join(', '),
              ),
            ],
      ),
    ]),
    [],
    heading([
      text('Bidder'),
      text('Quote'),
      text('Completeness'),
      text(`Chosen options (${base})`),
      text(`Quoted total (${base})`),
      ...ADDER_KINDS.map((k) => text(`${k.label} (${base})`)),
      text(`Evaluated total (${base})`),
      text('Technical'),
      text('Commercial'),
      text('Weighted score'),
      text('Marks'),
      text('Expired'),
      text('Why not recommended'),
    ]),
    ...tab.bidders.map((b) => [
      text(b.supplier),
      text(b.quote_number),
      text(`${b.items_quoted} of ${b.items_in_scope}${b.complete ? '' : ' (incomplete)'}`),
      num(b.options_total),
      // An incomplete bid has no total: the cell says so (an empty or 0 cell would add up as nothing).
      b.complete ? num(b.quoted_total) : text('incomplete: no total'),
      ...ADDER_KINDS.map((k) => num(b.adders.find((a) => a.kind === k.value)?.amount)),
      b.complete ? num(b.evaluated_total) : text('incomplete: no total'),
      num(b.technical_score, '0.0'),
      num(b.commercial_score, '0.0'),
      num(b.weighted_score, '0.00'),
      text(
        [
          b.lowest_total && 'lowest total',
          b.lowest_evaluated && 'lowest evaluated',
          b.recommended && 'recommended',
          tab.awarded_supplier_id === b.supplier_id && 'awarded',
        ]
          .filter(Boolean)
          .join(', '),
      ),
      b.expired ? text(`expired ${b.valid_until ?? ''}`) : null,
      b.why_not ? text(b.why_not) : null,
    ]),
    ...(tab.bidders.some((b) => b.offered.length > 0)
      ? [
          [],
          heading([
            text('Options and alternatives offered'),
            text('Line'),
            text('Type'),
            text('Description'),
            text('For item'),
            text('Line total (quote currency)'),
            text(`Line total (${base})`),
            text('Chosen'),
            text('Reason'),
          ]),
          ...tab.bidders.flatMap((b) =>
            b.offered.map((o) => [
              text(b.supplier),
              num(String(o.line_no), '0'),
              text(fieldValueText('quote_lines', 'line_type', o.line_type)),
              text(o.description),
              o.item_no === null ? null : num(String(o.item_no), '0'),
              o.line_total === null ? text('not quoted') : num(o.line_total),
              num(o.base_total),
              text(o.chosen ? 'chosen' : 'not chosen'),
              o.reason ? text(o.reason) : null,
            ]),
          ),
        ]
      : []),
    [],
    heading([text('Adder reasons')]),
    ...tab.bidders.flatMap((b) =>
      b.adders.map((a) => [
        text(b.supplier),
        text(ADDER_KINDS.find((k) => k.value === a.kind)?.label ?? a.kind),
        num(a.amount),
        text(a.reason),
      ]),
    ),
    ...(tab.award_reason ? [[], [text('Award reason'), text(tab.award_reason)]] : []),
  ];
  const workbook = newWorkbook();
  addSheet(workbook, 'Bid tab', rows, {
    widths: [34, 16, 40, 10, ...tab.bidders.flatMap(() => [12, 16, 16, 12, 18, 8])],
    boldRows: rows.flatMap((row, index) => (headings.has(row) ? [index] : [])),
  });
  return workbook;
}

/** Saves the workbook as `<adjudication>-bid-tab.xlsx`. */
export function downloadBidTab(tab: BidTab): Promise<void> {
  return downloadWorkbook(bidTabWorkbook(tab), `${tab.adjudication_number}-bid-tab.xlsx`);
}
