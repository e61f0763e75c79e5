import { beforeAll, describe, expect, it } from 'vitest';
import type { BidTab, BidTabBidder } from '../../src/lib/adjudications';
import type { DocumentLockState } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * The award lock (issue #29 item 1): once an adjudication is awarded, its header, bidders, scores, adders and
 * rates, and the quotes evaluated in it with their lines, refuse every change through the engine (batch save,
 * import, delete) with a 409 naming the award, until the award is withdrawn; then they change again. The lock
 * endpoint tells the document page, so that its lists are read-only before anyone types.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create, newProject } = projectFixtures(suite);
type Row = EntityRow;

let usd: number;
let project: Row;
let counter = 0;
const unique = () => `${Date.now()}${++counter}`;
beforeAll(async () => {
  const currencies = (await get('/entities/currencies/options?limit=500')).json() as { id: number; label: string }[];
  usd = currencies.find((o) => o.label.startsWith('USD'))!.id;
  project = await newProject(`Award Lock Test ${Date.now()}`);
  const [area] = await create('areas', [{ project_id: project.id, areacode: '300', description: 'Flotation' }]);
  await create(
    'mech_equipment',
    ['300-FC-101', '300-FC-102'].map((tagno) => ({ projarea_id: area!.id, tagno, description: `Cell ${tagno}` })),
  );
});

const rowOf = async (entity: string, id: number) => (await get(`/entities/${entity}/${id}`)).json() as Row;
const rowsOf = async (entity: string, field: string, value: number) =>
  (
    (
      await get(
        `/entities/${entity}?filters=${encodeURIComponent(JSON.stringify([{ field, op: 'equals', value }]))}&sort=id:asc`,
      )
    ).json() as { rows: Row[] }
  ).rows;
const update = (entity: string, row: Row, changes: Record<string, unknown>) =>
  post(`/entities/${entity}/batch`, { updates: [{ id: row.id, version: row.version, changes }] });
const lockOf = async (entity: string, id: number) =>
  (await get(`/entities/${entity}/${id}/lock`)).json() as DocumentLockState;

/** A package of two cells, two bidders quoting both in USD, bids opened and scored, rates frozen. */
async function scoredAdjudication() {
  const pkg = (
    await create('packages', [
      {
        package_number: `PKG-L-${unique()}`,
        title: 'Cells',
        project_id: project.id,
        status: 'evaluating',
        is_testdata: true,
      },
    ])
  )[0]!;
  await create('package_items', [
    { package_id: pkg.id, item_no: 1, tag: '300-FC-101', description: 'Cell', quantity: '1' },
    { package_id: pkg.id, item_no: 2, tag: '300-FC-102', description: 'Cell', quantity: '1' },
  ]);
  const suppliers = await create('suppliers', [
    { name: `Lock Supplier A ${unique()}` },
    { name: `Lock Supplier B ${unique()}` },
  ]);
  const quotes: Row[] = [];
  for (const [i, supplier] of suppliers.entries()) {
    const [quote] = await create('quotes', [
      {
        quote_number: `QL-${unique()}`,
        supplier_id: supplier.id,
        package_id: pkg.id,
        project_id: project.id,
        currency_id: usd,
        date_received: '2025-07-02',
        valid_until: '2099-12-31',
        rate_date: '2025-06-30',
      },
    ]);
    await create('quote_lines', [
      {
        quote_id: quote!.id,
        line_no: 1,
        tag: '300-FC-101',
        description: 'Cell',
        quantity: '1',
        unit_price: `${100 + i}.00`,
      },
      {
        quote_id: quote!.id,
        line_no: 2,
        tag: '300-FC-102',
        description: 'Cell',
        quantity: '1',
        unit_price: `${200 + i}.00`,
      },
    ]);
    quotes.push(quote!);
  }
  const [adj] = await create('adjudications', [
    {
      adjudication_number: `ADJ-L-${unique()}`,
      package_id: pkg.id,
      title: 'Cells bid tab',
      rate_date: '2025-06-30',
      status: 'recommended',
      is_testdata: true,
    },
  ]);
  await create(
    'adjudication_bidders',
    suppliers.map((supplier, i) => ({
      adjudication_id: adj!.id,
      supplier_id: supplier.id,
      quote_id: quotes[i]!.id,
      technical_score: '80',
      commercial_score: '80',
    })),
  );
  await create('adjudication_adders', [
    {
      adjudication_id: adj!.id,
      supplier_id: suppliers[0]!.id,
      kind: 'freight',
      amount: '10.00',
      reason: 'Sea freight',
    },
  ]);
  expect((await post(`/adjudications/${adj!.id}/freeze-rates`, {})).statusCode).toBe(200);
  return { adj: adj!, pkg, suppliers, quotes };
}

