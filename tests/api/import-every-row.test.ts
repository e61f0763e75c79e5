import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS } from '../../src/lib/entity-api';
import { queryRows } from '../../src/server/entities/entity-sql';
import { postPieces, randomPieces, randomSource } from '../support/bulk-rows';
import { casesFor, describeCase, importProperty } from '../support/import-property';
import { listeningSuite } from '../support/test-app';

// "Nothing lost", for the import route (#28): N rows sent over a real socket, whole or in random pieces, in
// every mode and as dry runs, are all counted in the answer and stored field by field. The sizes are the
// boundaries of the reader's 1,000-row parse batches and the import's 10,000-row chunks, and either side
// of them. The full sweep (every N up to 2,100 and random N up to 60,000) is `npm run test:sweep`, in CI.

const { suite, base } = listeningSuite();
const run = importProperty(suite, base);
const xsrf = () => suite.t.xsrfTokenFor(String(decodeJwt(suite.engineer).sub));

const BOUNDARIES = [
  0, 1, 2, 999, 1_000, 1_001, 1_500, 1_999, 2_000, 2_001, 2_999, 3_001, 9_999, 10_000, 10_001, 10_999,
];

describe('an import stores every row it reports', () => {
  for (const c of casesFor(BOUNDARIES, 28)) it(describeCase(c), () => run(c), 120_000);
});

describe('the row cap', () => {
  it('refuses a commit of 1,048,577 rows (one over a worksheet) with 413 over a socket, having written none', async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `{"name":"Cap ${i}"}`).join(',');
    const body = Buffer.from(`{"mode":0,"rows":[${rows}]}`);
    const token = xsrf();
    const headers = { authorization: `Bearer ${suite.engineer}`, 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` };
    const answer = await postPieces(
      `${base()}/api/entities/clients/import`,
      headers,
      randomPieces(randomSource(1), body),
    );
    expect(answer.status, answer.body.slice(0, 300)).toBe(413);
    expect(JSON.parse(answer.body).message).toContain('at most 1,048,576 rows');
    const [stored] = await queryRows<{ n: number }>(
      suite.t.database.db,
      sql`select count(*)::int as n from clients where name like 'Cap %'`,
    );
    expect(stored?.n).toBe(0);
  }, 120_000);
});
