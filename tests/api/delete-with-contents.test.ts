import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../../src/schemas/schema-types';
import { auditLog } from '../../src/server/db/tables';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * The engine's delete with contents (POST /api/entities/:entity/delete-with-contents): what a row contains
 * comes from the schemas' `partOf` lookups, so any list gets it. A dry run answers what would go and
 * deletes nothing; the delete takes every contained row in one transaction, audited row by row with its
 * project; a row outside it that refers to a deleted one refuses all of it.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { newProject, fillProject, create } = projectFixtures(suite);

const deleteContents = (entity: string, body: unknown, token = suite.engineer) =>
  post(`/entities/${entity}/delete-with-contents`, body, token);

const auditedDeletes = (table: string, ids: readonly number[]) =>
  suite.t.database.db
    .select({ record: auditLog.recordId, project: auditLog.projectId })
    .from(auditLog)
    .where(
      and(eq(auditLog.tableName, table), eq(auditLog.action, 'delete'), inArray(auditLog.recordId, ids.map(String))),
    );

describe('POST /api/entities/:entity/delete-with-contents', () => {
  it('answers a dry run with the rows per list and deletes nothing; then deletes them all, audited', async () => {
    const project = await newProject('Contents Test Area');
    const made = await fillProject(project.id);

    const dry = await deleteContents('areas', {
      rows: [{ id: made.a100.id, version: made.a100.version }],
      dryRun: true,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({
      deleted: [made.a100.id],
      dryRun: true,
      total: 8,
      lists: expect.arrayContaining([
        { entity: 'areas', label: 'Areas', count: 1 },
        { entity: 'mech_equipment', label: expect.any(String), count: 1 },
        { entity: 'instruments', label: 'Instruments', count: 1 },
        { entity: 'cabling', label: expect.any(String), count: 1 },
        { entity: 'racking', label: expect.any(String), count: 1 },
        { entity: 'piping', label: expect.any(String), count: 1 },
        { entity: 'pids', label: expect.any(String), count: 1 },
        { entity: 'streams', label: 'Streams', count: 1 },
      ]),
    });
    expect(dry.json().lists[0].entity).toBe('areas');
    expect((await get(`/projects/${project.id}`)).json().areas).toHaveLength(2);
    expect(await auditedDeletes('areas', [made.a100.id])).toEqual([]);

    const done = await deleteContents('areas', { rows: [{ id: made.a100.id }] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ deleted: [made.a100.id], dryRun: false, total: 8 });
    const doc = (await get(`/projects/${project.id}`)).json();
    expect(doc.areas.map((a: EntityRow) => a.areacode)).toEqual(['200']);
    expect(doc.areas[0].instruments.map((i: EntityRow) => i.tagno)).toEqual(['200-PIT-001']);
    expect(doc.streams.map((s: EntityRow) => s.stream_number)).toEqual(['S-002']);
    expect(await auditedDeletes('cabling', [made.cables[0]!.id])).toEqual([
      { record: String(made.cables[0]!.id), project: project.id },
    ]);
    expect(await auditedDeletes('instruments', [made.fit.id])).toHaveLength(1);
  });

  it('deletes several rows of a list at once, and a whole project with its document', async () => {
    const project = await newProject('Contents Test Project');
    const made = await fillProject(project.id);
    const instruments = await deleteContents('instruments', { rows: [{ id: made.fit.id }, { id: made.pit.id }] });
    expect(instruments.json()).toMatchObject({ deleted: [made.fit.id, made.pit.id], total: 5 });

    const whole = await deleteContents('projects', { rows: [{ id: project.id }] });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().lists[0]).toEqual({ entity: 'projects', label: 'Projects', count: 1 });
    expect((await get(`/projects/${project.id}`)).statusCode).toBe(404);
    expect(await auditedDeletes('areas', [made.a100.id, made.a200.id])).toHaveLength(2);
  });

  it('refuses, deleting nothing: a row outside that still refers, a stale version, a missing row, a viewer', async () => {
    const project = await newProject('Contents Test Refusals');
    const made = await fillProject(project.id);
    await create('mech_equipment', [
      {
        projarea_id: made.a200.id,
        tagno: '200-CR-001',
        description: 'Standby crusher',
        duty_role: 'standby',
        standby_for_id: made.crusher.id,
        running: false,
      },
    ]);

    const outside = await deleteContents('areas', { rows: [{ id: made.a100.id }], dryRun: true });
    expect(outside.statusCode).toBe(409);
    expect(outside.json().message).toMatch(
      /Cannot delete Area 100 with its contents: Equipment '200-CR-001' \(Standby for\) is not part of it/,
    );

    const stale = await deleteContents('areas', { rows: [{ id: made.a200.id, version: made.a200.version + 1 }] });
    expect(stale.statusCode).toBe(409);
    expect((await deleteContents('areas', { rows: [{ id: 987_654 }] })).statusCode).toBe(404);
    expect((await deleteContents('areas', { rows: [] })).statusCode).toBe(400);
    expect((await deleteContents('areas', { rows: [{ id: made.a200.id }, { id: made.a200.id }] })).statusCode).toBe(
      400,
    );
    const viewer = await deleteContents('areas', { rows: [{ id: made.a200.id }] }, suite.viewer);
    expect(viewer.statusCode).toBe(403);

    expect((await get(`/projects/${project.id}`)).json().areas).toHaveLength(2);
  });
});
