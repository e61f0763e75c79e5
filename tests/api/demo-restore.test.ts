import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ListResponse } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import { demoProjects } from '../../src/server/seed/demo-projects';
import { queryRows } from '../../src/server/entities/entity-sql';
import { signedInSuite } from '../support/test-app';

/** /home/demos: the demo projects listed for everyone; their restore for admins only, leaving users' projects alone. */
const suite = signedInSuite();
const CERRO_AZUL = 'Cerro Azul Copper Concentrator';

async function list(entity: string, filters: object[] = []): Promise<EntityRow[]> {
  const response = await suite.get(
    `/entities/${entity}?filters=${encodeURIComponent(JSON.stringify(filters))}&limit=10000`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ListResponse).rows;
}
const named = async (name: string) => (await list('projects', [{ field: 'name', op: 'equals', value: name }]))[0]!;
const ofProject = (entity: string, projectId: number) =>
  list(entity, [{ field: 'project_id', op: 'equals', value: projectId }]);
async function batch(entity: string, body: object, token = suite.engineer): Promise<{ created: EntityRow[] }> {
  const response = await suite.post(`/entities/${entity}/batch`, body, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the demo projects', () => {
  it('are listed for any signed-in user, each present with its document rows counted', async () => {
    const response = await suite.get('/demos');
    expect(response.statusCode).toBe(200);
    const { projects } = response.json() as {
      projects: { name: string; state: string; id: number | null; document: boolean; documentRows: number | null }[];
    };
    expect(projects.map((p) => p.name)).toEqual(demoProjects.map((p) => p.name));
    expect(projects.every((p) => p.state === 'present' && p.id !== null)).toBe(true);
    const cerro = projects.find((p) => p.name === CERRO_AZUL)!;
    expect(cerro.document).toBe(true);
    expect(cerro.documentRows).toBeGreaterThan(50);
    expect(projects.find((p) => !p.document)?.documentRows).toBeNull();
  });

  it('are restored by an admin only: viewers and engineers get 403 and nothing changes', async () => {
    for (const token of [suite.viewer, suite.engineer]) {
      const refused = await suite.post('/demos/restore', {}, token);
      expect(refused.statusCode).toBe(403);
    }
    expect((await suite.t.call({ method: 'POST', url: '/api/demos/restore', payload: {} })).statusCode).toBe(401);
  });

  it("restore brings back a deleted demo row and a changed value, and leaves a user's own project alone", async () => {
    const cerro = await named(CERRO_AZUL);
    const cables = await ofProject('cabling', cerro.id);
    const equipment = await ofProject('mech_equipment', cerro.id);
    const [cable, tag] = [cables[0]!, equipment[0]!];
    const before = {
      cables: cables.length,
      equipment: equipment.length,
      instruments: (await ofProject('instruments', cerro.id)).length,
    };

    // A user deletes a demo cable, rewrites a tag's description and the project's description...
    expect(
      (await suite.t.call({ method: 'DELETE', url: `/api/entities/cabling/${cable.id}`, token: suite.engineer }))
        .statusCode,
    ).toBe(200);
    await batch('mech_equipment', {
      updates: [{ id: tag.id, version: tag.version, changes: { description: 'Changed by a user' } }],
    });
    await batch('projects', {
      updates: [{ id: cerro.id, version: cerro.version, changes: { description: 'Our own notes' } }],
    });
    // ...and keeps a project of their own, with an area.
    const [own] = (
      await batch('projects', {
        creates: [
          { clientKey: 'p', values: { name: 'My own plant (restore test)', description: 'Mine', is_testdata: false } },
        ],
      })
    ).created;
    await batch('areas', {
      creates: [{ clientKey: 'a', values: { project_id: own!.id, areacode: '900', description: 'My area' } }],
    });

    const restored = await suite.post('/demos/restore', {}, suite.admin);
    expect(restored.statusCode, restored.body).toBe(200);
    const result = restored.json() as {
      reset: string[];
      recreated: string[];
      skipped: string[];
      headerFieldsRestored: number;
    };
    expect(result.reset).toEqual(demoProjects.map((p) => p.name));
    expect(result.recreated).toEqual([]);
    expect(result.headerFieldsRestored).toBeGreaterThanOrEqual(1);

    const after = await named(CERRO_AZUL);
    expect(after.id).toBe(cerro.id);
    expect(after.description).toBe(cerro.description);
    const cablesAfter = await ofProject('cabling', cerro.id);
    expect(cablesAfter.length).toBe(before.cables);
    expect(cablesAfter.map((row) => row.cable_tag)).toContain(cable.cable_tag);
    const tagAfter = (await ofProject('mech_equipment', cerro.id)).find((row) => row.tagno === tag.tagno)!;
    expect(tagAfter.description).toBe(tag.description);
    expect((await ofProject('mech_equipment', cerro.id)).length).toBe(before.equipment);
    expect((await ofProject('instruments', cerro.id)).length).toBe(before.instruments);

    const mine = await named('My own plant (restore test)');
    expect(mine).toMatchObject({ id: own!.id, description: 'Mine', version: own!.version });
    expect((await ofProject('areas', own!.id)).map((row) => row.description)).toEqual(['My area']);
  });

  it('re-creates a deleted demo project with its document, audited with the admin as actor', async () => {
    const lithium = await named('Kwinana Lithium Hydroxide Refinery');
    type Listed = { projects: { name: string; state: string; documentRows: number | null }[] };
    const rowsBefore = ((await suite.get('/demos')).json() as Listed).projects.find(
      (p) => p.name === lithium.name,
    )?.documentRows;
    const gone = await suite.post(
      '/entities/projects/delete-with-contents',
      { rows: [{ id: lithium.id }] },
      suite.admin,
    );
    expect(gone.statusCode, gone.body).toBe(200);
    const listed = (await suite.get('/demos')).json() as { projects: { name: string; state: string }[] };
    expect(listed.projects.find((p) => p.name === lithium.name)?.state).toBe('missing');

    const restored = await suite.post('/demos/restore', {}, suite.admin);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json() as { recreated: string[] }).recreated).toEqual([lithium.name]);
    const again = await named(String(lithium.name));
    expect(again).toMatchObject({ is_testdata: true, description: lithium.description });
    expect((await ofProject('mech_equipment', again.id)).length).toBeGreaterThan(0);
    // As seeded, Housekeeping's demo rows in it included (its soft-deleted drawing, tank and area 900).
    const rowsAfter = ((await suite.get('/demos')).json() as Listed).projects.find(
      (p) => p.name === lithium.name,
    )?.documentRows;
    expect(rowsAfter).toBe(rowsBefore);
    const feed = (await suite.get('/dashboarddata')).json() as {
      recentactivityfeed: { username: string; tablename: string }[];
    };
    expect(feed.recentactivityfeed.some((entry) => entry.username === 'admin')).toBe(true);
  });

  it("brings back the whole demo after Housekeeping's Delete test data: catalogue, projects and commercial documents", async () => {
    const cleared = await suite.post(
      '/housekeeping',
      { param1: 'run', param2: { tasks: ['deleteTestData'] } },
      suite.admin,
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await list('quotes')).toEqual([]);
    expect(await list('packages')).toEqual([]);

    const [{ last } = { last: 0 }] = await queryRows<{ last: number }>(
      suite.t.database.db,
      sql`select coalesce(max(id), 0) as last from audit_log`,
    );
    const restored = await suite.post('/demos/restore', {}, suite.admin);
    expect(restored.statusCode, restored.body).toBe(200);
    // Every row the restore wrote is the admin's in the audit trail, the lists it seeded again included.
    const actors = await queryRows<{ username: string; table_name: string }>(
      suite.t.database.db,
      sql`select distinct username, table_name from audit_log where id > ${last}`,
    );
    expect(actors.filter((row) => row.username !== 'admin')).toEqual([]);
    const result = restored.json() as { recreated: string[]; refilled: string[] };
    expect(result.recreated).toHaveLength(demoProjects.length);
    expect(result.refilled).toEqual(['Packages', 'Quotes', 'Adjudications', 'Meetings', 'Proposals', 'CAPEX factors']);
    // The project names its client again, and the bid tab's award priced the mills again.
    const cerro = await named(CERRO_AZUL);
    expect(cerro.client_id).not.toBeNull();
    expect((await list('clients')).length).toBeGreaterThan(0);
    const mill = (await ofProject('mech_equipment', cerro.id)).find((row) => row.tagno === '200-ML-001');
    expect(mill).toMatchObject({ price_source: 'firm_quote' });
    expect((await list('quotes')).length).toBeGreaterThan(0);
  });
});
