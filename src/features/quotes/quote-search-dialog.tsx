import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { LinkTarget, useLineLink } from './quote-line-link';
import { partPath, quotePath } from '../../app/paths';
import type { QuoteSearchHit } from '../../lib/quotes';
import { apiRoutes } from '../../lib/api-routes';

/**
 * The quote search (spec GET /quotesearchmodal): lines found by supplier, part, tag, number or description,
 * within dates. An engineer links a line found to a part or to an equipment tag of its quote's project
 * (the line is saved through the engine: the tag is checked against the project, the change audited).
 * `linkPart`: the dialog opened from a part's page, ready to link lines to that part.
 */
export function QuoteSearchDialog({
  onClose,
  linkPart,
}: {
  onClose: () => void;
  linkPart?: { id: number; label: string };
}) {
  const [text, setText] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const q = useDeferredValue(text.trim());
  const path = apiRoutes.quoteSearch({ q: q || undefined, from: from || undefined, to: to || undefined, limit: 100 });
  const { data, error, isLoading, mutate } = useApi<QuoteSearchHit[]>(path, {
    keepPreviousData: true,
  });
  const link = useLineLink(linkPart, () => void mutate());
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="quote-search-title">
      <DialogTitle id="quote-search-title">Find quote lines</DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            autoFocus
            label="Supplier, part, tag, quote number or text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            size="small"
            sx={{ flex: 1 }}
          />
          <TextField
            label="Received from"
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="to"
            type="date"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        {link.canLink && <LinkTarget link={link} />}
        {link.problem && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {link.problem}
          </Alert>
        )}
        {error && <Alert severity="error">The search failed: {error.message}</Alert>}
        {data && data.length === 0 && <Alert severity="info">No quote line matches.</Alert>}
        {data && data.length > 0 && (
          <Box sx={{ maxHeight: '55vh', overflow: 'auto' }}>
            <Table size="small" stickyHeader aria-label="Quote lines found">
              <TableHead>
                <TableRow>
                  <TableCell>Quote</TableCell>
                  <TableCell>Supplier</TableCell>
                  <TableCell>Received</TableCell>
                  <TableCell>Line</TableCell>
                  <TableCell>Part / tag</TableCell>
                  <TableCell align="right">Unit price</TableCell>
                  <TableCell align="right">Base amount</TableCell>
                  {link.canLink && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((hit) => (
                  <TableRow key={hit.line_id}>
                    <TableCell>
                      <Link component={RouterLink} to={quotePath(hit.quote_id)}>
                        {hit.quote_number}
                      </Link>
                      {hit.expired && <Chip size="small" color="warning" label="Expired" sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell>{hit.supplier}</TableCell>
                    <TableCell>{hit.date_received}</TableCell>
                    <TableCell>
                      {hit.line_no}. {hit.description}
                    </TableCell>
                    <TableCell>
                      {hit.part_id !== null && (
                        <Link component={RouterLink} to={partPath(hit.part_id)}>
                          {hit.part_no}
                        </Link>
                      )}
                      {hit.part_id !== null && hit.tag ? ' · ' : ''}
                      {hit.tag}
                    </TableCell>
                    <TableCell align="right">
                      {hit.unit_price === null ? '—' : `${hit.unit_price} ${hit.currency ?? ''}`}
                    </TableCell>
                    <TableCell align="right">{hit.base_amount ?? '—'}</TableCell>
                    {link.canLink && (
                      <TableCell>
                        <Button
                          size="small"
                          disabled={!link.target || link.busy}
                          onClick={() => void link.apply(hit)}
                          aria-label={`Link line ${hit.line_no} of ${hit.quote_number}`}
                        >
                          Link
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {isLoading && !data && <Alert severity="info">Searching…</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
