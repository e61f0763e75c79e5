/**
 * The proposal figures' contract, shared by server and browser (server/modules/proposals/). Every amount is
 * a decimal string with 2 places ('30660.00'), computed in SQL from the stored decimals, in the proposal's
 * currency; amounts of different currencies are never added together.
 */

/** GET /api/proposals/:id/summary: one proposal's fee. */
export type ProposalSummary = {
  proposal_id: number;
  currency: string | null;
  line_count: number;
  hours: string;
  /** The fee lines' amounts (hours x rate each) added up. */
  labour_fee: string;
  expenses: string;
  /** labour_fee + expenses. */
  total_fee: string;
  win_probability: string | null;
  /** total_fee x win_probability / 100 (0 when the probability is empty). */
  weighted_value: string;
};

/** GET /api/proposals/pipeline: the proposals list's strip. */
export type ProposalPipeline = {
  /** Proposals per status, every status listed (0 when none). */
  by_status: { status: string; count: number }[];
  /** Open proposals (draft and submitted), their total and weighted value, per currency. */
  open: { currency: string | null; count: number; total_fee: string; weighted_value: string }[];
};
