import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';
import { readWorkbook, sheetOf, sheetRows } from '../support/workbooks';

/**
 * One way on the wire (#32 item 4): a project's routes live under /api/projects/{projectId}/…, and a list kept
 * per document under its document. The older spellings of the project id (the spec's routes, ?scope=,
 * ?projectId=, ?project_id=, an import body's scope, a root filter) stay as aliases: each answers exactly what
 * its canonical route answers.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { newProject, fillProject } = projectFixtures(suite);
let projectId: number;
let demoProjectId: number;

const filters = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const byProject = (id: number) => ({ field: 'project_id', op: 'equals', value: id });

/** Both answer 200 with the same JSON. */
async function same(alias: Promise<LightMyRequestResponse>, canonical: Promise<LightMyRequestResponse>) {
  const [a, c] = await Promise.all([alias, canonical]);
  expect(c.statusCode, c.body).toBe(200);
  expect(a.statusCode, a.body).toBe(200);
  expect(a.json()).toEqual(c.json());
  return c.json() as unknown;
}

beforeAll(async () => {
  const project = await newProject('Wire Aliases');
  projectId = project.id as number;
  await fillProject(projectId);
  const prices = await get('/capexsummary/quote-prices');
  demoProjectId = (prices.json() as { project_id: number }[])[0]!.project_id;
});

describe("a project's own routes and their aliases", () => {
  it('CAPEX: /capex/{projectId}[/spread] and /capexsummary/quote-prices?projectId= answer as under the project', async () => {
    const summary = await same(get(`/capex/${demoProjectId}`), get(`/projects/${demoProjectId}/capex`));
    expect(summary).toMatchObject({ project: expect.anything() });
    await same(get(`/capex/${demoProjectId}/spread`), get(`/projects/${demoProjectId}/capex/spread`));
    const prices = await same(
      get(`/capexsummary/quote-prices?projectId=${demoProjectId}`),
      get(`/projects/${demoProjectId}/capex/quote-prices`),
    );
    expect((prices as unknown[]).length).toBeGreaterThan(0);
  });

  it("P&IDs: the spec's /pids?project_id= answers as /projects/{projectId}/pids, deleted ones too when asked", async () => {
    const pids = await same(get(`/pids?project_id=${projectId}`), get(`/projects/${projectId}/pids`));
    expect((pids as EntityRow[]).map((p) => p.drawing_number)).toEqual(['PID-100-001']);
    await same(
      get(`/pids?project_id=${projectId}&include_deleted=1`),
      get(`/projects/${projectId}/pids?include_deleted=1`),
    );
    expect((await get('/projects/99999999/pids')).statusCode).toBe(404);
  });

  it("packages: the spec's /packages/{id} (a project's id) answers as /projects/{projectId}/packages", async () => {
    await same(get(`/packages/${demoProjectId}`), get(`/projects/${demoProjectId}/packages`));
    expect((await get('/projects/99999999/packages')).statusCode).toBe(404);
  });
});

describe('a list kept per document, under its document', () => {
  it('reads the rows a root filter reads, with the other filters, sort and paging', async () => {
    const rows = await same(
      get(`/entities/areas?filters=${filters([byProject(projectId)])}&sort=areacode:desc`),
      get(`/projects/${projectId}/entities/areas?sort=areacode:desc`),
    );
    expect((rows as { rows: EntityRow[] }).rows.map((r) => r.areacode)).toEqual(['200', '100']);
    const live = { field: 'tagno', op: 'contains', value: 'FIT' };
    await same(
      get(`/entities/instruments?filters=${filters([byProject(projectId), live])}&limit=5`),
      get(`/projects/${projectId}/entities/instruments?filters=${filters([live])}&limit=5`),
    );
  });

  it('does so for every document: a quote’s lines under the quote', async () => {
    const line = (await get('/entities/quote_lines?limit=1')).json().rows[0] as EntityRow;
    const byQuote = { field: 'quote_id', op: 'equals', value: line.quote_id };
    await same(
      get(`/entities/quote_lines?filters=${filters([byQuote])}`),
      get(`/quotes/${String(line.quote_id)}/entities/quote_lines`),
    );
  });

  it('looks up one document’s rows as ?scope= does', async () => {
    await same(
      get(`/entities/areas/options?scope=${projectId}&q=1`),
      get(`/projects/${projectId}/entities/areas/options?q=1`),
    );
  });

  it('prints one project’s rows with its title block, as the root filter with ?scope= does', async () => {
    const columns = 'areacode,description';
    const [alias, canonical] = await Promise.all([
      get(
        `/entities/areas/print.xlsx?filters=${filters([byProject(projectId)])}&columns=${columns}&scope=${projectId}`,
      ),
      get(`/projects/${projectId}/entities/areas/print.xlsx?columns=${columns}`),
    ]);
    expect(canonical.statusCode, canonical.body).toBe(200);
    expect(alias.statusCode).toBe(200);
    const rowsOf = async (bytes: Buffer) => sheetRows(sheetOf(await readWorkbook(bytes)));
    const printed = await rowsOf(canonical.rawPayload);
    expect(printed).toEqual(await rowsOf(alias.rawPayload));
    expect(JSON.stringify(printed)).toContain('Wire Aliases');
    expect(JSON.stringify(printed)).toContain('Crushing');
  });

  it('imports into one project as the body’s scope does (a dry run answers the same plan)', async () => {
    const rows = [
      { areacode: '100', description: 'Crushing again' },
      { areacode: '300', description: 'Flotation' },
    ];
    const plan = await same(
      post('/entities/areas/import', { mode: 0, dryRun: true, scope: projectId, rows }),
      post(`/projects/${projectId}/entities/areas/import`, { mode: 0, dryRun: true, rows }),
    );
    // The project's import mode (0: add new rows only) holds at either address.
    expect(plan).toMatchObject({ mode: 0, added: 1, skipped: 1 });
    const committed = await post(`/projects/${projectId}/entities/areas/import`, { rows: [rows[1]] });
    expect(committed.statusCode, committed.body).toBe(200);
    const stored = (await get(`/projects/${projectId}/entities/areas?sort=areacode:asc`)).json().rows as EntityRow[];
    expect(stored.map((r) => r.areacode)).toEqual(['100', '200', '300']);
  });

  it('keeps views of one project’s rows as ?scope= and the body’s scope do', async () => {
    const view = { list: 'areas', name: 'By code', state: { columns: [{ colId: 'areacode' }], sort: [], filter: {} } };
    const saved = await post(`/projects/${projectId}/views`, view);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ list: 'areas', scope: projectId, name: 'By code' });
    const views = await same(
      get(`/views?list=areas&scope=${projectId}`, suite.engineer),
      get(`/projects/${projectId}/views?list=areas`, suite.engineer),
    );
    expect((views as { name: string }[]).map((v) => v.name)).toEqual(['By code']);
  });

  it('refuses a list not kept per that document, and a document named two ways', async () => {
    expect((await get(`/projects/${projectId}/entities/clients`)).statusCode).toBe(404);
    expect((await get(`/projects/${projectId}/entities/quote_lines`)).statusCode).toBe(404);
    expect((await get(`/projects/${projectId}/views?list=clients`)).statusCode).toBe(404);
    const other = await get(`/projects/${projectId}/entities/areas/options?scope=${projectId + 1}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/leave scope out/);
    const twice = await post(`/projects/${projectId}/entities/areas/import`, {
      dryRun: true,
      scope: projectId + 1,
      rows: [],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/leave scope out/);
    expect((await get('/projects/0/entities/areas')).statusCode).toBe(400);
  });
});
