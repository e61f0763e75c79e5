import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import type { ListQuery } from '../../src/lib/entity-api';
import { listStatements } from '../../src/server/entities/list-query';
import { SYSTEM_ACTOR } from '../../src/server/audit/audit-writer';
import { generateLithiumProjects } from '../../src/server/seed/large-data';
import { seedReferenceData } from '../../src/server/seed/seed-entities';
import { importEntityRows } from '../../src/server/entities/entity-service';
import { getEntitySchema } from '../../src/schemas/registry';
import { createTestApp } from '../support/test-app';
import { abCompare, type AbResult } from './ab';
import { rawDriver, toCsv } from './bench-db';

const LIST_ROWS = 100_000;
const BATCH_ROWS = 5_000;
const IMPORT_ROWS = 10_000;
const COLUMNS = [
  'project',
  'owner',
  'deposit_type',
  'stage',
  'country',
  'region',
  'latitude',
  'longitude',
  'capacity_tpa_lce',
  'capex_usd',
  'capex_currency_id',
  'start_year',
  'source',
];

/**
 * The API benchmarks of the entity engine, each against the same work done through the raw driver in the
 * same process: list (filter + sort + page + count), batch save, import write path.
 */
export async function runApiBenchmarks(label: string, rounds: number): Promise<AbResult[]> {
  const t = await createTestApp();
  try {
    const raw = rawDriver(t.database);
    await seedReferenceData(t.database.db);
    const [usd] = (await raw.query(`select id from currencies where code = 'USD'`)).rows;
    const usdId = Number(usd!.id);
    const started = performance.now();
    await raw.copyCsv('lithium_projects', COLUMNS, toCsv(generateLithiumProjects(LIST_ROWS, usdId), COLUMNS));
    await raw.query('analyze lithium_projects');
    console.log(
      `  [${label}] ${LIST_ROWS.toLocaleString('en-US')} rows loaded in ${Math.round(performance.now() - started)} ms`,
    );
    const token = await t.tokenFor('admin');
    const results: AbResult[] = [];

    // 1. List 100 rows of 100,000 with a filter and a sort, against the SAME SQL the engine runs, sent
    //    through the raw driver from a minimal route: the ratio is the cost of our layers (auth, parsing,
    //    query building, serialization), not of a different query.
    const listQuery: ListQuery = {
      filters: [
        { field: 'country', op: 'equals', value: 'Chile' },
        { field: 'stage', op: 'in', value: ['pfs', 'dfs', 'production'] },
      ],
      sort: [{ field: 'capacity_tpa_lce', direction: 'desc' }],
      limit: 100,
    };
    const dialect = new PgDialect();
    const statements = listStatements(getEntitySchema('lithium_projects'), listQuery);
    const [rowsSql, countSql] = [dialect.sqlToQuery(statements.rows), dialect.sqlToQuery(statements.count)];
    const minimal = Fastify();
    minimal.get('/raw', async (_request, reply) => {
      const [rows, count] = await Promise.all([
        raw.query(rowsSql.sql, rowsSql.params),
        raw.query(countSql.sql, countSql.params),
      ]);
      const json = String(rows.rows[0]!.json);
      return reply
        .type('application/json')
        .send(`{"rows":${json},"total":${Number(count.rows[0]!.total)},"offset":0,"limit":100}`);
    });
    await minimal.ready();
    const filters = encodeURIComponent(JSON.stringify(listQuery.filters));
    const listUrl = `/api/entities/lithium_projects?filters=${filters}&sort=capacity_tpa_lce:desc&limit=100`;
    const check = await t.call({ url: listUrl, token });
    if (check.statusCode !== 200) throw new Error(`list failed: ${check.body}`);
    results.push(
      await abCompare({
        name: `${label}: list 100 of ${LIST_ROWS.toLocaleString('en-US')} rows (filter + sort + count) via API vs the same SQL in a raw route`,
        rounds: rounds * 4,
        aim: 0.85,
        baseline: async () => void (await minimal.inject({ url: '/raw' })).json(),
        candidate: async () => void (await t.call({ url: listUrl, token })).json(),
      }),
    );

    // 2. Batch save of 5,000 changed rows in one request, against a raw multi-row INSERT … ON CONFLICT.
    let versions = new Map<number, number>();
    let ids: number[] = [];
    const loadVersions = async () => {
      const rows = (await raw.query(`select id, version from lithium_projects order by id limit ${BATCH_ROWS}`)).rows;
      ids = rows.map((r) => Number(r.id));
      versions = new Map(rows.map((r) => [Number(r.id), Number(r.version)]));
    };
    const capacity = (round: number, id: number) => String(((id * 7 + round * 13) % 60) * 1000 + 5000);
    // Measured twice: as the grid saves (Prefer: return=minimal, updated rows answered as their changes) and
    // with whole rows answered, the API's default.
    for (const answer of ['changes', 'whole rows'] as const) {
      const headers = answer === 'changes' ? { prefer: 'return=minimal' } : {};
      results.push(
        await abCompare({
          name: `${label}: batch save of ${BATCH_ROWS.toLocaleString('en-US')} changed rows via API (${answer === 'changes' ? 'as the grid saves: Prefer: return=minimal' : 'whole rows answered'}) vs raw INSERT … ON CONFLICT`,
          rounds,
          aim: 0.5,
          reset: loadVersions,
          baseline: async (round) => {
            const values: unknown[] = [];
            const tuples = ids.map((id, i) => {
              values.push(id, capacity(round, id), 'dfs');
              return `($${i * 3 + 1}::int, $${i * 3 + 2}::numeric, $${i * 3 + 3}::text)`;
            });
            await raw.query(
              `insert into lithium_projects (id, capacity_tpa_lce, stage, project, owner, deposit_type, country)
               select v.id, v.cap, v.stage, p.project, p.owner, p.deposit_type, p.country
               from (values ${tuples.join(', ')}) as v(id, cap, stage) join lithium_projects p on p.id = v.id
               on conflict (id) do update set capacity_tpa_lce = excluded.capacity_tpa_lce, stage = excluded.stage, version = lithium_projects.version + 1, updated_at = now()`,
              values,
            );
          },
          candidate: async (round) => {
            const updates = ids.map((id) => ({
              id,
              version: versions.get(id)!,
              changes: { capacity_tpa_lce: capacity(round + 1000, id), stage: 'pfs' },
            }));
            const response = await t.call({
              method: 'POST',
              url: '/api/entities/lithium_projects/batch',
              token,
              headers,
              payload: { updates },
            });
            if (response.statusCode !== 200)
              throw new Error(`batch failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
          },
          note: 'the API also validates every row, checks versions and writes one audit row per changed field',
        }),
      );
    }

    // 3. The import write path, against COPY of the same rows.
    const schema = getEntitySchema('lithium_projects');
    const importRows = (round: number) =>
      generateLithiumProjects(IMPORT_ROWS, usdId, 1000 + round).map((row) => ({
        ...row,
        project: `Import ${round} ${String(row.project)}`,
      }));
    results.push(
      await abCompare({
        name: `${label}: import write path of ${IMPORT_ROWS.toLocaleString('en-US')} new rows vs COPY`,
        rounds,
        // #28: at or above 0.55 of COPY with the import's read-back (its rows counted in the database) in.
        aim: 0.55,
        reset: async () => void (await raw.query(`delete from lithium_projects where project like 'Import %'`)),
        baseline: async (round) => raw.copyCsv('lithium_projects', COLUMNS, toCsv(importRows(round), COLUMNS)),
        candidate: async (round) => {
          const result = await importEntityRows(
            t.database.db,
            schema,
            { mode: 0, rows: importRows(round) },
            SYSTEM_ACTOR,
          );
          if (result.added !== IMPORT_ROWS) throw new Error(`import added ${result.added}`);
        },
        note: 'both sides include generating the rows; the import validates every row, checks keys and audits every field',
      }),
    );
    await minimal.close();
    return results;
  } finally {
    await t.close();
  }
}
