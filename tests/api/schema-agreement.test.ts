import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDef } from '../../src/schemas/schema-types';
import { entitySchemas } from '../../src/schemas/registry';
import { createTestDatabase } from '../support/test-database';

/**
 * The committed migrations must build exactly the tables the schemas describe. A schema change without
 * `npm run db:generate` (or a hand-edited migration) fails here, column by column.
 */
type Column = {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  numeric_scale: number | null;
};

const expectedType: Record<FieldDef['kind'], string> = {
  text: 'text',
  longText: 'text',
  enum: 'text',
  integer: 'integer',
  lookup: 'integer',
  decimal: 'numeric',
  percent: 'numeric',
  money: 'numeric',
  date: 'date',
  boolean: 'boolean',
};
const META = {
  id: 'integer',
  version: 'integer',
  created_at: 'timestamp with time zone',
  created_by: 'text',
  updated_at: 'timestamp with time zone',
  updated_by: 'text',
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let columns: Column[];
beforeAll(async () => {
  database = await createTestDatabase();
  const result = await database.db.execute(
    sql`select table_name, column_name, data_type, is_nullable, numeric_scale from information_schema.columns where table_schema = 'public'`,
  );
  columns = (result as unknown as { rows: Column[] }).rows;
});
afterAll(async () => database?.close());

describe.each(entitySchemas.map((schema) => [schema.name, schema] as const))(
  'the migrated %s table',
  (name, schema) => {
    it('has one column per field with the type, nullability and scale of its kind, plus the meta columns', () => {
      const actual = Object.fromEntries(columns.filter((c) => c.table_name === name).map((c) => [c.column_name, c]));
      const expected = [...schema.fields.map((f) => f.name), ...Object.keys(META)].sort();
      expect(Object.keys(actual).sort()).toEqual(expected);
      for (const field of schema.fields) {
        const column = actual[field.name]!;
        expect({ field: field.name, type: column.data_type }).toEqual({
          field: field.name,
          type: expectedType[field.kind],
        });
        expect({ field: field.name, nullable: column.is_nullable }).toEqual({
          field: field.name,
          nullable: field.required || field.kind === 'boolean' ? 'NO' : 'YES',
        });
        if (field.kind === 'money') expect(column.numeric_scale).toBe(2);
        if ((field.kind === 'decimal' || field.kind === 'percent') && field.scale !== undefined)
          expect(column.numeric_scale).toBe(field.scale);
      }
      for (const [meta, type] of Object.entries(META))
        expect({ meta, type: actual[meta]?.data_type }).toEqual({ meta, type });
    });
  },
);
