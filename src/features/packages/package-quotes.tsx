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
import { Link as RouterLink } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { quotePath } from '../../app/paths';
import type { PackageFigures } from '../../lib/packages';
import { amountText } from './package-summary';
import { apiRoutes } from '../../lib/api-routes';

/** Under the package's lists: every quote against it (newest first), its totals in its currency and the base currency, expired ones flagged; each opens its quote. */
export function PackageQuotes({ packageId, version }: { packageId: number; version: number }) {
  // The same address and scope as the summary panel: one request serves both.
  const { data, error } = useApi<PackageFigures>(apiRoutes.packageFigures(packageId), {
    cacheScope: `v${version}`,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return (
    <Box component="section" aria-label="Quotes against the package" sx={{ mt: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Quotes against the package
      </Typography>
      {error && <Alert severity="error">The quotes could not be read: {error.message}</Alert>}
      {data && data.quotes.length === 0 && (
        <Alert severity="info">
          No quote answers this package yet. A quote names its package in its Package field.
        </Alert>
      )}
      {data && data.quotes.length > 0 && (
        <Table size="small" aria-label="Quotes against the package">
          <TableHead>
            <TableRow>
              <TableCell>Quote</TableCell>
              <TableCell>Supplier</TableCell>
              <TableCell>Received</TableCell>
              <TableCell>Currency</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell align="right">Base total</TableCell>
              <TableCell>Valid until</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.quotes.map((quote) => (
              <TableRow key={quote.id} sx={quote.expired ? { bgcolor: '#fff4e0' } : undefined}>
                <TableCell>
                  <Link component={RouterLink} to={quotePath(quote.id)}>
                    {quote.quote_number}
                  </Link>
                </TableCell>
                <TableCell>{quote.supplier}</TableCell>
                <TableCell>{quote.date_received}</TableCell>
                <TableCell>{quote.currency ?? '—'}</TableCell>
                <TableCell align="right">{amountText(quote.total, quote.currency)}</TableCell>
                <TableCell align="right">{amountText(quote.base_total, quote.base_currency)}</TableCell>
                <TableCell>
                  {quote.valid_until ?? '—'}
                  {quote.expired && <Chip size="small" color="warning" label="Expired" sx={{ ml: 1 }} />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
