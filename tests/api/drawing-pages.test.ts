import { describe, expect, it } from 'vitest';
import type { DrawingPage } from '../../src/lib/drawing-page';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * GET /api/projects/:id/drawings/:kind/:drawingId (field guide §6): a P&ID with the equipment,
 * instruments, lines and streams on it, a PFD with its streams and the equipment they run between, each
 * lookup's label; deleted drawings answered too; other projects' drawings and bad addresses refused.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create, newProject, fillProject } = projectFixtures(suite);

const tags = (rows: DrawingPage['equipment'], field: string) => rows.map((row) => row[field]);

describe('GET /api/projects/:id/drawings/:kind/:drawingId', () => {
  it('answers a P&ID and what sits on it, with labels, for a viewer', async () => {
    const project = await newProject('Drawing Page P&ID');
    const doc = await fillProject(project.id);
    // A second line and a stream on the P&ID; the first line moves onto it; a row of another P&ID stays off.
    const [other] = await create('pids', [{ project_id: project.id, drawing_number: 'PID-100-002', title: 'Other' }]);
    await create('piping', [
      {
        projarea_id: doc.a100.id,
        size_mm: 200,
        service_code: 'PW',
        sequence: 2,
        pid_id: doc.pid.id,
        from_tag: '100-CR-001',
        to_tag: 'TK-1',
      },
    ]);
    await create('mech_equipment', [
      { projarea_id: doc.a100.id, tagno: '100-CV-001', description: 'Conveyor', pid_id: other!.id },
    ]);
    const moved = await post('/entities/instruments/batch', {
      updates: [{ id: doc.fit.id, version: doc.fit.version, changes: { pid_id: doc.pid.id } }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await create('streams', [
      { project_id: project.id, stream_number: 'S-010', pid_id: doc.pid.id, from_equipment_id: doc.crusher.id },
    ]);

    const response = await get(`/projects/${project.id}/drawings/pids/${doc.pid.id}`, suite.viewer);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as DrawingPage;
    expect(page.kind).toBe('pids');
    expect(page.drawing).toMatchObject({
      id: doc.pid.id,
      drawing_number: 'PID-100-001',
      title: 'Crushing P&ID',
      sheet: 1,
      status: 'IFR',
      deleteflag: false,
      projarea_id: doc.a100.id,
    });
    expect(tags(page.equipment, 'tagno')).toEqual(['100-CR-001']);
    expect(tags(page.instruments, 'tagno')).toEqual(['100-FIT-001']);
    expect(tags(page.lines, 'line_number')).toEqual(['200-PW-100-002']);
    expect(tags(page.streams, 'stream_number')).toEqual(['S-010']);
    expect(page.labels.areas).toEqual({ [doc.a100.id]: '100' });
    expect(page.labels.mech_equipment).toMatchObject({ [doc.crusher.id]: '100-CR-001' });
    expect(page.labels.piping).toMatchObject({ [doc.line.id]: doc.line.line_number });
    expect(page.labels.pids).toEqual({ [doc.pid.id]: 'PID-100-001' });
    expect(page.labels).not.toHaveProperty('projects');
  });

  it("answers a PFD's streams and the equipment they run between; no instruments or lines", async () => {
    const project = await newProject('Drawing Page PFD');
    const doc = await fillProject(project.id);
    const response = await get(`/projects/${project.id}/drawings/pfds/${doc.pfd.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as DrawingPage;
    expect(page.drawing).toMatchObject({ id: doc.pfd.id, drawing_number: 'PFD-001' });
    expect(tags(page.streams, 'stream_number')).toEqual(['S-001']);
    expect(tags(page.equipment, 'tagno')).toEqual(['100-CR-001', '200-PP-001']);
    expect(page.instruments).toEqual([]);
    expect(page.lines).toEqual([]);
    expect(page.labels.mech_equipment).toEqual({ [doc.crusher.id]: '100-CR-001', [doc.pump.id]: '200-PP-001' });
    expect(page.labels.pfds).toEqual({ [doc.pfd.id]: 'PFD-001' });
  });

  it('answers a soft-deleted drawing with its deleteflag, and again once restored', async () => {
    const project = await newProject('Drawing Page Deleted');
    const doc = await fillProject(project.id);
    expect((await post('/deletepid', { id: doc.pid.id })).statusCode).toBe(200);
    const deleted = (await get(`/projects/${project.id}/drawings/pids/${doc.pid.id}`)).json() as DrawingPage;
    expect(deleted.drawing).toMatchObject({ deleteflag: true, version: 2 });
    expect(tags(deleted.equipment, 'tagno')).toEqual(['100-CR-001']);
    expect((await post('/deletepid', { id: doc.pid.id, restore: true })).statusCode).toBe(200);
    expect(
      ((await get(`/projects/${project.id}/drawings/pids/${doc.pid.id}`)).json() as DrawingPage).drawing,
    ).toMatchObject({ deleteflag: false, version: 3 });
  });

  it("refuses another project's drawing, a P&ID asked for as a PFD, unknown ids and bad addresses", async () => {
    const project = await newProject('Drawing Page Refusals');
    const doc = await fillProject(project.id);
    const stranger = await newProject('Drawing Page Stranger');
    const notFound = async (url: string, message: RegExp) => {
      const response = await get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
      expect(response.json().message).toMatch(message);
    };
    await notFound(
      `/projects/${stranger.id}/drawings/pids/${doc.pid.id}`,
      new RegExp(`Project ${stranger.id} has no P&ID with id ${doc.pid.id}`),
    );
    await notFound(`/projects/${project.id}/drawings/pfds/${doc.pid.id}`, /has no PFD/);
    await notFound(`/projects/987654/drawings/pids/${doc.pid.id}`, /No Project with id 987654/);
    for (const url of [
      `/projects/${project.id}/drawings/sheets/${doc.pid.id}`,
      `/projects/${project.id}/drawings/pids/abc`,
      `/projects/x/drawings/pids/1`,
      `/projects/${project.id}/drawings/pids/0`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    expect((await suite.t.call({ url: `/api/projects/${project.id}/drawings/pids/${doc.pid.id}` })).statusCode).toBe(
      401,
    );
  });
});
