import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { paths, quotePath } from '../../app/paths';
import { EntityListPage } from '../../grids/entity-list-page';
import type { ColumnFilter } from '../../lib/entity-api';
import { getEntitySchema } from '../../schemas/registry';
import { QuoteSearchDialog } from './quote-search-dialog';

const quotes = getEntitySchema('quotes');

/**
 * QuotesV2 (quotelist1): every quote, expired ones in amber; a row opens its document; "Find quote
 * lines…" searches lines by supplier, part, tag, number or date (GET /quotesearchmodal). Each revision of a
 * quote is a row (its Revision column; issue #29 item 5); "Latest revisions only" leaves out the superseded ones.
 */
export function QuotesListPage() {
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  const [searching, setSearching] = useState(false);
  const [latestOnly, setLatestOnly] = useState(false);
  const latest = useMemo<ColumnFilter[] | undefined>(
    () => (latestOnly ? [{ field: 'superseded', op: 'equals', value: false }] : undefined),
    [latestOnly],
  );
  return (
    <>
      <EntityListPage
        schema={quotes}
        icon={<RequestQuoteOutlined />}
        subtitle="Supplier quotes in their own currency, each valued at the rate of its rate date (frozen on the quote). Expired quotes are shown in amber. Open a quote to see and edit its lines."
        onOpenRow={(row) => navigate(quotePath(row.id))}
        scopeFilters={latest}
        actions={
          <>
            <FormControlLabel
              control={<Switch checked={latestOnly} onChange={(event) => setLatestOnly(event.target.checked)} />}
              label="Latest revisions only"
            />
            <Button startIcon={<SearchOutlined />} onClick={() => setSearching(true)}>
              Find quote lines…
            </Button>
            <Button component={RouterLink} to={paths.quotesV1}>
              Quotes V1 (older records)
            </Button>
            {can(quotes.writeRole) && (
              <Button variant="contained" component={RouterLink} to={paths.newQuote}>
                New quote
              </Button>
            )}
          </>
        }
      />
      {searching && <QuoteSearchDialog onClose={() => setSearching(false)} />}
    </>
  );
}
