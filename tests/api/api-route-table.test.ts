import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTE_TABLE, DOCUMENT_PREFIX } from '../../src/lib/api-route-table';
import { SCOPED_DOCUMENTS } from '../../src/server/entities/document-scope';
import { signedInSuite } from '../support/test-app';

/**
 * The browser's route table (src/lib/api-route-table.ts) against the server's OpenAPI document: every address
 * the browser calls exists, with every method it calls it with. A route under {document}/{documentId} stands for
 * the same route under every document whose lists are kept per document (/api/projects/{projectId}/…).
 */
const suite = signedInSuite();
let paths: Record<string, Record<string, unknown>>;

beforeAll(async () => {
  const response = await suite.t.app.inject({ url: '/api/docs' });
  expect(response.statusCode).toBe(200);
  paths = (response.json() as { paths: typeof paths }).paths;
});

/** The OpenAPI paths a table path stands for. */
function openApiPaths(path: string): string[] {
  if (!path.startsWith(`${DOCUMENT_PREFIX}/`)) return [path];
  const rest = path.slice(DOCUMENT_PREFIX.length);
  return SCOPED_DOCUMENTS.map(({ document, param }) => `/api/${document}/{${param}}${rest}`);
}

describe("the browser's route table", () => {
  it('names only routes the server documents, with the methods the browser uses', () => {
    const missing: string[] = [];
    for (const [name, route] of Object.entries(API_ROUTE_TABLE))
      for (const path of openApiPaths(route.path))
        for (const method of route.methods)
          if (!paths[path]?.[method.toLowerCase()]) missing.push(`${name}: ${method} ${path}`);
    expect(missing).toEqual([]);
  });

  it('knows every document whose lists are kept per document, the project first among them', () => {
    expect(SCOPED_DOCUMENTS.map((d) => `/api/${d.document}/{${d.param}}`)).toEqual(
      expect.arrayContaining([
        '/api/projects/{projectId}',
        '/api/quotes/{quoteId}',
        '/api/packages/{packageId}',
        '/api/adjudications/{adjudicationId}',
        '/api/meetings/{meetingId}',
        '/api/proposals/{proposalId}',
      ]),
    );
  });

  it("spells a project's id one way in the server's paths: {projectId}", () => {
    const projectPaths = Object.keys(paths).filter((path) => path.startsWith('/api/projects/'));
    expect(projectPaths.length).toBeGreaterThan(15);
    for (const path of projectPaths) expect(path, path).toMatch(/^\/api\/projects\/\{projectId\}/);
  });
});
