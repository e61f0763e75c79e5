import { describe, expect, it } from 'vitest';
import { entitySchemas } from '../../src/schemas/registry';
import type { EntitySchema, FieldDef } from '../../src/schemas/schema-types';
import { defaultRow, fastRowCheck, fieldValidator, rowValidators } from '../../src/schemas/validators';

/**
 * validateRow's fast path (fastRowCheck) must answer exactly as zod does whenever it answers: the same
 * stored values for a valid row, and never an acceptance of a row zod refuses. Checked on every registered
 * schema, with values near each rule's edges, in a seeded pseudo-random walk (the same rows every run).
 */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Values a field may meet: valid ones, and ones off by one rule. */
function candidates(field: FieldDef): unknown[] {
  const common = [null, undefined, '', '   ', 0, true, 'x'];
  switch (field.kind) {
    case 'text':
    case 'longText':
      return [
        ...common,
        'USD',
        'ACME',
        '  ACME  ',
        'name@example.com',
        'two\nlines',
        'A'.repeat((field.maxLength ?? 255) + 1),
        '100-PP-001',
        'nul\u0000',
        'half\uD800',
        12,
      ];
    case 'integer':
      return [
        ...common,
        1,
        -1,
        2.5,
        2_147_483_648,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        field.min ?? 0,
        (field.max ?? 10) + 1,
        '5',
      ];
    case 'decimal':
    case 'percent':
    case 'money':
      return [...common, '1250.50', '-3', '1.234567', '12345678901234567890', 'lots', 5, '1e3', '0.5', '101'];
    case 'date':
      return [...common, '2026-02-28', '2026-02-30', '0000-01-01', '26-1-1', 20260101];
    case 'boolean':
      return [...common, false, 'yes', 1];
    case 'enum':
      return [...common, ...field.options.map((o) => o.value), 'nope'];
    case 'lookup':
      return [...common, 1, 42, -1, 0.5, 2_147_483_648, '3'];
  }
}

/** A valid row: each field's first candidate its own validator accepts (a value, where one is accepted). */
function validRow(schema: EntitySchema): Record<string, unknown> {
  const row = defaultRow(schema);
  for (const field of schema.fields.filter((f) => !f.readOnly)) {
    const accepted = candidates(field).filter((v) => v !== undefined && fieldValidator(field).safeParse(v).success);
    row[field.name] = accepted.find((v) => v !== null) ?? accepted[0] ?? null;
  }
  return row;
}

/** The valid row with a few fields changed to candidates (valid or not), a field left out, or one added. */
function rowsFor(schema: EntitySchema, next: () => number): Record<string, unknown>[] {
  const writable = schema.fields.filter((f) => !f.readOnly);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const base = validRow(schema);
  const rows: Record<string, unknown>[] = [base];
  for (let i = 0; i < 400; i++) {
    const row: Record<string, unknown> = { ...base };
    for (let n = Math.floor(next() * 3); n > 0; n--) {
      const field = pick(writable);
      row[field.name] = pick(candidates(field));
    }
    if (next() < 0.2) delete row[pick(writable).name];
    if (next() < 0.05) row.not_a_field = 'x';
    rows.push(row);
  }
  return rows;
}

describe('the fast row check answers as zod does', () => {
  it.each(entitySchemas.map((schema) => [schema.name, schema] as const))('%s', (_name, schema) => {
    const next = random(schema.name.length * 7919);
    let fastAnswers = 0;
    for (const row of rowsFor(schema, next)) {
      for (const mode of ['create', 'update'] as const) {
        const fast = fastRowCheck(schema, row, mode);
        if (!fast) continue;
        fastAnswers++;
        const zod = rowValidators(schema)[mode].safeParse(row);
        expect(zod.success, `${mode} ${JSON.stringify(row)}`).toBe(true);
        expect(fast).toEqual(zod.data);
      }
    }
    // Valid rows take the fast path (the point of it).
    expect(fastRowCheck(schema, validRow(schema), 'create')).toBeDefined();
    expect(fastAnswers).toBeGreaterThan(100);
  });
});
