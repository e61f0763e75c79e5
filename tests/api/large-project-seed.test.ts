import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tagTemplateWarning } from '../../src/schemas/entities/tag-templates';
import type { EntityRow } from '../../src/schemas/schema-types';
import { SYSTEM_ACTOR } from '../../src/server/audit/audit-writer';
import { queryRows } from '../../src/server/entities/entity-sql';
import { generateLargeProject } from '../../src/server/seed/large-project/generate';
import { expectedCounts, seedLargeProject } from '../../src/server/seed/large-project/seed-large-project';
import { signedInSuite } from '../support/test-app';

/**
 * `npm run seed:project` (#33 item 4) at a small size, through the same code as the command: the project
 * holds exactly the rows asked for, all written by the import service (the engine refused and skipped
 * none), tagged by the project's templates, each cable on an instrument of the project; the project's
 * document nests them all and its roll-ups add them up; a second run adds nothing.
 */
const suite = signedInSuite();
const { get } = suite;
/** A tenth of the LNG train (50,000 instruments, 150,000 cables, 15,000 equipment): #33 item 6 seeds it in CI. */
const SIZES = { instruments: 5_000, cables: 15_000, equipment: 1_500 };

type Row = EntityRow & Record<string, unknown>;
const sum = (rows: Row[], count: (row: Row) => number) => rows.reduce((total, row) => total + count(row), 0);

