import http from 'node:http';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/entities/entity-sql';
import { fieldByName, type EntitySchema, type FieldDef } from '../../src/schemas/schema-types';

/**
 * What the "nothing lost" property tests share: random rows of a list (random width, hostile text), a body
 * sent over a real socket in random pieces, and the stored rows read back to compare field by field.
 */

import type { Random } from './random-source';

/** A small seeded generator (random-source.ts), here with the rows it draws. */
export { randomSource, type Random } from './random-source';

// Characters that end or escape JSON structure, and text of two, three and four bytes in UTF-8.
const HOSTILE = [
  ',',
  '"',
  '\\',
  '}',
  ']',
  '{',
  '[',
  ':',
  '\\"',
  '"}',
  '"]',
  '},{',
  'é',
  'ñ',
  'µ',
  '日本',
  '€',
  '🚀',
  '𝄞',
  'a',
  'Z',
  '7',
  '-',
  ' ',
  '/',
];

/** Text of at most `max` characters (UTF-16 units) that a 'text' field stores as sent: no edge spaces, no line breaks. */
function hostileText(random: Random, max: number, multiLine: boolean): string {
  const target = random.int(1, Math.max(1, Math.min(max, 24)));
  let text = '';
  while (text.length < target) {
    const piece = multiLine && random.next() < 0.1 ? '\n' : random.pick(HOSTILE);
    if (text.length + piece.length > max) break;
    text += piece;
  }
  const trimmed = multiLine ? text : text.trim();
  return /\S/.test(trimmed) ? trimmed : 'x';
}

/** The fields a property test fills: what an import may set, and whose stored value reads back as sent. */
export function fillableFields(schema: EntitySchema): FieldDef[] {
  return schema.fields.filter(
    (f) =>
      !f.readOnly &&
      !f.computed &&
      !f.serverSet &&
      !schema.key.includes(f.name) &&
      f.name !== schema.scope?.root &&
      f.name !== 'deleteflag' &&
      ((f.kind === 'text' && !f.pattern) ||
        f.kind === 'longText' ||
        f.kind === 'enum' ||
        f.kind === 'boolean' ||
        f.kind === 'integer'),
  );
}

function randomValue(random: Random, field: FieldDef): unknown {
  switch (field.kind) {
    case 'text':
    case 'longText':
      return hostileText(random, field.maxLength ?? 200, field.kind === 'longText');
    case 'enum':
      return random.pick(field.options).value;
    case 'boolean':
      return random.next() < 0.5;
    case 'integer':
      return random.int(field.min ?? 0, Math.min(field.max ?? 1_000_000, 1_000_000));
    default:
      return null;
  }
}

/**
 * `count` rows keyed `key(i)`: each has its key and a random subset of the other fields (one field to
 * every field), with random values. `fields` are the ones to choose from (fillableFields).
 */
export function randomRows(
  random: Random,
  fields: readonly FieldDef[],
  count: number,
  key: (i: number) => Record<string, unknown>,
): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const row: Record<string, unknown> = key(i);
    const width = random.int(0, fields.length);
    for (const field of fields) if (random.int(1, fields.length) <= width) row[field.name] = randomValue(random, field);
    rows.push(row);
  }
  return rows;
}

/** Required fields a new row must have: given a value in every row that lacks one. */
export function withRequired(
  random: Random,
  schema: EntitySchema,
  rows: Record<string, unknown>[],
): Record<string, unknown>[] {
  const required = fillableFields(schema).filter((f) => f.required);
  for (const row of rows)
    for (const field of required) if (!(field.name in row)) row[field.name] = randomValue(random, field);
  return rows;
}

/** The body cut into pieces of random sizes, 1 byte to 1 MiB (log-uniform, so small pieces come often). */
export function randomPieces(random: Random, body: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  for (let at = 0; at < body.length;) {
    const size = Math.max(1, Math.floor(Math.exp(random.next() * Math.log(1024 * 1024))));
    pieces.push(body.subarray(at, at + size));
    at += size;
  }
  return pieces;
}

export type Answer = { status: number; body: string };

/**
 * POSTs `pieces` over a real socket: whole (one write, Content-Length) when there is one piece, else chunked,
 * each piece its own write after a turn of the event loop, so the server reads them apart.
 */
export function postPieces(url: string, headers: Record<string, string>, pieces: readonly Buffer[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const whole = pieces.length <= 1;
    const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          ...headers,
          ...(whole ? { 'content-length': String(length) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    // A server that answers before the body's end (a refusal) may close while pieces are still being
    // written: the answer, if it came, is what counts (as curl reads it), so a write error waits for it.
    request.on('error', (error) => setTimeout(() => reject(error), 1_000));
    void (async () => {
      for (const piece of pieces) {
        if (request.destroyed) return;
        if (!request.write(piece)) await new Promise((done) => request.once('drain', done));
        if (!whole) await new Promise((done) => setImmediate(done));
      }
      request.end();
    })();
  });
}

/**
 * The stored rows of `schema` whose `keyField` is one of `keys` (found by its index: a sweep's table holds
 * millions of rows), or every row matching `where`, by that key.
 */
export async function storedByKey(
  db: Db,
  schema: EntitySchema,
  keyField: string,
  keys: readonly string[] | SQL,
): Promise<Map<string, Record<string, unknown>>> {
  const where = Array.isArray(keys)
    ? sql`${sql.identifier(keyField)} = any(${`{${keys.map((key) => JSON.stringify(key)).join(',')}}`}::text[])`
    : (keys as SQL);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from ${sql.identifier(schema.name)} where ${where}`,
  );
  return new Map(rows.map((row) => [String(row[keyField]), row]));
}

/** Whether a stored column holds the value sent (integers may come back as text, booleans as 't'). */
export function sameValue(field: FieldDef | undefined, stored: unknown, sent: unknown): boolean {
  if (sent === null || sent === undefined) return stored === null || stored === undefined;
  if (field?.kind === 'boolean') return stored === sent || stored === (sent ? 't' : 'f');
  return String(stored) === String(sent);
}

/** The first field of a row that the database does not hold as sent, or undefined: a readable failure. */
export function firstDifference(
  schema: EntitySchema,
  sent: Record<string, unknown>,
  stored: Record<string, unknown> | undefined,
): string | undefined {
  if (!stored) return 'the row is not stored';
  for (const [name, value] of Object.entries(sent)) {
    if (!sameValue(fieldByName(schema, name), stored[name], value))
      return `${name}: sent ${JSON.stringify(value)}, stored ${JSON.stringify(stored[name])}`;
  }
  return undefined;
}
