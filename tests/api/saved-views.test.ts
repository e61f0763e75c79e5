import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedView, ViewState } from '../../src/lib/saved-views';
import { queryRows } from '../../src/server/entities/entity-sql';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * /api/views as two colleagues and an admin meet it: a view is the owner's until shared; shared, everyone
 * reads it and only its owner or an admin changes or deletes it; a state the grid could not apply is a 400.
 */
const suite = signedInSuite();
let colleague: string;

const state: ViewState = {
  columns: [
    { colId: 'ag-Grid-SelectionColumn', width: 40, pinned: 'left' },
    { colId: '__status', hide: false },
    { colId: 'city', width: 180 },
    { colId: 'name', width: 260, pinned: 'left' },
    { colId: 'sector', hide: true },
  ],
  sort: [{ colId: 'city', sort: 'desc' }],
  filter: {
    name: { filterType: 'text', type: 'srv_contains', filter: 'Mining' },
    sector: { filterType: 'set', values: ['mining', null] },
  },
};

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) {
  return suite.t.call({
    method,
    url: `/api${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function created(token: string, body: Record<string, unknown>): Promise<SavedView> {
  const response = await call('POST', '/views', token, { list: 'clients', state, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function names(token: string, query = 'list=clients'): Promise<string[]> {
  const response = await call('GET', `/views?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SavedView[]).map((view) => view.name);
}

beforeAll(async () => {
  colleague = await suite.t.tokenFor('engineer', {
    sub: 'local|colleague',
    'https://tagbase.app/name': 'Colin Colleague',
  });
});

describe('saved views: who sees and who changes', () => {
  it('creates a view with its state as sent, and lists the own views and the shared ones only', async () => {
    const mine = await created(suite.engineer, { name: '  Mining clients by city  ' });
    expect(mine).toMatchObject({
      list: 'clients',
      scope: null,
      name: 'Mining clients by city',
      ownerName: 'engineer',
      shared: false,
      mine: true,
      canChange: true,
      state,
    });
    const shared = await created(suite.engineer, { name: 'Team layout', shared: true });
    const theirs = await created(colleague, { name: 'Colin private' });

    expect(await names(suite.engineer)).toEqual(expect.arrayContaining(['Mining clients by city', 'Team layout']));
    expect(await names(suite.engineer)).not.toContain('Colin private');
    const seenByColleague = await call('GET', '/views?list=clients', colleague);
    const views = seenByColleague.json() as SavedView[];
    expect(views.map((v) => v.name)).toEqual(expect.arrayContaining(['Team layout', 'Colin private']));
    expect(views.map((v) => v.name)).not.toContain('Mining clients by city');
    expect(views.find((v) => v.id === shared.id)).toMatchObject({
      mine: false,
      canChange: false,
      ownerName: 'engineer',
    });
    // Another list's views are not this list's.
    expect(await names(suite.engineer, 'list=suppliers')).not.toContain('Team layout');

    // An unshared view is not there for anyone else, by id either (a link sent before it was shared).
    expect((await call('GET', `/views/${mine.id}`, colleague)).statusCode).toBe(404);
    expect((await call('GET', `/views/${theirs.id}`, suite.admin)).statusCode).toBe(404);
    const opened = await call('GET', `/views/${shared.id}`, suite.viewer);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ name: 'Team layout', state });
  });

  it('lets only the owner, or an admin for a shared view, rename, share and delete; others get 403 and it stays', async () => {
    const view = await created(suite.engineer, { name: 'Pinned names', shared: true });
    const refused = await call('DELETE', `/views/${view.id}`, colleague);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain("engineer's");
    expect((await call('PATCH', `/views/${view.id}`, colleague, { shared: false })).statusCode).toBe(403);
    expect((await call('PATCH', `/views/${view.id}`, suite.viewer, { state })).statusCode).toBe(403);
    expect((await call('GET', `/views/${view.id}`, colleague)).statusCode).toBe(200);

    // An admin may change someone's shared view (unshare it), and delete one.
    const admins = await call('GET', `/views/${view.id}`, suite.admin);
    expect(admins.json()).toMatchObject({ mine: false, canChange: true });
    const unshared = await call('PATCH', `/views/${view.id}`, suite.admin, { shared: false });
    expect(unshared.statusCode, unshared.body).toBe(200);
    expect(unshared.json()).toMatchObject({ shared: false });
    expect((await call('GET', `/views/${view.id}`, colleague)).statusCode).toBe(404);
    // Unshared, it is its owner's alone again: not even an admin can delete it now.
    expect((await call('DELETE', `/views/${view.id}`, suite.admin)).statusCode).toBe(404);

    const renamed = await call('PATCH', `/views/${view.id}`, suite.engineer, { name: 'Names pinned', shared: true });
    expect(renamed.json()).toMatchObject({ name: 'Names pinned', shared: true });
    const deleted = await call('DELETE', `/views/${view.id}`, suite.admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call('GET', `/views/${view.id}`, suite.engineer)).statusCode).toBe(404);

    const own = await created(colleague, { name: 'Short lived' });
    expect((await call('DELETE', `/views/${own.id}`, colleague)).statusCode).toBe(200);
    expect(await names(colleague)).not.toContain('Short lived');
  });

  it('saves the grid into a view (its state replaced) and keeps names unique per user and list, whatever the case', async () => {
    const view = await created(suite.engineer, { name: 'Cities' });
    const next: ViewState = { columns: [{ colId: 'city', width: 300 }], sort: [], filter: {} };
    const saved = await call('PATCH', `/views/${view.id}`, suite.engineer, { state: next });
    expect(saved.json()).toMatchObject({ state: next, name: 'Cities' });
    expect(Date.parse(saved.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(view.updatedAt));

    const clash = await call('POST', '/views', suite.engineer, { list: 'clients', name: 'CITIES', state });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('You already have a view called "CITIES" of Clients');
    // Another user's name, another list: no clash.
    await created(colleague, { name: 'Cities' });
    expect(
      (
        await call('POST', '/views', suite.engineer, {
          list: 'suppliers',
          name: 'Cities',
          state: { columns: [], sort: [], filter: {} },
        })
      ).statusCode,
    ).toBe(201);
    const other = await created(suite.engineer, { name: 'Towns' });
    expect((await call('PATCH', `/views/${other.id}`, suite.engineer, { name: 'cities' })).statusCode).toBe(409);
  });

  it("keeps a project list's views per project", async () => {
    const [a, b] = await queryRows<{ id: number }>(
      suite.t.database.db,
      sql`select id from projects order by id limit 2`,
    );
    const instrumentsState: ViewState = {
      columns: [{ colId: 'tagno', width: 200 }],
      sort: [{ colId: 'tagno', sort: 'asc' }],
      filter: { letters: { filterType: 'text', type: 'srv_startsWith', filter: 'F' } },
    };
    const response = await call('POST', '/views', suite.engineer, {
      list: 'instruments',
      scope: a!.id,
      name: 'Flow loops',
      shared: true,
      state: instrumentsState,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ scope: a!.id });
    expect(await names(colleague, `list=instruments&scope=${a!.id}`)).toContain('Flow loops');
    expect(await names(colleague, `list=instruments&scope=${b!.id}`)).not.toContain('Flow loops');
    expect(await names(colleague, 'list=instruments')).not.toContain('Flow loops');
  });

  it("goes with its document: a deleted project's views of its lists are deleted with it, the other views stay", async () => {
    const { newProject } = projectFixtures(suite);
    const project = await newProject('Views Deleted With Project');
    const empty: ViewState = { columns: [], sort: [], filter: {} };
    const ofProject = await call('POST', '/views', suite.engineer, {
      list: 'areas',
      scope: project.id,
      name: 'Areas',
      shared: true,
      state: empty,
    });
    expect(ofProject.statusCode, ofProject.body).toBe(201);
    const elsewhere = await created(suite.engineer, { name: 'Outlives the project' });
    const deleted = await call('POST', '/entities/projects/delete-with-contents', suite.engineer, {
      rows: [{ id: project.id }],
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call('GET', `/views/${ofProject.json().id}`, suite.engineer)).statusCode).toBe(404);
    expect((await call('GET', `/views/${elsewhere.id}`, suite.engineer)).statusCode).toBe(200);
  });
});

