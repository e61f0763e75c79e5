import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, writeAudit } from '../../src/server/audit/audit-writer';
import { entityTables } from '../../src/server/db/tables';
import { demoProjects } from '../../src/server/seed/demo-projects';
import { createTestApp, type TestApp } from '../support/test-app';

const projects = entityTables.projects!;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('dashboard data and the audit trail', () => {
  it('reports real counts and the seed in the activity feed', async () => {
    const response = await t.call({ url: '/api/dashboarddata', token: await t.tokenFor('viewer') });
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.counts.projects).toBe(demoProjects.length);
    expect(data.counts.users).toBe(3);
    expect(data.counts.auditEntries).toBeGreaterThan(0);
    expect(data.recentactivityfeed.length).toBeGreaterThan(0);
    // The seed creates records: one audit row each, for the whole record (field_name null).
    expect(data.recentactivityfeed[0]).toMatchObject({
      action: 'insert',
      tablename: expect.any(String),
      field_name: null,
      days_ago: 0,
    });
  });

  it('writes one audit row per changed field, in the transaction of the change', async () => {
    const { db } = t.database;
    const [before] = await db.select().from(projects).limit(1);
    if (!before) throw new Error('seed has no project');
    const after = {
      ...before,
      description: 'Revised scope: 2.4 Mtpa',
      enduserlocation: 'Port Hedland, WA',
      version: before.version + 1,
    };
    await db.transaction(async (tx) => {
      await writeAudit(tx, {
        table: projects,
        recordId: before.id,
        action: 'update',
        actor: { sub: 'local|engineer', username: 'engineer' },
        before,
        after,
      });
    });
    const feed = (await t.call({ url: '/api/dashboarddata', token: await t.tokenFor('viewer') })).json()
      .recentactivityfeed;
    // This record's updates (the demo seed changed two equipment rows after its revision A).
    const ofRecord = (e: { action: string; tablename: string; record_id: string }) =>
      e.action === 'update' && e.tablename === 'projects' && e.record_id === String(before.id);
    const fields = feed
      .filter(ofRecord)
      .map((e: { field_name: string }) => e.field_name)
      .sort();
    expect(fields).toEqual(['description', 'enduserlocation']);
    expect(feed[0]).toMatchObject({ tablename: 'projects', username: 'engineer', record_id: String(before.id) });
    const described = feed.find((e: { field_name: string }) => e.field_name === 'enduserlocation');
    expect(described.summary).toBe(
      `engineer changed EndUserLocation of ${before.name} from ${before.enduserlocation ?? 'empty'} to Port Hedland, WA`,
    );
  });

  it('speaks in labels and tags, and shows one save of many rows as one entry', async () => {
    const token = await t.tokenFor('engineer');
    const saved = await t.call({
      method: 'POST',
      url: '/api/entities/clients/batch',
      token,
      payload: {
        creates: Array.from({ length: 12 }, (_, i) => ({ clientKey: String(i), values: { name: `Feed client ${i}` } })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const usd = (await t.call({ url: '/api/entities/currencies/options?q=USD', token })).json()[0];
    const changed = await t.call({
      method: 'POST',
      url: '/api/entities/suppliers/batch',
      token,
      payload: {
        creates: [{ clientKey: 's', values: { name: 'Feed supplier', lead_time_weeks: 12, currency_id: usd.id } }],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const supplier = changed.json().created[0];
    const update = await t.call({
      method: 'POST',
      url: '/api/entities/suppliers/batch',
      token,
      payload: { updates: [{ id: supplier.id, version: 1, changes: { lead_time_weeks: 16, rating: 'preferred' } }] },
    });
    expect(update.statusCode, update.body).toBe(200);
    const feed = (await t.call({ url: '/api/dashboarddata', token })).json().recentactivityfeed as {
      summary: string;
      rows: number;
      record_id: string;
    }[];
    const summaries = feed.map((e) => e.summary);
    expect(summaries).toContain('engineer changed Typical lead time of Feed supplier from 12 to 16');
    expect(summaries).toContain('engineer changed Rating of Feed supplier from Approved to Preferred');
    expect(summaries).toContain('engineer added Supplier Feed supplier');
    expect(feed.find((e) => e.summary === 'engineer added 12 Clients')).toMatchObject({ rows: 12 });
  });

  it('leaves no audit row behind when the change rolls back', async () => {
    const { db } = t.database;
    const countBefore = (await t.call({ url: '/api/dashboarddata', token: await t.tokenFor('viewer') })).json().counts
      .auditEntries;
    await expect(
      db.transaction(async (tx) => {
        await writeAudit(tx, {
          table: projects,
          recordId: 1,
          action: 'delete',
          actor: SYSTEM_ACTOR,
          before: { name: 'x' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const countAfter = (await t.call({ url: '/api/dashboarddata', token: await t.tokenFor('viewer') })).json().counts
      .auditEntries;
    expect(countAfter).toBe(countBefore);
  });

  it('lists the projects for the project picker', async () => {
    const response = await t.call({ url: '/api/projects', token: await t.tokenFor('viewer') });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toEqual(
      expect.objectContaining({
        name: demoProjects[0]?.name,
        clientname: demoProjects[0]?.clientname,
        endusersite: demoProjects[0]?.endusersite,
      }),
    );
  });
});
