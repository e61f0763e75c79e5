import { SYSTEM_ACTOR } from '../../src/server/audit/audit-writer';
import { generateLithiumProjects } from '../../src/server/seed/large-data';
import { seedReferenceData } from '../../src/server/seed/seed-entities';
import { importEntityRows } from '../../src/server/entities/entity-service';
import { getEntitySchema } from '../../src/schemas/registry';
import { PAGE_SIZE } from '../../src/grids/use-entity-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { abCompare, type AbResult } from './ab';
import { runRevisionBenchmarks } from './revision-bench';
import { rawDriver, toCsv, type RawDriver } from './bench-db';

/**
 * The project document at scale (issue #15 item 9): a project of 5,000 equipment, 10,000 instruments and
 * 20,000 cables, beside a second project of the same size (so every scoped query has rows to leave out).
 * Each figure is a ratio against a baseline run in the same process.
 */
const AREAS = 10;
const EQUIPMENT = 5_000;
const INSTRUMENTS = 10_000;
const CABLES = 20_000;
const IMPORT_ROWS = 10_000;
const FLAT_COLUMNS = [
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
const IO = ['AI', 'AI', 'AI', 'AO', 'DI', 'DI', 'DO', 'COMMS'];
const LETTERS: Record<string, string> = { AI: 'FIT', AO: 'FCV', DI: 'LSHH', DO: 'XY', COMMS: 'AIT' };

async function ids(raw: RawDriver, sqlText: string): Promise<number[]> {
  return (await raw.query(sqlText)).rows.map((row) => Number(row.id));
}

/** One project's lists, written by COPY (the engine's own paths are what the benchmarks time). */
export async function loadProject(raw: RawDriver, projectId: number): Promise<void> {
  const areaRows = Array.from({ length: AREAS }, (_, i) => ({
    project_id: projectId,
    areacode: String((i + 1) * 100),
    description: `Area ${(i + 1) * 100}`,
  }));
  await raw.copyCsv(
    'areas',
    ['project_id', 'areacode', 'description'],
    toCsv(areaRows, ['project_id', 'areacode', 'description']),
  );
  const areaIds = await ids(raw, `select id from areas where project_id = ${projectId} order by areacode`);
  const area = (i: number) => areaIds[i % AREAS] as number;
  const equipmentColumns = [
    'project_id',
    'projarea_id',
    'tagno',
    'description',
    'type_code',
    'quantity',
    'duty_role',
    'installed_kw',
    'absorbed_kw',
    'running',
    'status',
  ];
  const equipment = Array.from({ length: EQUIPMENT }, (_, i) => ({
    project_id: projectId,
    projarea_id: area(i),
    tagno: `${((i % AREAS) + 1) * 100}-PP-${String(i).padStart(5, '0')}`,
    description: `Slurry pump ${i}`,
    type_code: 'PP',
    quantity: 1 + (i % 3),
    duty_role: 'duty',
    installed_kw: String(50 + (i % 400)),
    absorbed_kw: String(40 + (i % 400)),
    running: i % 5 !== 0,
    status: 'in_design',
  }));
  await raw.copyCsv('mech_equipment', equipmentColumns, toCsv(equipment, equipmentColumns));
  const instrumentColumns = ['project_id', 'projarea_id', 'tagno', 'letters', 'io_type', 'service', 'status'];
  const instruments = Array.from({ length: INSTRUMENTS }, (_, i) => {
    const io = IO[i % IO.length] as string;
    return {
      project_id: projectId,
      projarea_id: area(i),
      tagno: `${((i % AREAS) + 1) * 100}-${LETTERS[io]}-${String(i).padStart(5, '0')}`,
      letters: LETTERS[io],
      io_type: io,
      service: `Loop ${i}`,
      status: 'in_design',
    };
  });
  await raw.copyCsv('instruments', instrumentColumns, toCsv(instruments, instrumentColumns));
  const instrumentRows = (
    await raw.query(`select id, tagno from instruments where project_id = ${projectId} order by id`)
  ).rows;
  const cableColumns = [
    'project_id',
    'instrument_id',
    'cable_tag',
    'from_tag',
    'to_tag',
    'cable_type',
    'cores_size',
    'length_m',
    'allowance_pct',
  ];
  const cables = Array.from({ length: CABLES }, (_, i) => {
    const instrument = instrumentRows[i % instrumentRows.length] as { id: unknown; tagno: unknown };
    return {
      project_id: projectId,
      instrument_id: Number(instrument.id),
      cable_tag: `${String(instrument.tagno)}-C${Math.floor(i / instrumentRows.length) + 1}`,
      from_tag: String(instrument.tagno),
      to_tag: `JB-${((i % AREAS) + 1) * 100}-01`,
      cable_type: i % 4 === 0 ? 'power' : 'instrument',
      cores_size: '2 x 1.5 mm2',
      length_m: String(20 + (i % 180)),
      allowance_pct: '10',
    };
  });
  await raw.copyCsv('cabling', cableColumns, toCsv(cables, cableColumns));
}

/** The roll-ups of one project as an analyst would write them by hand: one GROUP BY per list, per area. */
const handWrittenRollups = (projectId: number) => `
  select a.id, a.areacode,
    (select count(*) from mech_equipment e where e.projarea_id = a.id) as equipment_count,
    (select coalesce(sum(e.installed_kw * e.quantity), 0) from mech_equipment e where e.projarea_id = a.id) as installed_kw,
    (select coalesce(sum(e.installed_kw * e.quantity), 0) from mech_equipment e where e.projarea_id = a.id and e.running) as running_kw,
    (select json_object_agg(io_type, n) from (select i.io_type, count(*) as n from instruments i where i.projarea_id = a.id group by i.io_type) x) as io,
    (select json_object_agg(cable_type, m) from (select c.cable_type, sum(c.length_m * (1 + coalesce(c.allowance_pct, 0) / 100)) as m
       from cabling c join instruments i on i.id = c.instrument_id where i.projarea_id = a.id group by c.cable_type) y) as cable_m,
    (select count(*) from piping l where l.projarea_id = a.id) as line_count
  from areas a where a.project_id = ${projectId} order by a.areacode`;

/** Every page of a list as the grid loads it (PAGE_SIZE rows at a time), through the API; answers the rows' ids and versions. */
export async function openList(
  t: TestApp,
  token: string,
  url: string,
  total: number,
): Promise<{ id: number; version: number }[]> {
  const rows: { id: number; version: number }[] = [];
  for (let offset = 0; offset < total; offset += PAGE_SIZE) {
    const response = await t.call({
      url: `${url}${url.includes('?') ? '&' : '?'}offset=${offset}&limit=${PAGE_SIZE}`,
      token,
    });
    if (response.statusCode !== 200)
      throw new Error(`list failed: ${response.statusCode} ${response.body.slice(0, 200)}`);
    rows.push(...(response.json() as { rows: { id: number; version: number }[] }).rows);
  }
  if (rows.length !== total) throw new Error(`${url} answered ${rows.length} rows, expected ${total}`);
  return rows;
}

export async function runProjectBenchmarks(label: string, rounds: number): Promise<AbResult[]> {
  const t = await createTestApp();
  try {
    const raw = rawDriver(t.database);
    await seedReferenceData(t.database.db);
    const started = performance.now();
    const [project, other] = await ids(
      raw,
      `insert into projects (name, is_testdata) values ('Bench project', true), ('Bench neighbour', true) returning id`,
    );
    await loadProject(raw, project as number);
    await loadProject(raw, other as number);
    const [usd] = await ids(raw, `select id from currencies where code = 'USD'`);
    await raw.copyCsv(
      'lithium_projects',
      FLAT_COLUMNS,
      toCsv(generateLithiumProjects(CABLES, usd as number), FLAT_COLUMNS),
    );
    for (const table of ['areas', 'mech_equipment', 'instruments', 'cabling', 'lithium_projects'])
      await raw.query(`analyze ${table}`);
    console.log(
      `  [${label}] two projects of ${EQUIPMENT} equipment, ${INSTRUMENTS} instruments, ${CABLES} cables loaded in ${Math.round(performance.now() - started)} ms`,
    );
    const token = await t.tokenFor('admin');
    const results: AbResult[] = [];

    // 1. Opening the project's largest tab (its 20,000 cables, all pages as the grid loads them) against a
    //    flat list of the same size (20,000 lithium projects, the same pages).
    const scope = encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project }]));
    results.push(
      await abCompare({
        name: `${label}: open the project's largest tab (${CABLES.toLocaleString('en-US')} cables of 40,000, every page) vs a flat list of ${CABLES.toLocaleString('en-US')} rows`,
        rounds,
        aim: 0.67, // 1 / 1.5
        baseline: async () =>
          void (await openList(t, token, '/api/entities/lithium_projects?sort=project:asc,id:asc', CABLES)),
        candidate: async () =>
          void (await openList(t, token, `/api/entities/cabling?filters=${scope}&sort=cable_tag:asc,id:asc`, CABLES)),
        note: 'aim: the tab takes at most 1.5 x the flat list; the tab also filters by project and shows lookup labels',
      }),
    );

    // 2. The document's roll-ups (one query) against the same figures by a hand-written SQL query.
    const check = await t.call({ url: `/api/projects/${project}/rollups`, token });
    if (check.statusCode === 200) {
      results.push(
        await abCompare({
          name: `${label}: the document's roll-ups via API vs the same figures by hand-written SQL`,
          rounds: rounds * 2,
          aim: 0.83, // 1 / 1.2
          baseline: async () => void (await raw.query(handWrittenRollups(project as number))),
          candidate: async () => void (await t.call({ url: `/api/projects/${project}/rollups`, token })).json(),
          note: 'aim: at most 1.2 x the hand-written query',
        }),
      );
    } else {
      console.log(`  [${label}] roll-ups skipped: GET /api/projects/:id/rollups answered ${check.statusCode}`);
    }

    // 3. An import of 10,000 instruments into the project against COPY of the same rows.
    const schema = getEntitySchema('instruments');
    const areas = (await raw.query(`select id, areacode from areas where project_id = ${project} order by areacode`))
      .rows;
    // Tags follow the project's instrument template ({area}-{letters}-{loop}): the round's digit, then the row's.
    const importRows = (round: number) =>
      Array.from({ length: IMPORT_ROWS }, (_, i) => {
        const area = areas[i % AREAS] as { id: unknown; areacode: unknown };
        return {
          projarea_id: Number(area.id),
          tagno: `${String(area.areacode)}-FIT-${round + 2}${String(i).padStart(4, '0')}`,
          letters: 'FIT',
          io_type: 'AI',
          service: `Imported loop ${i}`,
          status: 'in_design',
        };
      });
    const columns = ['project_id', 'projarea_id', 'tagno', 'letters', 'io_type', 'service', 'status'];
    results.push(
      await abCompare({
        name: `${label}: import of ${IMPORT_ROWS.toLocaleString('en-US')} instruments into the project vs COPY`,
        rounds,
        aim: 0.4,
        reset: async () => void (await raw.query(`delete from instruments where service like 'Imported loop %'`)),
        baseline: async (round) =>
          raw.copyCsv(
            'instruments',
            columns,
            toCsv(
              importRows(round).map((row) => ({ ...row, project_id: project })),
              columns,
            ),
          ),
        candidate: async (round) => {
          const result = await importEntityRows(
            t.database.db,
            schema,
            { mode: 0, scope: project as number, rows: importRows(round) },
            SYSTEM_ACTOR,
          );
          if (result.added !== IMPORT_ROWS) throw new Error(`import added ${result.added}`);
        },
        note: 'the import stamps the project, validates every row (ISA letters too), checks keys, same-project lookups and tag templates, and audits',
      }),
    );
    results.push(...(await runRevisionBenchmarks(t, raw, project as number, label, rounds)));
    return results;
  } finally {
    await t.close();
  }
}
