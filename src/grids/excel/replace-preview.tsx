import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, useMemo, useState } from 'react';
import type { ImportMode, SoftDeletedRow } from '../../lib/entity-api';
import { fieldByName, type EntitySchema } from '../../schemas/schema-types';
import { postImport, type Fetcher } from './entity-requests';
import type { ImportRow } from './import-rows';

/** The fields a row's key is made of: the key's own, or those a computed key (a line number) is derived from. */
function keySourceFields(schema: EntitySchema): string[] {
  return [
    ...new Set(
      schema.key.flatMap((name) => {
        const field = fieldByName(schema, name);
        return field?.computed ? [name, ...field.computed.from] : [name];
      }),
    ),
  ];
}

export type ReplacePreview = { total: number; rows: SoftDeletedRow[] } | { problem: string } | null;

/**
 * Mode 2: the stored rows the file does not hold, which the import would soft-delete, asked of the server
 * (a dry run of every row's key, whatever else is wrong with the row) and read again as the rows change.
 */
export function useReplacePreview(
  schema: EntitySchema,
  rows: readonly ImportRow[],
  mode: ImportMode,
  active: boolean,
  scope: number | undefined,
  fetcher: Fetcher,
  overrideMode = false,
): ReplacePreview {
  const [preview, setPreview] = useState<ReplacePreview>(null);
  const keys = useMemo(() => {
    if (mode !== 2 || !active) return null;
    const fields = keySourceFields(schema);
    return rows.map((row) =>
      Object.fromEntries(fields.filter((name) => name in row.values).map((name) => [name, row.values[name]])),
    );
  }, [schema, rows, mode, active]);
  useEffect(() => {
    if (!keys) {
      setPreview(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      postImport(fetcher, schema.name, 2, keys, {
        dryRun: true,
        partialRows: true,
        skipInvalidRows: true,
        scope,
        overrideMode,
        signal: controller.signal,
      })
        .then((outcome) =>
          setPreview(
            outcome.ok
              ? { total: outcome.softDeleted, rows: outcome.softDeletedRows }
              : { problem: 'the server refused the file; importing shows why' },
          ),
        )
        .catch((caught: unknown) => {
          if (!controller.signal.aborted)
            setPreview({ problem: caught instanceof Error ? caught.message : String(caught) });
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keys, fetcher, schema.name, scope, overrideMode]);
  return preview;
}

/** What replacing the list deletes, listed before anything is written. */
export function ReplaceNotice({ schema, preview }: { schema: EntitySchema; preview: ReplacePreview }) {
  const what = schema.labelPlural.toLowerCase();
  if (!preview) return <Alert severity="info">Replacing the list: finding the {what} the file does not hold…</Alert>;
  if ('problem' in preview)
    return (
      <Alert severity="warning">
        The {what} this import would delete could not be listed: {preview.problem}.
      </Alert>
    );
  if (preview.total === 0)
    return (
      <Alert severity="info" role="status" aria-label="Rows to delete">
        Replacing the list: every stored row is in the file, so none will be deleted.
      </Alert>
    );
  const more = preview.total - preview.rows.length;
  return (
    <Alert severity="warning" role="status" aria-label="Rows to delete">
      Replacing the list: {preview.total.toLocaleString('en-US')}{' '}
      {preview.total === 1 ? `row of ${what} is` : `rows of ${what} are`} not in the file and will be deleted
      (soft-deleted: shown again with Show deleted rows, and restored by unticking Deleted):
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, maxHeight: 120, overflow: 'auto', columns: '4 120px' }}>
        {preview.rows.map((row) => (
          <li key={row.id}>{row.label}</li>
        ))}
      </Box>
      {more > 0 && ` and ${more.toLocaleString('en-US')} more.`}
    </Alert>
  );
}
