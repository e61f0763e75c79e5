import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import { signedInSuite } from '../support/test-app';

/**
 * GET /api/projects/:id/rollups: the figures of a project and of each of its areas, checked against sums
 * computed here from the rows this file creates (its own currencies, rates, project and rows: the demo
 * data may change under it), right after a batch save and right after an import. The equipment cost is
 * CAPEX's (escalated to the estimate date, converted at its rates: escalation.test.ts); here every price is
 * dated in the estimate month (the rows' creation set so), so every escalation factor is 1.
 */
const suite = signedInSuite();
const { get, post } = suite;

type Row = EntityRow;
type Rollup = Record<string, unknown>;

async function create(entity: string, rows: Record<string, unknown>[], token = suite.engineer): Promise<Row[]> {
  const response = await post(
    `/entities/${entity}/batch`,
    { creates: rows.map((values, i) => ({ clientKey: `k${i}`, values })) },
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().created as Row[];
}

async function rowsOf(entity: string, projectId: number): Promise<Row[]> {
  const filters = encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: projectId }]));
  const response = await get(`/entities/${entity}?filters=${filters}&limit=10000`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ListResponse).rows;
}

/** As if the project's prices had been typed on `date` (the rows' creation, and any price change in the audit trail). */
const typedOn = (projectId: number, date: string) =>
  suite.t.database.db
    .execute(sql`with rows as (update mech_equipment set created_at = ${date}::timestamptz where project_id = ${projectId} returning id)
    update audit_log set created_at = ${date}::timestamptz where table_name = 'mech_equipment' and field_name = 'price' and record_id in (select id::text from rows)`);

