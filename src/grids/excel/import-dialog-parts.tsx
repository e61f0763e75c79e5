import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ImportMode } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import type { ColumnMatch } from './column-matching';
import { cellDisplayText, type ImportRow } from './import-rows';
import type { ParseProgress } from './parse-pipeline';

/** The import dialog's pieces that hold no state: the column-matching notices and pure helpers. */
export function MatchNotices({ match, mode }: { match: ColumnMatch; mode: ImportMode }) {
  return (
    <>
      {match.matched.length === 0 && (
        <Alert severity="error">No column header matches a field; check the file's first row.</Alert>
      )}
      {match.missingRequired.length > 0 && (
        <Alert severity={mode === 3 ? 'info' : 'error'}>
          Required {match.missingRequired.length === 1 ? 'field' : 'fields'} missing from the file:{' '}
          {match.missingRequired.join(', ')}.{mode === 3 ? ' Updates keep the current values.' : ' New rows need them.'}
        </Alert>
      )}
      {match.unmatched.length > 0 && (
        <Alert severity="info">
          Ignored {match.unmatched.length === 1 ? 'column' : 'columns'} (no matching field):{' '}
          {match.unmatched.join(', ')}.
        </Alert>
      )}
      {match.readOnly.length > 0 && (
        <Alert severity="info">
          Ignored read-only {match.readOnly.length === 1 ? 'column' : 'columns'}: {match.readOnly.join(', ')}.
        </Alert>
      )}
      {match.repeated.length > 0 && (
        <Alert severity="warning">
          Ignored repeated {match.repeated.length === 1 ? 'column' : 'columns'} (the first one is used):{' '}
          {match.repeated.join(', ')}.
        </Alert>
      )}
    </>
  );
}

/** The row's values of `fields` only (absent ones stay absent). */
export function pickFields(values: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (field in values) picked[field] = values[field];
  return picked;
}

/** Lookup cells that resolved to nothing, by target entity: candidates for a search by label. */
export function unknownLookupTexts(schema: EntitySchema, rows: readonly ImportRow[]): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  const lookups = schema.fields.filter((f) => f.kind === 'lookup');
  for (const row of rows) {
    for (const field of lookups) {
      if (field.kind !== 'lookup' || !row.cellErrors[field.name]) continue;
      const text = cellDisplayText(row, field.name).trim();
      if (!text) continue;
      const set = result.get(field.entity) ?? new Set<string>();
      set.add(text);
      result.set(field.entity, set);
    }
  }
  return result;
}

export function ParsingProgress({ progress }: { progress: ParseProgress | null }) {
  const checking = progress?.stage === 'checking' && progress.total > 0;
  return (
    <Box>
      <Typography variant="body2" gutterBottom>
        {checking
          ? `Checking rows… ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`
          : 'Reading the file…'}
      </Typography>
      <LinearProgress
        aria-label="Reading the file"
        variant={checking ? 'determinate' : 'indeterminate'}
        value={checking ? (100 * progress.done) / progress.total : 0}
      />
    </Box>
  );
}

/** One request, one transaction: there is no partial progress to show, only that it is under way. */
export function ImportingProgress({ rows }: { rows: number }) {
  return (
    <Box>
      <Typography variant="body2" gutterBottom>
        Importing {rows.toLocaleString('en-US')} rows in one transaction…
      </Typography>
      <LinearProgress aria-label="Importing" variant="indeterminate" />
    </Box>
  );
}