describe('saved views: bad input is a readable 400 (404, 409), never a 500', () => {
  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['no state', { list: 'clients', name: 'x' }, /state/],
    ['state is not an object', { list: 'clients', name: 'x', state: 'wide' }, /state/],
    ['a column without an id', { list: 'clients', name: 'x', state: { ...state, columns: [{ width: 100 }] } }, /colId/],
    [
      'a width of text',
      { list: 'clients', name: 'x', state: { ...state, columns: [{ colId: 'name', width: 'wide' }] } },
      /width/,
    ],
    [
      'a negative width',
      { list: 'clients', name: 'x', state: { ...state, columns: [{ colId: 'name', width: -5 }] } },
      /at least 10/,
    ],
    [
      'pinned to the middle',
      { list: 'clients', name: 'x', state: { ...state, columns: [{ colId: 'name', pinned: 'middle' }] } },
      /pinned/,
    ],
    [
      'a column that is no field',
      { list: 'clients', name: 'x', state: { ...state, columns: [{ colId: 'salary' }] } },
      /"salary" is not a field of Clients/,
    ],
    [
      'a column twice',
      { list: 'clients', name: 'x', state: { ...state, columns: [{ colId: 'name' }, { colId: 'name' }] } },
      /listed twice/,
    ],
    [
      'a sort by no field',
      { list: 'clients', name: 'x', state: { ...state, sort: [{ colId: 'nope', sort: 'asc' }] } },
      /sorted column "nope"/,
    ],
    [
      'a sort sideways',
      { list: 'clients', name: 'x', state: { ...state, sort: [{ colId: 'name', sort: 'up' }] } },
      /sort/,
    ],
    [
      'a filter of no field',
      {
        list: 'clients',
        name: 'x',
        state: { ...state, filter: { nope: { filterType: 'text', type: 'srv_contains', filter: 'a' } } },
      },
      /filtered column "nope"/,
    ],
    [
      'a filter of an unknown kind',
      { list: 'clients', name: 'x', state: { ...state, filter: { name: { filterType: 'regex', filter: '.*' } } } },
      /filterType/,
    ],
    [
      'a filter with a stray key',
      { list: 'clients', name: 'x', state: { ...state, filter: { name: { filter: 'a', sql: 'drop table' } } } },
      /sql/,
    ],
    ['a stray key in the state', { list: 'clients', name: 'x', state: { ...state, rowHeight: 40 } }, /rowHeight/],
    [
      'a state too large',
      {
        list: 'clients',
        name: 'x',
        state: {
          ...state,
          filter: {
            name: {
              filterType: 'set',
              values: Array.from({ length: 9_000 }, (_, i) => `client name number ${i} of many`),
            },
          },
        },
      },
      /over 200,000 characters/,
    ],
    ['no name', { list: 'clients', state }, /name/],
    ['a blank name', { list: 'clients', name: '   ', state }, /needs a name/],
    ['a name too long', { list: 'clients', name: 'x'.repeat(81), state }, /at most 80/],
    ['a name of two lines', { list: 'clients', name: 'a\nb', state }, /one line/],
    ['no list', { name: 'x', state }, /list/],
    ['an unknown list', { list: 'salaries', name: 'x', state }, /no list called "salaries"/],
    ['a scope of a whole list', { list: 'clients', scope: 1, name: 'x', state }, /Clients are not kept per document/],
    [
      'a scope that is not an id',
      { list: 'instruments', scope: 'one', name: 'x', state: { columns: [], sort: [], filter: {} } },
      /scope/,
    ],
    ['shared as a word', { list: 'clients', name: 'x', shared: 'yes', state }, /shared/],
  ];
  it.each(bad)('POST with %s: 400 with a message', async (_what, body, message) => {
    const response = await call('POST', '/views', suite.engineer, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('answers a scope that names no document 404, an id that is not one 400, and a PATCH with nothing to change 400', async () => {
    const missing = await call('POST', '/views', suite.engineer, {
      list: 'instruments',
      scope: 99_999_999,
      name: 'x',
      state: { columns: [], sort: [], filter: {} },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/no project 99999999/);
    expect((await call('GET', '/views/abc', suite.engineer)).statusCode).toBe(400);
    expect((await call('GET', '/views/0', suite.engineer)).statusCode).toBe(400);
    expect((await call('GET', '/views/99999999', suite.engineer)).statusCode).toBe(404);
    expect((await call('GET', '/views', suite.engineer)).statusCode).toBe(400);
    expect((await call('GET', '/views?list=clients&scope=-1', suite.engineer)).statusCode).toBe(400);
    const view = await created(suite.engineer, { name: 'Nothing to change' });
    const empty = await call('PATCH', `/views/${view.id}`, suite.engineer, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('give name, shared or state');
    const badState = await call('PATCH', `/views/${view.id}`, suite.engineer, {
      state: { columns: [], sort: [{ colId: 'nope', sort: 'asc' }], filter: {} },
    });
    expect(badState.statusCode).toBe(400);
    expect((await call('GET', `/views/${view.id}`, suite.engineer)).json()).toMatchObject({ state });
  });

  it('refuses views to a caller without a token (401) and a write without the XSRF header (403)', async () => {
    expect((await suite.t.call({ method: 'GET', url: '/api/views?list=clients' })).statusCode).toBe(401);
    const response = await suite.t.call({
      method: 'POST',
      url: '/api/views',
      token: suite.engineer,
      xsrf: 'missing',
      payload: { list: 'clients', name: 'x', state },
    });
    expect(response.statusCode).toBe(403);
  });
});
