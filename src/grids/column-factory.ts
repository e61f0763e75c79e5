import type { ColDef, EditableCallbackParams, SuppressKeyboardEventParams, ValueFormatterParams } from 'ag-grid-community';
import { fieldByName, type EntitySchema, type FieldDef } from '../schemas/schema-types';
import { DateCellEditor } from './cell-editors/date-editor';
import { MoneyCellEditor, type MoneyEditorParams } from './cell-editors/money-editor';
import { SelectCellEditor, type SelectEditorParams } from './cell-editors/select-editor';
import { currencyReader, displayValue } from './display-value';
import { headerName } from '../schemas/display-format';
import type { LookupCache } from './lookup-cache';
import type { GridRow } from './pending-changes-store';
import { rangeFilterOptions, textFilterOptions } from './server-query';
import { SetFilter, type SetFilterParams } from './set-filter';

export const STATUS_COL_ID = '__status';

const NUMERIC = new Set<FieldDef['kind']>(['integer', 'decimal', 'percent', 'money']);
const sameOrder = () => 0;

/** While a select/date popup is open, Enter and the arrows belong to it, not to the grid. */
function popupOwnsKeys(params: SuppressKeyboardEventParams): boolean {
  return params.editing && ['Enter', 'ArrowUp', 'ArrowDown'].includes(params.event.key);
}

function filterFor(field: FieldDef, lookups: LookupCache): Pick<ColDef, 'filter' | 'filterParams'> {
  const common = { maxNumConditions: 1, buttons: ['apply', 'reset'], closeOnApply: true };
  switch (field.kind) {
    case 'text':
    case 'longText':
      return { filter: 'agTextColumnFilter', filterParams: { ...common, filterOptions: textFilterOptions, defaultOption: 'srv_contains' } };
    case 'integer':
    case 'decimal':
    case 'percent':
    case 'money':
      return { filter: 'agNumberColumnFilter', filterParams: { ...common, filterOptions: rangeFilterOptions, defaultOption: 'srv_equals', allowedCharPattern: '\\d\\-\\.' } };
    case 'date':
      return { filter: 'agDateColumnFilter', filterParams: { ...common, filterOptions: rangeFilterOptions, defaultOption: 'srv_equals' } };
    case 'enum':
    case 'boolean':
    case 'lookup':
      return { filter: SetFilter, filterParams: { fieldDef: field, lookups } satisfies SetFilterParams };
  }
}

function editorFor(field: FieldDef, lookups: LookupCache, currencyOf: MoneyEditorParams['currencyOf']): Pick<ColDef, 'cellEditor' | 'cellEditorPopup' | 'cellEditorParams' | 'cellRenderer' | 'suppressKeyboardEvent'> {
  switch (field.kind) {
    case 'longText':
      return { cellEditor: 'agLargeTextCellEditor', cellEditorPopup: true, cellEditorParams: { maxLength: field.maxLength ?? 10_000, rows: 8, cols: 60 } };
    case 'boolean':
      return { cellRenderer: 'agCheckboxCellRenderer', cellEditor: 'agCheckboxCellEditor' };
    case 'money':
      return { cellEditor: MoneyCellEditor, cellEditorParams: { currencyOf } satisfies MoneyEditorParams };
    case 'date':
      return { cellEditor: DateCellEditor, cellEditorPopup: true, suppressKeyboardEvent: popupOwnsKeys };
    case 'enum':
    case 'lookup':
      return { cellEditor: SelectCellEditor, cellEditorPopup: true, cellEditorParams: { fieldDef: field, lookups } satisfies SelectEditorParams, suppressKeyboardEvent: popupOwnsKeys };
    default:
      // Numbers too: a text editor, so '1,250.5', '12 %' or '(250)' reach parseInput as typed.
      return { cellEditor: 'agTextCellEditor' };
  }
}

const STATUS_TEXT: Record<GridRow['__status'], string> = { clean: '', new: 'New', changed: 'Changed', deleted: 'Deleted' };

/**
 * The status column (pinned left): New / Changed / Deleted marker, a row-error icon (CSS, see
 * entity-grid.css) and every message of the row in its tooltip; double-click opens the row.
 * No React cell renderer: React renderers in every row cost real time when scrolling 50,000 rows.
 */
export function statusColumn(schema: EntitySchema): ColDef<GridRow> {
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
    tooltipValueGetter: (p) => (p.data?.__errors ? Object.entries(p.data.__errors).map(([f, m]) => (f === '_row' ? m : `${labelOf(f)}: ${m}`)).join('\n') : undefined),
    cellClass: 'tb-status',
    cellClassRules: {
      'tb-status-new': (p) => p.data?.__status === 'new',
      'tb-status-changed': (p) => p.data?.__status === 'changed',
      'tb-status-deleted': (p) => p.data?.__status === 'deleted',
      'tb-status-error': (p) => !!p.data?.__errors,
    },
    pinned: 'left',
    lockPinned: true,
    lockPosition: 'left',
    width: 96,
    sortable: false,
    filter: false,
    resizable: false,
    suppressMovable: true,
    editable: false,
  };
}

/** One column per field: col-id = field name, header = label (+unit), tooltip = help; grid hints as initial state. */
export function fieldColumns(schema: EntitySchema, canEdit: boolean, lookups: LookupCache): ColDef<GridRow>[] {
  return schema.fields.map((field) => {
    const name = field.name;
    const currencyOf = currencyReader(schema, field, lookups);
    const formatter = (p: ValueFormatterParams<GridRow>): string => displayValue(field, p.value, currencyOf(p.data), lookups);
    const column: ColDef<GridRow> = {
      colId: name,
      field: name,
      headerName: headerName(field),
      headerTooltip: field.help,
      initialWidth: field.grid?.width ?? 150,
      initialPinned: field.grid?.pinned,
      initialHide: field.grid?.hidden ?? false,
      sortable: true,
      comparator: sameOrder,
      ...filterFor(field, lookups),
      ...editorFor(field, lookups, currencyOf),
      valueFormatter: field.kind === 'boolean' ? undefined : formatter,
      editable: (p: EditableCallbackParams<GridRow>) => canEdit && !field.readOnly && p.data?.__status !== 'deleted',
      cellClass: NUMERIC.has(field.kind) ? 'ag-right-aligned-cell' : undefined,
      headerClass: NUMERIC.has(field.kind) ? 'ag-right-aligned-header' : undefined,
      cellClassRules: {
        'tb-cell-changed': (p) => p.data?.__changed?.[name] === true,
        'tb-cell-error': (p) => p.data?.__errors?.[name] !== undefined,
        'tb-cell-readonly': () => !!field.readOnly,
      },
      tooltipValueGetter: (p) => p.data?.__errors?.[name] ?? (field.kind === 'longText' && typeof p.value === 'string' ? p.value.slice(0, 500) : undefined),
    };
    return column;
  });
}