async function rollupsOf(projectId: number): Promise<{ project: Rollup; areas: Rollup[] } & Record<string, unknown>> {
  const response = await get(`/projects/${projectId}/rollups`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

// Exact decimal arithmetic for the reference sums: values in units of 0.0001, as integers.
const UNITS = 10_000;
const units = (value: unknown): number => {
  if (value === null || value === undefined) return 0;
  const [whole = '0', fraction = ''] = String(value).split('.');
  return Number(whole) * UNITS + Number(fraction.padEnd(4, '0').slice(0, 4));
};
/** Rounded half up to 2 decimals, as PostgreSQL's round(numeric, 2). */
const fixed2 = (value: number): string => {
  const cents = Math.round(value / 100);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};
const spare = (n: number) => Math.floor((n * 12 + 9) / 10); // ceil(n * 1.2) in integers

/**
 * The roll-up of `rows` as the route defines it. `ratio(currencyId)` is rate(price currency) / rate(base)
 * as an exact number, or undefined when there is no rate.
 */
function reference(
  lists: Record<string, Row[]>,
  inArea: (row: Row, list: string) => boolean,
  ratio: (currency: number) => number | undefined,
): Rollup {
  const equipment = lists.mech_equipment!.filter((row) => inArea(row, 'mech_equipment'));
  const instruments = lists.instruments!.filter((row) => inArea(row, 'instruments'));
  const qty = (row: Row) => (row.quantity as number | null) ?? 1;
  const kw = (rows: Row[]) => fixed2(rows.reduce((sum, row) => sum + units(row.installed_kw) * qty(row), 0));
  const io = (spared: boolean) =>
    Object.fromEntries(
      ['AI', 'AO', 'DI', 'DO', 'COMMS'].map((type) => {
        const n = instruments.filter((row) => row.io_type === type).length;
        return [type, spared ? spare(n) : n];
      }),
    );
  const byType = (rows: Row[], typeField: string, length: (row: Row) => number) => {
    const totals = new Map<string, number>();
    for (const row of rows)
      totals.set(row[typeField] as string, (totals.get(row[typeField] as string) ?? 0) + length(row));
    return Object.fromEntries(
      [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([type, total]) => [type, fixed2(total)]),
    );
  };
  let cost = 0;
  let unpriced = 0;
  for (const row of equipment) {
    const rate = row.price === null ? undefined : ratio(row.price_currency_id as number);
    if (rate === undefined) unpriced++;
    else cost += units(row.price) * qty(row) * rate;
  }
  return {
    equipment_count: equipment.length,
    installed_kw: kw(equipment),
    running_kw: kw(equipment.filter((row) => row.running)),
    instrument_count: instruments.length,
    io: io(false),
    io_with_spare: io(true),
    // length x (1 + allowance / 100): length has 1 decimal, allowance 1 decimal.
    cable_length_m_by_type: byType(
      lists.cabling!.filter((row) => inArea(row, 'cabling')),
      'cable_type',
      (row) => (units(row.length_m) * (1000 + units(row.allowance_pct) / 1000)) / 1000,
    ),
    // The allowance they include: length x allowance / 100 (units of 0.0001 both: / 10,000 / 100).
    cable_allowance_m: fixed2(
      lists
        .cabling!.filter((row) => inArea(row, 'cabling'))
        .reduce((sum, row) => sum + (units(row.length_m) * units(row.allowance_pct)) / 1_000_000, 0),
    ),
    racking_length_m_by_type: byType(
      lists.racking!.filter((row) => inArea(row, 'racking')),
      'rack_type',
      (row) => units(row.length_m),
    ),
    line_count: lists.piping!.filter((row) => inArea(row, 'piping')).length,
    equipment_cost_base: fixed2(cost),
    equipment_unpriced: unpriced,
  };
}

/** The project's and each area's expected roll-up, from its rows as the API lists them. */
async function expectedRollups(projectId: number, ratio: (currency: number) => number | undefined) {
  const lists: Record<string, Row[]> = {};
  for (const list of ['areas', 'mech_equipment', 'instruments', 'cabling', 'racking', 'piping'])
    lists[list] = await rowsOf(list, projectId);
  const instrumentArea = new Map(lists.instruments!.map((row) => [row.id, row.projarea_id]));
  const areaOf = (row: Row, list: string) =>
    list === 'cabling'
      ? instrumentArea.get(row.instrument_id as number)
      : list === 'racking'
        ? (row.projarea_id ?? instrumentArea.get(row.instrument_id as number))
        : row.projarea_id;
  return {
    project: reference(lists, () => true, ratio),
    // A soft-deleted area is listed while live rows still name it (their figures count in the project's).
    areas: [...lists.areas!]
      .sort((a, b) => String(a.areacode).localeCompare(String(b.areacode)))
      .filter(
        (area) =>
          !area.deleteflag ||
          ['mech_equipment', 'instruments', 'cabling', 'racking', 'piping'].some((list) =>
            lists[list]!.some((row) => !row.deleteflag && areaOf(row, list) === area.id),
          ),
      )
      .map((area) => ({
        area_id: area.id,
        areacode: area.areacode,
        description: area.description,
        deleted: area.deleteflag,
        ...reference(lists, (row, list) => areaOf(row, list) === area.id, ratio),
      })),
  };
}

let currency: Record<'XRA' | 'XRB' | 'XRC' | 'USD', number>;
let projectId: number;
let area: Record<'100' | '200' | '900', number>;
let instrument: Record<string, number>;

beforeAll(async () => {
  // Currencies of this file's own, with rates on both sides of the project's rate date.
  const made = await create(
    'currencies',
    ['XRA', 'XRB', 'XRC'].map((code) => ({ code, name: `Rollup test ${code}` })),
    suite.admin,
  );
  const usd = (
    (
      await get(
        `/entities/currencies?filters=${encodeURIComponent(JSON.stringify([{ field: 'code', op: 'equals', value: 'USD' }]))}`,
      )
    ).json() as ListResponse
  ).rows[0]!;
  currency = { XRA: made[0]!.id, XRB: made[1]!.id, XRC: made[2]!.id, USD: usd.id };
  await create(
    'currency_rates',
    [
      { currency_id: currency.XRA, rate_date: '2029-12-31', rate_to_usd: '2' },
      { currency_id: currency.XRA, rate_date: '2030-06-30', rate_to_usd: '3' },
      { currency_id: currency.XRB, rate_date: '2029-01-01', rate_to_usd: '0.25' },
      { currency_id: currency.XRB, rate_date: '2030-01-01', rate_to_usd: '0.5' },
    ],
    suite.admin,
  );

  const project = await post('/projects-new', {
    name: 'Rollup Test Concentrator',
    base_currency_id: currency.XRB,
    rate_date: '2030-01-31',
    estimate_date: '2030-01-31',
    is_testdata: true,
  });
  expect(project.statusCode, project.body).toBe(200);
  projectId = project.json().id;
  const areas = await create('areas', [
    { project_id: projectId, areacode: '100', description: 'Crushing' },
    { project_id: projectId, areacode: '200', description: 'Grinding' },
    { project_id: projectId, areacode: '900', description: 'Nothing here yet' },
  ]);
  area = { '100': areas[0]!.id, '200': areas[1]!.id, '900': areas[2]!.id };

  await create('mech_equipment', [
    {
      projarea_id: area['100'],
      tagno: '100-CR-001',
      description: 'Primary crusher',
      installed_kw: '450.00',
      price: '1000.00',
      price_currency_id: currency.XRA,
    },
    {
      projarea_id: area['100'],
      tagno: '100-CV-001',
      description: 'Conveyors',
      quantity: 2,
      installed_kw: '75.50',
      price: '250.25',
      price_currency_id: currency.USD,
    },
    {
      projarea_id: area['100'],
      tagno: '100-PP-001',
      description: 'Sump pump',
      installed_kw: '110',
      running: false,
      price: '300',
      price_currency_id: currency.XRB,
    },
    {
      projarea_id: area['200'],
      tagno: '200-ML-001',
      description: 'SAG mill',
      installed_kw: '5000',
      price: '12345.67',
      price_currency_id: currency.XRC,
    },
    {
      projarea_id: area['200'],
      tagno: '200-PP-002',
      description: 'Cyclone feed pumps',
      quantity: 3,
      installed_kw: '37.25',
    },
    {
      projarea_id: area['200'],
      tagno: '200-TK-001',
      description: 'Mill discharge tank',
      quantity: null,
      price: '99.99',
      price_currency_id: currency.XRA,
    },
  ]);
  await typedOn(projectId, '2030-01-15T12:00:00Z');
  const instruments = await create('instruments', [
    { projarea_id: area['100'], tagno: '100-FIT-001', letters: 'FIT', io_type: 'AI' },
    { projarea_id: area['100'], tagno: '100-LT-002', letters: 'LT', io_type: 'AI' },
    { projarea_id: area['100'], tagno: '100-XV-003', letters: 'XV', io_type: 'DO' },
    { projarea_id: area['200'], tagno: '200-PIT-001', letters: 'PIT', io_type: 'AO' },
    { projarea_id: area['200'], tagno: '200-TT-002', letters: 'TT', io_type: 'COMMS' },
    { projarea_id: area['200'], tagno: '200-WIT-003', letters: 'WIT', io_type: 'DI' },
    { projarea_id: area['200'], tagno: '200-TE-004', letters: 'TE' },
  ]);
  instrument = Object.fromEntries(instruments.map((row) => [row.tagno as string, row.id]));
  await create('cabling', [
    {
      instrument_id: instrument['100-FIT-001'],
      cable_tag: '100-FIT-001-I-01',
      from_tag: '100-FIT-001',
      to_tag: 'JB-100',
      cable_type: 'instrument',
      length_m: '120',
      allowance_pct: '10',
    },
    {
      instrument_id: instrument['100-FIT-001'],
      cable_tag: '100-FIT-001-P-01',
      from_tag: '100-FIT-001',
      to_tag: 'MCC-1',
      cable_type: 'power',
      length_m: '85.5',
      allowance_pct: '5',
    },
    {
      instrument_id: instrument['200-PIT-001'],
      cable_tag: '200-PIT-001-I-01',
      from_tag: '200-PIT-001',
      to_tag: 'JB-200',
      cable_type: 'instrument',
      length_m: '40',
      allowance_pct: null,
    },
    {
      instrument_id: instrument['200-PIT-001'],
      cable_tag: '200-PIT-001-F-01',
      from_tag: '200-PIT-001',
      to_tag: 'JB-200',
      cable_type: 'fibre',
    },
  ]);
  await create('racking', [
    { instrument_id: instrument['100-FIT-001'], rack_ref: 'R-001', rack_type: 'tray', length_m: '30' },
    // Its own area (200) wins over its instrument's (100).
    {
      instrument_id: instrument['100-FIT-001'],
      rack_ref: 'R-002',
      rack_type: 'ladder',
      length_m: '12.5',
      projarea_id: area['200'],
    },
    { instrument_id: instrument['200-PIT-001'], rack_ref: 'R-003', rack_type: 'tray', length_m: '8' },
  ]);
  await create('piping', [
    { projarea_id: area['100'], size_mm: 350, service_code: 'SL', sequence: 1, pipe_spec: 'HR1' },
    { projarea_id: area['100'], size_mm: 150, service_code: 'PW', sequence: 2 },
    { projarea_id: area['200'], size_mm: 200, service_code: 'SL', sequence: 1 },
  ]);
});

/** rate(currency) / rate(XRB) at the project's estimate date 2030-01-31: XRA 2, XRB 0.5 (2030-01-01), USD 1, XRC none. */
const atRateDate = (id: number) =>
  id === currency.XRB ? 1 : id === currency.XRA ? 4 : id === currency.USD ? 2 : undefined;

describe('GET /api/projects/:id/rollups', () => {
  it('answers the figures of the project and of every area, equal to the sums of its rows (after a batch save)', async () => {
    const rollups = await rollupsOf(projectId);
    expect(Object.keys(rollups).sort()).toEqual([
      'areas',
      'base_currency',
      'estimate_date',
      'project',
      'project_id',
      'rate_date',
      'spare_pct',
      'tables',
    ]);
    expect(rollups).toMatchObject({
      project_id: projectId,
      base_currency: 'XRB',
      rate_date: '2030-01-31',
      estimate_date: '2030-01-31',
      spare_pct: 20,
    });
    expect({ project: rollups.project, areas: rollups.areas }).toEqual(await expectedRollups(projectId, atRateDate));

    // The same figures worked by hand, so the reference above is checked too.
    expect(rollups.project).toEqual({
      equipment_count: 6,
      installed_kw: '5822.75', // 450 + 2 x 75.50 + 110 + 5000 + 3 x 37.25
      running_kw: '5712.75', // without the 110 kW sump pump
      instrument_count: 7,
      io: { AI: 2, AO: 1, DI: 1, DO: 1, COMMS: 1 },
      io_with_spare: { AI: 3, AO: 2, DI: 2, DO: 2, COMMS: 2 },
      cable_length_m_by_type: { fibre: '0.00', instrument: '172.00', power: '89.78' }, // 120 x 1.1 + 40; 85.5 x 1.05 = 89.775
      cable_allowance_m: '16.28', // 120 x 10 % + 85.5 x 5 % = 12 + 4.275
      racking_length_m_by_type: { ladder: '12.50', tray: '38.00' },
      line_count: 3,
      equipment_cost_base: '5700.96', // 1000 x 2 / 0.5 + 2 x 250.25 x 1 / 0.5 + 300 + 99.99 x 2 / 0.5
      equipment_unpriced: 2, // the XRC mill (no rate) and the pumps with no price
    });
    const [a100, a200, a900] = rollups.areas as Rollup[];
    expect(a100).toMatchObject({
      area_id: area['100'],
      areacode: '100',
      description: 'Crushing',
      equipment_count: 3,
      installed_kw: '711.00',
      running_kw: '601.00',
      equipment_cost_base: '5301.00',
      racking_length_m_by_type: { tray: '30.00' },
    });
    expect(a200).toMatchObject({
      areacode: '200',
      racking_length_m_by_type: { ladder: '12.50', tray: '8.00' },
      cable_length_m_by_type: { fibre: '0.00', instrument: '40.00' },
      equipment_unpriced: 2,
    });
    expect(a900).toEqual({
      area_id: area['900'],
      areacode: '900',
      description: 'Nothing here yet',
      deleted: false,
      equipment_count: 0,
      installed_kw: '0.00',
      running_kw: '0.00',
      instrument_count: 0,
      io: { AI: 0, AO: 0, DI: 0, DO: 0, COMMS: 0 },
      io_with_spare: { AI: 0, AO: 0, DI: 0, DO: 0, COMMS: 0 },
      cable_length_m_by_type: {},
      cable_allowance_m: '0.00',
      racking_length_m_by_type: {},
      line_count: 0,
      equipment_cost_base: '0.00',
      equipment_unpriced: 0,
    });
  });

  it('follows an import into the project (instruments, then their cables)', async () => {
    const imported = await post('/entities/instruments/import', {
      mode: 0,
      scope: projectId,
      rows: [
        { projarea_id: area['900'], tagno: '900-FIT-101', letters: 'FIT', io_type: 'AI' },
        { projarea_id: area['900'], tagno: '900-LSHH-102', letters: 'LSHH', io_type: 'DI' },
        { projarea_id: area['900'], tagno: '900-FIT-103', letters: 'FIT', io_type: 'AI' },
        { projarea_id: area['100'], tagno: '100-PIT-004', letters: 'PIT', io_type: 'AI' },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: 4 });
    const [fit101] = (await rowsOf('instruments', projectId)).filter((row) => row.tagno === '900-FIT-101');
    const cables = await post('/entities/cabling/import', {
      mode: 0,
      scope: projectId,
      rows: [
        {
          instrument_id: fit101!.id,
          cable_tag: '900-FIT-101-I-01',
          from_tag: '900-FIT-101',
          to_tag: 'JB-900',
          cable_type: 'instrument',
          length_m: '33.3',
          allowance_pct: '15',
        },
      ],
    });
    expect(cables.statusCode, cables.body).toBe(200);

    const rollups = await rollupsOf(projectId);
    expect({ project: rollups.project, areas: rollups.areas }).toEqual(await expectedRollups(projectId, atRateDate));
    expect(rollups.project).toMatchObject({
      instrument_count: 11,
      io: { AI: 5, AO: 1, DI: 2, DO: 1, COMMS: 1 },
      io_with_spare: { AI: 6, AO: 2, DI: 3, DO: 2, COMMS: 2 },
    });
    const a900 = (rollups.areas as Rollup[]).find((row) => row.areacode === '900');
    expect(a900).toMatchObject({
      instrument_count: 3,
      io: { AI: 2, DI: 1 },
      io_with_spare: { AI: 3, DI: 2 },
      cable_length_m_by_type: { instrument: '38.30' },
    }); // 33.3 x 1.15 = 38.295
  });

  it("converts at the estimate date's rates, not the rate date's, and counts prices it cannot convert", async () => {
    const other = await post('/project', {
      name: 'Rollup Test Undated',
      base_currency_id: currency.XRB,
      rate_date: '2029-06-30',
      estimate_date: '2030-12-31',
      is_testdata: true,
    });
    expect(other.statusCode, other.body).toBe(200);
    const [zone] = await create('areas', [{ project_id: other.json().id, areacode: '100', description: 'Only area' }]);
    await create('mech_equipment', [
      {
        projarea_id: zone!.id,
        tagno: '100-CR-001',
        description: 'Same tag as in the other project',
        price: '10.00',
        price_currency_id: currency.XRA,
      },
      {
        projarea_id: zone!.id,
        tagno: '100-FE-001',
        description: 'Feeder',
        price: '1.00',
        price_currency_id: currency.XRC,
      },
    ]);
    await typedOn(other.json().id, '2030-12-15T12:00:00Z');
    const rollups = await rollupsOf(other.json().id);
    // At 2030-12-31: XRA 3 (2030-06-30) / XRB 0.5 (2030-01-01): 10 x 6 (at the rate date's 2 / 0.25 it would be 80).
    expect(rollups).toMatchObject({
      base_currency: 'XRB',
      rate_date: '2029-06-30',
      estimate_date: '2030-12-31',
      project: { equipment_count: 2, equipment_cost_base: '60.00', equipment_unpriced: 1 },
    });
    expect((rollups.areas as Rollup[]).map((row) => row.areacode)).toEqual(['100']);
  });

  it("keeps a soft-deleted area's line while live rows name it, so the areas' lines add up to the project's figures", async () => {
    const other = await post('/project', {
      name: 'Rollup Test Deleted Area',
      base_currency_id: currency.XRB,
      rate_date: '2030-01-31',
      is_testdata: true,
    });
    expect(other.statusCode, other.body).toBe(200);
    const id = other.json().id as number;
    const [live, gone, empty] = await create('areas', [
      { project_id: id, areacode: '100', description: 'Crushing' },
      { project_id: id, areacode: '300', description: 'Flotation' },
      { project_id: id, areacode: '400', description: 'Never used' },
    ]);
    await create('mech_equipment', [
      { projarea_id: live!.id, tagno: '100-CR-001', description: 'Crusher', installed_kw: '400' },
      { projarea_id: gone!.id, tagno: '300-FC-001', description: 'Rougher cell', installed_kw: '90', quantity: 2 },
    ]);
    const [fit] = await create('instruments', [
      { projarea_id: gone!.id, tagno: '300-FIT-001', letters: 'FIT', io_type: 'AI' },
    ]);
    await create('cabling', [
      {
        instrument_id: fit!.id,
        cable_tag: '300-FIT-001-I-01',
        from_tag: '300-FIT-001',
        to_tag: 'JB-300',
        cable_type: 'instrument',
        length_m: '50',
        allowance_pct: '20',
      },
    ]);
    await create('piping', [{ projarea_id: gone!.id, size_mm: 100, service_code: 'PW', sequence: 1 }]);
    const deleted = await post('/entities/areas/batch', {
      updates: [gone!, empty!].map((area) => ({ id: area.id, version: area.version, changes: { deleteflag: true } })),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const rollups = await rollupsOf(id);
    const areas = rollups.areas as (Rollup & { areacode: string; deleted: boolean })[];
    // 300 is deleted but its rows are not: its line stays, flagged; 400 has no rows and goes.
    expect(areas.map((a) => [a.areacode, a.deleted])).toEqual([
      ['100', false],
      ['300', true],
    ]);
    expect(areas[1]).toMatchObject({
      equipment_count: 1,
      installed_kw: '180.00',
      instrument_count: 1,
      line_count: 1,
      cable_length_m_by_type: { instrument: '60.00' },
      cable_allowance_m: '10.00',
    });
    for (const figure of ['equipment_count', 'instrument_count', 'line_count'] as const) {
      expect(
        areas.reduce((sum, a) => sum + (a[figure] as number), 0),
        figure,
      ).toBe(rollups.project[figure]);
    }
    expect(rollups.project).toMatchObject({
      equipment_count: 2,
      installed_kw: '580.00',
      instrument_count: 1,
      cable_allowance_m: '10.00',
    });
  });

  it('answers 404 for a missing project and 400 for an id that is no number', async () => {
    expect((await get('/projects/987654/rollups')).statusCode).toBe(404);
    const bad = await get('/projects/12abc/rollups');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('whole number');
  });
});
