// The quotes module: its routes, and what other modules read of quotes (the revision in force, the totals).
import { onWrite } from '../../entities/after-write';
import { quotesWritten } from './quote-revisions';

export { quoteRoutes } from './quote-routes';
export { quoteTotals } from './quote-figures';
export { inForce, noLaterValidRevision, revisionRead } from './quote-revisions';
export { reviseQuote } from './revise-quote';

// A quote's `superseded` mark follows the revisions of its number, whichever path writes quotes.
onWrite(['quotes'], quotesWritten);
