import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RedoIcon from '@mui/icons-material/Redo';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import SaveIcon from '@mui/icons-material/Save';
import UndoIcon from '@mui/icons-material/Undo';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import FindReplaceIcon from '@mui/icons-material/FindReplace';
import {
  Box,
  Button,
  Checkbox,
  Divider,
  LinearProgress,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { LoadState } from './use-entity-rows';
import type { PendingSummary } from './pending-changes-store';

export type ColumnChoice = { colId: string; label: string; visible: boolean };

type Props = {
  canEdit: boolean;
  /** Why the list is read-only (shown when canEdit is false), e.g. "Read-only: your role (viewer) cannot change Clients". */
  readOnlyNotice?: string;
  /** Bumped when the user tried to change a read-only list: the notice draws the eye. */
  readOnlyNudge?: number;
  summary: PendingSummary;
  selectedCount: number;
  /** Every selected row is marked deleted: the Delete button restores them, and says so. */
  deleteRestores: boolean;
  canUndo: boolean;
  canRedo: boolean;
  saving: boolean;
  /** A cell editor is open: its value is not pending yet, but Save commits it first. */
  editing: boolean;
  load: LoadState;
  columns: () => ColumnChoice[];
  extras?: ReactNode;
  /** The saved views' picker (views/view-picker.tsx), beside Columns. */
  views?: ReactNode;
  onAdd: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  /** Saves again accepting the warnings the server listed (acceptWarnings). */
  onSaveAnyway: () => void;
  /** Opens the list of the rows and fields in error (save-errors.tsx). */
  onShowErrors?: () => void;
  onDiscard: () => void;
  /** Opens find (and replace, when the list can be edited): Ctrl+F / Ctrl+H. */
  onFind?: () => void;
  onToggleColumn: (colId: string, visible: boolean) => void;
  onOpen?: () => void;
  /** A second action on the ticked or focused row, beside Open (e.g. its own page). */
  rowAction?: { label: string; run: () => void };
};

/** "1 row", "2 rows", "1 pending change", "2 pending changes": the count and its noun, singular or plural. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/** "1 pending change: 1 row changed", "3 pending changes: 1 row changed, 2 new rows · 1 row with errors". */
export function pendingText(s: PendingSummary): string {
  if (s.total === 0 && s.errors === 0) return 'No unsaved changes';
  const parts = [
    s.changed ? `${counted(s.changed, 'row')} changed` : '',
    s.created ? counted(s.created, 'new row') : '',
    s.deleted ? `${counted(s.deleted, 'row')} deleted` : '',
  ].filter(Boolean);
  const text = `${counted(s.total, 'pending change')}${parts.length ? `: ${parts.join(', ')}` : ''}`;
  const marks = [
    s.errors ? `${counted(s.errors, 'row')} with errors` : '',
    s.warnings ? `${counted(s.warnings, 'row')} with warnings` : '',
  ].filter(Boolean);
  return marks.length ? `${text} · ${marks.join(' · ')}` : text;
}

/** The Open button's tooltip: how rows open, and why double-click on an editable cell edits instead. */
export const OPEN_HINT =
  'Opens the ticked row, else the row of the selected cell. Double-click a read-only cell or a row status cell to open its row; double-click an editable cell to edit it.';

/** Buttons carry their names as text so their accessible names are exactly 'Add row', 'Save'... */
export function GridToolbar(props: Props) {
  const { canEdit, summary, selectedCount, load } = props;
  const notice = props.readOnlyNotice ?? 'Read-only: you cannot change this list';
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const loadingText = load.error
    ? `Could not load: ${load.error}`
    : load.loading
      ? `Loading ${load.loaded.toLocaleString('en-US')}${load.total !== null ? ` of ${load.total.toLocaleString('en-US')}` : ''} rows…`
      : `${(load.total ?? 0).toLocaleString('en-US')} ${load.total === 1 ? 'row' : 'rows'}`;
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, p: 0.5 }}>
        {canEdit && (
          <>
            <Button size="small" startIcon={<AddIcon />} onClick={props.onAdd}>
              Add row
            </Button>
            <Button
              size="small"
              startIcon={<ContentCopyIcon />}
              onClick={props.onDuplicate}
              disabled={selectedCount === 0}
            >
              Duplicate
            </Button>
            <Button
              size="small"
              startIcon={props.deleteRestores ? <RestoreFromTrashIcon /> : <DeleteOutlineIcon />}
              onClick={props.onDelete}
              disabled={selectedCount === 0}
            >
              {props.deleteRestores ? 'Restore' : 'Delete'}
            </Button>
            <Divider orientation="vertical" flexItem />
            <Button
              size="small"
              startIcon={<UndoIcon />}
              onClick={props.onUndo}
              disabled={!props.canUndo}
              title="Ctrl+Z"
            >
              Undo
            </Button>
            <Button
              size="small"
              startIcon={<RedoIcon />}
              onClick={props.onRedo}
              disabled={!props.canRedo}
              title="Ctrl+Y"
            >
              Redo
            </Button>
            <Divider orientation="vertical" flexItem />
            <Button
              size="small"
              variant="contained"
              startIcon={<SaveIcon />}
              onClick={props.onSave}
              disabled={(summary.total === 0 && !props.editing) || props.saving}
              title="Ctrl+S"
            >
              Save
            </Button>
            <Button size="small" onClick={props.onDiscard} disabled={summary.total === 0 || props.saving}>
              Discard
            </Button>
            {summary.errors > 0 && props.onShowErrors && (
              <Button
                size="small"
                color="error"
                onClick={props.onShowErrors}
                title="List the rows and fields in error; click one to go to its cell"
              >
                Show errors
              </Button>
            )}
            {summary.warnings > 0 && (
              <>
                <Typography variant="body2" sx={{ color: '#b26a00', fontWeight: 600, ml: 1 }}>
                  {summary.warnings === 1 ? '1 row has warnings' : `${counted(summary.warnings, 'row')} have warnings`}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  color="warning"
                  onClick={props.onSaveAnyway}
                  disabled={props.saving || summary.errors > 0}
                  title="Save the rows with warnings as they are (the warnings are marked in amber; hover a cell to read its warning)"
                >
                  Save anyway
                </Button>
              </>
            )}
          </>
        )}
        {!canEdit && (
          <Typography
            key={props.readOnlyNudge ?? 0}
            role="note"
            variant="body2"
            className={props.readOnlyNudge ? 'tb-readonly-nudge' : undefined}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              px: 1,
              py: 0.25,
              borderRadius: 1,
              bgcolor: '#eef2f7',
              color: 'text.secondary',
              fontWeight: 500,
            }}
          >
            <LockOutlinedIcon fontSize="inherit" aria-hidden />
            {notice}
          </Typography>
        )}
        {props.onOpen && (
          <Tooltip title={OPEN_HINT} describeChild>
            <span>
              <Button size="small" onClick={props.onOpen} disabled={selectedCount > 1}>
                Open
              </Button>
            </span>
          </Tooltip>
        )}
        {props.rowAction && (
          <Button size="small" onClick={props.rowAction.run} disabled={selectedCount > 1}>
            {props.rowAction.label}
          </Button>
        )}
        {props.onFind && (
          <Tooltip title={canEdit ? 'Find and replace (Ctrl+F, Ctrl+H)' : 'Find (Ctrl+F)'}>
            <Button size="small" startIcon={<FindReplaceIcon />} onClick={props.onFind}>
              {canEdit ? 'Find & replace' : 'Find'}
            </Button>
          </Tooltip>
        )}
        {props.views}
        <Button
          size="small"
          startIcon={<ViewColumnIcon />}
          onClick={(e) => setMenu(e.currentTarget)}
          aria-haspopup="menu"
        >
          Columns
        </Button>
        {props.extras}
        <Box sx={{ flex: 1 }} />
        {canEdit && (
          <Typography role="status" variant="body2" color={summary.errors ? 'error' : 'text.secondary'} sx={{ mr: 1 }}>
            {pendingText(summary)}
          </Typography>
        )}
        <Typography variant="body2" color={load.error ? 'error' : 'text.secondary'} aria-live="polite">
          {loadingText}
        </Typography>
      </Box>
      {load.loading && (
        <LinearProgress
          variant={load.total ? 'determinate' : 'indeterminate'}
          value={load.total ? (100 * load.loaded) / load.total : 0}
          aria-label="Loading rows"
        />
      )}
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {menu &&
          props.columns().map((c) => (
            <MenuItem key={c.colId} dense onClick={() => props.onToggleColumn(c.colId, !c.visible)}>
              <ListItemIcon>
                <Checkbox size="small" edge="start" checked={c.visible} tabIndex={-1} disableRipple />
              </ListItemIcon>
              <ListItemText>{c.label}</ListItemText>
            </MenuItem>
          ))}
      </Menu>
    </Box>
  );
}
