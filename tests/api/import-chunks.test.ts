import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEntitySchema } from '../../src/schemas/registry';
import { AppError } from '../../src/server/http/app-error';
import { importAnswer } from '../../src/server/entities/import/import-plan';
import { runImport, type ImportOptions } from '../../src/server/entities/import/import-run';
import { queryRows } from '../../src/server/entities/entity-sql';
import { createTestApp, type TestApp } from '../support/test-app';

// An upload is imported a chunk at a time in one transaction (runImport); here the chunks are two rows,
// so what spans chunks (keys and unique values seen, errors, the plan, the rollback) is tried on a few rows.

let t: TestApp;
const P = 'Ch';
const actor = { sub: 'local|engineer', username: 'engineer' };

async function* inPairs(rows: Record<string, unknown>[]): AsyncGenerator<Record<string, unknown>[]> {
  for (let i = 0; i < rows.length; i += 2) yield rows.slice(i, i + 2);
}

function importInPairs(entity: string, options: ImportOptions, rows: Record<string, unknown>[]) {
  return runImport(t.database.db, getEntitySchema(entity), options, rows.length, inPairs(rows), actor).then(
    importAnswer,
  );
}

async function refusal(entity: string, options: ImportOptions, rows: Record<string, unknown>[]): Promise<AppError> {
  const error = await importInPairs(entity, options, rows).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function names(entity: string, column: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    t.database.db,
    sql`select ${sql.identifier(column)} as name from ${sql.identifier(entity)} where ${sql.identifier(column)} like ${`${P}%`} order by 1`,
  );
  return rows.map((row) => row.name);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('an import read in chunks', () => {
  it('commits every chunk in one transaction, and counts them all', async () => {
    const rows = ['A', 'B', 'C', 'D', 'E'].map((letter) => ({ name: `${P} ${letter}`, city: 'Lima' }));
    expect(await importInPairs('clients', { mode: 1 }, rows)).toMatchObject({
      added: 5,
      updated: 0,
      unchanged: 0,
      skipped: 0,
    });
    const again = await importInPairs('clients', { mode: 1 }, [
      ...rows.slice(0, 3).map((row) => ({ ...row, city: 'Cusco' })),
      ...rows.slice(3),
    ]);
    expect(again).toMatchObject({ added: 0, updated: 3, unchanged: 2, skipped: 0 });
  });

  it('finds a key sent twice in different chunks', async () => {
    const error = await refusal('clients', { mode: 1 }, [
      { name: `${P} Dup` },
      { name: `${P} Other` },
      { name: `${P} Dup` },
    ]);
    expect(error.status).toBe(422);
    expect((error.details as { rowErrors: unknown[] }).rowErrors).toEqual([
      { index: 2, fields: { name: 'Duplicate of row 1 in this file' } },
    ]);
    expect(await names('clients', 'name')).not.toContain(`${P} Dup`);
  });

  it('finds a unique value other than the key sent twice in different chunks', async () => {
    const rows = [
      { name: `${P} Supplier one`, vendor_code: 'CHV1' },
      { name: `${P} Supplier two` },
      { name: `${P} Supplier three`, vendor_code: 'CHV1' },
    ];
    const error = await refusal('suppliers', { mode: 0 }, rows);
    expect((error.details as { rowErrors: unknown[] }).rowErrors).toEqual([
      { index: 2, fields: { vendor_code: 'Duplicate of row 1 in this file' } },
    ]);
    expect(await names('suppliers', 'name')).toEqual([]);
  });

  it('writes nothing when a later chunk has an error, though earlier chunks were written in the transaction', async () => {
    const rows = [
      { name: `${P} Early one` },
      { name: `${P} Early two` },
      { name: `${P} Late`, contact_email: 'not an address' },
    ];
    const error = await refusal('clients', { mode: 0 }, rows);
    expect((error.details as { rowErrors: { index: number }[] }).rowErrors.map((e) => e.index)).toEqual([2]);
    expect(await names('clients', 'name')).not.toContain(`${P} Early one`);
  });

  it('lists the errors of every chunk, not only the first with errors', async () => {
    const rows = [
      { name: '' },
      { name: `${P} Fine` },
      { name: `${P} Fine two` },
      { name: '' },
      { name: `${P} Fine three`, sector: 'farming' },
    ];
    const error = await refusal('clients', { mode: 0 }, rows);
    expect((error.details as { rowErrors: { index: number }[] }).rowErrors.map((e) => e.index)).toEqual([0, 3, 4]);
    expect(error.message).toBe('3 rows have errors');
  });

  it("plans a dry run row by row across chunks, with each row's place in the file", async () => {
    const plan = await importInPairs('clients', { mode: 0, dryRun: true }, [
      { name: `${P} A` },
      { name: `${P} New one` },
      { name: `${P} B` },
      { name: `${P} New two` },
    ]);
    expect(plan).toMatchObject({ added: 2, updated: 0, unchanged: 0, skipped: 2 });
    expect(plan.plan?.map((step) => [step.index, step.action])).toEqual([
      [0, 'skip'],
      [1, 'add'],
      [2, 'skip'],
      [3, 'add'],
    ]);
    expect(plan.plan?.[0]?.reason).toContain('already exists');
    expect(await names('clients', 'name')).not.toContain(`${P} New one`);
  });
});
