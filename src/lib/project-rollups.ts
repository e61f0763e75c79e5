/**
 * GET /api/projects/:id/rollups: one project's figures, and the same per area (field guide §2-4), shared by
 * the server that computes them in one query and the page that shows them. Decimals are strings with two
 * decimals ('33800.00').
 */

/** The I/O types the instrument index counts (field guide §4). */
export const IO_TYPES = ['AI', 'AO', 'DI', 'DO', 'COMMS'] as const;
export type IoCounts = Record<(typeof IO_TYPES)[number], number>;

export type Rollup = {
  equipment_count: number;
  installed_kw: string;
  running_kw: string;
  instrument_count: number;
  io: IoCounts;
  /** ceil(n x (1 + spare_pct / 100)) of each type's count: the I/O to buy, spares rounded up per type. */
  io_with_spare: IoCounts;
  /** By cable type, each length with its allowance: length x (1 + allowance % / 100). */
  cable_length_m_by_type: Record<string, string>;
  /** The allowance those lengths include: sum(length x allowance % / 100). */
  cable_allowance_m: string;
  racking_length_m_by_type: Record<string, string>;
  line_count: number;
  /** sum(price x quantity) in the base currency; null only when there is no base currency at all. */
  equipment_cost_base: string | null;
  /** Equipment with no price, or no rate to convert it, left out of the cost. */
  equipment_unpriced: number;
};
/** `deleted`: a soft-deleted area, listed because live rows still name it (their figures count in the project's). */
export type AreaRollup = Rollup & { area_id: number; areacode: string; description: string | null; deleted: boolean };
/**
 * A roll-up a list declares (src/schemas/documents, `rollups`): its live rows grouped, each group's count and
 * sums. `columns` in order: the group fields (text: a lookup's label), then `count`, then the sums (decimals
 * as strings to the field's scale). `total` has the count and sums of the whole list.
 */
export type DeclaredRollup = {
  entity: string;
  title: string;
  columns: { key: string; label: string; numeric: boolean; unit?: string }[];
  rows: Record<string, string | number | null>[];
  total: Record<string, string | number | null>;
};

/** `estimate_date`: the date the equipment cost is escalated to and converted at (the project's, else today), as CAPEX's. */
export type ProjectRollups = {
  project_id: number;
  base_currency: string | null;
  rate_date: string | null;
  estimate_date: string;
  spare_pct: number;
  project: Rollup;
  areas: AreaRollup[];
  /** The roll-ups the project's lists declare, in the declaration's order. */
  tables: DeclaredRollup[];
};
