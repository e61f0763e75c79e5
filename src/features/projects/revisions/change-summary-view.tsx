import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useApi } from '../../../app/api/api-client';
import { projectDocumentPath } from '../../../app/paths';
import type { ChangeSummary, Revision, RowChangeKind } from '../../../lib/project-revisions';
import { PROJECT_TABS } from '../project-tabs';
import { CHANGE_WORDS, changeLines, filterLines, summaryTitle, workbookRows } from './change-lines';
import { apiRoutes } from '../../../lib/api-routes';

const NOW = 'now';
const PAGE_SIZES = [50, 100, 500];
/** A filter left at "All …" shows it as its value, with the label above it. */
const ALL_SHOWN = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
const CHANGE_COLORS: Record<RowChangeKind, 'success' | 'error' | 'warning'> = {
  added: 'success',
  deleted: 'error',
  changed: 'warning',
};

/** The changes as shown, one sheet named by the summary's title; the writer (ExcelJS) loads on the first export. */
async function exportWorkbook(title: string, rows: string[][]): Promise<void> {
  const { changeSummaryWorkbook } = await import('./change-summary-workbook');
  const { downloadWorkbook } = await import('../../../grids/excel/workbook-file');
  await downloadWorkbook(changeSummaryWorkbook(title, rows), `${title}.xlsx`);
}

/**
 * The change summary between two revisions, or a revision and now: counts per list, then every row added,
 * deleted or changed (a line per changed field, old and new value), filtered by list, kind of change and
 * text, exported to a workbook as shown.
 */
export function ChangeSummaryView({ projectId, revisions }: { projectId: number; revisions: readonly Revision[] }) {
  const latest = revisions[revisions.length - 1];
  const [from, setFrom] = useState(latest?.rev ?? '');
  const [to, setTo] = useState(NOW);
  const [entity, setEntity] = useState('');
  const [change, setChange] = useState<RowChangeKind | ''>('');
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const query = from ? apiRoutes.projectChanges(projectId, { from, ...(to === NOW ? {} : { to }) }) : null;
  // Afresh each time it shows (no deduping): "now" is the lists as they are, maybe saved a second ago in another tab.
  const { data, error, isLoading } = useApi<ChangeSummary>(query, { revalidateOnFocus: false, dedupingInterval: 0 });
  const lines = useMemo(() => (data ? changeLines(data) : []), [data]);
  const shown = useMemo(
    () => filterLines(lines, { entity: entity || undefined, change: change || undefined, text }),
    [lines, entity, change, text],
  );
  const visible = shown.slice(page * pageSize, (page + 1) * pageSize);
  const onFilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  return (
    <Box component="section" aria-label="Change summary">
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
          Change summary
        </Typography>
        <TextField
          select
          size="small"
          label="From revision"
          value={from}
          onChange={(event) => onFilter(setFrom)(event.target.value)}
          sx={{ minWidth: 150 }}
        >
          {revisions.map((r) => (
            <MenuItem key={r.rev} value={r.rev}>{`${r.rev} · ${r.purpose} · ${r.issued_on}`}</MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="To"
          value={to}
          onChange={(event) => onFilter(setTo)(event.target.value)}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value={NOW}>Now (current lists)</MenuItem>
          {revisions
            .filter((r) => r.rev !== from)
            .map((r) => (
              <MenuItem key={r.rev} value={r.rev}>{`${r.rev} · ${r.purpose} · ${r.issued_on}`}</MenuItem>
            ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          disabled={!data}
          onClick={() => data && void exportWorkbook(summaryTitle(data), workbookRows(shown))}
        >
          Export to Excel
        </Button>
      </Stack>
      {error && <Alert severity="error">The change summary could not be loaded: {error.message}</Alert>}
      {isLoading && (
        <Typography role="status" variant="body2">
          Comparing…
        </Typography>
      )}
      {data && (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }} aria-label="Changes per list">
            {data.lists
              .filter((l) => l.added + l.deleted + l.changed > 0)
              .map((l) => (
                <Chip
                  key={l.entity}
                  variant={entity === l.entity ? 'filled' : 'outlined'}
                  onClick={() => onFilter(setEntity)(entity === l.entity ? '' : l.entity)}
                  label={`${l.list}: ${[l.added && `${l.added} added`, l.deleted && `${l.deleted} deleted`, l.changed && `${l.changed} changed`].filter(Boolean).join(', ')}`}
                />
              ))}
            {data.rows.length === 0 && (
              <Typography variant="body2">
                No row was added, deleted or changed between revision {data.from.rev} and{' '}
                {data.to ? `revision ${data.to.rev}` : 'now'}.
              </Typography>
            )}
          </Stack>
          <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
            <TextField
              select
              size="small"
              label="List"
              value={entity}
              slotProps={ALL_SHOWN}
              onChange={(event) => onFilter(setEntity)(event.target.value)}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">All lists</MenuItem>
              {data.lists.map((l) => (
                <MenuItem key={l.entity} value={l.entity}>
                  {l.list}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Change"
              value={change}
              slotProps={ALL_SHOWN}
              onChange={(event) => onFilter(setChange)(event.target.value as RowChangeKind | '')}
              sx={{ minWidth: 150 }}
            >
              <MenuItem value="">All changes</MenuItem>
              {(Object.keys(CHANGE_WORDS) as RowChangeKind[]).map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {CHANGE_WORDS[kind]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label="Search tag, field or value"
              value={text}
              onChange={(event) => onFilter(setText)(event.target.value)}
              sx={{ flex: 1, maxWidth: 360 }}
            />
          </Stack>
          <Table size="small" aria-label={summaryTitle(data)}>
            <TableHead>
              <TableRow>
                {['List', 'Tag', 'Change', 'Field', 'Was', 'Now'].map((h) => (
                  <TableCell key={h} sx={{ fontWeight: 600 }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((line, i) => {
                const tab = PROJECT_TABS.find((t) => t.entity === line.entity);
                return (
                  <TableRow key={`${line.entity}-${line.key}-${line.field}-${i}`} hover>
                    <TableCell>{line.list}</TableCell>
                    <TableCell>
                      {tab && line.change !== 'deleted' ? (
                        <Link component={RouterLink} to={projectDocumentPath(projectId, tab.slug)}>
                          {line.key}
                        </Link>
                      ) : (
                        line.key
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={CHANGE_COLORS[line.change]}
                        label={CHANGE_WORDS[line.change]}
                      />
                    </TableCell>
                    <TableCell>{line.field}</TableCell>
                    <TableCell sx={{ color: 'text.secondary', textDecoration: line.was ? 'line-through' : undefined }}>
                      {line.was}
                    </TableCell>
                    <TableCell>{line.now}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={shown.length}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onRowsPerPageChange={(event) => onFilter(setPageSize)(Number(event.target.value))}
          />
        </>
      )}
    </Box>
  );
}
