import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { projectRowPath, quotePath } from '../../app/paths';
import { PRICE_BASIS_LABELS, type CapexTag, type TagQuotePrice } from '../../lib/capex';
import { groupDecimal } from '../../schemas/display-format';
import { EscalationCell } from './capex-escalation';
import { apiRoutes } from '../../lib/api-routes';

const amount = (value: string | null) => (value === null ? '—' : groupDecimal(value, 2));
const BASIS_COLOR = {
  firm: 'success',
  budget: 'primary',
  factored: 'warning',
  allowance: 'secondary',
  estimate: 'info',
  unpriced: 'default',
} as const;

/**
 * How a tag was priced (lib/capex describePrice): the basis, and the rule's step in words with what it came
 * from: a typed price's amount, source, rate and date; a category estimate's spread and size band.
 */
function BasisCell({ tag }: { tag: CapexTag }) {
  return (
    <>
      <Chip size="small" color={BASIS_COLOR[tag.basis]} label={PRICE_BASIS_LABELS[tag.basis]} />
      <Typography variant="caption" component="div" color="text.secondary" data-testid="basis-detail">
        {tag.basis_detail}
      </Typography>
      {tag.warning && (
        <Typography variant="caption" component="div" color="warning.main">
          {tag.warning}
        </Typography>
      )}
    </>
  );
}

/**
 * The tags behind a figure (a category, an area, a basis or a total): each with how it was priced and a
 * link to the quote document of every quote line its price came from (GET /capexsummary/quote-prices, read
 * when the dialog opens), and to its row in the project's equipment list.
 */
export function CapexDrilldown({
  projectId,
  title,
  tags,
  currency,
  estimateDate,
  note,
  onClose,
}: {
  projectId: number;
  title: string;
  tags: readonly CapexTag[];
  currency: string;
  estimateDate: string;
  note?: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const { data: prices, error } = useApi<TagQuotePrice[]>(apiRoutes.projectCapexQuotePrices(projectId), {
    revalidateOnFocus: false,
  });
  const byTag = new Map<number, TagQuotePrice[]>();
  for (const price of prices ?? []) byTag.set(price.tag_id, [...(byTag.get(price.tag_id) ?? []), price]);
  return (
    <Dialog open onClose={onClose} maxWidth="xl" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="warning">The quote lines behind the prices could not be loaded ({error.message}).</Alert>
        )}
        {note && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {note}
          </Alert>
        )}
        <Table size="small" aria-label="Tags behind the figure">
          <TableHead>
            <TableRow>
              <TableCell>Tag</TableCell>
              <TableCell>Description</TableCell>
              <TableCell>Basis</TableCell>
              <TableCell>Escalation to {estimateDate}</TableCell>
              <TableCell align="right">Qty</TableCell>
              <TableCell align="right">Unit price ({currency})</TableCell>
              <TableCell align="right">Equipment</TableCell>
              <TableCell align="right">Installation</TableCell>
              <TableCell align="right">Bulks</TableCell>
              <TableCell align="right">Direct field</TableCell>
              <TableCell>Quotes</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tags.map((tag) => (
              <TableRow key={tag.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link component={RouterLink} to={projectRowPath(projectId, 'equipment', tag.id)}>
                    {tag.tagno}
                  </Link>
                </TableCell>
                <TableCell>{tag.description}</TableCell>
                <TableCell>
                  <BasisCell tag={tag} />
                </TableCell>
                <TableCell sx={{ minWidth: 260 }}>
                  <EscalationCell tag={tag} currency={currency} />
                </TableCell>
                <TableCell align="right">{tag.quantity}</TableCell>
                <TableCell align="right">{amount(tag.unit_price)}</TableCell>
                <TableCell align="right">{amount(tag.equipment)}</TableCell>
                <TableCell align="right">{amount(tag.installation)}</TableCell>
                <TableCell align="right">{amount(tag.bulks)}</TableCell>
                <TableCell align="right">{amount(tag.direct_field)}</TableCell>
                <TableCell>
                  {(byTag.get(tag.id) ?? []).map((line) => (
                    <Link
                      key={line.line_id}
                      component={RouterLink}
                      to={quotePath(line.quote_id)}
                      sx={{ display: 'block', whiteSpace: 'nowrap' }}
                    >
                      {line.quote_number} #{line.line_no} · {amount(line.base_unit_price)}
                      {line.supplier ? ` · ${line.supplier}` : ''}
                    </Link>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
