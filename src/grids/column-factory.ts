import { presenceCellStyle, presenceText } from './presence/presence-style';
import type { RowPresence } from './presence/use-row-presence';
import type {
  ColDef,
  EditableCallbackParams,
  IRowNode,
  SuppressKeyboardEventParams,
  ValueFormatterParams,
} from 'ag-grid-community';
import { fieldByName, type EntityRow, type EntitySchema, type FieldDef } from '../schemas/schema-types';
import { DateCellEditor } from './cell-editors/date-editor';
import { MoneyCellEditor, type MoneyEditorParams } from './cell-editors/money-editor';
import { SelectCellEditor, type SelectEditorParams } from './cell-editors/select-editor';
import { SuggestCellEditor, type SuggestEditorParams } from './cell-editors/suggest-editor';
import { currencyReader, displayValue } from './display-value';
import { headerName } from '../schemas/display-format';
import { sinceRowText, sinceText, type SinceMarks } from './since-marks';
import type { LookupCache } from './lookup-cache';
import type { GridRow } from './pending-changes-store';
import { rangeFilterOptions, textFilterOptions } from './server-query';
import { SetFilter, type SetFilterParams } from './set-filter';

export const STATUS_COL_ID = '__status';
/** The status column's width with a 'Changed ⚠' to show, and with nothing to show (room for a click and the since mark). */
export const STATUS_WIDTH = 96;
export const STATUS_EMPTY_WIDTH = 28;

/** The field kinds that hold numbers: right-aligned, and summed in a range's status bar. */
export const NUMERIC = new Set<FieldDef['kind']>(['integer', 'decimal', 'percent', 'money']);

/**
 * Sorting in the browser (server-query.ts): when the grid holds every row of the view, a header click
 * sorts the rows it holds instead of loading them again. The comparators order as the server does
 * (list-query.ts `ordering`): lookups by their row's label, enums in their declared order, numbers
 * numerically (decimals are strings on the wire), dates as their ISO text, blanks last both ways; text
 * case-insensitively (then by code point, so the order is total). They compare the STORED values (a
 * pending edit does not move its row, as a reload would not), and unsaved new rows stay on top. While the
 * grid holds part of the view they answer 0 (the server's order stands) and the sort goes to the server.
 */
export type ClientSort = {
  /** The grid holds every row of the view: sort here. Read when AG Grid sorts. */
  active: () => boolean;
  /** The stored row of a key (undefined for a new row). */
  stored: (key: string) => EntityRow | undefined;
  /** A lookup label was not known, so this order may differ from the server's: the sort goes to the server. */
  missed: () => void;
};

const textOrder = (a: string, b: string): number => {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
};

/** Orders two present (non-null) values of a field as the server's ORDER BY does. */
function valueOrder(field: FieldDef, lookups: LookupCache, sorting: ClientSort): (a: unknown, b: unknown) => number {
  switch (field.kind) {
    case 'integer':
    case 'decimal':
    case 'percent':
    case 'money':
      return (a, b) => Number(a) - Number(b);
    case 'boolean':
      return (a, b) => Number(a === true) - Number(b === true);
    case 'enum': {
      const position = new Map(field.options.map((o, i) => [o.value, i]));
      return (a, b) => (position.get(String(a)) ?? -1) - (position.get(String(b)) ?? -1);
    }
    case 'lookup':
      return (a, b) => {
        const la = lookups.label(field.entity, a);
        const lb = lookups.label(field.entity, b);
        if (la === undefined || lb === undefined) {
          sorting.missed();
          return Number(a) - Number(b);
        }
        return textOrder(la, lb);
      };
    default:
      return (a, b) => textOrder(String(a), String(b));
  }
}

function comparatorFor(
  field: FieldDef,
  lookups: LookupCache,
  sorting: ClientSort | undefined,
): NonNullable<ColDef<GridRow>['comparator']> {
  if (!sorting) return () => 0;
  const order = valueOrder(field, lookups, sorting);
  const name = field.name;
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  return (
    _a: unknown,
    _b: unknown,
    nodeA: IRowNode<GridRow>,
    nodeB: IRowNode<GridRow>,
    isDescending: boolean,
  ): number => {
    if (!sorting.active()) return 0;
    // AG Grid turns the answer round for a descending sort: what must stay first (new rows) or last
    // (blanks) whichever way answers accordingly.
    const first = isDescending ? 1 : -1;
    const keyA = nodeA.data?.__key ?? '';
    const keyB = nodeB.data?.__key ?? '';
    const rowA = sorting.stored(keyA);
    const rowB = sorting.stored(keyB);
    if (!rowA || !rowB) return rowA === rowB ? 0 : rowA ? -first : first;
    const a = rowA[name];
    const b = rowB[name];
    // Equal values keep the server's tie-breaker, id ascending whichever way (AG Grid turns the answer
    // round for a descending sort): the rows held must show the order a reload would.
    const byId = () => (isDescending ? -1 : 1) * (Number(rowA.id) - Number(rowB.id));
    if (blank(a) || blank(b)) return blank(a) === blank(b) ? byId() : blank(a) ? -first : first;
    return order(a, b) || byId();
  };
}

