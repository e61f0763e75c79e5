import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import { useParams } from 'react-router-dom';
import { documentIdFromParam, quotePath } from '../../app/paths';
import { DocumentPage } from '../../grids/document-page';
import { getEntitySchema } from '../../schemas/registry';
import { QuoteSummaryPanel } from './quote-summary-panel';

const quotes = getEntitySchema('quotes');
const quoteLines = getEntitySchema('quote_lines');
const LISTS = [{ schema: quoteLines, label: 'Lines' }];

/**
 * A quote (/home/general/quote/:id, 0 for a new one): the header with its frozen rate, its lines (line
 * total and base amount derived on the server), and its totals in both currencies.
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
      title={(row) => (row ? `Quote ${String(row.quote_number)}` : 'New quote')}
      icon={<RequestQuoteOutlined />}
      lists={LISTS}
      summary={(row, version) => <QuoteSummaryPanel quoteId={row.id} version={version} />}
    />
  );
}
