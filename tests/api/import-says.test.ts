import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/app/api/api-client';
import { changedCells } from '../../src/grids/excel/import-dialog';
import { importActionText, planCounts } from '../../src/grids/excel/import-counts';
import type { ImportRow } from '../../src/grids/excel/import-rows';
import { fetchRowsById, postImport, type Fetcher } from '../../src/grids/excel/entity-requests';
import { parseImportFile } from '../../src/grids/excel/parse-pipeline';
import { rejectedRowsOf, serverErrorsOfRowsNotSent } from '../../src/grids/excel/rejected-check';
import { rejectedRowsWorkbook } from '../../src/grids/excel/rejected-rows';
import { scopedSchema } from '../../src/grids/scoped-schema';
import type { ImportMode, ImportRowPlan } from '../../src/lib/entity-api';
import type { ErrorBody } from '../../src/lib/app-error';
import { ISA_LETTERS_MESSAGE } from '../../src/schemas/entities/project-rules';
import { getEntitySchema } from '../../src/schemas/registry';
import { databaseCheckedFields, type EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';
import { sheetObjects, sheetOf, workbookOf } from '../support/workbooks';

/**
 * Imports that say what they will do (issue #30 item 5), through the import dialog's own code (parser, dry
 * run, comparison, counts, rejected-rows workbook) against the real server: an engineer chooses another mode
 * than the project's for one import, and saves it as the project's only when asked; the counts the button
 * says are the counts the import answers; the rejected-rows workbook carries every error of a row, rule
 * errors and the server's included, so the file corrected from it imports.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { newProject, create } = projectFixtures(suite);

/** The dialog's fetcher, over the test app: JSON in and out, ApiError on 4xx and 5xx (as useApiFetch). */
const fetcher: Fetcher = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const body = init.body instanceof Blob ? await init.body.text() : (init.body as string | undefined);
  const method = (init.method ?? 'GET') as 'GET' | 'POST';
  const response = await suite.t.call({
    method,
    url: path,
    token: suite.engineer,
    ...(body !== undefined ? { payload: body, headers: { 'content-type': 'application/json' } } : {}),
  });
  if (response.statusCode >= 400) throw new ApiError(response.statusCode, response.json() as ErrorBody);
  return response.json() as T;
};

function workbook(header: string[], rows: (string | number | null)[][]): Promise<ArrayBuffer> {
  return workbookOf([header, ...rows], 'Sheet1');
}

async function projectWith(name: string, entity: 'mech_equipment' | 'instruments') {
  const project = await newProject(name);
  const [area] = await create('areas', [{ project_id: project.id, areacode: '100', description: 'Crushing' }]);
  const schema = scopedSchema(getEntitySchema(entity), { field: 'project_id', value: project.id });
  /** The file as the dialog reads it (the browser's parser, lookups by label), in `mode`. */
  const parse = async (file: ArrayBuffer, mode: ImportMode) =>
    (
      await parseImportFile({
        file,
        fileName: 'list.xlsx',
        schema,
        scope: { field: 'project_id', value: project.id },
        lookupLabels: { areas: new Map([[area!.id, '100']]) },
        mode,
      })
    ).rows;
  const importMode = async () => ((await get(`/entities/projects/${project.id}`)).json() as EntityRow).import_mode;
  const importInto = (body: Record<string, unknown>) =>
    post(`/entities/${entity}/import`, { scope: project.id, ...body });
  return { project, area: area!, schema, parse, importMode, importInto };
}

/** What the dialog's button would say for `rows` in `mode`: its partial dry run, then the stored rows compared. */
async function buttonText(
  schema: ReturnType<typeof scopedSchema>,
  rows: ImportRow[],
  mode: ImportMode,
  scope: number,
  overrideMode: boolean,
): Promise<string> {
  const fields = databaseCheckedFields(schema).map((f) => f.name);
  const sent = rows.map((row) =>
    Object.fromEntries(Object.entries(row.values).filter(([name, value]) => fields.includes(name) || value === null)),
  );
  const outcome = await postImport(fetcher, schema.name, mode, sent, {
    dryRun: true,
    partialRows: true,
    scope,
    overrideMode,
  });
  if (!outcome.ok) throw new Error('the dry run refused the file');
  const plan = new Map<number, ImportRowPlan>(outcome.plan.map((step) => [step.index, step]));
  const stored = new Map<number, EntityRow>();
  const ids = outcome.plan.flatMap((step) =>
    step.id !== undefined && (step.action === 'update' || step.action === 'skip') ? [step.id] : [],
  );
  await fetchRowsById(fetcher, schema.name, ids, undefined, (page) => page.forEach((row) => stored.set(row.id, row)));
  return importActionText(planCounts(plan, changedCells(schema, rows, plan, stored)));
}

