import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_BATCH_OPERATIONS, MAX_IMPORT_ROWS, MAX_LISTED_ROW_ERRORS } from '../../src/lib/entity-api';
import { signedInSuite } from '../support/test-app';

// Bodies inside the size limits that would make the server build far more in memory than they weigh:
// each is refused with a readable 4xx before the rows are worked on, and the server answers afterwards.
// (tests/process/hostile-bodies.test.ts sends the largest of them to a real server process.)

const s = signedInSuite();
const P = 'Hb';

/** The import route with a raw JSON text body. */
const importText = (body: string, entity = 'clients') =>
  s.t.call({
    method: 'POST',
    url: `/api/entities/${entity}/import`,
    token: s.engineer,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });

/** `count` copies of `row` as a JSON array's items, built as one string without an array of objects. */
const repeated = (row: string, count: number) => `${row},`.repeat(count).slice(0, -1);

async function stillAnswers(): Promise<void> {
  const response = await s.get('/entities/clients?limit=1');
  expect(response.statusCode).toBe(200);
}

describe('hostile bodies', () => {
  it('refuses an import of more rows than a worksheet holds, before checking any', async () => {
    const response = await importText(`{"mode":0,"dryRun":true,"rows":[${repeated('{}', MAX_IMPORT_ROWS + 1)}]}`);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toContain('at most 1,048,576 rows');
    await stillAnswers();
  });

  it('refuses a row of 300,000 unknown keys: over 1 MiB in an import, listed as 20 of them and a count in a save', async () => {
    const keyList = (count: number) => Array.from({ length: count }, (_, i) => `"k${i}":1`).join(',');
    const keys = keyList(300_000);
    const tooBig = await importText(`{"mode":0,"rows":[{"name":"${P} Many keys",${keys}}]}`);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('Invalid body: row 1 is over 1,048,576 bytes.');
    const imported = await importText(`{"mode":0,"rows":[{"name":"${P} Many keys",${keyList(50_000)}}]}`);
    expect(imported.statusCode).toBe(422);
    const [importError] = imported.json().details.rowErrors;
    expect(Object.keys(importError.fields)).toHaveLength(21);
    expect(importError.fields._row).toBe('49,980 more unknown fields');

    const saved = await s.t.call({
      method: 'POST',
      url: '/api/entities/clients/batch',
      token: s.engineer,
      headers: { 'content-type': 'application/json' },
      payload: `{"creates":[{"clientKey":"k","values":{"name":"${P} Many keys",${keys}}}]}`,
    });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().details.rowErrors[0]).toMatchObject({
      op: 'create',
      clientKey: 'k',
      fields: { k0: 'Unknown field', _row: '299,980 more unknown fields' },
    });
    await stillAnswers();
  });

  it('refuses a save of more operations than a batch takes, before validating any', async () => {
    const response = await s.t.call({
      method: 'POST',
      url: '/api/entities/clients/batch',
      token: s.engineer,
      headers: { 'content-type': 'application/json' },
      payload: `{"creates":[${repeated('{"clientKey":"k","values":{}}', 200_000)}]}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(
      `A save takes at most ${MAX_BATCH_OPERATIONS.toLocaleString('en-US')} rows (creates, updates and deletes together); this one has 200,000. Save in parts, or import the rows from a workbook.`,
    );
    await stillAnswers();
  });

  it('lists the first 10,000 rows with errors and counts them all', async () => {
    const response = await importText(`{"mode":0,"rows":[${repeated('{"city":"Lima"}', MAX_LISTED_ROW_ERRORS + 5)}]}`);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe('10,005 rows have errors; the first 10,000 are listed');
    expect(body.details.rowErrors).toHaveLength(MAX_LISTED_ROW_ERRORS);
    expect(body.details.rowsWithErrors).toBe(10_005);
  });

  it('refuses a row over 1 MiB, a row that is not JSON and a body without rows, naming what is wrong', async () => {
    const big = await importText(`{"mode":0,"rows":[{"name":"${P} Big"},{"name":"${'x'.repeat(1_100_000)}"}]}`);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Invalid body: row 2 is over 1,048,576 bytes.');

    const broken = await importText(`{"mode":0,"rows":[{"name":"${P} Fine"},{"name":"${P} Broken",}]}`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^Invalid body: row 2 is not valid JSON/);

    const noRows = await importText('{"mode":0}');
    expect(noRows.statusCode).toBe(400);
    expect(noRows.json().message).toContain('rows');

    const wrongType = await s.t.call({
      method: 'POST',
      url: '/api/entities/clients/import',
      token: s.engineer,
      headers: { 'content-type': 'text/plain' },
      payload: '{"rows":[]}',
    });
    expect(wrongType.statusCode).toBe(415);
    await stillAnswers();
  });

  it('reads the options wherever they stand in the body', async () => {
    const response = await importText(`{"rows":[{"name":"${P} Options last"}],"dryRun":true,"mode":1}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      added: 1,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      plan: [{ index: 0, action: 'add' }],
    });
  });
});

