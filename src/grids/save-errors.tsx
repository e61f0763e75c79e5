import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { GridApi } from 'ag-grid-community';
import { headerName } from '../schemas/display-format';
import { fieldByName, type EntitySchema } from '../schemas/schema-types';
import { STATUS_COL_ID } from './column-factory';
import { isNewKey, type GridRow, type PendingChangesStore } from './pending-changes-store';

/** One cell (or row, `field` '_row') whose error blocks the save, as the list shows it. */
export type SaveErrorEntry = { key: string; row: string; field: string; fieldLabel: string; message: string };

const ROW = '_row';
/** A 5,000-row paste with an error on each row lists the first ones: the list is for going to them, not reading all. */
const MAX_LISTED = 300;

/**
 * Every error of the pending changes, one entry per cell: the row by its tag (the schema's label field, as
 * edited; a new row without one by its place among the new rows), the field by its column header, the
 * message. In the grid's order when it shows the row, new rows first otherwise.
 */
export function saveErrorEntries(
  schema: EntitySchema,
  store: PendingChangesStore,
  api: GridApi<GridRow> | null,
): SaveErrorEntry[] {
  const { errors, createdOrder } = store.state;
  const keys = Object.keys(errors);
  const place = (key: string) => api?.getRowNode(key)?.rowIndex ?? (isNewKey(key) ? -1 : Number.MAX_SAFE_INTEGER);
  keys.sort((a, b) => place(a) - place(b));
  return keys.flatMap((key) => {
    const label = store.displayRow(key)?.[schema.labelField];
    const row =
      label !== null && label !== undefined && label !== ''
        ? String(label)
        : isNewKey(key)
          ? `New row ${createdOrder.indexOf(key) + 1}`
          : `#${key}`;
    return Object.entries(errors[key] ?? {}).map(([field, message]) => {
      const def = fieldByName(schema, field);
      return { key, row, field, fieldLabel: field === ROW ? 'Row' : def ? headerName(def) : field, message };
    });
  });
}

/**
 * Takes the user to an entry's cell: the row scrolled into view, its column shown (a hidden column that
 * holds an error is shown) and scrolled to, and the cell focused, ready to be typed over. A row-level error
 * goes to the row's label column. Answers false when the grid does not show the row (a filter hides it).
 */
export function focusErrorCell(api: GridApi<GridRow>, schema: EntitySchema, entry: SaveErrorEntry): boolean {
  const node = api.getRowNode(entry.key);
  if (!node || node.rowIndex === null) return false;
  const wanted = entry.field === ROW ? schema.labelField : entry.field;
  const column =
    api.getColumn(wanted) ?? api.getAllDisplayedColumns().find((c) => c.getColId() !== STATUS_COL_ID) ?? null;
  if (!column) return false;
  if (!column.isVisible()) api.setColumnsVisible([column], true);
  api.ensureNodeVisible(node, 'middle');
  api.ensureColumnVisible(column, 'auto');
  api.setFocusedCell(node.rowIndex, column);
  return true;
}

type Props = {
  entries: readonly SaveErrorEntry[];
  /** Pending changes without errors: kept (not saved) until the errors are fixed. */
  waiting: number;
  onPick: (entry: SaveErrorEntry) => void;
  onClose: () => void;
};

/**
 * The list a Save blocked by errors opens, above the grid: every row and field in error with its message;
 * a click goes to the cell. It stays open while the user fixes them (each fixed cell leaves the list) and
 * closes itself when none are left. Nothing was saved: a Save is one transaction, so the rows without
 * errors stay pending (said here) and go with the next Save.
 */
export function SaveErrorsPanel({ entries, waiting, onPick, onClose }: Props) {
  if (entries.length === 0) return null;
  const rows = new Set(entries.map((e) => e.key)).size;
  return (
    <Box
      role="region"
      aria-label="Errors blocking the save"
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: '#fdf3f3', px: 1, py: 0.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" sx={{ flex: 1 }}>
          <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
            Nothing saved: {rows === 1 ? '1 row has' : `${rows.toLocaleString('en-US')} rows have`}{' '}
            {entries.length === 1 ? 'an error' : `${entries.length.toLocaleString('en-US')} errors`}. Click one to go to
            its cell.
          </Box>
          {waiting > 0 && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' '}
              Your {waiting === 1 ? 'other change is' : `${waiting.toLocaleString('en-US')} other changes are`} kept,
              pending: a save is all or nothing, so {waiting === 1 ? 'it goes' : 'they go'} with the next Save.
            </Box>
          )}
        </Typography>
        <IconButton size="small" aria-label="Close the error list" onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <List dense disablePadding sx={{ maxHeight: 150, overflow: 'auto' }} aria-label="Rows and fields in error">
        {entries.slice(0, MAX_LISTED).map((entry) => (
          <ListItemButton key={`${entry.key}:${entry.field}`} onClick={() => onPick(entry)} sx={{ py: 0 }}>
            <ListItemText
              primary={
                <>
                  <strong>{entry.row}</strong> · {entry.fieldLabel}: {entry.message}
                </>
              }
              slotProps={{ primary: { variant: 'body2' } }}
            />
          </ListItemButton>
        ))}
      </List>
      {entries.length > MAX_LISTED && (
        <Typography variant="caption" color="text.secondary">
          and {(entries.length - MAX_LISTED).toLocaleString('en-US')} more (the first {MAX_LISTED} are listed; fix them
          and the next ones follow)
        </Typography>
      )}
    </Box>
  );
}
