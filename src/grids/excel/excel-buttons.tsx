import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useMemo, useRef, useState } from 'react';
import { useApiFetch } from '../../app/api/api-client';
import type { ListQuery } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import { withoutScopeField, type GridScope } from '../scoped-schema';
import type { ExportProgress } from './export-entity';
import { ImportDialog, type ImportSummary } from './import-dialog';

export type ExcelButtonsProps = {
  schema: EntitySchema;
  /** The grid's current filters, quick search and sort: the export holds every row they match. */
  getQuery: () => ListQuery;
  /** Whether the user may write this entity (shows 'Import from Excel'). */
  canImport: boolean;
  onImported?: (summary: ImportSummary) => void;
  /**
   * One document's rows of a scoped list (a project's areas): the export leaves the document's column out,
   * and the import goes into that document only (the server stamps every row with it).
   */
  scope?: GridScope;
};

/** 'Export to Excel' and 'Import from Excel', for a grid toolbar. */
export function ExcelButtons({ schema, getQuery, canImport, onImported, scope }: ExcelButtonsProps) {
  const fetcher = useApiFetch();
  const { enqueueSnackbar } = useSnackbar();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const exporting = useRef(false);
  const scopeField = scope?.field;
  const scopeValue = scope?.value;
  const rowScope = useMemo(
    () => (scopeField !== undefined && scopeValue !== undefined ? { field: scopeField, value: scopeValue } : undefined),
    [scopeField, scopeValue],
  );
  const exportSchema = useMemo(() => (rowScope ? withoutScopeField(schema, rowScope) : schema), [schema, rowScope]);

  const exportRows = async () => {
    if (exporting.current) return;
    exporting.current = true;
    setProgress({ fetched: 0, total: 0 });
    // When one request fails the others are stopped, and their late progress must not bring the bar back.
    const controller = new AbortController();
    try {
      // ExcelJS loads on the first export, not with the grid.
      const { exportEntityToXlsx } = await import('./export-entity');
      const onProgress = (next: ExportProgress) => {
        if (!controller.signal.aborted) setProgress(next);
      };
      const result = await exportEntityToXlsx({
        schema: exportSchema,
        query: getQuery(),
        fetcher,
        onProgress,
        signal: controller.signal,
        scope: scopeValue,
      });
      enqueueSnackbar(`Exported ${result.rows.toLocaleString('en-US')} rows to ${result.fileName}.`, {
        variant: 'success',
      });
    } catch (error) {
      enqueueSnackbar(`Export failed: ${error instanceof Error ? error.message : String(error)}`, { variant: 'error' });
    } finally {
      controller.abort();
      exporting.current = false;
      setProgress(null);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button size="small" variant="outlined" onClick={() => void exportRows()} disabled={progress !== null}>
        Export to Excel
      </Button>
      {progress && (
        <Box sx={{ width: 160 }}>
          <Typography variant="caption" color="text.secondary">
            {progress.total > 0
              ? `${progress.fetched.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} rows`
              : 'Exporting…'}
          </Typography>
          <LinearProgress
            aria-label="Exporting"
            variant={progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={progress.total > 0 ? (100 * progress.fetched) / progress.total : 0}
          />
        </Box>
      )}
      {canImport && (
        <>
          <Button size="small" variant="outlined" onClick={() => setImportOpen(true)}>
            Import from Excel
          </Button>
          <ImportDialog
            schema={schema}
            scope={rowScope}
            open={importOpen}
            onClose={() => setImportOpen(false)}
            onImported={(summary) => onImported?.(summary)}
          />
        </>
      )}
    </Stack>
  );
}
