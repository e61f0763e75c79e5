import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/tables';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: string;
let engineer: string;
let viewer: string;
let otherViewer: string;

const fileRequest = (token: string, data: Record<string, unknown>, param2?: string) =>
  t.call({
    method: 'POST',
    url: '/api/bugsV2',
    token,
    payload: { param1: 'save', param2: param2 ?? 'local|viewer', data },
  });

async function filed(
  token: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown> & { id: number; version: number }> {
  const response = await fileRequest(token, data);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const bug = {
  type_id: 1,
  module_id: 2,
  description: 'The project list forgets its sort after a reload.',
  steps_to_reproduce: '1. Sort by name\n2. Reload',
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, engineer, viewer, otherViewer] = await Promise.all([
    t.tokenFor('admin'),
    t.tokenFor('engineer'),
    t.tokenFor('viewer'),
    t.tokenFor('viewer', { sub: 'local|someone-else', 'https://tagbase.app/name': 'Someone Else' }),
  ]);
});
afterAll(async () => t?.close());

describe('POST /api/bugsV2 (envelope)', () => {
  it('creates a request for any signed-in user, with status 1, priority 5, the caller as submitter, and answers it enriched', async () => {
    const saved = await filed(viewer, { ...bug, username: 'vic' });
    expect(saved).not.toHaveProperty('clientKey');
    expect(saved).toMatchObject({
      ...bug,
      status_id: 1,
      priority: 5,
      response: null,
      username: 'vic',
      submitter_sub: 'local|viewer',
      typename: 'Bug Report',
      modulename: 'Projects',
      statusname: 'Open',
      version: 1,
    });
  });

  it('stores the token subject as submitter whatever param2 says, and falls back to the token name for username', async () => {
    const saved = await filed(engineer, { ...bug, description: 'No username sent' });
    expect(saved).toMatchObject({ submitter_sub: 'local|engineer', username: 'engineer' });
    const other = await fileRequest(engineer, { ...bug, description: 'Spoofed param2' }, 'local|admin');
    expect(other.json()).toMatchObject({ submitter_sub: 'local|engineer' });
  });

  it('treats id 0 as a new request and reads digit strings as numbers, as old clients send them', async () => {
    const saved = await filed(viewer, { ...bug, id: 0, type_id: '3', module_id: '7', priority: '9' });
    expect(saved).toMatchObject({
      type_id: 3,
      module_id: 7,
      priority: 9,
      typename: 'Enhancement',
      modulename: 'Clients',
      version: 1,
    });
    expect(saved.id).toBeGreaterThan(0);
  });

  it('refuses an invalid request with 422 per field: whitespace description, missing type, priority out of 1-10', async () => {
    const response = await fileRequest(viewer, { type_id: null, module_id: 2, description: '   ', priority: 11 });
    expect(response.statusCode).toBe(422);
    expect(response.json().details.rowErrors[0].fields).toMatchObject({
      type_id: 'Required',
      description: 'Required',
      priority: 'Must be between 1 and 10',
    });
    expect((await fileRequest(viewer, { ...bug, type_id: 999 })).statusCode).toBe(422);
  });

  it('lets only admins set status and response (403 otherwise), on create and on update', async () => {
    expect((await fileRequest(viewer, { ...bug, status_id: 2 })).statusCode).toBe(403);
    expect((await fileRequest(viewer, { ...bug, response: 'Fixed it myself' })).statusCode).toBe(403);
    const own = await filed(viewer, bug);
    const statusChange = await fileRequest(viewer, { ...own, status_id: 5 });
    expect(statusChange.statusCode).toBe(403);
    expect(statusChange.json().message).toContain('admins');
    expect((await fileRequest(viewer, { ...own, response: 'Done' })).statusCode).toBe(403);
    const triaged = await filed(admin, { id: own.id, version: own.version, status_id: 2, response: 'We are on it.' });
    expect(triaged).toMatchObject({
      id: own.id,
      version: 2,
      status_id: 2,
      statusname: 'In Progress',
      response: 'We are on it.',
      submitter_sub: 'local|viewer',
    });
  });

  it('lets the submitter edit their own request (sending the enriched row back unchanged is fine), nobody else but admins', async () => {
    const own = await filed(viewer, bug);
    const edited = await filed(viewer, {
      ...own,
      description: 'Sort is lost after reload, on every list.',
      priority: 8,
    });
    expect(edited).toMatchObject({
      id: own.id,
      version: 2,
      priority: 8,
      description: 'Sort is lost after reload, on every list.',
    });
    expect((await fileRequest(otherViewer, { id: own.id, description: 'Mine now' })).statusCode).toBe(403);
    expect((await fileRequest(engineer, { id: own.id, description: 'Engineers are not admins' })).statusCode).toBe(403);
    expect(await filed(admin, { id: own.id, priority: 9 })).toMatchObject({ priority: 9, version: 3 });
  });

  it('answers 409 to a stale version and 404 to an unknown id', async () => {
    const own = await filed(viewer, bug);
    await filed(viewer, { id: own.id, version: 1, priority: 7 });
    expect((await fileRequest(viewer, { id: own.id, version: 1, priority: 6 })).statusCode).toBe(409);
    expect((await fileRequest(viewer, { id: 987654, description: 'x' })).statusCode).toBe(404);
  });

  it('needs a token (401) and the XSRF header (403)', async () => {
    expect((await t.call({ method: 'POST', url: '/api/bugsV2', payload: { data: bug } })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/bugsV2', token: viewer, xsrf: 'missing', payload: { data: bug } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('GET /api/bugsV2 and POST /api/bugV2', () => {
  it('lists every request newest first, each with statusname, modulename and typename', async () => {
    const saved = await filed(viewer, { ...bug, type_id: 2, module_id: 12 });
    const response = await t.call({ url: '/api/bugsV2', token: otherViewer });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Record<string, unknown>[];
    expect(list[0]).toMatchObject({
      id: saved.id,
      typename: 'Feature Request',
      modulename: 'General System',
      statusname: 'Open',
    });
    expect(list.map((r) => r.id)).toEqual([...list.map((r) => r.id as number)].sort((a, b) => b - a));
  });

  it('answers one request by id (id, data.id or param1), 404 when unknown, 400 without an id', async () => {
    const saved = await filed(viewer, bug);
    for (const payload of [{ id: saved.id }, { data: { id: saved.id } }, { param1: saved.id }]) {
      const response = await t.call({ method: 'POST', url: '/api/bugV2', token: engineer, payload });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: saved.id,
        typename: 'Bug Report',
        modulename: 'Projects',
        statusname: 'Open',
      });
    }
    expect(
      (await t.call({ method: 'POST', url: '/api/bugV2', token: engineer, payload: { id: 987654 } })).statusCode,
    ).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/bugV2', token: engineer, payload: {} })).statusCode).toBe(400);
    // Ids are numbers or digits, nothing coerced into one (true once read as request 1), and never past the column.
    for (const id of [true, [1], '1e0', 2_147_483_648]) {
      const refused = await t.call({ method: 'POST', url: '/api/bugV2', token: engineer, payload: { id } });
      expect({ id, status: refused.statusCode }).toEqual({ id, status: 400 });
      expect(refused.json().message).toContain('must be a request id');
    }
    expect((await t.call({ method: 'DELETE', url: '/api/deletebugV2/2147483648', token: engineer })).statusCode).toBe(
      400,
    );
  });
});

describe('DELETE /api/deletebugV2/:id', () => {
  it('deletes for the submitter or an admin, 403 for anyone else, 404 when gone, and audits it', async () => {
    const own = await filed(viewer, bug);
    expect((await t.call({ method: 'DELETE', url: `/api/deletebugV2/${own.id}`, token: otherViewer })).statusCode).toBe(
      403,
    );
    const response = await t.call({ method: 'DELETE', url: `/api/deletebugV2/${own.id}`, token: viewer });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: own.id });
    expect((await t.call({ method: 'DELETE', url: `/api/deletebugV2/${own.id}`, token: viewer })).statusCode).toBe(404);
    const another = await filed(viewer, bug);
    expect((await t.call({ method: 'DELETE', url: `/api/deletebugV2/${another.id}`, token: admin })).statusCode).toBe(
      200,
    );
    const trail = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'requests'), eq(auditLog.recordId, String(own.id))));
    expect(new Set(trail.map((r) => r.action))).toEqual(new Set(['insert', 'delete']));
  });

  it('answers 400 to an id that is not a number', async () => {
    expect((await t.call({ method: 'DELETE', url: '/api/deletebugV2/abc', token: admin })).statusCode).toBe(400);
  });
});

