import { describe, expect, it } from 'vitest';
import { copyText, toTsv } from '../../src/grids/copy';
import { parseTsv } from '../../src/grids/paste';
import type { FieldDef } from '../../src/schemas/schema-types';

const labels = (entity: string, id: unknown) => (entity === 'currencies' && id === 7 ? 'USD' : undefined);
const field = (def: Partial<FieldDef> & Pick<FieldDef, 'kind'>) => ({ name: 'f', label: 'F', ...def }) as FieldDef;

describe('Ctrl+C in the grid', () => {
  it('copies cells as the text paste and Excel read back: labels for lookups and enums, TRUE/FALSE, plain numbers', () => {
    expect(copyText(field({ kind: 'lookup', entity: 'currencies' }), 7, labels)).toBe('USD');
    expect(
      copyText(field({ kind: 'enum', options: [{ value: 'hard_rock', label: 'Hard rock' }] }), 'hard_rock', labels),
    ).toBe('Hard rock');
    expect(copyText(field({ kind: 'boolean' }), false, labels)).toBe('FALSE');
    expect(copyText(field({ kind: 'money', currencyField: 'c' }), '86419.69', labels)).toBe('86419.69');
    expect(copyText(field({ kind: 'date' }), null, labels)).toBe('');
  });

  it('writes Excel TSV that the paste parser reads back cell for cell, tabs, newlines and quotes included', () => {
    const rows = [
      ['P-101', 'Pump, "slurry"', ''],
      ['line one\nline two', 'a\tb', '12.5'],
    ];
    const text = toTsv(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseTsv(text)).toEqual(rows);
  });
});
