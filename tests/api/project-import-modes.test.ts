import { describe, expect, it } from 'vitest';
import type { ImportResponse } from '../../src/lib/entity-api';
import { parseImportFile } from '../../src/grids/excel/parse-pipeline';
import { scopedSchema } from '../../src/grids/scoped-schema';
import { getEntitySchema } from '../../src/schemas/registry';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';
import { workbookOf } from '../support/workbooks';

/**
 * Import modes end to end (issue #16 item 5): the project's import_mode (POST /projectsettings) decides
 * what every import into its lists does with existing rows. One workbook, read by the browser's own
 * parser, imported in modes 0, 1 and 2 into the same project: 0 adds only, 1 adds and updates by tag, 2
 * replaces the list (rows missing from the file are soft-deleted, listed by the dry run first, out of the
 * roll-ups and the change summary, restored by a later import that holds them).
 */
const suite = signedInSuite();
const { get, post } = suite;
const { newProject, create } = projectFixtures(suite);
const equipment = getEntitySchema('mech_equipment');

/** The equipment list workbook a user would fill in: Tag, Description, Area, Installed kW. */
function workbook(rows: (string | number)[][]): Promise<ArrayBuffer> {
  return workbookOf([['Tag', 'Description', 'Area', 'Installed kW'], ...rows], 'Mechanical equipment');
}

const WORKBOOK = workbook([
  ['100-PP-001', 'Feed pump, rubber lined', '100', 75],
  ['100-PP-003', 'Gland water pump', '100', 5.5],
]);

async function setup(name: string) {
  const project = await newProject(name);
  const [area] = await create('areas', [{ project_id: project.id, areacode: '100', description: 'Crushing' }]);
  await create('mech_equipment', [
    {
      project_id: project.id,
      tagno: '100-PP-001',
      description: 'Old feed pump',
      projarea_id: area!.id,
      installed_kw: '55',
    },
    {
      project_id: project.id,
      tagno: '100-PP-002',
      description: 'Sump pump',
      projarea_id: area!.id,
      installed_kw: '11',
    },
  ]);
  /** The workbook's rows as the import dialog sends them (the same parser, lookups by label). */
  const rows = async (file: Promise<ArrayBuffer>) => {
    const parsed = await parseImportFile({
      file: await file,
      fileName: 'equipment.xlsx',
      schema: scopedSchema(equipment, { field: 'project_id', value: project.id }),
      scope: { field: 'project_id', value: project.id },
      lookupLabels: { areas: new Map([[area!.id, '100']]) },
      mode: 0,
    });
    expect(parsed.rows.flatMap((row) => Object.entries(row.errors))).toEqual([]);
    return parsed.rows.map((row) => row.values);
  };
  const importInto = (body: Record<string, unknown>) =>
    post('/entities/mech_equipment/import', { scope: project.id, ...body });
  const stored = async () => {
    const query = encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project.id }]));
    const list = (await get(`/entities/mech_equipment?filters=${query}&sort=tagno`)).json().rows as Record<
      string,
      unknown
    >[];
    return Object.fromEntries(
      list.map((row) => [
        row.tagno as string,
        { description: row.description, installed_kw: row.installed_kw, deleted: row.deleteflag },
      ]),
    );
  };
  const setMode = async (mode: number) =>
    expect((await post('/projectsettings', { id: project.id, import_mode: mode })).statusCode).toBe(200);
  return { project, area: area!, rows, importInto, stored, setMode };
}