describe('the import mode, chosen for one import', () => {
  const HEADER = ['Tag', 'Description', 'Area', 'Installed kW'];
  async function setup(name: string) {
    const context = await projectWith(name, 'mech_equipment');
    await create(
      'mech_equipment',
      ['001', '002', '003', '004'].map((n) => ({
        project_id: context.project.id,
        projarea_id: context.area.id,
        tagno: `100-PP-${n}`,
        description: `Pump ${n}`,
        installed_kw: '10',
      })),
    );
    // Three rows edited in Excel, one as stored, one new.
    const file = await workbook(HEADER, [
      ['100-PP-001', 'Pump 001, rubber lined', '100', 10],
      ['100-PP-002', 'Pump 002', '100', 15],
      ['100-PP-003', 'Pump 003', '100', 10],
      ['100-PP-004', 'Pump 004 (spare)', '100', 22],
      ['100-PP-005', 'Gland water pump', '100', 5.5],
    ]);
    return { ...context, file };
  }

  it("mode 0 counts the rows edited in the file apart; mode 1 chosen for this import updates them and leaves the project's mode as it was", async () => {
    const { project, schema, parse, importMode, importInto, file } = await setup('Import Says Override');
    const rows = await parse(file, 0);
    expect(rows.flatMap((row) => Object.keys(row.errors))).toEqual([]);
    const values = rows.map((row) => row.values);

    // The project's mode (0): the button says what it does, the edits counted apart.
    expect(await buttonText(schema, rows, 0, project.id, false)).toBe('Add 1 row, skip 4 (3 changed, not applied)');
    // Another mode without saying it is the engineer's choice is still refused: the setting may have changed.
    const refused = await importInto({ mode: 1, rows: values, dryRun: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/or choose mode 1 for this import \(overrideMode\)/);

    // Mode 1 for this import: the button's counts are the commit's.
    expect(await buttonText(schema, await parse(file, 1), 1, project.id, true)).toBe(
      'Add 1 row, update 3, leave 1 unchanged',
    );
    const committed = await importInto({ mode: 1, overrideMode: true, rows: values });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({
      mode: 1,
      added: 1,
      updated: 3,
      unchanged: 1,
      skipped: 0,
      received: 5,
      stored: 5,
    });
    expect(committed.json().modeSaved).toBeUndefined();
    const stored = (
      await get(
        `/entities/mech_equipment?filters=${encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project.id }]))}&sort=tagno`,
      )
    ).json().rows as EntityRow[];
    expect(stored.map((row) => [row.tagno, row.description, row.installed_kw])).toEqual([
      ['100-PP-001', 'Pump 001, rubber lined', '10.00'],
      ['100-PP-002', 'Pump 002', '15.00'],
      ['100-PP-003', 'Pump 003', '10.00'],
      ['100-PP-004', 'Pump 004 (spare)', '22.00'],
      ['100-PP-005', 'Gland water pump', '5.50'],
    ]);
    // For this import only: the project still imports in mode 0.
    expect(await importMode()).toBe(0);
  });

  it("saves the mode as the project's only when asked, with the import: not on a dry run, not when the import is refused", async () => {
    const { parse, importMode, importInto, file } = await setup('Import Says Save Mode');
    const values = (await parse(file, 1)).map((row) => row.values);

    expect((await importInto({ mode: 1, saveMode: true, rows: values, dryRun: true })).json()).toMatchObject({
      mode: 1,
      updated: 3,
    });
    expect(await importMode()).toBe(0);
    // A refused import (a row with an invalid value) saves nothing, the mode neither.
    const bad = await importInto({
      mode: 1,
      saveMode: true,
      rows: [...values, { tagno: '100-PP-006', description: 'x', installed_kw: 'lots' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(await importMode()).toBe(0);

    const saved = await importInto({ mode: 1, saveMode: true, rows: values });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ mode: 1, updated: 3, modeSaved: true });
    expect(await importMode()).toBe(1);
    // The next import without a mode runs in the saved one.
    expect((await importInto({ rows: values, dryRun: true })).json()).toMatchObject({ mode: 1 });
  });

  it('refuses what cannot be: mode 3 as a setting, a choice without a mode, a choice where the list sets no mode (400, readable)', async () => {
    const { parse, importMode, importInto, file } = await setup('Import Says Refusals');
    const values = (await parse(file, 3)).map((row) => row.values);
    const three = await importInto({ mode: 3, saveMode: true, rows: values });
    expect(three.statusCode).toBe(400);
    expect(three.json().message).toMatch(/cannot be the project's setting/);
    expect(await importMode()).toBe(0);
    // Mode 3 for this import only is fine.
    expect((await importInto({ mode: 3, overrideMode: true, rows: values, dryRun: true })).json()).toMatchObject({
      mode: 3,
      added: 0,
      updated: 3,
      skipped: 1,
    });

    const noMode = await importInto({ overrideMode: true, rows: values });
    expect(noMode.statusCode).toBe(400);
    expect(noMode.json().message).toMatch(/need the mode to import in/);
    const clients = await post('/entities/clients/import', {
      mode: 1,
      overrideMode: true,
      rows: [{ name: 'Override Test Client' }],
    });
    expect(clients.statusCode).toBe(400);
    expect(clients.json().message).toMatch(/for an import into a document that sets its own import mode/);
    // A viewer cannot import, whatever the mode.
    expect(
      (await post('/entities/mech_equipment/import', { mode: 1, overrideMode: true, rows: values }, suite.viewer))
        .statusCode,
    ).toBe(403);
  });
});

describe('the rejected-rows workbook', () => {
  it('carries every error of a row (an ISA rule, a rule over the stored row), so the file corrected from it imports', async () => {
    const { project, area, schema, parse, importInto } = await projectWith('Import Says Rejected', 'instruments');
    await create('instruments', [
      {
        project_id: project.id,
        projarea_id: area.id,
        tagno: '100-PT-003',
        letters: 'PT',
        range_low: '0',
        range_high: '10',
      },
    ]);
    const HEADER = ['Tag', 'ISA letters', 'Area', 'Range low'];
    const file = await workbook(HEADER, [
      ['100-FT-001', 'FT', '100', 0],
      ['100-KQ-002', 'KQ', '100', 0],
      // Two errors: letters the browser finds, and a range low above the stored range high only the server can see.
      ['100-PT-003', 'PQQ', '100', 50],
      ['100-LT-004', 'LT', '100', 1],
    ]);
    const rows = await parse(file, 1);
    expect(rows.map((row) => row.errors.letters)).toEqual([
      undefined,
      ISA_LETTERS_MESSAGE,
      ISA_LETTERS_MESSAGE,
      undefined,
    ]);

    // "Import only the valid rows", as the dialog does it, in mode 1 for this import.
    const invalid = new Map(
      rows.filter((row) => Object.keys(row.errors).length > 0).map((row) => [row.index, row.errors]),
    );
    const sent = rows.filter((row) => !invalid.has(row.index));
    const outcome = await postImport(
      fetcher,
      schema.name,
      1,
      sent.map((row) => row.values),
      { scope: project.id, skipInvalidRows: true, overrideMode: true },
    );
    expect(outcome).toMatchObject({ ok: true, added: 2, rejected: 0 });
    const keptBack = rows.filter((row) => invalid.has(row.index));
    const byServer = await serverErrorsOfRowsNotSent(fetcher, schema, 1, keptBack, {
      scope: project.id,
      overrideMode: true,
    });
    const rejected = rejectedRowsOf(rows, invalid, byServer, sent, outcome.ok ? outcome.rejectedRows : new Map());
    const parsed = await parseImportFile({ file, fileName: 'x.xlsx', schema, lookupLabels: {}, mode: 1 });
    const book = rejectedRowsWorkbook(schema, parsed.headers, parsed.match.mapping, rejected);
    const sheet = sheetObjects(sheetOf(book, 'Rejected rows'));
    expect(sheet.map((row) => row.Tag)).toEqual(['100-KQ-002', '100-PT-003']);
    expect(sheet[0]!.Error).toBe(`ISA letters: ${ISA_LETTERS_MESSAGE}`);
    expect(sheet[1]!.Error).toBe(`ISA letters: ${ISA_LETTERS_MESSAGE}; Range high: Range high must be above range low`);

    // Corrected in "Excel" from the workbook (its Error column is ignored on import): every row imports.
    const corrected = await workbook(
      [...HEADER, 'Error'],
      [
        ['100-FQI-002', 'FQI', '100', 0, sheet[0]!.Error as string],
        ['100-PT-003', 'PT', '100', 5, sheet[1]!.Error as string],
      ],
    );
    const again = await parse(corrected, 1);
    expect(again.flatMap((row) => Object.keys(row.errors))).toEqual([]);
    const imported = await importInto({ mode: 1, overrideMode: true, rows: again.map((row) => row.values) });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: 1, updated: 1, stored: 2 });
  });
});
