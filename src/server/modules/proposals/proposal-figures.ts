import { sql, type SQL } from 'drizzle-orm';
import type { ProposalPipeline, ProposalSummary } from '../../../lib/proposals';
import { OPEN_PROPOSAL_STATUSES, PROPOSAL_STATUSES } from '../../../schemas/entities/proposals';
import type { Db } from '../../db/client';
import { jsonValues, queryRows } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';

/**
 * The proposal's derived figures, exact decimals computed by PostgreSQL (numeric), never typed and never
 * floats: labour fee = sum of the fee lines' amounts (each hours x rate to the cent, derived on save),
 * total fee = labour + expenses, weighted value = total x win probability / 100, rounded to the cent once.
 * One statement serves the summary panel, the spec's GET /proposals rows and the pipeline strip.
 */

const cents = (expression: SQL): SQL => sql`(${expression})::numeric(30, 2)::text`;

/** One row per proposal (where `where` holds, over alias p): its figures as text. */
function figuresQuery(where: SQL): SQL {
  return sql`
    with labour as (
      select l.proposal_id, count(*)::int as line_count, sum(l.hours) as hours, sum(l.amount) as labour_fee
      from proposal_lines l group by l.proposal_id
    ), fee as (
      select p.id, p.status, c.code as currency, coalesce(l.line_count, 0) as line_count,
             coalesce(l.hours, 0) as hours, coalesce(l.labour_fee, 0) as labour_fee, coalesce(p.expenses, 0) as expenses,
             coalesce(l.labour_fee, 0) + coalesce(p.expenses, 0) as total_fee, p.win_probability
      from proposals p
      left join labour l on l.proposal_id = p.id
      left join currencies c on c.id = p.currency_id
      where ${where}
    )
    select id as proposal_id, status, currency, line_count, ${cents(sql`hours`)} as hours, ${cents(sql`labour_fee`)} as labour_fee,
           ${cents(sql`expenses`)} as expenses, ${cents(sql`total_fee`)} as total_fee, win_probability::text as win_probability,
           ${cents(sql`round(total_fee * coalesce(win_probability, 0) / 100, 2)`)} as weighted_value
    from fee order by id`;
}

type FigureRow = ProposalSummary & { status: string };

/** The figures of the proposals `ids` (every proposal when left out), by id. */
export async function proposalFigures(db: Db, ids?: readonly number[]): Promise<Map<number, FigureRow>> {
  const rows = await queryRows<FigureRow>(db, figuresQuery(ids ? sql`p.id in ${jsonValues(ids, 'int')}` : sql`true`));
  return new Map(rows.map((row) => [row.proposal_id, row]));
}

/** GET /api/proposals/:id/summary; 404 for a proposal that does not exist. */
export async function proposalSummary(db: Db, id: number): Promise<ProposalSummary> {
  const row = (await proposalFigures(db, [id])).get(id);
  if (!row) throw new AppError('not_found', `No proposal with id ${id}.`);
  const { status: _status, ...summary } = row;
  return summary;
}

/** GET /api/proposals/pipeline: counts by status, and the open proposals' totals per currency (never added across currencies). */
export async function proposalPipeline(db: Db): Promise<ProposalPipeline> {
  const open = jsonValues([...OPEN_PROPOSAL_STATUSES], 'text');
  const counts = await queryRows<{ status: string; count: number }>(
    db,
    sql`select status, count(*)::int as count from proposals group by status`,
  );
  const totals = await queryRows<ProposalPipeline['open'][number]>(
    db,
    sql`select f.currency, count(*)::int as count, sum(f.total_fee::numeric)::numeric(30, 2)::text as total_fee,
               sum(f.weighted_value::numeric)::numeric(30, 2)::text as weighted_value
        from (${figuresQuery(sql`p.status in ${open}`)}) f group by f.currency order by f.currency`,
  );
  const byStatus = new Map(counts.map((row) => [row.status, row.count]));
  return {
    by_status: PROPOSAL_STATUSES.map(({ value }) => ({ status: value, count: byStatus.get(value) ?? 0 })),
    open: totals,
  };
}