describe('import modes on the same workbook', () => {
  it("runs in the project's mode: 0 adds new rows only, 1 also updates by tag, 2 replaces the list after a dry run that lists what it deletes", async () => {
    const { project, area, rows, importInto, stored, setMode } = await setup('Import Modes Workbook');
    const sent = await rows(WORKBOOK);

    // Mode 0 (the default): the new tag is added, the existing one left as it is.
    const preview0 = await importInto({ rows: sent, dryRun: true });
    expect(preview0.statusCode, preview0.body).toBe(200);
    expect(preview0.json()).toMatchObject({ mode: 0, added: 1, skipped: 1, softDeleted: 0 });
    expect((preview0.json() as ImportResponse).plan?.map((step) => step.action)).toEqual(['skip', 'add']);
    expect((await importInto({ rows: sent })).json()).toMatchObject({
      mode: 0,
      added: 1,
      updated: 0,
      skipped: 1,
      restored: 0,
      softDeleted: 0,
    });
    expect(await stored()).toEqual({
      '100-PP-001': { description: 'Old feed pump', installed_kw: '55.00', deleted: false },
      '100-PP-002': { description: 'Sump pump', installed_kw: '11.00', deleted: false },
      '100-PP-003': { description: 'Gland water pump', installed_kw: '5.50', deleted: false },
    });

    // Mode 1: the existing tag is updated from the file; the tag added by mode 0 holds the file's values already.
    await setMode(1);
    expect((await importInto({ rows: sent })).json()).toMatchObject({
      mode: 1,
      added: 0,
      updated: 1,
      unchanged: 1,
      skipped: 0,
      softDeleted: 0,
    });
    expect((await stored())['100-PP-001']).toEqual({
      description: 'Feed pump, rubber lined',
      installed_kw: '75.00',
      deleted: false,
    });
    expect((await stored())['100-PP-002']?.deleted).toBe(false);

    // Mode 2: the dry run names the row the file does not hold, and writes nothing.
    await setMode(2);
    const preview2 = (await importInto({ rows: sent, dryRun: true })).json() as ImportResponse;
    expect(preview2).toMatchObject({ mode: 2, added: 0, updated: 0, softDeleted: 1 });
    expect(preview2.softDeletedRows).toEqual([{ id: expect.any(Number), label: '100-PP-002' }]);
    expect((await stored())['100-PP-002']?.deleted).toBe(false);
    const rollups = async () =>
      (await get(`/projects/${project.id}/rollups`)).json().project as {
        equipment_count: number;
        installed_kw: string;
      };
    expect(await rollups()).toMatchObject({ equipment_count: 3, installed_kw: '91.50' });
    expect(
      (await post(`/projects/${project.id}/revisions`, { rev: 'A', purpose: 'IFR', issued_on: '2026-11-26' }))
        .statusCode,
    ).toBe(200);

    // The commit soft-deletes it: kept (restorable), out of the roll-ups, a deleted row in the change summary.
    expect((await importInto({ rows: sent })).json()).toMatchObject({
      mode: 2,
      added: 0,
      updated: 0,
      unchanged: 2,
      softDeleted: 1,
    });
    expect(await stored()).toMatchObject({
      '100-PP-002': { deleted: true },
      '100-PP-001': { deleted: false },
      '100-PP-003': { deleted: false },
    });
    expect(await rollups()).toMatchObject({ equipment_count: 2, installed_kw: '80.50' });
    const changes = (await get(`/projects/${project.id}/changes?from=A`)).json();
    expect(changes.rows).toEqual([
      expect.objectContaining({ entity: 'mech_equipment', key: '100-PP-002', change: 'deleted' }),
    ]);
    // A lookup picker (a standby's duty tag) no longer offers the deleted row.
    const offered = (await get(`/entities/mech_equipment/options?scope=${project.id}&q=100-PP`)).json() as {
      label: string;
    }[];
    expect(offered.map((option) => option.label)).toEqual(['100-PP-001', '100-PP-003']);
    // A new row taking the deleted row's tag is told where that row went.
    const retyped = await post('/entities/mech_equipment/batch', {
      creates: [
        {
          clientKey: 'k',
          values: { project_id: project.id, tagno: '100-PP-002', description: 'New sump pump', projarea_id: area.id },
        },
      ],
    });
    expect(retyped.statusCode).toBe(422);
    expect(retyped.json().details.rowErrors[0].fields.tagno).toBe(
      'A deleted row has this Tag in this project: show deleted rows and clear its Deleted box to restore it',
    );

    // The same workbook again deletes nothing more; one that holds the deleted tag restores it.
    expect((await importInto({ rows: sent })).json()).toMatchObject({ mode: 2, softDeleted: 0, unchanged: 2 });
    const withSump = await rows(
      workbook([
        ['100-PP-001', 'Feed pump, rubber lined', '100', 75],
        ['100-PP-002', 'Sump pump', '100', 11],
        ['100-PP-003', 'Gland water pump', '100', 5.5],
      ]),
    );
    const restoring = (await importInto({ rows: withSump, dryRun: true })).json() as ImportResponse;
    expect(restoring.plan?.map((step) => step.action)).toEqual(['unchanged', 'restore', 'unchanged']);
    expect((await importInto({ rows: withSump })).json()).toMatchObject({ mode: 2, restored: 1, softDeleted: 0 });
    expect((await stored())['100-PP-002']).toEqual({ description: 'Sump pump', installed_kw: '11.00', deleted: false });
    expect((await get(`/projects/${project.id}/changes?from=A`)).json().rows).toEqual([]);
  });

  it("refuses a mode other than the project's (409, nothing written), and a replace where the list cannot soft-delete (400)", async () => {
    const { rows, importInto, stored, setMode } = await setup('Import Modes Refusals');
    await setMode(1);
    const before = await stored();
    const other = await importInto({ mode: 2, rows: await rows(WORKBOOK) });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(
      /imports in mode 1 — Add new rows and update existing ones, not 2 — Replace the list/,
    );
    expect(await stored()).toEqual(before);
    // The mode it has may be sent, and is answered.
    expect((await importInto({ mode: 1, rows: await rows(WORKBOOK), dryRun: true })).json()).toMatchObject({
      mode: 1,
      added: 1,
      updated: 1,
    });

    const clients = await post('/entities/clients/import', { mode: 2, rows: [{ name: 'Replace Test Client' }] });
    expect(clients.statusCode).toBe(400);
    expect(clients.json().message).toMatch(/no soft delete .* cannot replace the list/);
  });

  it('replaces one project only: the same tags in another project are not touched', async () => {
    const first = await setup('Import Modes Project One');
    const second = await setup('Import Modes Project Two');
    await first.setMode(2);
    expect((await first.importInto({ rows: await first.rows(WORKBOOK) })).json()).toMatchObject({
      mode: 2,
      added: 1,
      softDeleted: 1,
    });
    expect((await second.stored())['100-PP-002']?.deleted).toBe(false);
    expect((await first.stored())['100-PP-002']?.deleted).toBe(true);
  });
});
