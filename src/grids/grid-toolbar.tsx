import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RedoIcon from '@mui/icons-material/Redo';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import SaveIcon from '@mui/icons-material/Save';
import UndoIcon from '@mui/icons-material/Undo';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { Box, Button, Checkbox, Divider, LinearProgress, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { LoadState } from './use-entity-rows';
import type { PendingSummary } from './pending-changes-store';

export type ColumnChoice = { colId: string; label: string; visible: boolean };

type Props = {
  canEdit: boolean;
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
  onAdd: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  onDiscard: () => void;
  onResetColumns: () => void;
  onToggleColumn: (colId: string, visible: boolean) => void;
  onOpen?: () => void;
};

export function pendingText(s: PendingSummary): string {
  if (s.total === 0) return 'No unsaved changes';
  const n = (count: number) => count.toLocaleString('en-US');
  const parts = [`${n(s.changed)} ${s.changed === 1 ? 'row' : 'rows'} changed`, `${n(s.created)} new`, `${n(s.deleted)} deleted`];
  return s.errors ? `${parts.join(', ')} · ${n(s.errors)} with errors` : parts.join(', ');
}

/** Buttons carry their names as text so their accessible names are exactly 'Add row', 'Save'... */
export function GridToolbar(props: Props) {
  const { canEdit, summary, selectedCount, load } = props;
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const loadingText = load.error ? `Could not load: ${load.error}` : load.loading ? `Loading ${load.loaded.toLocaleString('en-US')}${load.total !== null ? ` of ${load.total.toLocaleString('en-US')}` : ''} rows…` : `${(load.total ?? 0).toLocaleString('en-US')} ${load.total === 1 ? 'row' : 'rows'}`;
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, p: 0.5 }}>
        {canEdit && (
          <>
            <Button size="small" startIcon={<AddIcon />} onClick={props.onAdd}>
              Add row
            </Button>
            <Button size="small" startIcon={<ContentCopyIcon />} onClick={props.onDuplicate} disabled={selectedCount === 0}>
              Duplicate
            </Button>
            <Button size="small" startIcon={props.deleteRestores ? <RestoreFromTrashIcon /> : <DeleteOutlineIcon />} onClick={props.onDelete} disabled={selectedCount === 0}>
              {props.deleteRestores ? 'Restore' : 'Delete'}
            </Button>
            <Divider orientation="vertical" flexItem />
            <Button size="small" startIcon={<UndoIcon />} onClick={props.onUndo} disabled={!props.canUndo} title="Ctrl+Z">
              Undo
            </Button>
            <Button size="small" startIcon={<RedoIcon />} onClick={props.onRedo} disabled={!props.canRedo} title="Ctrl+Y">
              Redo
            </Button>
            <Divider orientation="vertical" flexItem />
            <Button size="small" variant="contained" startIcon={<SaveIcon />} onClick={props.onSave} disabled={(summary.total === 0 && !props.editing) || props.saving} title="Ctrl+S">
              Save
            </Button>
            <Button size="small" onClick={props.onDiscard} disabled={summary.total === 0 || props.saving}>
              Discard
            </Button>
          </>
        )}
        {props.onOpen && (
          <Button size="small" onClick={props.onOpen} disabled={selectedCount !== 1}>
            Open
          </Button>
        )}
        <Button size="small" startIcon={<ViewColumnIcon />} onClick={(e) => setMenu(e.currentTarget)} aria-haspopup="menu">
          Columns
        </Button>
        <Button size="small" onClick={props.onResetColumns}>
          Reset columns
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
      {load.loading && <LinearProgress variant={load.total ? 'determinate' : 'indeterminate'} value={load.total ? (100 * load.loaded) / load.total : 0} aria-label="Loading rows" />}
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
