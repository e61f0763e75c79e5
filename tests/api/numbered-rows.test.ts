import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../../src/schemas/schema-types';
import { signedInSuite } from '../support/test-app';

/**
 * Numbered rows (schema `numbered`: a meeting's item No., a package's item, a quote's line): a new row saved
 * without its number takes one past the highest its parent has had, per parent, in the order sent, past the
 * numbers typed in the same save; two saves adding at once get different numbers; a stored number stays
 * required.
 */
const suite = signedInSuite();
const { post } = suite;

async function save(entity: string, batch: Record<string, unknown>) {
  const response = await post(`/entities/${entity}/batch`, batch);
  return response;
}

async function create(entity: string, rows: Record<string, unknown>[]): Promise<EntityRow[]> {
  const response = await save(entity, { creates: rows.map((values, i) => ({ clientKey: `k${i}`, values })) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().created as EntityRow[];
}

const newMeeting = async (series: string) =>
  (
    await create('meetings', [{ title: `${series} meeting`, series, meeting_date: '2026-03-02', is_testdata: true }])
  )[0] as EntityRow;
const note = (meeting: EntityRow, description: string, item_no: number | null = null) => ({
  meeting_id: meeting.id,
  item_no,
  kind: 'information',
  description,
});

describe('Numbered rows', () => {
  it('numbers new items left empty 1, 2, 3 in the order sent, per meeting, and past a number typed in the same save', async () => {
    const first = await newMeeting('Numbering A');
    const second = await newMeeting('Numbering B');
    const created = await create('meeting_items', [
      note(first, 'a'),
      note(second, 'x'),
      note(first, 'b'),
      note(first, 'c', 7),
      note(first, 'd'),
    ]);
    expect(created.map((row) => [row.meeting_id === first.id ? 'A' : 'B', row.description, row.item_no])).toEqual([
      ['A', 'a', 8],
      ['B', 'x', 1],
      ['A', 'b', 9],
      ['A', 'c', 7],
      ['A', 'd', 10],
    ]);
  });

  it('goes on from the highest stored number, not the count: a deleted item leaves its number behind', async () => {
    const meeting = await newMeeting('Numbering C');
    const [one, two, three] = await create('meeting_items', [
      note(meeting, 'one'),
      note(meeting, 'two'),
      note(meeting, 'three'),
    ]);
    expect([one?.item_no, two?.item_no, three?.item_no]).toEqual([1, 2, 3]);
    const deleted = await save('meeting_items', { deletes: [{ id: two!.id, version: two!.version }] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [four] = await create('meeting_items', [note(meeting, 'four')]);
    expect(four?.item_no).toBe(4);
  });

  it('two saves adding to one meeting at once get different numbers', async () => {
    const meeting = await newMeeting('Numbering D');
    const [a, b] = await Promise.all([
      save('meeting_items', { creates: [{ clientKey: 'a', values: note(meeting, 'from A') }] }),
      save('meeting_items', { creates: [{ clientKey: 'b', values: note(meeting, 'from B') }] }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const numbers = [a.json().created[0].item_no, b.json().created[0].item_no].sort();
    expect(numbers).toEqual([1, 2]);
  });

  it('refuses clearing a stored number, and a number run past the last one, naming the field', async () => {
    const meeting = await newMeeting('Numbering E');
    const [item] = await create('meeting_items', [note(meeting, 'last but one', 9999)]);
    const cleared = await save('meeting_items', {
      updates: [{ id: item!.id, version: item!.version, changes: { item_no: null } }],
    });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().details.rowErrors[0].fields).toEqual({ item_no: 'Required' });
    const past = await save('meeting_items', { creates: [{ clientKey: 'p', values: note(meeting, 'one too many') }] });
    expect(past.statusCode).toBe(422);
    expect(past.json().details.rowErrors[0].fields.item_no).toBe(
      'No. would be 10000, past the last (9999): type a free number',
    );
  });

  it('numbers the rows of an import that leave the number empty: new minutes typed at the foot of an exported sheet', async () => {
    const meeting = await newMeeting('Numbering F');
    await create('meeting_items', [note(meeting, 'one', 1), note(meeting, 'two', 2)]);
    const rows = [
      { item_no: 2, kind: 'information', description: 'two, corrected' },
      { kind: 'information', description: 'three' },
      { item_no: null, kind: 'decision', description: 'four' },
    ];
    const planned = await post('/entities/meeting_items/import', { mode: 1, scope: meeting.id, dryRun: true, rows });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json()).toMatchObject({ added: 2, updated: 1 });
    const imported = await post('/entities/meeting_items/import', { mode: 1, scope: meeting.id, rows });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: 2, updated: 1 });
    const stored = (
      await suite.get(
        `/entities/meeting_items?filters=${encodeURIComponent(JSON.stringify([{ field: 'meeting_id', op: 'equals', value: meeting.id }]))}&sort=item_no:asc`,
      )
    ).json().rows as EntityRow[];
    expect(stored.map((row) => [row.item_no, row.description])).toEqual([
      [1, 'one'],
      [2, 'two, corrected'],
      [3, 'three'],
      [4, 'four'],
    ]);
    // An update-only import still needs the number to find the row.
    const updateOnly = await post('/entities/meeting_items/import', {
      mode: 3,
      scope: meeting.id,
      rows: [{ kind: 'information', description: 'which one?' }],
    });
    expect(updateOnly.statusCode).toBe(422);
    expect(updateOnly.body).toContain('is how an imported row finds its stored row');
  });

  it("numbers a quote's lines the same way", async () => {
    const currencies = (
      await suite.get(
        `/entities/currencies?filters=${encodeURIComponent(JSON.stringify([{ field: 'code', op: 'equals', value: 'USD' }]))}`,
      )
    ).json().rows as EntityRow[];
    const [supplier] = await create('suppliers', [{ name: `Numbering Pumps ${Date.now()}`, is_testdata: true }]);
    const [quote] = await create('quotes', [
      {
        quote_number: `QT-NUM-${Date.now()}`,
        supplier_id: supplier!.id,
        currency_id: currencies[0]!.id,
        date_received: '2025-07-02',
        rate_date: '2025-06-30',
      },
    ]);
    const line = (description: string, line_no: number | null = null) => ({
      quote_id: quote!.id,
      line_no,
      description,
      quantity: '1',
      unit_price: '100',
    });
    const first = await create('quote_lines', [line('Pump', 5), line('Motor')]);
    const second = await create('quote_lines', [line('Base plate')]);
    expect([...first, ...second].map((row) => [row.description, row.line_no])).toEqual([
      ['Pump', 5],
      ['Motor', 6],
      ['Base plate', 7],
    ]);
  });
});