describe('the audit trail', () => {
  it('records creates and updates, which the dashboard feed shows', async () => {
    const own = await filed(viewer, bug);
    await filed(admin, { id: own.id, status_id: 3 });
    const trail = await t.database.db
      .select({ field: auditLog.fieldName, action: auditLog.action, sub: auditLog.userSub })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'requests'), eq(auditLog.recordId, String(own.id))));
    expect(trail).toContainEqual({ field: null, action: 'insert', sub: 'local|viewer' });
    expect(trail).toContainEqual({ field: 'status_id', action: 'update', sub: 'local|admin' });
    const feed = (await t.call({ url: '/api/dashboarddata', token: viewer })).json();
    expect(feed.recentactivityfeed.some((entry: { tablename: string }) => entry.tablename === 'requests')).toBe(true);
  });
});

describe('the legacy routes on the same data', () => {
  it('POST /api/bugs creates, GET /api/bugs lists, POST /api/bug reads, DELETE /api/deletebug/:id deletes', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/bugs',
      token: viewer,
      payload: { ...bug, description: 'Legacy call' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const list = (await t.call({ url: '/api/bugs', token: viewer })).json() as { id: number; typename: string }[];
    expect(list.find((r) => r.id === id)).toMatchObject({ typename: 'Bug Report' });
    expect((await t.call({ url: '/api/bugsV2', token: viewer })).json().some((r: { id: number }) => r.id === id)).toBe(
      true,
    );
    expect((await t.call({ method: 'POST', url: '/api/bug', token: viewer, payload: { id } })).json()).toMatchObject({
      id,
      description: 'Legacy call',
    });
    expect(
      (await t.call({ method: 'POST', url: '/api/bugs', token: viewer, payload: { id, status_id: 6 } })).statusCode,
    ).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/deletebug/${id}`, token: otherViewer })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/deletebug/${id}`, token: viewer })).statusCode).toBe(200);
  });
});

describe('the generic entity API on requests', () => {
  it('reads for everyone but writes for admins only, so the owner and triage rules cannot be bypassed', async () => {
    expect((await t.call({ url: '/api/entities/requests', token: viewer })).statusCode).toBe(200);
    const response = await t.call({
      method: 'POST',
      url: '/api/entities/requests/batch',
      token: engineer,
      payload: { creates: [{ clientKey: 'a', values: bug }] },
    });
    expect(response.statusCode).toBe(403);
  });

  it("keeps the tracker's rules on the generic API too: the submitter is the token's, never the body's", async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/entities/requests/batch',
      token: admin,
      payload: {
        creates: [{ clientKey: 'a', values: { ...bug, submitter_sub: 'local|someone-else', username: null } }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().created[0]).toMatchObject({ submitter_sub: 'local|admin', username: 'admin' });
  });
});
