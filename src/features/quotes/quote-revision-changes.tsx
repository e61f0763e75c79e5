import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useApi } from '../../app/api/api-client';
import type { FieldChange, QuoteRevisionChanges, RevisionLine } from '../../lib/quote-revisions';
import { fieldValueText } from '../../schemas/field-words';
import { apiRoutes } from '../../lib/api-routes';

/** One row of the changes table: what, the value before (struck through) and after. */
type ChangeRow = { key: string; what: string; before: string | null; after: string | null };

const lineText = (line: RevisionLine) =>
  `${line.description} (${line.quantity ?? '?'} x ${line.unit_price ?? 'not priced'}${line.line_type === 'base' ? '' : `, ${fieldValueText('quote_lines', 'line_type', line.line_type).toLowerCase()}`})`;

function rowsOf(changes: QuoteRevisionChanges): ChangeRow[] {
  const field = (prefix: string, key: string) => (c: FieldChange) => ({
    key: `${key}:${c.field}`,
    what: `${prefix}${c.label}`,
    before: c.before,
    after: c.after,
  });
  return [
    ...changes.header.map(field('', 'h')),
    ...changes.changed.flatMap((line) =>
      line.fields.map(field(`Line ${line.line_no} ${line.description}: `, `c${line.line_no}`)),
    ),
    ...changes.added.map((line) => ({
      key: `a${line.line_no}`,
      what: `Line ${line.line_no} added`,
      before: null,
      after: lineText(line),
    })),
    ...changes.removed.map((line) => ({
      key: `r${line.line_no}`,
      what: `Line ${line.line_no} removed`,
      before: lineText(line),
      after: null,
    })),
  ];
}

/**
 * What the revision shown changed against the one before it (GET /api/quotes/:id/revision-changes): the header's
 * fields (dates, rate, totals), then line by line, matched by line number: each changed field with its value
 * before and after, lines added and removed. Rev 0 has nothing before it, and shows nothing.
 */
export function QuoteRevisionChanges({ quoteId, version }: { quoteId: number; version: number }) {
  const { data, error } = useApi<QuoteRevisionChanges>(apiRoutes.quoteRevisionChanges(quoteId), {
    cacheScope: `v${version}`,
    revalidateOnFocus: false,
  });
  if (error) return <Alert severity="error">The revision's changes could not be read: {error.message}</Alert>;
  if (!data?.previous) return null;
  const rows = rowsOf(data);
  return (
    <Box component="section" aria-label="Revision changes" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Rev {data.revision}: changes against Rev {data.previous.revision}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No change: the same lines and figures as Rev {data.previous.revision}.
        </Typography>
      ) : (
        <Table size="small" aria-label={`Changes against Rev ${data.previous.revision}`}>
          <TableHead>
            <TableRow>
              <TableCell>Change</TableCell>
              <TableCell>Rev {data.previous.revision}</TableCell>
              <TableCell>Rev {data.revision}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell>{row.what}</TableCell>
                <TableCell
                  sx={{ textDecoration: row.before === null ? undefined : 'line-through', color: 'text.secondary' }}
                >
                  {row.before ?? '—'}
                </TableCell>
                <TableCell>{row.after ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