describe('bodies the server does not take', () => {
  const xml = '<?xml version="1.0"?><PlantModel/>';
  const compressed = (url: string, type: string, text: string, encoding = 'gzip') =>
    s.t.call({
      method: 'POST',
      url,
      token: s.engineer,
      headers: { 'content-type': type, 'content-encoding': encoding },
      payload: gzipSync(Buffer.from(text)),
    });

  it('refuses a compressed body with a 415 that says so, on every route that takes a body', async () => {
    const answers = [
      await compressed('/api/entities/clients/import', 'application/json', `{"mode":0,"rows":[{"name":"${P} Gzip"}]}`),
      await compressed(
        '/api/entities/clients/batch',
        'application/json',
        `{"creates":[{"clientKey":"k","values":{"name":"${P} Gzip"}}]}`,
      ),
      await compressed('/api/projects/1/dexpi?dry_run=1', 'application/xml', xml),
      await compressed('/api/entities/clients/batch', 'application/json', '{}', 'deflate'),
      await compressed('/api/entities/clients/batch', 'application/json', '{}', 'br'),
      await compressed('/idp/token', 'application/x-www-form-urlencoded', 'grant_type=client_credentials'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(415);
      expect(answer.headers.connection).toBe('close');
      expect(answer.json()).toMatchObject({
        error: 'unsupported_media_type',
        message: expect.stringMatching(/^The body was sent with Content-Encoding "(gzip|deflate|br)"; .*uncompressed/),
      });
    }
    const stored = await s.get(
      `/entities/clients?filters=${encodeURIComponent(JSON.stringify([{ field: 'name', op: 'startsWith', value: `${P} Gzip` }]))}`,
    );
    expect(stored.json().total).toBe(0);
    await stillAnswers();
  });

  it('takes a body marked identity, and a body of another type is an unsupported_media_type 415', async () => {
    const identity = await s.t.call({
      method: 'POST',
      url: '/api/entities/clients/batch',
      token: s.engineer,
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: `{"creates":[{"clientKey":"k","values":{"name":"${P} Identity"}}]}`,
    });
    expect(identity.statusCode, identity.body).toBe(200);
    const wrongType = await s.t.call({
      method: 'POST',
      url: '/api/entities/clients/batch',
      token: s.engineer,
      headers: { 'content-type': 'application/octet-stream' },
      payload: '{}',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error).toBe('unsupported_media_type');
  });

  it('answers a body over BODY_LIMIT_BYTES with a 413 that names the limit, and closes the connection', async () => {
    const limit = s.t.config.bodyLimitBytes;
    const response = await s.t.call({
      method: 'POST',
      url: '/api/entities/clients/batch',
      token: s.engineer,
      headers: { 'content-type': 'application/json' },
      payload: `{"creates":[{"clientKey":"k","values":{"name":"${'x'.repeat(limit)}"}}]}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers.connection).toBe('close');
    expect(response.json()).toMatchObject({
      error: 'payload_too_large',
      message: `A request body here may be at most ${limit / 1048576} MiB (BODY_LIMIT_BYTES); this one is larger.`,
    });
    await stillAnswers();
  });
});
