import BookmarksOutlined from '@mui/icons-material/BookmarksOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  TextField,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState, type FormEvent } from 'react';
import { VIEW_NAME_MAX } from '../../lib/saved-views';
import { findEntitySchema } from '../../schemas/registry';
import { fieldByName, type EntitySchema } from '../../schemas/schema-types';
import type { SavedViews } from './use-saved-views';

type Props = { schema: EntitySchema; scoped: boolean; views: SavedViews };

/** Who a shared view reaches, in words: "everyone on this project", "everyone who sees Clients". */
function audience(schema: EntitySchema, scoped: boolean): string {
  const root = scoped && schema.scope ? fieldByName(schema, schema.scope.root) : undefined;
  const document = root?.kind === 'lookup' ? findEntitySchema(root.entity)?.label.toLowerCase() : undefined;
  return document ? `everyone on this ${document}` : `everyone who sees ${schema.labelPlural}`;
}

/**
 * The grid toolbar's view picker: the list's saved views (own and shared), Save view…, Save as…, the share
 * toggle, Copy link, Delete and Reset. The button names the view shown, and says when the grid has moved
 * away from it since (a filter, a sort, a column).
 */
export function ViewPicker({ schema, scoped, views }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'save' | 'saveAs' | 'delete' | null>(null);
  const { current, modified } = views;
  const close = () => setAnchor(null);
  const reach = audience(schema, scoped);
  const act = (then: () => void) => () => {
    close();
    then();
  };
  const copyLink = async () => {
    const link = views.link();
    try {
      await navigator.clipboard.writeText(link);
      enqueueSnackbar('Copied the link to this view', { variant: 'success' });
    } catch {
      // No clipboard (an insecure origin): the address bar holds the same link.
      enqueueSnackbar(`Copy this link: ${link}`, { variant: 'info' });
    }
  };
  const label = current ? `View: ${current.name}${modified ? ' (modified)' : ''}` : 'Views';
  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarksOutlined />}
        aria-haspopup="menu"
        title={
          current
            ? `${current.name}${current.mine ? '' : `, ${current.ownerName}'s view`}${modified ? ': changed since it was saved (Save view… keeps the change)' : ''}`
            : 'Saved views: filters, sort and columns kept by name'
        }
        onClick={(event) => {
          setAnchor(event.currentTarget);
          void views.refresh();
        }}
        sx={{ maxWidth: 320, '& .MuiButton-startIcon': { flexShrink: 0 } }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {label}
        </Box>
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-label': 'Saved views', dense: true } }}
      >
        <ListSubheader sx={{ lineHeight: '32px' }}>Views of {schema.labelPlural}</ListSubheader>
        {/* Words, not menu items: nothing to pick. */}
        {views.views === null && (
          <Box
            role="status"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 0.5,
              color: 'text.secondary',
              typography: 'body2',
            }}
          >
            <CircularProgress size={16} /> Loading views…
          </Box>
        )}
        {views.views?.length === 0 && (
          <Box role="note" sx={{ px: 2, py: 0.5, color: 'text.secondary', typography: 'body2' }}>
            No saved views yet: Save as… keeps this one
          </Box>
        )}
        {views.views?.map((view) => (
          <MenuItem key={view.id} selected={view.id === current?.id} onClick={act(() => views.open(view))}>
            <ListItemText
              primary={view.name}
              secondary={
                view.shared ? (view.mine ? `Shared by you with ${reach}` : `Shared by ${view.ownerName}`) : 'Only you'
              }
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={act(() => setDialog(current ? 'save' : 'saveAs'))}
          disabled={!!current && !current.canChange}
        >
          {current ? `Save view "${current.name}"…` : 'Save view…'}
        </MenuItem>
        <MenuItem onClick={act(() => setDialog('saveAs'))}>Save as…</MenuItem>
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={current?.shared ?? false}
          onClick={act(() => void views.share(!current?.shared).catch(() => undefined))}
          disabled={!current?.canChange}
        >
          <ListItemIcon>
            <Checkbox size="small" edge="start" checked={current?.shared ?? false} tabIndex={-1} disableRipple />
          </ListItemIcon>
          <ListItemText>Shared with {reach}</ListItemText>
        </MenuItem>
        <MenuItem onClick={act(() => void copyLink())} disabled={!current}>
          Copy link
        </MenuItem>
        <MenuItem onClick={act(() => setDialog('delete'))} disabled={!current?.canChange}>
          Delete view
        </MenuItem>
        <Divider />
        <MenuItem onClick={act(views.reset)}>
          Reset (no view: all filters off, the list's own columns and order)
        </MenuItem>
      </Menu>
      {(dialog === 'save' || dialog === 'saveAs') && (
        <SaveViewDialog mode={dialog} views={views} reach={reach} onClose={() => setDialog(null)} />
      )}
      {dialog === 'delete' && current && (
        <Dialog open onClose={() => setDialog(null)} aria-labelledby="tb-delete-view-title">
          <DialogTitle id="tb-delete-view-title">Delete the view "{current.name}"?</DialogTitle>
          <DialogContent>
            {current.shared
              ? `It is shared: ${reach} loses it too.`
              : 'The grid keeps what it shows; the view is gone.'}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)}>Keep it</Button>
            <Button
              color="error"
              variant="contained"
              onClick={() =>
                void views.remove().then(
                  () => setDialog(null),
                  () => undefined,
                )
              }
            >
              Delete view
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

/** Save view… (into the current view: its name and sharing can change too) and Save as… (a new view of yours). */
function SaveViewDialog({
  mode,
  views,
  reach,
  onClose,
}: {
  mode: 'save' | 'saveAs';
  views: SavedViews;
  reach: string;
  onClose: () => void;
}) {
  const into = mode === 'save' ? views.current : null;
  const [name, setName] = useState(into?.name ?? '');
  const [shared, setShared] = useState(into?.shared ?? false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const titleId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Give the view a name');
    setSaving(true);
    try {
      await (into ? views.saveCurrent(name, shared) : views.saveAs(name, shared));
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{into ? `Save view "${into.name}"` : 'Save as a new view'}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="View name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            slotProps={{ htmlInput: { maxLength: VIEW_NAME_MAX } }}
            helperText="Keeps the filters, the sort, and the columns' order, widths, pinning and hiding"
          />
          <FormControlLabel
            control={<Checkbox checked={shared} onChange={(_event, checked) => setShared(checked)} />}
            label={`Share with ${reach}`}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
