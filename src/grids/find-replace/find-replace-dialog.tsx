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
import { useRef, useState } from 'react';
import { gridTheme } from '../ag-grid-setup';
import type { FindChange, FindOptions, FindResult } from '../../lib/find-replace';
import { count, previewText, replaceLabel } from './preview-text';

export type FindScope = 'list' | 'selection' | 'column';

/**
 * A replace planned: its changes (on the server, the first of them listed, `changeCount` all of them), and for a
 * list read in blocks, `apply`, which saves it at once (`savesAtOnce`), after the grid's own pending changes
 * (`savesFirst` of them); its changes in new rows not saved yet (`newRowChanges`, listed first) are made as
 * pending edits, as in a grid holding every row.
 */
export type FindPreview = FindResult & {
  changeCount?: number;
  unreadable?: number;
  savesAtOnce?: boolean;
  savesFirst?: number;
  newRowChanges?: number;
  newRowsUnreadable?: number;
  apply?: (acceptWarnings?: boolean) => Promise<ApplyOutcome | void>;
};

/**
 * How a replace saved at once went: null saved; warnings to confirm (then "anyway"), why it failed, or the view
 * changed since the preview (409): previewed again (`again`), with what happened (`note`).
 */
export type ApplyOutcome = null | { error: string } | { warnings: string } | { again: FindPreview; note: string };

type Answer<T> = T | Promise<T>;

/**
 * What the dialog asks the grid for: a plan over a scope, the next match, applying the changes. The grid holding
 * its rows answers at once; a list read in blocks asks the server (server-find.ts), so each may be a promise.
 */
export type FindActions = {
  /** The scopes on offer: the selection only when a range of two cells or more is drawn; the column by its label. */
  scopes: { selection: boolean; column: string | null };
  /** The search is the server's, over the whole view (a list read in blocks). */
  wholeView?: boolean;
  plan: (
    find: string,
    replaceWith: string | null,
    options: FindOptions,
    scope: FindScope,
  ) => Answer<FindPreview | { error: string }>;
  findNext: (find: string, options: FindOptions, scope: FindScope) => Answer<string | null>;
  apply: (preview: FindPreview, acceptWarnings?: boolean) => Answer<ApplyOutcome | void>;
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
  notice,
}: {
  open: boolean;
  replace: boolean;
  actions: FindActions;
  canEdit: boolean;
  onClose: () => void;
  /** Said first: how far the search reaches (a list read in blocks is searched on the server, large-list/). */
  notice?: string;
}) {
  const [find, setFind] = useState('');
  const [replaceWith, setReplaceWith] = useState('');
  const [options, setOptions] = useState<FindOptions>({ matchCase: false, wholeCell: false, regex: false });
  const [scope, setScope] = useState<FindScope>('list');
  const [message, setMessage] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);
  const [preview, setPreview] = useState<FindPreview | null>(null);
  /** A server search under way (its number: an answer to an older one is dropped), and warnings to confirm. */
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);
  const [warned, setWarned] = useState(false);
  const withReplace = replace && canEdit;
  const scopeNow: FindScope =
    scope === 'selection' && !actions.scopes.selection
      ? 'list'
      : scope === 'column' && !actions.scopes.column
        ? 'list'
        : scope;
  const reset = () => {
    asked.current += 1;
    setBusy(false);
    setPreview(null);
    setWarned(false);
    setMessage(null);
  };
  /** Runs one of the actions; an answer that comes after the terms changed (reset) is dropped. */
  const run = async <T,>(answer: Answer<T>, then: (value: T) => void, doing = 'Searching the whole list…') => {
    const mine = ++asked.current;
    setBusy(true);
    if (actions.wholeView) setMessage({ severity: 'info', text: doing });
    const value = await answer;
    if (mine !== asked.current) return;
    setBusy(false);
    then(value);
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
  const findNext = () =>
    void run(actions.findNext(find, options, scopeNow), (found) =>
      setMessage(found === null ? { severity: 'info', text: 'No cell matches' } : { severity: 'info', text: found }),
    );
  const findAll = () =>
    void run(actions.plan(find, null, options, scopeNow), (result) => {
      setPreview(null);
      setMessage(
        'error' in result
          ? { severity: 'error', text: result.error }
          : {
              severity: 'info',
              text: `${count(result.matches, 'cell')} ${result.matches === 1 ? 'matches' : 'match'}`,
            },
      );
    });
  const previewReplace = () =>
    void run(actions.plan(find, replaceWith, options, scopeNow), (result) => {
      setWarned(false);
      if ('error' in result) {
        setPreview(null);
        setMessage({ severity: 'error', text: result.error });
        return;
      }
      setPreview(result);
      setMessage({ severity: 'info', text: previewText(result) });
    });
  const apply = (acceptWarnings = false) => {
    if (!preview) return;
    void run(
      actions.apply(preview, acceptWarnings),
      (outcome) => {
        if (outcome && 'warnings' in outcome) {
          setWarned(true);
          setMessage({ severity: 'error', text: `${outcome.warnings} Check them, then replace anyway.` });
          return;
        }
        if (outcome && 'error' in outcome) {
          setMessage({ severity: 'error', text: `Nothing replaced: ${outcome.error}` });
          return;
        }
        if (outcome && 'again' in outcome) {
          setPreview(outcome.again);
          setMessage({ severity: 'error', text: `${outcome.note} Previewed again: ${previewText(outcome.again)}` });
          return;
        }
        reset();
        onClose();
      },
      preview.savesFirst ? 'Saving your pending changes, then replacing…' : 'Replacing and saving…',
    );
  };
  const changes = preview ? (preview.changeCount ?? preview.changes.length) : 0;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="tb-find-title">
      <DialogTitle id="tb-find-title">{withReplace ? 'Find and replace' : 'Find'}</DialogTitle>
      <DialogContent>
        {notice && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {notice}
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
        <Button onClick={findAll} disabled={busy}>
          Count matches
        </Button>
        <Button onClick={findNext} disabled={busy}>
          Find next
        </Button>
        {withReplace && (
          <Button onClick={previewReplace} variant={preview ? 'text' : 'contained'} disabled={busy}>
            Preview replace
          </Button>
        )}
        {withReplace && preview && (
          <Button variant="contained" onClick={() => apply(warned)} disabled={busy || changes === 0}>
            {replaceLabel(preview, warned)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
