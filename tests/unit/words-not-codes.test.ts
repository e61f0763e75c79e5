import { describe, expect, it } from 'vitest';
import { bidTabWorkbook } from '../../src/features/adjudications/bid-tab-workbook';
import { computeBidTab } from '../../src/lib/adjudications';
import { LookupCache } from '../../src/grids/lookup-cache';
import { displayValue } from '../../src/grids/display-value';
import { fillMissingLookupLabels } from '../../src/grids/excel/entity-requests';
import { rowsToWorkbook } from '../../src/grids/excel/workbook-writer';
import { findEntitySchema, getEntitySchema } from '../../src/schemas/registry';
import { fieldByName } from '../../src/schemas/schema-types';
import { fieldValueText } from '../../src/schemas/field-words';
import { sheetOf, sheetRows } from '../support/workbooks';

// Words, not codes (#30 item 7): what the grid, its export and the module workbooks write is a label, never a
// stored code or a bare id, a soft-deleted lookup target included.

/** The API as the grid's cache reads it: the options leave soft-deleted areas out, the list by id answers them. */
const AREAS = [
  { id: 11, areacode: '100', deleteflag: false },
  { id: 12, areacode: '200', deleteflag: true },
];
const asked: string[] = [];
const api = (async (path: string) => {
  asked.push(path);
  if (path.includes('/options'))
    return AREAS.filter((a) => !a.deleteflag).map((a) => ({ id: a.id, label: a.areacode }));
  const ids = (JSON.parse(decodeURIComponent(/filters=([^&]+)/.exec(path)![1]!)) as { value: number[] }[])[0]!.value;
  const rows = AREAS.filter((a) => ids.includes(a.id));
  return { rows, total: rows.length };
}) as unknown as <T>(path: string) => Promise<T>;

describe('a soft-deleted lookup target', () => {
  it('is shown "200 (deleted)" in the grid, never "#12", and is not what a pasted "200" picks', async () => {
    const cache = new LookupCache(api, 7);
    await cache.preload('areas');
    const area = fieldByName(getEntitySchema('mech_equipment'), 'projarea_id')!;
    expect(displayValue(area, 12, undefined, cache)).toBe('#12');
    await cache.ensureIds('areas', [11, 12]);
    expect(displayValue(area, 12, undefined, cache)).toBe('200 (deleted)');
    expect(displayValue(area, 11, undefined, cache)).toBe('100');
    expect(cache.resolve('areas', '200')).toBeUndefined();
    expect(cache.options('areas').map((o) => o.label)).toEqual(['100']);
    // Asked once: the next page naming area 12 costs no request.
    const requests = asked.length;
    await cache.ensureIds('areas', [12]);
    expect(asked.length).toBe(requests);
  });

  it('is written "200 (deleted)" by the Excel export', async () => {
    const schema = getEntitySchema('mech_equipment');
    const rows = [{ id: 1, tagno: '200-PP-001', projarea_id: 12, price_source: 'budget_quote' }];
    const labels = await fillMissingLookupLabels(
      api,
      schema,
      rows,
      { areas: new Map([[11, '100']]) },
      findEntitySchema,
    );
    const sheet = sheetOf(rowsToWorkbook(schema, rows, labels), schema.labelPlural);
    const [header, row] = sheetRows(sheet) as string[][];
    expect(row![header!.indexOf('Area')]).toBe('200 (deleted)');
    expect(row![header!.indexOf('Price source')]).toBe('Budget quote');
  });
});

describe("the modules' workbooks", () => {
  it('say a stored code by its label', () => {
    expect(fieldValueText('mech_equipment', 'price_source', 'budget_quote')).toBe('Budget quote');
    expect(fieldValueText('quote_lines', 'line_type', 'alternative')).toBe('Alternative');
  });

  it("the bid tab names an offered line's type, not its code", () => {
    const header = {
      adjudication_id: 1,
      adjudication_number: 'ADJ-1',
      package_id: 1,
      package_number: 'PKG-1',
      status: 'bids_opened',
      rate_date: '2025-06-30',
      base_currency: 'USD',
      technical_weight: 50,
      commercial_weight: 50,
      awarded_supplier_id: null,
      award_reason: null,
      awarded_on: null,
    };
    const tab = computeBidTab({
      header,
      rates: [{ currency: 'USD', rate_to_base: '1', rate_table_date: '2025-06-30', frozen_for: '2025-06-30' }],
      items: [{ item_id: 1, item_no: 1, tag: 'T-1', part: null, description: 'Pump', quantity: '1' }],
      bidders: [
        {
          bidder_id: 1,
          supplier_id: 1,
          supplier: 'Karoo Pumps',
          quote_id: 1,
          quote_number: 'Q1',
          currency: 'USD',
          valid_until: null,
          expired: false,
          technical_score: null,
          commercial_score: null,
        },
      ],
      lines: [
        {
          item_id: 1,
          supplier_id: 1,
          quote_line_id: 11,
          line_no: 1,
          line_status: 'quoted',
          unit_price: '10.00',
          quantity: '1.000',
          line_total: '10.00',
        },
      ],
      offered: [
        {
          supplier_id: 1,
          quote_line_id: 12,
          line_no: 2,
          line_type: 'option',
          line_status: 'quoted',
          description: 'Spares kit',
          tag: null,
          part: null,
          unit_price: '5.00',
          quantity: '1.000',
          line_total: '5.00',
          item_id: null,
        },
      ],
      adders: [],
    });
    const cells = sheetRows(sheetOf(bidTabWorkbook(tab), 'Bid tab'));
    const offered = cells.find((row) => row[3] === 'Spares kit')!;
    expect(offered[2]).toBe('Option');
    expect(cells.flat()).not.toContain('option');
  });
});
