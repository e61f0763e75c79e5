import PrecisionManufacturingOutlined from '@mui/icons-material/PrecisionManufacturingOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { QuoteSearchDialog } from './quote-search-dialog';
import { useApi } from '../../app/api/api-client';
import { documentIdFromParam, partPath, quotePath } from '../../app/paths';
import { DocumentPage } from '../../grids/document-page';
import type { PartQuoteLine, PartQuoteStats } from '../../lib/quotes';
import { getEntitySchema } from '../../schemas/registry';
import { groupDecimal } from '../../schemas/display-format';
import { apiRoutes } from '../../lib/api-routes';

const parts = getEntitySchema('parts');

/**
 * A part (/home/general/thepart/:id, 0 for a new one): the catalogue entry, the statistics of its quotes
 * (GET /quotes4partstats) and every quote line for it (GET /quotes4part), expired ones flagged and left
 * out of the statistics.
 */
export function PartDocumentPage() {
  const id = documentIdFromParam(useParams().id);
  // Lines linked to the part from the quote search: its figures are read again.
  const [linked, setLinked] = useState(0);
  const [linking, setLinking] = useState<{ id: number; label: string } | null>(null);
  const { can } = useCurrentUser();
  return (
    <>
      <DocumentPage
        schema={parts}
        id={id}
        documentPath={partPath}
        listPath="/home/general/partslist"
        listLabel="Parts & ME Lists"
        title={(row) => (row ? `Part ${String(row.part_no)}` : 'New part')}
        icon={<PrecisionManufacturingOutlined />}
        summary={(row, version) => <PartStatsPanel partId={row.id} version={version * 1000 + linked} />}
        footer={(row, version) => <PartQuotesTable partId={row.id} version={version * 1000 + linked} />}
        actions={(row) =>
          can('engineer') && (
            <Button
              size="small"
              startIcon={<LinkOutlined />}
              onClick={() => setLinking({ id: row.id, label: String(row.part_no) })}
            >
              Link quote lines…
            </Button>
          )
        }
      />
      {linking && (
        <QuoteSearchDialog
          linkPart={linking}
          onClose={() => {
            setLinking(null);
            setLinked((n) => n + 1);
          }}
        />
      )}
    </>
  );
}

function PartStatsPanel({ partId, version }: { partId: number; version: number }) {
  const { data, error } = useApi<PartQuoteStats>(apiRoutes.partQuoteStats(partId), { cacheScope: `v${version}` });
  if (error) return <Alert severity="error">The statistics could not be read: {error.message}</Alert>;
  if (!data) return <Alert severity="info">Reading the statistics…</Alert>;
  return (
    <Box
      role="region"
      aria-label="Quote statistics"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'background.paper' }}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Quote statistics (unit price in the base currency)
      </Typography>
      {data.byBaseCurrency.length === 0 && (
        <Typography variant="body2">No valid quote prices this part yet.</Typography>
      )}
      {data.byBaseCurrency.map((figures) => (
        <Box key={figures.base_currency ?? '-'} sx={{ mb: 1 }}>
          {[
            ['Quotes', String(figures.count)],
            ['Minimum', `${figures.base_currency ?? ''} ${groupDecimal(figures.min ?? '0', 2)}`],
            ['Median', `${figures.base_currency ?? ''} ${groupDecimal(figures.median ?? '0', 2)}`],
            ['Maximum', `${figures.base_currency ?? ''} ${groupDecimal(figures.max ?? '0', 2)}`],
            ['Newest quote', figures.newest_quote_date ?? '—'],
            ['Suppliers', figures.suppliers.join(', ')],
          ].map(([label, value]) => (
            <Box
              key={label}
              role="group"
              aria-label={label}
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}
            >
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="body2" data-testid="figure" sx={{ fontWeight: 600, textAlign: 'right' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      ))}
      {data.expired_lines > 0 && (
        <Typography variant="body2" color="warning.main">
          {data.expired_lines}{' '}
          {data.expired_lines === 1 ? 'line of an expired quote is' : 'lines of expired quotes are'} left out.
        </Typography>
      )}
    </Box>
  );
}

function PartQuotesTable({ partId, version }: { partId: number; version: number }) {
  const { data, error } = useApi<PartQuoteLine[]>(apiRoutes.partQuotes(partId), { cacheScope: `v${version}` });
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Quotes for this part
      </Typography>
      {error && <Alert severity="error">The quotes could not be read: {error.message}</Alert>}
      {data && data.length === 0 && (
        <Alert severity="info">No quote names this part yet. Quote lines name a part in their Part column.</Alert>
      )}
      {data && data.length > 0 && (
        <Table size="small" aria-label="Quotes for this part">
          <TableHead>
            <TableRow>
              <TableCell>Quote</TableCell>
              <TableCell>Supplier</TableCell>
              <TableCell>Received</TableCell>
              <TableCell>Valid until</TableCell>
              <TableCell align="right">Qty</TableCell>
              <TableCell align="right">Unit price</TableCell>
              <TableCell align="right">Rate</TableCell>
              <TableCell align="right">Base unit price</TableCell>
              <TableCell align="right">Lead time</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((line) => (
              <TableRow key={line.line_id} sx={line.expired ? { bgcolor: '#fff4e0' } : undefined}>
                <TableCell>
                  <Link component={RouterLink} to={quotePath(line.quote_id)}>
                    {line.quote_number}
                  </Link>
                  {line.expired && <Chip size="small" color="warning" label="Expired" sx={{ ml: 1 }} />}
                  {/* An option or alternative is listed, but left out of the statistics above. */}
                  {line.line_type !== 'base' && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={line.line_type === 'option' ? 'Option' : 'Alternative'}
                      sx={{ ml: 1 }}
                    />
                  )}
                </TableCell>
                <TableCell>{line.supplier}</TableCell>
                <TableCell>{line.date_received}</TableCell>
                <TableCell>{line.valid_until ?? '—'}</TableCell>
                <TableCell align="right">{line.quantity}</TableCell>
                <TableCell align="right">
                  {line.unit_price === null
                    ? 'not priced'
                    : `${line.currency ?? ''} ${groupDecimal(line.unit_price, 2)}`}
                </TableCell>
                <TableCell align="right">{line.rate_applied ?? '—'}</TableCell>
                <TableCell align="right">
                  {line.base_unit_price === null
                    ? '—'
                    : `${line.base_currency ?? ''} ${groupDecimal(line.base_unit_price, 2)}`}
                </TableCell>
                <TableCell align="right">
                  {line.lead_time_weeks === null ? '—' : `${line.lead_time_weeks} wk`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