describe('an awarded adjudication', () => {
  it('refuses changes to its header, bidders, scores, adders and rates, and to the quotes evaluated in it and their lines, with a 409 naming the award; withdrawn, they change again', async () => {
    const { adj, suppliers, quotes } = await scoredAdjudication();
    expect(await lockOf('adjudications', adj.id)).toEqual({ locked: false, message: null, heldBy: null });
    const awarded = await post(`/adjudications/${adj.id}/award`, {
      supplier_id: suppliers[0]!.id,
      reason: 'Shorter delivery',
    });
    expect(awarded.statusCode, awarded.body).toBe(200);
    const tabBefore = (await get(`/adjudications/${adj.id}/bidtab`)).json() as BidTab;

    const lock = await lockOf('adjudications', adj.id);
    expect(lock.locked).toBe(true);
    expect(lock.message).toContain(`${String(adj.adjudication_number)} is awarded to ${String(suppliers[0]!.name)}`);
    expect(lock.message).toContain('Withdraw the award');
    expect(lock.heldBy).toBe(`the award of ${String(adj.adjudication_number)}`);
    expect((await lockOf('quotes', quotes[1]!.id)).message).toContain(
      `Quote ${String(quotes[1]!.quote_number)} is evaluated in ${String(adj.adjudication_number)}`,
    );

    const [bidder] = await rowsOf('adjudication_bidders', 'adjudication_id', adj.id);
    const [adder] = await rowsOf('adjudication_adders', 'adjudication_id', adj.id);
    const [rate] = await rowsOf('adjudication_rates', 'adjudication_id', adj.id);
    const [line] = await rowsOf('quote_lines', 'quote_id', quotes[1]!.id);
    const refusals = [
      await update('adjudications', await rowOf('adjudications', adj.id), { title: 'Changed after the award' }),
      await update('adjudication_bidders', bidder!, { technical_score: '10' }),
      await update('adjudication_adders', adder!, { amount: '999.00' }),
      await post('/entities/adjudication_adders/batch', {
        creates: [
          {
            clientKey: 'a',
            values: {
              adjudication_id: adj.id,
              supplier_id: suppliers[1]!.id,
              kind: 'spares',
              amount: '-500.00',
              reason: 'Credit',
            },
          },
        ],
      }),
      await post('/entities/adjudication_rates/batch', { deletes: [{ id: rate!.id, version: rate!.version }] }),
      await update('quotes', quotes[1]!, { rate_override: '2', rate_override_reason: 'Agreed' }),
      await update('quote_lines', line!, { unit_price: '1.00' }),
      await post('/entities/quote_lines/batch', {
        creates: [
          {
            clientKey: 'l',
            values: { quote_id: quotes[0]!.id, line_no: 9, description: 'Extra', quantity: '1', unit_price: '5.00' },
          },
        ],
      }),
      // The quote named as text, as a pasted cell sends it: still the locked quote.
      await post('/entities/quote_lines/batch', {
        creates: [
          {
            clientKey: 't',
            values: {
              quote_id: String(quotes[0]!.id),
              line_no: 10,
              description: 'Extra',
              quantity: '1',
              unit_price: '5.00',
            },
          },
        ],
      }),
      await suite.t.call({
        method: 'DELETE',
        url: `/api/entities/quote_lines/${line!.id}?version=${String(line!.version)}`,
        token: suite.engineer,
      }),
      await post('/entities/quote_lines/import', {
        mode: 1,
        rows: [{ quote_id: quotes[1]!.id, line_no: 2, description: 'Cell', quantity: '1', unit_price: '2.00' }],
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        error: 'conflict',
        details: { lockedBy: `the award of ${String(adj.adjudication_number)}` },
      });
      expect(refused.json().message).toMatch(
        new RegExp(`${String(adj.adjudication_number)}.*awarded to.*Withdraw the award`),
      );
    }
    // Nothing moved: the bid tab reads as it did at the award.
    expect((await get(`/adjudications/${adj.id}/bidtab`)).json()).toEqual(tabBefore);

    const withdrawn = await post(`/adjudications/${adj.id}/withdraw-award`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await lockOf('quotes', quotes[1]!.id)).toEqual({ locked: false, message: null, heldBy: null });
    const [freshBidder] = await rowsOf('adjudication_bidders', 'adjudication_id', adj.id);
    expect((await update('adjudication_bidders', freshBidder!, { technical_score: '10' })).statusCode).toBe(200);
    const [freshLine] = await rowsOf('quote_lines', 'quote_id', quotes[1]!.id);
    expect((await update('quote_lines', freshLine!, { unit_price: '150.00' })).statusCode).toBe(200);
    const tab = (await get(`/adjudications/${adj.id}/bidtab`)).json() as BidTab;
    const b = tab.bidders.find((x) => x.supplier_id === suppliers[0]!.id) as BidTabBidder;
    expect(b.technical_score).toBe('10.0');
  });

  it("keeps what the award does not rest on free: notes, a quote's status, an unchanged re-import, a quote of the package no bidder is evaluated on; awarding again still works", async () => {
    const { adj, pkg, suppliers, quotes } = await scoredAdjudication();
    const [outsider] = await create('quotes', [
      {
        quote_number: `QL-${unique()}`,
        supplier_id: suppliers[1]!.id,
        package_id: pkg.id,
        project_id: project.id,
        currency_id: usd,
        date_received: '2025-07-03',
        valid_until: '2099-12-31',
        rate_date: '2025-06-30',
      },
    ]);
    const [outsiderLine] = await create('quote_lines', [
      {
        quote_id: outsider!.id,
        line_no: 1,
        tag: '300-FC-101',
        description: 'Cell',
        quantity: '1',
        unit_price: '90.00',
      },
    ]);
    expect((await post(`/adjudications/${adj.id}/award`, { supplier_id: suppliers[1]!.id })).statusCode).toBe(200);

    expect(await lockOf('quotes', outsider!.id)).toEqual({ locked: false, message: null, heldBy: null });
    expect((await update('quote_lines', outsiderLine!, { unit_price: '95.00' })).statusCode).toBe(200);
    expect(
      (await update('adjudications', await rowOf('adjudications', adj.id), { notes: 'PO to follow' })).statusCode,
    ).toBe(200);
    expect(
      (await update('quotes', quotes[1]!, { status: 'accepted', notes: 'Accepted with the award' })).statusCode,
    ).toBe(200);
    // Re-importing the awarded quote's lines as they are stored (an export sent back) changes nothing: no 409.
    const lines = await rowsOf('quote_lines', 'quote_id', quotes[1]!.id);
    const asStored = lines.map((line) => ({
      quote_id: line.quote_id,
      line_no: line.line_no,
      tag: line.tag,
      description: line.description,
      quantity: line.quantity,
      unit_price: line.unit_price,
    }));
    const reimported = await post('/entities/quote_lines/import', { mode: 1, rows: asStored });
    expect(reimported.statusCode, reimported.body).toBe(200);
    expect(reimported.json()).toMatchObject({ added: 0, updated: 0, unchanged: 2 });

    // Moving a free line into the locked quote, or deleting the awarded adjudication, is refused.
    const [freshOutsiderLine] = await rowsOf('quote_lines', 'quote_id', outsider!.id);
    const moved = await update('quote_lines', freshOutsiderLine!, { quote_id: quotes[1]!.id, line_no: 7 });
    expect(moved.statusCode, moved.body).toBe(409);
    const header = await rowOf('adjudications', adj.id);
    expect(
      (await post('/entities/adjudications/batch', { deletes: [{ id: header.id, version: header.version }] }))
        .statusCode,
    ).toBe(409);

    // A change of mind before the PO: the award route writes past the lock; now the other bidder's quote is held too.
    const again = await post(`/adjudications/${adj.id}/award`, {
      supplier_id: suppliers[0]!.id,
      reason: 'Shorter delivery',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await lockOf('adjudications', adj.id)).message).toContain(`awarded to ${String(suppliers[0]!.name)}`);
  });

  it('answers 404 for the lock of a row that is not there, and "not locked" for a list no lock is declared on', async () => {
    expect((await get('/entities/quotes/999999999/lock')).statusCode).toBe(404);
    expect(await lockOf('clients', (await create('clients', [{ name: `Lock client ${unique()}` }]))[0]!.id)).toEqual({
      locked: false,
      message: null,
      heldBy: null,
    });
  });
});
