import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import { useParams } from 'react-router-dom';
import { documentIdFromParam, quotePath } from '../../app/paths';
import { DocumentPage } from '../../grids/document-page';
import { getEntitySchema } from '../../schemas/registry';
import { QuoteRevisionChanges } from './quote-revision-changes';
import { QuoteRevisionsPanel } from './quote-revisions-panel';
import { QuoteSummaryPanel } from './quote-summary-panel';
import { ReviseQuoteButton } from './revise-quote-button';

const quotes = getEntitySchema('quotes');
const quoteLines = getEntitySchema('quote_lines');
const LISTS = [{ schema: quoteLines, label: 'Lines' }];

/**
 * A quote (/home/general/quote/:id, 0 for a new one): the header with its frozen rate, its lines (line
 * total and base amount derived on the server), its totals in both currencies, the revisions of its number
 * ("Revise…" issues the next) and what this revision changed against the one before (issue #29 item 5).
 */
export function QuoteDocumentPage() {
  const id = documentIdFromParam(useParams().id);
  return (
    <DocumentPage
      schema={quotes}
      id={id}
      documentPath={quotePath}
      listPath="/home/general/quotelist1"
      listLabel="QuotesV2"
      title={(row) => (row ? `Quote ${String(row.quote_ref ?? row.quote_number)}` : 'New quote')}
      icon={<RequestQuoteOutlined />}
      lists={LISTS}
      actions={(row) => <ReviseQuoteButton quote={row} />}
      summary={(row, version) => (
        <>
          <QuoteSummaryPanel quoteId={row.id} version={version} />
          <QuoteRevisionsPanel quoteId={row.id} version={version} />
        </>
      )}
      footer={(row, version) => <QuoteRevisionChanges quoteId={row.id} version={version} />}
    />
  );
}