/** While a select/date popup is open, Enter and the arrows belong to it, not to the grid. */
function popupOwnsKeys(params: SuppressKeyboardEventParams): boolean {
  return params.editing && ['Enter', 'ArrowUp', 'ArrowDown'].includes(params.event.key);
}

function filterFor(field: FieldDef, lookups: LookupCache): Pick<ColDef, 'filter' | 'filterParams'> {
  const common = { maxNumConditions: 1, buttons: ['apply', 'reset'], closeOnApply: true };
  switch (field.kind) {
    case 'text':
    case 'longText':
      return {
        filter: 'agTextColumnFilter',
        filterParams: { ...common, filterOptions: textFilterOptions, defaultOption: 'srv_contains' },
      };
    case 'integer':
    case 'decimal':
    case 'percent':
    case 'money':
      return {
        filter: 'agNumberColumnFilter',
        filterParams: {
          ...common,
          filterOptions: rangeFilterOptions,
          defaultOption: 'srv_equals',
          allowedCharPattern: '\\d\\-\\.',
        },
      };
    case 'date':
      return {
        filter: 'agDateColumnFilter',
        filterParams: { ...common, filterOptions: rangeFilterOptions, defaultOption: 'srv_equals' },
      };
    case 'enum':
    case 'boolean':
    case 'lookup':
      return { filter: SetFilter, filterParams: { fieldDef: field, lookups } satisfies SetFilterParams };
  }
}

function editorFor(
  schema: EntitySchema,
  field: FieldDef,
  lookups: LookupCache,
  currencyOf: MoneyEditorParams['currencyOf'],
): Pick<ColDef, 'cellEditor' | 'cellEditorPopup' | 'cellEditorParams' | 'cellRenderer' | 'suppressKeyboardEvent'> {
  if (field.kind === 'text' && field.suggest) {
    const via = fieldByName(schema, field.suggest.projectVia);
    if (via?.kind === 'lookup')
      return {
        cellEditor: SuggestCellEditor,
        cellEditorPopup: true,
        cellEditorParams: { fieldDef: field, lookups, parentEntity: via.entity } satisfies SuggestEditorParams,
        suppressKeyboardEvent: popupOwnsKeys,
      };
  }
  switch (field.kind) {
    case 'longText':
      return {
        cellEditor: 'agLargeTextCellEditor',
        cellEditorPopup: true,
        cellEditorParams: { maxLength: field.maxLength ?? 10_000, rows: 8, cols: 60 },
      };
    case 'boolean':
      return { cellRenderer: 'agCheckboxCellRenderer', cellEditor: 'agCheckboxCellEditor' };
    case 'money':
      return { cellEditor: MoneyCellEditor, cellEditorParams: { currencyOf } satisfies MoneyEditorParams };
    case 'date':
      return { cellEditor: DateCellEditor, cellEditorPopup: true, suppressKeyboardEvent: popupOwnsKeys };
    case 'enum':
    case 'lookup':
      return {
        cellEditor: SelectCellEditor,
        cellEditorPopup: true,
        cellEditorParams: { fieldDef: field, lookups } satisfies SelectEditorParams,
        suppressKeyboardEvent: popupOwnsKeys,
      };
    default:
      // Numbers too: a text editor, so '1,250.5', '12 %' or '(250)' reach parseInput as typed.
      return { cellEditor: 'agTextCellEditor' };
  }
}

const STATUS_TEXT: Record<GridRow['__status'], string> = {
  clean: '',
  new: 'New',
  changed: 'Changed',
  deleted: 'Deleted',
};

/**
 * The status column (pinned left): New / Changed / Deleted marker, a row-error icon (CSS, see
 * entity-grid.css) and every message of the row in its tooltip; double-click opens the row.
 * No React cell renderer: React renderers in every row cost real time when scrolling 50,000 rows.
 */
