import {
  CellStyleModule,
  CheckboxEditorModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  CustomEditorModule,
  CustomFilterModule,
  DateFilterModule,
  EventApiModule,
  HighlightChangesModule,
  InfiniteRowModelModule,
  LargeTextEditorModule,
  ModuleRegistry,
  NumberFilterModule,
  PinnedRowModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  TextEditorModule,
  TextFilterModule,
  themeQuartz,
  TooltipModule,
  type Module,
} from 'ag-grid-community';

/**
 * The AG Grid Community modules EntityGrid uses, and no others (no enterprise modules): a grid screen
 * loads 48 KB less gzipped JavaScript than with AllCommunityModule. (Creating the grid did not get
 * measurably faster: see ARCHITECTURE.md, "Benchmarks and open work".) A feature whose module is missing
 * logs "AG Grid: error #200" and does nothing; the browser tests fail on that message
 * (tests/e2e/support/fixtures.ts), so a new grid feature needs its module here.
 */
export const GRID_MODULES: Module[] = [
  ClientSideRowModelModule,
  ClientSideRowModelApiModule, // applyTransaction(Async), flushAsyncTransactions
  InfiniteRowModelModule, // a list too large to hold, read in blocks (large-list/)
  PinnedRowModule, // its unsaved new rows, pinned on top (large-list/apply-rows.ts)
  RowApiModule, // getRowNode, getDisplayedRowAtIndex
  ScrollApiModule, // ensureIndexVisible
  RenderApiModule, // refreshCells
  EventApiModule, // addEventListener: the cell ranges follow the focused cell (ranges/use-cell-ranges.ts)
  ColumnApiModule, // column state (layout per user), visibility
  ColumnAutoSizeModule, // double-click a header's edge to fit the column to its content
  RowSelectionModule,
  CellStyleModule, // cellClass, cellClassRules: changed and invalid cells
  RowStyleModule, // rowClassRules: new, changed and deleted rows
  TooltipModule, // error messages and help on cells and headers
  HighlightChangesModule, // flashCells: a row another user changed flashes where it changed (use-live-rows.ts)
  TextEditorModule,
  LargeTextEditorModule,
  CheckboxEditorModule,
  CustomEditorModule, // date picker, type-ahead select
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  CustomFilterModule, // enum and lookup set filter
];

/** Registering is idempotent, but the list is set once per page, whichever grid mounts first. */
let registered = false;
export function ensureAgGridModules(): void {
  if (registered) return;
  ModuleRegistry.registerModules(GRID_MODULES);
  registered = true;
}

/** Compact Quartz matching the MUI theme (primary #0f4c81, 13 px Inter): power users want density. */
/** A grid row's height (px): the bid tab sizes its rows area by it. */
export const GRID_ROW_HEIGHT = 28;

export const gridTheme = themeQuartz.withParams({
  accentColor: '#0f4c81',
  fontFamily: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  fontSize: 12,
  headerFontSize: 12,
  spacing: 5,
  rowHeight: GRID_ROW_HEIGHT,
  headerHeight: 32,
  borderColor: '#dde3ea',
  headerBackgroundColor: '#f4f6f9',
  wrapperBorderRadius: 4,
});
