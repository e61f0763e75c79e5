import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import type { BatchResponse } from '../../src/lib/entity-api';
import { getEntitySchema } from '../../src/schemas/registry';
import {
  firstDifference,
  fillableFields,
  postPieces,
  randomPieces,
  randomRows,
  randomSource,
  storedByKey,
  withRequired,
} from './bulk-rows';
import type { SignedInSuite } from './test-app';

/**
 * One case of the batch save's "nothing lost" property: `creates` new rows, `updates` stored rows changed
 * and `deletes` stored rows removed, in one POST /api/entities/clients/batch over a real socket, whole or in
 * random pieces. The answer must name every row, in order, and the database hold each as sent.
 */
export type BatchCase = { creates: number; updates: number; deletes: number; whole: boolean; seed: number };

export const describeBatch = (c: BatchCase) =>
  `${c.creates} creates, ${c.updates} updates, ${c.deletes} deletes, ${c.whole ? 'whole' : 'in pieces'}, seed ${c.seed}`;

type Stored = { id: number; version: number; name: string };

export function batchProperty(suite: SignedInSuite, base: () => string) {
  const schema = getEntitySchema('clients');
  const fields = fillableFields(schema);
  const headers = () => {
    const xsrf = suite.t.xsrfTokenFor(String(decodeJwt(suite.engineer).sub));
    return {
      authorization: `Bearer ${suite.engineer}`,
      'x-xsrf-token': xsrf,
      cookie: `XSRF-TOKEN=${xsrf}`,
      prefer: 'return=minimal',
    };
  };
  const post = async (body: unknown, pieces: (text: Buffer) => Buffer[]) => {
    const reply = await postPieces(
      `${base()}/api/entities/clients/batch`,
      headers(),
      pieces(Buffer.from(JSON.stringify(body))),
    );
    return { status: reply.status, answer: JSON.parse(reply.body) as BatchResponse & { message?: string } };
  };

  return async function run(c: BatchCase): Promise<void> {
    const label = describeBatch(c);
    const random = randomSource(c.seed);
    const prefix = `B${c.seed}-`;
    const name = (i: number) => ({ name: `${prefix}${i} ",]}é🚀` });
    // The rows to update and delete, stored first.
    const earlier = withRequired(random, schema, randomRows(random, fields, c.updates + c.deletes, name));
    let stored: Stored[] = [];
    if (earlier.length > 0) {
      const first = await post({ creates: earlier.map((values, i) => ({ clientKey: `e${i}`, values })) }, (text) => [
        text,
      ]);
      expect(first.status, `${label}: the rows before: ${JSON.stringify(first.answer).slice(0, 300)}`).toBe(200);
      stored = first.answer.created as unknown as Stored[];
    }
    const creates = withRequired(
      random,
      schema,
      randomRows(random, fields, c.creates, (i) => name(c.updates + c.deletes + i)),
    );
    const changes = randomRows(random, fields, c.updates, () => ({}));
    const updated = stored.slice(0, c.updates);
    const deleted = stored.slice(c.updates);
    const body = {
      creates: creates.map((values, i) => ({ clientKey: `c${i}`, values })),
      updates: updated.map((row, i) => ({ id: row.id, version: row.version, changes: changes[i] })),
      deletes: deleted.map((row) => ({ id: row.id, version: row.version })),
    };
    const { status, answer } = await post(body, (text) => (c.whole ? [text] : randomPieces(random, text)));
    expect(status, `${label}: ${JSON.stringify(answer).slice(0, 500)}`).toBe(200);
    expect(
      answer.created.map((row) => row.clientKey),
      label,
    ).toEqual(creates.map((_, i) => `c${i}`));
    expect(
      answer.updated.map((row) => row.id).sort((a, b) => a - b),
      label,
    ).toEqual(updated.map((row) => row.id).sort((a, b) => a - b));
    expect(
      answer.deleted.slice().sort((a, b) => a - b),
      label,
    ).toEqual(deleted.map((row) => row.id).sort((a, b) => a - b));

    const inDatabase = await storedByKey(
      suite.t.database.db,
      schema,
      'name',
      [...earlier, ...creates].map((row) => String(row.name)),
    );
    const expected = new Map<string, Record<string, unknown>>();
    updated.forEach((row, i) => expected.set(row.name, { ...earlier[i], ...changes[i] }));
    creates.forEach((row) => expected.set(String(row.name), row));
    expect(inDatabase.size, `${label}: rows in the database`).toBe(expected.size);
    for (const [key, row] of expected) {
      const difference = firstDifference(schema, row, inDatabase.get(key));
      if (difference) expect.fail(`${label}: row ${JSON.stringify(key)}: ${difference}`);
    }
  };
}

/** Cases whose rows in all add up to each of `totals`, split at random between creates, updates and deletes. */
export function batchCasesFor(totals: readonly number[], seed: number): BatchCase[] {
  const random = randomSource(seed);
  return totals.map((total) => {
    const creates = random.int(0, total);
    const updates = random.int(0, total - creates);
    return {
      creates,
      updates,
      deletes: total - creates - updates,
      whole: random.next() < 0.3,
      seed: random.int(1, 2 ** 31),
    };
  });
}
