import { AgGridReact } from 'ag-grid-react';
import {
  PinnedRowModule,
  type ColDef,
  type ColGroupDef,
  type GridApi,
  type ICellRendererParams,
} from 'ag-grid-community';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ensureAgGridModules, GRID_ROW_HEIGHT, gridTheme } from '../../grids/ag-grid-setup';
import type { BidTab, BidTabBidder, BidTabCell, BidTabItem } from '../../lib/adjudications';
import { groupDecimal } from '../../schemas/display-format';
import { ADDER_KINDS } from '../../schemas/entities/adjudications';

/**
 * The rows area's height under autoHeight. AG Grid keeps at least 150 px (room for its no-rows overlay): a
 * tab of three items showed an empty band above its totals. Exactly the rows' height instead, plus the
 * horizontal scrollbar's when the columns overflow: AG Grid takes that from the rows area, and the last item
 * was cut in half behind the totals. One theme per height (themes are cached by AG Grid's CSS injection).
 */
const SCROLLBAR = 16;
const themes = new Map<number, typeof gridTheme>();
function bidTabTheme(rowsHeight: number) {
  let theme = themes.get(rowsHeight);
  if (!theme) themes.set(rowsHeight, (theme = gridTheme.withParams({ autoHeightMinBodyHeight: rowsHeight })));
  return theme;
}

/** A grid row: an item of the package, or a footer row (totals, adders, evaluated, scores). */
type Row = {
  key: string;
  item_no: string;
  scope: string;
  description: string;
  quantity: string;
  cells?: BidTabCell[];
  footer?: { label: string; values: (string | null)[]; marked: boolean[] };
};

const money = (value: string | null | undefined) =>
  value === null || value === undefined ? '' : groupDecimal(value, 2);
export const completenessOf = (bidder: BidTabBidder) =>
  `${bidder.items_quoted} of ${bidder.items_in_scope} items${bidder.percent === null ? '' : ` (${bidder.percent} %)`}`;

function footerRows(tab: BidTab): Row[] {
  const row = (
    key: string,
    label: string,
    values: (string | null)[],
    marked: boolean[] = values.map(() => false),
  ): Row => ({ key, item_no: '', scope: '', description: label, quantity: '', footer: { label, values, marked } });
  const kindLabel = (kind: string) => ADDER_KINDS.find((k) => k.value === kind)?.label ?? kind;
  const kinds = ADDER_KINDS.map((k) => k.value).filter((kind) =>
    tab.bidders.some((b) => b.adders.some((a) => a.kind === kind)),
  );
  const optionsChosen = tab.bidders.some((b) => b.offered.some((o) => o.chosen && o.line_type === 'option'));
  return [
    ...(optionsChosen
      ? [
          row(
            'options',
            `Chosen options, in the quoted total (${tab.base_currency ?? ''})`,
            tab.bidders.map((b) => b.options_total),
          ),
        ]
      : []),
    row(
      'quoted',
      `Quoted total (${tab.base_currency ?? ''})`,
      tab.bidders.map((b) => b.quoted_total),
      tab.bidders.map((b) => b.lowest_total),
    ),
    ...kinds.map((kind) =>
      row(
        `adder-${kind}`,
        `+ ${kindLabel(kind)}`,
        tab.bidders.map((b) => b.adders.find((a) => a.kind === kind)?.amount ?? null),
      ),
    ),
    row(
      'evaluated',
      `Evaluated total (${tab.base_currency ?? ''})`,
      tab.bidders.map((b) => b.evaluated_total),
      tab.bidders.map((b) => b.lowest_evaluated),
    ),
    row(
      'score',
      `Weighted score (${tab.technical_weight} / ${tab.commercial_weight})`,
      tab.bidders.map((b) => b.weighted_score),
      tab.bidders.map((b) => b.recommended),
    ),
  ];
}

/** A bidder's line total: the figure with a "lowest" mark, or "not quoted" (never 0). */
function LineTotal({ cell, supplier }: { cell: BidTabCell | undefined; supplier: string }) {
  if (!cell || cell.status === 'not_quoted') return <span className="tb-not-quoted">not quoted</span>;
  if (cell.status === 'no_rate') return <span className="tb-not-quoted">no rate</span>;
  return (
    <span aria-label={cell.lowest ? `${money(cell.base_total)}, lowest (${supplier})` : undefined}>
      {money(cell.base_total)}
      {cell.status === 'alternative' && (
        <span className="tb-alt" title={`Alternative line ${cell.line_no ?? ''} chosen: ${cell.reason ?? ''}`}>
          {' '}
          alt. line {cell.line_no}
        </span>
      )}
      {cell.lowest && <span className="tb-lowest-chip">lowest</span>}
    </span>
  );
}