export function statusColumn(
  schema: EntitySchema,
  marks: () => SinceMarks | undefined = () => undefined,
  presence: () => RowPresence | undefined = () => undefined,
): ColDef<GridRow> {
  // Messages name the column as its header does, not by the field's internal name.
  const labelOf = (name: string) => {
    const field = fieldByName(schema, name);
    return field ? headerName(field) : name;
  };
  return {
    colId: STATUS_COL_ID,
    headerName: '',
    headerTooltip: 'Row status',
    valueGetter: (p) => (p.data ? STATUS_TEXT[p.data.__status] : ''),
    tooltipValueGetter: (p) => {
      const lines = [
        ...Object.entries(p.data?.__errors ?? {}).map(([f, m]) => (f === '_row' ? m : `${labelOf(f)}: ${m}`)),
        ...Object.entries(p.data?.__warnings ?? {}).map(([f, m]) =>
          f === '_row' ? `Warning: ${m}` : `Warning: ${labelOf(f)}: ${m}`,
        ),
        sinceRowText(marks(), p.data?.__key),
        typeof p.data?.__liveBy === 'string'
          ? `Changed by ${p.data.__liveBy} while you were editing: Save offers to keep yours or take theirs`
          : undefined,
        presenceText(p.data && presence()?.get(p.data.__key)),
      ].filter((line): line is string => line !== undefined);
      return lines.length ? lines.join('\n') : undefined;
    },
    cellClass: 'tb-status',
    // Others on the row (presence): their colour and initials, drawn by entity-grid.css from these variables.
    cellStyle: (p) => (p.data && presenceCellStyle(presence()?.get(p.data.__key))) ?? null,
    cellClassRules: {
      'tb-status-presence': (p) => !!p.data && presence()?.has(p.data.__key) === true,
      'tb-status-new': (p) => p.data?.__status === 'new',
      'tb-status-changed': (p) => p.data?.__status === 'changed',
      'tb-status-deleted': (p) => p.data?.__status === 'deleted',
      'tb-status-error': (p) => !!p.data?.__errors,
      'tb-status-warning': (p) => !p.data?.__errors && !!p.data?.__warnings,
      'tb-status-since': (p) => !!p.data && marks()?.rows.has(p.data.__key) === true,
    },
    pinned: 'left',
    lockPinned: true,
    lockPosition: 'left',
    // Narrow while no row has a mark; the grid widens it to STATUS_WIDTH when one has (entity-grid.tsx).
    width: STATUS_EMPTY_WIDTH,
    sortable: false,
    filter: false,
    resizable: false,
    suppressMovable: true,
    editable: false,
  };
}

/** One column per field: col-id = field name, header = label (+unit), tooltip = help; grid hints as initial state. */
export function fieldColumns(
  schema: EntitySchema,
  canEdit: boolean,
  lookups: LookupCache,
  sorting?: ClientSort,
  marks: () => SinceMarks | undefined = () => undefined,
): ColDef<GridRow>[] {
  return schema.fields.map((field) => {
    const name = field.name;
    const currencyOf = currencyReader(schema, field, lookups);
    const formatter = (p: ValueFormatterParams<GridRow>): string =>
      // A new row's empty number is given by the save (schema `numbered`): say so rather than show a gap.
      field.numbered && p.data?.__status === 'new' && (p.value === null || p.value === undefined)
        ? 'auto'
        : displayValue(field, p.value, currencyOf(p.data), lookups);
    const column: ColDef<GridRow> = {
      colId: name,
      field: name,
      headerName: headerName(field),
      headerTooltip: field.help,
      initialWidth: field.grid?.width ?? 150,
      initialPinned: field.grid?.pinned,
      initialHide: field.grid?.hidden ?? false,
      sortable: true,
      comparator: comparatorFor(field, lookups, sorting),
      ...filterFor(field, lookups),
      ...editorFor(schema, field, lookups, currencyOf),
      valueFormatter: field.kind === 'boolean' ? undefined : formatter,
      editable: (p: EditableCallbackParams<GridRow>) => canEdit && !field.readOnly && p.data?.__status !== 'deleted',
      cellClass: NUMERIC.has(field.kind) ? 'ag-right-aligned-cell' : undefined,
      headerClass: NUMERIC.has(field.kind) ? 'ag-right-aligned-header' : undefined,
      cellClassRules: {
        'tb-cell-changed': (p) => p.data?.__changed?.[name] === true,
        'tb-cell-error': (p) => p.data?.__errors?.[name] !== undefined,
        'tb-cell-warning': (p) => p.data?.__warnings?.[name] !== undefined && p.data.__errors?.[name] === undefined,
        'tb-cell-readonly': () => !!field.readOnly,
        'tb-cell-auto': (p) =>
          !!field.numbered && p.data?.__status === 'new' && (p.value === null || p.value === undefined),
        'tb-cell-since': (p) => sinceText(marks(), p.data?.__key, name) !== undefined,
      },
      tooltipValueGetter: (p) =>
        p.data?.__errors?.[name] ??
        (p.data?.__warnings?.[name] !== undefined ? `Warning: ${p.data.__warnings[name]}` : undefined) ??
        sinceText(marks(), p.data?.__key, name) ??
        (field.kind === 'longText' && typeof p.value === 'string' ? p.value.slice(0, 500) : undefined) ??
        // A wide amount is cut by its column ('USD 1,234,5…'): the whole figure, formatted, on hover.
        (NUMERIC.has(field.kind) && p.value !== null && p.value !== undefined && p.value !== ''
          ? displayValue(field, p.value, currencyOf(p.data), lookups)
          : undefined),
    };
    return column;
  });
}
