// The adjudications module: bid tabs, awards and their routes.
import { onWrite } from '../../entities/after-write';
// The quotes' own listener registers first (their index runs before this one's body): the bid tab reads
// which revision of a quote is in force, which that listener has just marked.
import '../quotes';
import { bidTabInputsWritten } from './evaluated-low';

export { adjudicationRoutes } from './adjudication-routes';
export { awardAdjudication, freezeRates } from './award';
export { readBidTab } from './bid-tab';

// The package's evaluated low follows its bid tab's inputs, whichever path writes them.
onWrite(
  [
    'quotes',
    'quote_lines',
    'package_items',
    'adjudications',
    'adjudication_rates',
    'adjudication_bidders',
    'adjudication_adders',
    'adjudication_choices',
  ],
  bidTabInputsWritten,
);