function FooterValue({ row, index, tab }: { row: Row; index: number; tab: BidTab }) {
  const footer = row.footer!;
  const value = footer.values[index];
  const marked = footer.marked[index];
  const mark = row.key === 'score' ? 'recommended' : row.key === 'evaluated' ? 'lowest evaluated' : 'lowest';
  if (row.key === 'score')
    return (
      <span>
        {value ?? 'not scored'}
        {marked && <span className="tb-lowest-chip tb-recommended-chip">recommended</span>}
      </span>
    );
  const bidder = tab.bidders[index];
  // An incomplete bid has no total: it says so, never 0 and never a partial sum.
  if ((row.key === 'quoted' || row.key === 'evaluated') && bidder && !bidder.complete) {
    return (
      <span className="tb-incomplete">
        incomplete ({bidder.items_quoted} of {bidder.items_in_scope})
      </span>
    );
  }
  return (
    <span aria-label={marked ? `${money(value)}, ${mark} (${tab.bidders[index]?.supplier ?? ''})` : undefined}>
      {value === null || value === undefined ? '—' : money(value)}
      {marked && <span className="tb-lowest-chip">{mark}</span>}
    </span>
  );
}

/**
 * The bid tab's grid, read-only: rows = the package's items, one column group per bidder (its quote,
 * currency and completeness in the header; unit price and line total in the base currency), the lowest per
 * line marked, "not quoted" for a missing line, a chosen alternative marked with its line; pinned at the
 * bottom the chosen options, the quoted totals, the adders, the evaluated totals (lowest marked; "incomplete"
 * for a bid that leaves a line unpriced) and the weighted scores (recommended marked).
 */
export function BidTabGrid({ tab }: { tab: BidTab }) {
  ensureAgGridModules();
  const columns = useMemo<(ColDef<Row> | ColGroupDef<Row>)[]>(
    () => [
      { headerName: 'Item', field: 'item_no', width: 70, pinned: 'left' },
      { headerName: 'Tag / part', field: 'scope', width: 130, pinned: 'left' },
      {
        headerName: 'Description',
        field: 'description',
        width: 300,
        pinned: 'left',
        cellClass: (p) => (p.data?.footer ? 'tb-footer-label' : ''),
      },
      { headerName: 'Qty', field: 'quantity', width: 70 },
      ...tab.bidders.map((bidder, b): ColGroupDef<Row> => ({
        headerName: `${bidder.supplier} — ${bidder.quote_number} (${bidder.currency}) — ${completenessOf(bidder)}${bidder.complete ? '' : ' — INCOMPLETE'}${bidder.expired ? ' — EXPIRED' : ''}`,
        headerClass: bidder.recommended ? 'tb-recommended-head' : undefined,
        headerTooltip: `${bidder.supplier}, ${bidder.quote_number} in ${bidder.currency} at ${bidder.rate_to_base ?? 'no rate'}: ${completenessOf(bidder)} quoted`,
        wrapHeaderText: true,
        autoHeaderHeight: true,
        children: [
          {
            colId: `unit-${b}`,
            headerName: `Unit price (${tab.base_currency ?? ''})`,
            width: 140,
            type: 'rightAligned',
            valueGetter: (p) => (p.data?.footer ? '' : money(p.data?.cells?.[b]?.base_unit_price)),
          },
          {
            colId: `total-${b}`,
            headerName: `Line total (${tab.base_currency ?? ''})`,
            width: 200,
            type: 'rightAligned',
            cellClass: (p) => (p.data?.cells?.[b]?.lowest || p.data?.footer?.marked[b] ? 'tb-lowest' : ''),
            cellRenderer: (p: ICellRendererParams<Row>) =>
              p.data?.footer ? (
                <FooterValue row={p.data} index={b} tab={tab} />
              ) : (
                <LineTotal cell={p.data?.cells?.[b]} supplier={bidder.supplier} />
              ),
          },
        ],
      })),
    ],
    [tab],
  );
  const rows = useMemo(
    () =>
      tab.items.map((item: BidTabItem): Row => ({
        key: String(item.item_id),
        item_no: String(item.item_no),
        scope: item.tag ?? item.part ?? '',
        description: item.description,
        quantity: groupDecimal(item.quantity.includes('.') ? item.quantity.replace(/\.?0+$/, '') : item.quantity),
        cells: item.cells,
      })),
    [tab],
  );
  const footer = useMemo(() => footerRows(tab), [tab]);
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const measure = useCallback(({ api }: { api: GridApi<Row> }) => {
    const columns = api.getAllDisplayedColumns().reduce((sum, column) => sum + column.getActualWidth(), 0);
    setOverflows(columns > (box.current?.clientWidth ?? Infinity) - 2);
  }, []);
  return (
    // A short tab sizes to its rows; a long one scrolls inside 600 px with the totals pinned in view.
    <div
      ref={box}
      style={rows.length + footer.length > 16 ? { height: 600 } : undefined}
      role="region"
      aria-label="Bid tab"
    >
      <AgGridReact<Row>
        theme={bidTabTheme(rows.length * GRID_ROW_HEIGHT + (overflows ? SCROLLBAR : 0))}
        onGridReady={measure}
        onGridSizeChanged={measure}
        onColumnResized={measure}
        modules={[PinnedRowModule]}
        columnDefs={columns}
        rowData={rows}
        pinnedBottomRowData={footer}
        getRowId={(p) => p.data.key}
        domLayout={rows.length + footer.length > 16 ? 'normal' : 'autoHeight'}
        defaultColDef={{ sortable: false, resizable: true, suppressMovable: true }}
        suppressCellFocus={false}
        enableBrowserTooltips
        // A few columns per bidder: every one is rendered, so a bidder off to the right is still in the page.
        suppressColumnVirtualisation
      />
    </div>
  );
}
