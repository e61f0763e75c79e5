import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useApiDownload } from '../app/api/api-client';
import { saveFile } from '../app/api/save-file';
import type { ListQuery } from '../lib/entity-api';
import { printPath } from './document-paths';

type Props = {
  entity: string;
  /** The grid's filters, quick search and sort, as the list is read with. */
  query: ListQuery;
  /** The fields of the columns the grid shows, in their order on screen. */
  columns: () => string[];
};

/**
 * "Print / PDF" (#31 item 6): the grid's view (columns, filters, sort) rendered by the server as a PDF with the
 * project's title block, marked "not issued": a working copy to print or send round. Deliverables are issued from
 * the project's document register instead. Every list has it, through the shared grid.
 */
export function PrintButton({ entity, query, columns }: Props) {
  const download = useApiDownload();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      // One project's rows (its list's scope) print under the project, headed with its title block.
      const { blob, fileName } = await download(printPath(entity, 'pdf', query, { columns: columns() }));
      saveFile(blob, fileName ?? `${entity}.pdf`);
      enqueueSnackbar(`Saved ${fileName ?? 'the PDF'}: a working copy, marked "not issued".`, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(`The PDF was not made: ${error instanceof Error ? error.message : String(error)}`, {
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="outlined" onClick={() => void print()} disabled={busy}>
      {busy ? 'Making the PDF…' : 'Print / PDF'}
    </Button>
  );
}
