import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BidTab } from '../../lib/adjudications';
import { groupDecimal } from '../../schemas/display-format';
import { fieldValueText } from '../../schemas/field-words';

const money = (value: string | null, currency: string | null) =>
  value === null ? 'not quoted' : `${currency ?? ''} ${groupDecimal(value, 2)}`.trim();

/**
 * Under the bid tab's grid: why each bidder that is not recommended is not ("Incomplete: quoted 0 of 3
 * lines", a lower weighted score, no rate, not scored), and the options and alternatives the bidders offered,
 * each outside the totals unless chosen on the "Chosen options and alternatives" tab with a reason.
 */
export function BidTabStanding({ tab }: { tab: BidTab }) {
  const others = tab.bidders.filter((b) => b.why_not !== null);
  const offered = tab.bidders.flatMap((b) => b.offered.map((offer) => ({ bidder: b, offer })));
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      {others.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Why not recommended
          </Typography>
          <Box component="ul" aria-label="Why not recommended" sx={{ m: 0, pl: 3 }}>
            {others.map((b) => (
              <Typography
                component="li"
                variant="body2"
                key={b.supplier_id}
                className={b.complete ? undefined : 'tb-incomplete'}
              >
                {b.supplier}: {b.why_not}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      {offered.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Options and alternatives offered (outside the totals unless chosen)
          </Typography>
          <Table size="small" aria-label="Options and alternatives offered" sx={{ maxWidth: 1100 }}>
            <TableHead>
              <TableRow>
                <TableCell>Bidder</TableCell>
                <TableCell>Line</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>For item</TableCell>
                <TableCell align="right">Line total</TableCell>
                <TableCell align="right">In {tab.base_currency}</TableCell>
                <TableCell>Evaluated</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {offered.map(({ bidder, offer }) => (
                <TableRow key={offer.quote_line_id}>
                  <TableCell>{bidder.supplier}</TableCell>
                  <TableCell>
                    {bidder.quote_number} line {offer.line_no}
                  </TableCell>
                  <TableCell>{fieldValueText('quote_lines', 'line_type', offer.line_type)}</TableCell>
                  <TableCell>{offer.description}</TableCell>
                  <TableCell>{offer.item_no ?? '—'}</TableCell>
                  <TableCell align="right">{money(offer.line_total, bidder.currency)}</TableCell>
                  <TableCell align="right">
                    {offer.base_total === null ? '—' : groupDecimal(offer.base_total, 2)}
                  </TableCell>
                  <TableCell>{offer.chosen ? `Chosen: ${offer.reason ?? ''}` : 'Not chosen'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
