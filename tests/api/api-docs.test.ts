import { beforeAll, describe, expect, it } from 'vitest';
import { getEntitySchema } from '../../src/schemas/registry';
import { META_FIELDS, type EntityRow } from '../../src/schemas/schema-types';
import { signedInSuite } from '../support/test-app';

/** GET /api/docs: every /api route documented (tag, summary, input, real statuses, the one error body), and nothing else. */
type Operation = {
  tags?: string[];
  summary?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> };
};

const ERROR_REF = '#/components/schemas/ErrorBody';
const suite = signedInSuite();
let doc: Doc;

beforeAll(async () => {
  const response = await suite.t.app.inject({ url: '/api/docs' });
  expect(response.statusCode).toBe(200);
  doc = response.json() as Doc;
});

function operations(): { name: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method, op })),
  );
}
const errorStatuses = (op: Operation) => Object.keys(op.responses).filter((status) => Number(status) >= 400);
// A download (GET /api/files/{id}) answers the file's bytes: documented as binary, not JSON; a live-event
// stream (GET /api/projects/{id}/events) answers text/event-stream.
const schemaOf = (op: Operation, status: string) =>
  op.responses[status]?.content?.['application/json']?.schema ??
  op.responses[status]?.content?.['application/octet-stream']?.schema ??
  op.responses[status]?.content?.['text/event-stream']?.schema;

