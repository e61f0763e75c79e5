import type { QuoteSummary } from './quotes';

/**
 * What the package routes answer (server and browser share these shapes). Amounts are decimal strings.
 */

/** One bidder of a package with how completely it has quoted the package's scope. */
export type BidderCompleteness = {
  bidder_id: number;
  package_id: number;
  supplier_id: number;
  supplier: string;
  /** invited, declined, bid_received, disqualified */
  status: string;
  /** The package's items. */
  items_in_scope: number;
  /**
   * Items of the scope this supplier's quotes against the package price: quoted BASE lines of quotes not
   * expired, matched to an item by equipment tag or part (options and alternatives price nothing here).
   */
  items_quoted: number;
  /** items_quoted of items_in_scope, in whole per cent; null when the scope is empty. */
  percent: number | null;
  /** The supplier's quotes against the package, expired ones included. */
  quotes: number;
  expired_quotes: number;
  /** One of its quotes not expired prices every item of the scope by itself. */
  complete: boolean;
  /** The lowest base-currency total over the scope among its complete quotes not expired; null (never 0) when none is complete. */
  lowest_base_total: string | null;
  base_currency: string | null;
};

/** A quote against the package, with its totals (the footer of the package's document). */
export type PackageQuote = QuoteSummary & {
  supplier: string;
  supplier_id: number;
  status: string;
  date_received: string;
};

/** GET /api/package/:id/figures: the document's summary panel and footer. */
export type PackageFigures = {
  package_id: number;
  status: string;
  /** The statuses the workflow lets the package move to next. */
  next_moves: string[];
  items_in_scope: number;
  budget: string | null;
  budget_currency: string | null;
  award_supplier: string | null;
  award_amount: string | null;
  award_currency: string | null;
  award_date: string | null;
  po_number: string | null;
  bidders: BidderCompleteness[];
  quotes: PackageQuote[];
};
