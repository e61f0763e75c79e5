import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import type { ColDef } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useState } from 'react';
import { gridTheme } from '../ag-grid-setup';
import type { FindChange, FindOptions, FindResult } from '../../lib/find-replace';

export type FindScope = 'list' | 'selection' | 'column';

/** What the dialog asks the grid for: a plan over a scope, the next match, applying the changes. */
export type FindActions = {
  /** The scopes on offer: the selection only when a range of two cells or more is drawn; the column by its label. */
  scopes: { selection: boolean; column: string | null };
  plan: (
    find: string,
    replaceWith: string | null,
    options: FindOptions,
    scope: FindScope,
  ) => FindResult | { error: string };
  findNext: (find: string, options: FindOptions, scope: FindScope) => string | null;
  apply: (changes: readonly FindChange[]) => void;
};

const PREVIEW_COLUMNS: ColDef<FindChange>[] = [
  { field: 'rowLabel', headerName: 'Row', width: 180 },
  { field: 'fieldLabel', headerName: 'Field', width: 150 },
  { field: 'before', headerName: 'Before', flex: 1 },
  {
    field: 'after',
    headerName: 'After',
    flex: 1,
    cellClassRules: { 'tb-cell-error': (p) => !!p.data?.error },
    tooltipValueGetter: (p) => p.data?.error,
  },
];

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Ctrl+F / Ctrl+H in a grid: find (the next match, the count) and replace, in the list, the selection or the focused
 * column; match case, whole cell, regular expression. A replace is previewed change by change (row, field, before,
 * after; a text its field cannot read is marked) and applied only when confirmed, as pending edits: one undo step,
 * validated, saved with Save.
 */
export function FindReplaceDialog({
  open,
  replace,
  actions,
  canEdit,
  onClose,
  partial,
}: {
  open: boolean;
  replace: boolean;
  actions: FindActions;
  canEdit: boolean;
  onClose: () => void;
  /** Said first when the search cannot reach the whole list (one read in blocks, large-list/). */
  partial?: string;
}) {
  const [find, setFind] = useState('');
  const [replaceWith, setReplaceWith] = useState('');
  const [options, setOptions] = useState<FindOptions>({ matchCase: false, wholeCell: false, regex: false });
  const [scope, setScope] = useState<FindScope>('list');
  const [message, setMessage] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);
  const [preview, setPreview] = useState<FindResult | null>(null);
  const withReplace = replace && canEdit;
  const scopeNow: FindScope =
    scope === 'selection' && !actions.scopes.selection
      ? 'list'
      : scope === 'column' && !actions.scopes.column
        ? 'list'
        : scope;
  const reset = () => {
    setPreview(null);
    setMessage(null);
  };
  const option = (name: keyof FindOptions, label: string) => (
    <FormControlLabel
      control={
        <Checkbox
          size="small"
          checked={options[name]}
          onChange={(e) => (setOptions({ ...options, [name]: e.target.checked }), reset())}
        />
      }
      label={label}
    />
  );
  const findNext = () => {
    const found = actions.findNext(find, options, scopeNow);
    setMessage(found === null ? { severity: 'info', text: 'No cell matches' } : { severity: 'info', text: found });
  };
  const findAll = () => {
    const result = actions.plan(find, null, options, scopeNow);
    setPreview(null);
    setMessage(
      'error' in result
        ? { severity: 'error', text: result.error }
        : { severity: 'info', text: `${count(result.matches, 'cell')} ${result.matches === 1 ? 'matches' : 'match'}` },
    );
  };
  const previewReplace = () => {
    const result = actions.plan(find, replaceWith, options, scopeNow);
    if ('error' in result) {
      setPreview(null);
      setMessage({ severity: 'error', text: result.error });
      return;
    }
    setPreview(result);
    const unread = result.changes.filter((c) => c.error).length;
    const notes = [
      result.skipped ? `${count(result.skipped, 'read-only cell')} left as they are` : '',
      unread ? `${count(unread, 'new text')} its field cannot read (marked; kept as an error to fix)` : '',
    ].filter(Boolean);
    setMessage({
      severity: 'info',
      text: `${count(result.changes.length, 'change')} of ${count(result.matches, 'matching cell')}${notes.length ? `; ${notes.join('; ')}` : ''}`,
    });
  };
  const apply = () => {
    if (!preview) return;
    actions.apply(preview.changes);
    reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="tb-find-title">
      <DialogTitle id="tb-find-title">{withReplace ? 'Find and replace' : 'Find'}</DialogTitle>
      <DialogContent>
        {partial && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {partial}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 2, mt: 1 }}>
          <TextField
            autoFocus
            size="small"
            label="Find"
            value={find}
            onChange={(e) => (setFind(e.target.value), reset())}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), withReplace ? previewReplace() : findNext())}
            fullWidth
          />
          {withReplace && (
            <TextField
              size="small"
              label="Replace with"
              value={replaceWith}
              onChange={(e) => (setReplaceWith(e.target.value), reset())}
              fullWidth
            />
          )}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
          {option('matchCase', 'Match case')}
          {option('wholeCell', 'Whole cell')}
          {option('regex', 'Regular expression')}
        </Box>
        <RadioGroup
          row
          aria-label="Within"
          value={scopeNow}
          onChange={(e) => (setScope(e.target.value as FindScope), reset())}
        >
          <Typography variant="body2" sx={{ alignSelf: 'center', mr: 1 }}>
            Within:
          </Typography>
          <FormControlLabel value="list" control={<Radio size="small" />} label="The list" />
          <FormControlLabel
            value="selection"
            control={<Radio size="small" />}
            label="The selection"
            disabled={!actions.scopes.selection}
          />
          <FormControlLabel
            value="column"
            control={<Radio size="small" />}
            label={actions.scopes.column ? `The column ${actions.scopes.column}` : 'The column'}
            disabled={!actions.scopes.column}
          />
        </RadioGroup>
        {message && (
          <Alert severity={message.severity} sx={{ mt: 1 }} role="status">
            {message.text}
          </Alert>
        )}
        {preview && preview.changes.length > 0 && (
          <Box sx={{ height: 300, mt: 1 }} role="region" aria-label="Replace preview">
            <AgGridReact<FindChange>
              theme={gridTheme}
              rowData={preview.changes}
              columnDefs={PREVIEW_COLUMNS}
              rowBuffer={0}
              enableBrowserTooltips
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button onClick={findAll}>Count matches</Button>
        <Button onClick={findNext}>Find next</Button>
        {withReplace && (
          <Button onClick={previewReplace} variant={preview ? 'text' : 'contained'}>
            Preview replace
          </Button>
        )}
        {withReplace && preview && (
          <Button variant="contained" onClick={apply} disabled={preview.changes.length === 0}>
            {`Replace ${count(preview.changes.length, 'cell')}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