describe('the OpenAPI document', () => {
  it('lists the API only: no identity-provider or browser routes', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/clients',
        '/api/deletesupplier',
        '/api/admin/tables/{table}',
        '/api/admintabledelete',
        '/api/generallookup',
        '/api/appframework/categories/tree',
        '/api/bugsV2',
      ]),
    );
  });

  it('gives every operation a tag, a summary and a documented success answer', () => {
    for (const { name, op } of operations()) {
      expect(op.tags?.length, name).toBeGreaterThan(0);
      expect(op.summary, name).toBeTruthy();
      const success = Object.keys(op.responses).filter((status) => /^2\d\d$/.test(status));
      expect(success, name).toHaveLength(1);
      expect(schemaOf(op, success[0]!), name).toBeDefined();
    }
  });

  it('documents the body of every POST and PUT', () => {
    const writes = operations().filter(({ method }) => method === 'post' || method === 'put');
    expect(writes.length).toBeGreaterThan(20);
    // The DEXPI import takes its file as XML, a file upload the file itself; every other write takes JSON.
    const xmlBodies = ['POST /api/projects/{projectId}/dexpi'];
    const fileBodies = ['POST /api/entities/{entity}/{id}/files'];
    const typeOf = (name: string) =>
      xmlBodies.includes(name)
        ? 'application/xml'
        : fileBodies.includes(name)
          ? 'application/octet-stream'
          : 'application/json';
    for (const { name, op } of writes) expect(op.requestBody?.content?.[typeOf(name)]?.schema, name).toBeDefined();
  });

  it('documents the errors of every operation with the one shared error body', () => {
    const errorBody = doc.components.schemas.ErrorBody!;
    expect(Object.keys(errorBody.properties).sort()).toEqual(['details', 'error', 'message', 'requestId']);
    expect(errorBody.required).toEqual(['error', 'message']);
    for (const { name, op } of operations()) {
      for (const status of errorStatuses(op))
        expect(schemaOf(op, status), `${name} ${status}`).toEqual({ $ref: ERROR_REF });
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      // Only /api/health and /api/config answer without a token; they have no 4xx to give.
      if (isPublic) continue;
      expect(errorStatuses(op), name).toContain('401');
      expect(errorStatuses(op).filter((status) => status.startsWith('4')).length, name).toBeGreaterThan(0);
      if (!name.startsWith('GET ')) expect(errorStatuses(op), `${name} (X-XSRF-TOKEN)`).toContain('403');
    }
    expect(
      operations()
        .filter(({ op }) => op.security?.length === 0)
        .map(({ name }) => name)
        .sort(),
    ).toEqual(['GET /api/config', 'GET /api/health']);
  });

  it('documents POST /api/admin/tables/{table} as the 201 it answers', async () => {
    const responses = doc.paths['/api/admin/tables/{table}']!.post!.responses;
    expect(Object.keys(responses)).toContain('201');
    expect(Object.keys(responses)).not.toContain('200');
    const created = await suite.t.call({
      method: 'POST',
      url: '/api/admin/tables/disciplines',
      token: suite.admin,
      payload: { code: 'DOC', name: 'Documented' },
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('documents the statuses the routes really answer', async () => {
    const [client] = (await suite.t.call({ url: '/api/clients', token: suite.viewer })).json() as EntityRow[];
    const [unit] = (await suite.t.call({ url: '/api/admin/tables/units', token: suite.viewer })).json() as EntityRow[];
    const calls: {
      path: string;
      method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
      url: string;
      token?: string;
      payload?: object;
    }[] = [
      { path: '/api/clients', url: '/api/clients?limit=x', token: suite.viewer },
      { path: '/api/clients', url: '/api/clients' },
      {
        path: '/api/clients',
        method: 'POST',
        url: '/api/clients',
        token: suite.viewer,
        payload: { name: 'Not allowed' },
      },
      {
        path: '/api/clients',
        method: 'POST',
        url: '/api/clients',
        token: suite.engineer,
        payload: { id: client!.id, version: client!.version + 5, name: 'Stale' },
      },
      { path: '/api/clients', method: 'POST', url: '/api/clients', token: suite.engineer, payload: { name: '' } },
      {
        path: '/api/deleteclient',
        method: 'POST',
        url: '/api/deleteclient',
        token: suite.engineer,
        payload: { id: 2_000_000_000 },
      },
      { path: '/api/entities/{entity}', url: '/api/entities/nothing', token: suite.viewer },
      {
        path: '/api/entities/{entity}/batch',
        method: 'POST',
        url: '/api/entities/clients/batch',
        token: suite.engineer,
        payload: { creates: [{ clientKey: 'a', values: { name: '' } }] },
      },
      {
        path: '/api/admin/tables/{table}/{id}',
        method: 'PUT',
        url: `/api/admin/tables/units/${unit!.id}`,
        token: suite.admin,
        payload: { version: unit!.version + 5 },
      },
      {
        path: '/api/admintable',
        method: 'POST',
        url: '/api/admintable',
        token: suite.viewer,
        payload: { param1: 'nothing' },
      },
      { path: '/api/generallookup', method: 'POST', url: '/api/generallookup', token: suite.viewer, payload: {} },
      { path: '/api/deletebugV2/{id}', method: 'DELETE', url: '/api/deletebugV2/abc', token: suite.viewer },
      {
        path: '/api/housekeeping',
        method: 'POST',
        url: '/api/housekeeping',
        token: suite.engineer,
        payload: { param1: 'purgeExpiredSignIns' },
      },
    ];
    for (const { path, method = 'GET', url, token, payload } of calls) {
      const response = await suite.t.call({ method, url, token, payload });
      const documented = Object.keys(doc.paths[path]![method.toLowerCase()]!.responses);
      expect(documented, `${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`).toContain(
        String(response.statusCode),
      );
      if (response.statusCode >= 400)
        expect(Object.keys(response.json()).every((key) => key in doc.components.schemas.ErrorBody!.properties)).toBe(
          true,
        );
    }
  });
});

describe('the documentation changes no answer (schemas neither validate nor serialize)', () => {
  const clientFields = [...META_FIELDS, ...getEntitySchema('clients').fields.map((field) => field.name)].sort();

  it('GET /api/clients answers rows with every field', async () => {
    const response = await suite.t.call({ url: '/api/clients', token: suite.viewer });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as EntityRow[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(clientFields);
    const one = await suite.t.call({ url: `/api/entities/clients/${rows[0]!.id}`, token: suite.viewer });
    expect(one.json()).toEqual(rows[0]);
  });

  it('GET /api/entities/clients?limit=1 answers its row with every field', async () => {
    const response = await suite.t.call({ url: '/api/entities/clients?limit=1', token: suite.viewer });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { rows: EntityRow[]; total: number; offset: number; limit: number };
    expect(answer.rows).toHaveLength(1);
    expect(Object.keys(answer.rows[0]!).sort()).toEqual(clientFields);
    expect(answer.total).toBeGreaterThan(0);
  });

  it('keeps the enriched names of requests and the rows of /generallookup', async () => {
    const saved = await suite.t.call({
      method: 'POST',
      url: '/api/bugsV2',
      token: suite.viewer,
      payload: { param2: 'local|viewer', data: { type_id: 1, module_id: 12, description: 'Documented' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const requestFields = [
      ...META_FIELDS,
      ...getEntitySchema('requests').fields.map((field) => field.name),
      'statusname',
      'modulename',
      'typename',
    ].sort();
    const [listed] = (await suite.t.call({ url: '/api/bugsV2', token: suite.viewer })).json() as EntityRow[];
    expect(Object.keys(listed!).sort()).toEqual(requestFields);
    expect(saved.json()).toEqual(expect.objectContaining(listed));
    expect(listed).toEqual(
      expect.objectContaining({ statusname: 'Open', modulename: 'General System', typename: 'Bug Report' }),
    );
    const lookup = (
      await suite.t.call({ method: 'POST', url: '/api/generallookup', token: suite.viewer, payload: { clients: true } })
    ).json() as { clients: EntityRow[] };
    expect(Object.keys(lookup.clients[0]!).sort()).toEqual(clientFields);
  });

  it('still parses input with the handlers: their readable 400, not a schema validator', async () => {
    const response = await suite.t.call({ url: '/api/admin/tables/units?offset=-1', token: suite.viewer });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'bad_request',
      message: expect.stringContaining('offset must be a whole number'),
      requestId: expect.any(String),
    });
  });
});
