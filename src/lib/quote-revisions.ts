/**
 * Quote revisions as the API answers them (issue #29 item 5), shared by the server and the quote page:
 * GET /api/quotes/:id/revisions and GET /api/quotes/:id/revision-changes.
 */

/** One revision of a quote number: its dates, rate and totals (decimals as text). */
export type QuoteRevision = {
  id: number;
  revision: number;
  /** "Q-2025-201 Rev 1" (the plain number for Rev 0). */
  quote_ref: string;
  date_received: string;
  rate_date: string | null;
  rate_applied: string | null;
  currency: string | null;
  base_currency: string | null;
  status: string;
  valid_until: string | null;
  total: string | null;
  base_total: string | null;
  /** Not expired, not rejected. */
  valid: boolean;
  /** The latest valid revision: the one a bid tab, CAPEX and the statistics read. */
  in_force: boolean;
  /** A later revision exists. */
  superseded: boolean;
};

export type FieldChange = { field: string; label: string; before: string | null; after: string | null };

export type RevisionLine = {
  line_no: number;
  description: string;
  tag: string | null;
  part: string | null;
  quantity: string | null;
  unit_price: string | null;
  line_type: string;
  line_status: string;
};

/** What a revision changed against the one before it, lines matched by line number. */
export type QuoteRevisionChanges = {
  quote_id: number;
  revision: number;
  /** The revision compared against; null for Rev 0. */
  previous: { id: number; revision: number; quote_ref: string } | null;
  header: FieldChange[];
  added: RevisionLine[];
  removed: RevisionLine[];
  changed: { line_no: number; description: string; fields: FieldChange[] }[];
};