describe('the large project seed', () => {
  it('seeds the project at the asked size, every row through the engine, and adds nothing on a second run', async () => {
    const db = suite.t.database.db;
    const expected = expectedCounts(generateLargeProject(SIZES, 42));
    const first = await seedLargeProject(db, SIZES, 42, SYSTEM_ACTOR);
    const projectId = first.projectId;

    // Counts exactly as asked; every generated row added (an import refuses a batch with any invalid row).
    expect(first.counts).toMatchObject({
      instruments: SIZES.instruments,
      cabling: SIZES.cables,
      mech_equipment: SIZES.equipment,
    });
    expect(first.added).toEqual(expected);
    expect(first.counts).toEqual(expected);
    expect(first.counts.areas).toBeGreaterThanOrEqual(20);
    // Written as an engineer's import is: recorded as import runs into the project, every row audited.
    const [written] = await queryRows<{ runs: number; audited: number }>(
      db,
      sql`select (select count(*)::int from import_runs where scope = ${projectId}) as runs,
                 (select count(*)::int from audit_log where project_id = ${projectId} and action = 'insert') as audited`,
    );
    expect(written!.runs).toBeGreaterThanOrEqual(10);
    expect(written!.audited).toBe(Object.values(expected).reduce((a, b) => a + b, 0) + 1);

    // Tags follow the project's templates.
    const [templates] = await queryRows<Record<string, string>>(
      db,
      sql`select equipment_tag_template as e, instrument_tag_template as i, cable_tag_template as c, is_testdata::text as test
          from projects where id = ${projectId}`,
    );
    expect(templates).toMatchObject({ e: '{area}-{type}-{seq}{suffix}', test: 'true' });
    const equipment = await queryRows<Row>(
      db,
      sql`select e.tagno, e.type_code, a.areacode from mech_equipment e join areas a on a.id = e.projarea_id where e.project_id = ${projectId}`,
    );
    const offTemplate = equipment.filter((row) =>
      tagTemplateWarning(String(row.tagno), templates!.e, { area: String(row.areacode), type: String(row.type_code) }),
    );
    const instruments = await queryRows<Row>(
      db,
      sql`select i.tagno, i.letters, i.loop_number, a.areacode from instruments i join areas a on a.id = i.projarea_id where i.project_id = ${projectId}`,
    );
    offTemplate.push(
      ...instruments.filter((row) =>
        tagTemplateWarning(String(row.tagno), templates!.i, {
          area: String(row.areacode),
          letters: String(row.letters),
          loop: String(row.loop_number),
        }),
      ),
    );
    const cables = await queryRows<Row>(
      db,
      sql`select c.cable_tag, c.from_tag, i.tagno as instrument, i.project_id as instrument_project
          from cabling c left join instruments i on i.id = c.instrument_id where c.project_id = ${projectId}`,
    );
    offTemplate.push(
      ...cables.filter((row) =>
        tagTemplateWarning(String(row.cable_tag), templates!.c, { from: String(row.from_tag) }),
      ),
    );
    expect(offTemplate).toEqual([]);

    // Every cable's instrument exists in the project (and the cable runs from it).
    expect(cables).toHaveLength(SIZES.cables);
    expect(cables.filter((row) => row.instrument_project !== projectId || row.from_tag !== row.instrument)).toEqual([]);

    // The document answers, its nesting holding every row.
    const response = await get(`/projects/${projectId}`);
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const areas: Row[] = document.areas;
    expect(areas).toHaveLength(expected.areas!);
    expect(sum(areas, (a) => (a.mech_equipment as Row[]).length)).toBe(SIZES.equipment);
    expect(sum(areas, (a) => (a.instruments as Row[]).length)).toBe(SIZES.instruments);
    expect(sum(areas, (a) => sum(a.instruments as Row[], (i) => (i.cabling as Row[]).length))).toBe(SIZES.cables);
    expect(sum(areas, (a) => sum(a.instruments as Row[], (i) => (i.racking as Row[]).length))).toBe(expected.racking);
    expect(sum(areas, (a) => (a.piping as Row[]).length)).toBe(expected.piping);
    expect(sum(areas, (a) => (a.electrical_loads as Row[]).length)).toBe(expected.electrical_loads);
    expect(document.streams).toHaveLength(expected.streams!);
    expect(document.pids).toHaveLength(expected.pids!);

    // The roll-ups answer with the same figures.
    const rollups = await get(`/projects/${projectId}/rollups`);
    expect(rollups.statusCode).toBe(200);
    expect(rollups.json().project).toMatchObject({
      equipment_count: SIZES.equipment,
      instrument_count: SIZES.instruments,
    });
    expect(rollups.json().areas).toHaveLength(expected.areas!);
    // The cables' lengths by type and allowance of every area and of the project are the field guide's sums row by
    // row (length x (1 + allowance % / 100), each cable in its instrument's area), however the route adds them up.
    const byRow = await queryRows<{ area_id: number | null; type: string; total: string; allowance: string }>(
      db,
      sql`select i.projarea_id as area_id, c.cable_type as type,
                 round(sum(c.length_m * (1 + coalesce(c.allowance_pct, 0) / 100)), 2)::text as total,
                 round(sum(c.length_m * coalesce(c.allowance_pct, 0) / 100), 2)::text as allowance
          from cabling c join instruments i on i.id = c.instrument_id
          where c.project_id = ${projectId} and not c.deleteflag and not i.deleteflag
          group by grouping sets ((i.projarea_id, c.cable_type), (c.cable_type), (i.projarea_id), ())`,
    );
    const cableFigures = (scope: { cable_length_m_by_type: unknown; cable_allowance_m: unknown }) => ({
      byType: scope.cable_length_m_by_type,
      allowance: scope.cable_allowance_m,
    });
    const fromRows = (areaId: number | null) => ({
      byType: Object.fromEntries(
        byRow.filter((r) => r.area_id === areaId && r.type !== null).map((r) => [r.type, r.total]),
      ),
      allowance: byRow.find((r) => r.area_id === areaId && r.type === null)?.allowance ?? '0.00',
    });
    expect(cableFigures(rollups.json().project)).toEqual(fromRows(null));
    for (const area of rollups.json().areas as {
      area_id: number;
      cable_length_m_by_type: unknown;
      cable_allowance_m: unknown;
    }[])
      expect(cableFigures(area)).toEqual(fromRows(area.area_id));
    expect(Object.keys(fromRows(null).byType).length).toBeGreaterThan(1);

    // A second run adds nothing; other sizes are refused while the project is there.
    const second = await seedLargeProject(db, SIZES, 42, SYSTEM_ACTOR);
    expect(second).toMatchObject({ projectId, counts: expected });
    expect(Object.values(second.added).every((n) => n === 0)).toBe(true);
    await expect(seedLargeProject(db, { ...SIZES, cables: 6_001 }, 42, SYSTEM_ACTOR)).rejects.toThrow(
      /is there already, not generated with these sizes/,
    );
    const [after] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from cabling where project_id = ${projectId}`,
    );
    expect(after?.n).toBe(SIZES.cables);
  }, 120_000);
});
