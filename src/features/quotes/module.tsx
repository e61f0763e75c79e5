import { lazy } from 'react';
import { PageTitle } from '../../app/layout/page-title';
import type { ShellModule } from '../../app/shell-modules';

const QuotesListPage = lazy(() => import('./quotes-list-page').then((m) => ({ default: m.QuotesListPage })));
const QuoteDocumentPage = lazy(() => import('./quote-document-page').then((m) => ({ default: m.QuoteDocumentPage })));
const QuotesV1Page = lazy(() => import('./quotes-v1-page').then((m) => ({ default: m.QuotesV1Page })));
const PartDocumentPage = lazy(() => import('./part-document-page').then((m) => ({ default: m.PartDocumentPage })));

/** Quotes V2 (the list, a quote's document, the quote search), the older Quotes V1 (read-only) and a part's document with its quotes' statistics. */
export const quotesModule: ShellModule = {
  id: 'quotes',
  pages: [
    // Titled as its sidebar entry (spec §2), as the other lists are.
    {
      path: 'general/quotelist1',
      element: (
        <PageTitle title="QuotesV2">
          <QuotesListPage />
        </PageTitle>
      ),
    },
    { path: 'general/quote/:id', element: <QuoteDocumentPage /> },
    { path: 'general/thepart/:id', element: <PartDocumentPage /> },
    { path: 'general/quotes1', element: <QuotesV1Page /> },
  ],
};
