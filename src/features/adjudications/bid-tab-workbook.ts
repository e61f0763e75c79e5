import * as XLSX from 'xlsx';
import { neutralise, MONEY_FORMAT } from '../../grids/excel';
import type { BidTab } from '../../lib/adjudications';
import { ADDER_KINDS } from '../../schemas/entities/adjudications';

type Cell = XLSX.CellObject | null;
const text = (value: string): Cell => ({ t: 's', v: neutralise(value) });
/** A decimal wire string as a number cell (every bid-tab figure has at most 2 places, well inside a double's 15 digits). */
const num = (value: string | null | undefined, format = MONEY_FORMAT): Cell => (value === null || value === undefined ? null : { t: 'n', v: Number(value), z: format });
const RATE_FORMAT = '0.00000000';

/**
 * The bid tab as a workbook with the same figures as the screen, laid out so a reader can recompute every one
 * by hand: the rate set; per item and bidder the unit price and line total in the quote's currency, the rate,
 * and the line total in the base currency (lines not quoted say so, with no figure); under them each bidder's
 * quoted total, adders with their reasons, evaluated total, scores and weighted score, and which bid is lowest,
 * lowest evaluated and recommended.
 */
export function bidTabWorkbook(tab: BidTab): XLSX.WorkBook {
  const base = tab.base_currency ?? '';
  const rows: Cell[][] = [
    [text('Adjudication'), text(tab.adjudication_number), text('Package'), text(tab.package_number)],
    [text('Rate date'), text(tab.rate_date), text('Base currency'), text(base)],
    [text('Weights (technical / commercial)'), num(String(tab.technical_weight), '0'), num(String(tab.commercial_weight), '0')],
    [],
    [text('Currency'), text(`Rate to ${base}`), text('Table rate of')],
    ...tab.rates.map((rate) => [text(rate.currency), num(rate.rate_to_base, RATE_FORMAT), rate.rate_table_date ? text(rate.rate_table_date) : null]),
    [],
    [text('Item'), text('Tag / part'), text('Description'), text('Qty'), ...tab.bidders.flatMap((b) => [text(`${b.supplier} ${b.quote_number} qty`), text(`unit price (${b.currency})`), text(`line total (${b.currency})`), text(`rate to ${base}`), text(`line total (${base})`), text('lowest')])],
    ...tab.items.map((item) => [
      num(String(item.item_no), '0'),
      text(item.tag ?? item.part ?? ''),
      text(item.description),
      num(item.quantity, '0.###'),
      ...item.cells.flatMap((cell, b) =>
        cell.status === 'not_quoted' || cell.status === 'no_rate'
          ? [null, text(cell.status === 'no_rate' ? 'no rate' : 'not quoted'), null, null, null, null]
          : [num(cell.quantity, '0.###'), num(cell.unit_price), num(cell.line_total), num(tab.bidders[b]!.rate_to_base, RATE_FORMAT), num(cell.base_total), cell.lowest ? text('lowest') : null],
      ),
    ]),
    [],
    [text('Bidder'), text('Quote'), text('Completeness'), text(`Quoted total (${base})`), ...ADDER_KINDS.map((k) => text(`${k.label} (${base})`)), text(`Evaluated total (${base})`), text('Technical'), text('Commercial'), text('Weighted score'), text('Marks'), text('Expired')],
    ...tab.bidders.map((b) => [
      text(b.supplier),
      text(b.quote_number),
      text(`${b.items_quoted} of ${b.items_in_scope}`),
      num(b.quoted_total),
      ...ADDER_KINDS.map((k) => num(b.adders.find((a) => a.kind === k.value)?.amount)),
      num(b.evaluated_total),
      num(b.technical_score, '0.0'),
      num(b.commercial_score, '0.0'),
      num(b.weighted_score, '0.00'),
      text([b.lowest_total && 'lowest total', b.lowest_evaluated && 'lowest evaluated', b.recommended && 'recommended', tab.awarded_supplier_id === b.supplier_id && 'awarded'].filter(Boolean).join(', ')),
      b.expired ? text(`expired ${b.valid_until ?? ''}`) : null,
    ]),
    [],
    [text('Adder reasons')],
    ...tab.bidders.flatMap((b) => b.adders.map((a) => [text(b.supplier), text(ADDER_KINDS.find((k) => k.value === a.kind)?.label ?? a.kind), num(a.amount), text(a.reason)])),
    ...(tab.award_reason ? [[], [text('Award reason'), text(tab.award_reason)]] : []),
  ];
  const sheet = XLSX.utils.aoa_to_sheet(rows, { dense: true });
  sheet['!cols'] = [{ wch: 34 }, { wch: 16 }, { wch: 40 }, { wch: 10 }, ...tab.bidders.flatMap(() => [{ wch: 12 }, { wch: 16 }, { wch: 16 }, { wch: 12 }, { wch: 18 }, { wch: 8 }])];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Bid tab');
  return workbook;
}

/** Saves the workbook as `<adjudication>-bid-tab.xlsx`. */
export function downloadBidTab(tab: BidTab): void {
  XLSX.writeFile(bidTabWorkbook(tab), `${tab.adjudication_number}-bid-tab.xlsx`, { compression: true });
}
