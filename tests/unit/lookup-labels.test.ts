import { describe, expect, it } from 'vitest';
import { createLookupResolver, LookupLabelIndex } from '../../src/grids/excel/lookup-index';
import { LookupCache } from '../../src/grids/lookup-cache';
import { planPaste } from '../../src/grids/paste';
import { parseInput } from '../../src/schemas/parse-input';
import type { FieldDef } from '../../src/schemas/schema-types';

// One rule for a lookup label, in paste and in import: a label two rows share is an error naming both.
const area: FieldDef = { name: 'area_id', label: 'Area', kind: 'lookup', entity: 'areas' } as FieldDef;
const AMBIGUOUS = '"200" matches 2 Areas: #12 and #57; type the id (#12) or a more exact label';

describe('the lookup-label rule', () => {
  it('import: a label matching two rows is an error naming both; the id or a unique label resolves', () => {
    const resolve = createLookupResolver({
      areas: new Map([
        [57, '200'],
        [12, '200'],
        [30, '300'],
      ]),
    });
    expect(parseInput(area, '200', resolve)).toEqual({ ok: false, error: AMBIGUOUS });
    expect(parseInput(area, ' 300 ', resolve)).toEqual({ ok: true, value: 30 });
    expect(parseInput(area, '#57', resolve)).toEqual({ ok: true, value: 57 });
    expect(parseInput(area, '12', resolve)).toEqual({ ok: true, value: 12 });
    expect(parseInput(area, '400', resolve)).toEqual({ ok: false, error: 'No Area named "400"' });
  });

  it('case and spaces do not make two labels different; a relabelled row leaves its old label', () => {
    const index = new LookupLabelIndex();
    index.add('areas', [
      [1, 'Crushing'],
      [2, 'crushing '],
    ]);
    expect(index.match('areas', 'CRUSHING')).toEqual({
      error: '"CRUSHING" matches 2 Areas: #1 and #2; type the id (#1) or a more exact label',
    });
    index.add('areas', [[2, 'Grinding']]);
    expect(index.match('areas', 'crushing')).toBe(1);
    expect(index.match('areas', 'grinding')).toBe(2);
  });

  it('paste: the grid cache applies the same rule (the first match no longer wins silently)', async () => {
    const fetcher = (async () => [
      { id: 12, label: '200' },
      { id: 57, label: '200' },
      { id: 30, label: '300' },
    ]) as unknown as <T>(path: string) => Promise<T>;
    const cache = new LookupCache(fetcher);
    await cache.preload('areas');
    const plan = planPaste({
      block: [['200'], ['300']],
      rowKeys: ['1', '2'],
      columns: [{ field: area }],
      newRowKey: () => 'n',
      resolveLookup: cache.resolve,
    });
    expect(plan.writes).toEqual([
      { rowKey: '1', field: 'area_id', value: '200', error: AMBIGUOUS },
      { rowKey: '2', field: 'area_id', value: 30 },
    ]);
  });

  it('a scoped cache asks for the project rows only, where the label is unambiguous', async () => {
    const asked: string[] = [];
    const fetcher = (async (path: string) => {
      asked.push(path);
      return path.startsWith('/api/projects/7/')
        ? [{ id: 12, label: '200' }]
        : [
            { id: 12, label: '200' },
            { id: 57, label: '200' },
          ];
    }) as unknown as <T>(path: string) => Promise<T>;
    const cache = new LookupCache(fetcher, 7);
    await cache.preload('areas');
    // Under the project: /api/projects/7/entities/areas/options (once ?scope=7).
    expect(asked[0]).toMatch(/^\/api\/projects\/7\/entities\/areas\/options\?/);
    expect(cache.resolve('areas', '200')).toBe(12);
  });
});
