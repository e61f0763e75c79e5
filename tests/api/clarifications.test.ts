import { beforeAll, describe, expect, it } from 'vitest';
import type { ValidationDetails } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import { openClarifications } from '../../src/server/modules/packages/open-clarifications';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * A package's clarifications register (issue #29 item 6): numbered per package, raised by whoever saves it and
 * today unless typed, an answered one has its answer (and its date, today unless typed), the item it concerns
 * is one of its own package's, and the open ones are counted per bidder for the bid tab and the award.
 */
const suite = signedInSuite();
const { post, get } = suite;
const { create, newProject } = projectFixtures(suite);
type Row = EntityRow;

let pkg: Row;
let otherItem: Row;
let items: Row[];
let suppliers: Row[];
let today: string;
beforeAll(async () => {
  const project = await newProject(`Clarifications Test ${Date.now()}`);
  const [area] = await create('areas', [{ project_id: project.id, areacode: '400', description: 'Thickening' }]);
  await create(
    'mech_equipment',
    ['400-TH-001', '400-TH-002', '400-TH-003'].map((tagno) => ({
      projarea_id: area!.id,
      tagno,
      description: `Thickener ${tagno}`,
    })),
  );
  pkg = (
    await create('packages', [
      {
        package_number: `PKG-C-${Date.now()}`,
        title: 'Thickeners',
        project_id: project.id,
        status: 'evaluating',
        is_testdata: true,
      },
    ])
  )[0]!;
  const [other] = await create('packages', [
    {
      package_number: `PKG-C2-${Date.now()}`,
      title: 'Other',
      project_id: project.id,
      status: 'evaluating',
      is_testdata: true,
    },
  ]);
  items = await create('package_items', [
    { package_id: pkg.id, item_no: 1, description: 'Tailings thickener', quantity: '1', tag: '400-TH-001' },
    { package_id: pkg.id, item_no: 2, description: 'Rake drive', quantity: '1', tag: '400-TH-002' },
  ]);
  otherItem = (
    await create('package_items', [
      { package_id: other!.id, item_no: 1, description: 'Other item', quantity: '1', tag: '400-TH-003' },
    ])
  )[0]!;
  suppliers = await create('suppliers', [{ name: `Clarified A ${Date.now()}` }, { name: `Clarified B ${Date.now()}` }]);
  today = new Date().toISOString().slice(0, 10);
});

const fields = (response: { json: () => { details?: ValidationDetails } }) =>
  response.json().details?.rowErrors[0]?.fields ?? {};

describe('the clarifications register', () => {
  it('numbers a new query in its package, and records who raised it and when unless typed', async () => {
    const [first, second] = await create('clarifications', [
      {
        package_id: pkg.id,
        supplier_id: suppliers[0]!.id,
        question: 'Confirm the rake torque at 1.2 t/m2 underflow.',
        package_item_id: items[1]!.id,
      },
      {
        package_id: pkg.id,
        supplier_id: suppliers[1]!.id,
        kind: 'commercial',
        question: 'Is freight to site included?',
        raised_by: 'M. Rojas',
        raised_on: '2025-08-01',
      },
    ]);
    expect(first).toMatchObject({
      clarification_no: 1,
      status: 'open',
      kind: 'technical',
      raised_by: 'engineer',
      raised_on: today,
      answered_on: null,
    });
    expect(second).toMatchObject({ clarification_no: 2, raised_by: 'M. Rojas', raised_on: '2025-08-01' });
  });

  it('refuses an answered query without its answer, dates the answer today, and refuses an item of another package', async () => {
    const [query] = await create('clarifications', [
      { package_id: pkg.id, supplier_id: suppliers[0]!.id, question: 'Underflow pump make?' },
    ]);
    const unanswered = await post('/entities/clarifications/batch', {
      updates: [{ id: query!.id, version: query!.version, changes: { status: 'answered' } }],
    });
    expect(unanswered.statusCode).toBe(422);
    expect(Object.values(fields(unanswered))).toContain(
      'An answered clarification has its answer: type it, or leave the status Open',
    );
    const answered = await post('/entities/clarifications/batch', {
      updates: [
        { id: query!.id, version: query!.version, changes: { status: 'answered', answer: 'Warman 8/6, as quoted.' } },
      ],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().updated[0]).toMatchObject({
      status: 'answered',
      answer: 'Warman 8/6, as quoted.',
      answered_on: today,
    });
    const elsewhere = await post('/entities/clarifications/batch', {
      creates: [
        {
          clientKey: 'x',
          values: {
            package_id: pkg.id,
            supplier_id: suppliers[0]!.id,
            question: 'Wrong item',
            package_item_id: otherItem.id,
          },
        },
      ],
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(Object.keys(fields(elsewhere))).toEqual(['package_item_id']);
    expect(
      (
        await post(
          '/entities/clarifications/batch',
          {
            creates: [
              {
                clientKey: 'v',
                values: { package_id: pkg.id, supplier_id: suppliers[0]!.id, question: 'A viewer asks' },
              },
            ],
          },
          suite.viewer,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('counts the open ones per bidder, answered and closed ones apart', async () => {
    const open = await openClarifications(suite.t.database.db, pkg.id);
    expect(open.map(({ supplier, count, numbers }) => ({ supplier, count, numbers }))).toEqual([
      { supplier: suppliers[0]!.name, count: 1, numbers: [1] },
      { supplier: suppliers[1]!.name, count: 1, numbers: [2] },
    ]);
    const list = (
      await get(
        `/entities/clarifications?filters=${encodeURIComponent(JSON.stringify([{ field: 'package_id', op: 'equals', value: pkg.id }]))}&sort=clarification_no:asc`,
      )
    ).json() as { rows: Row[] };
    expect(list.rows.map((row) => [row.clarification_no, row.status])).toEqual([
      [1, 'open'],
      [2, 'open'],
      [3, 'answered'],
    ]);
  });

  it('warns of the open ones on the bid tab, and an award while any is open needs a reason', async () => {
    const usd = ((await get('/entities/currencies/options?limit=500')).json() as { id: number; label: string }[]).find(
      (o) => o.label.startsWith('USD'),
    )!.id;
    const quotes: Row[] = [];
    for (const [i, supplier] of suppliers.entries()) {
      const [quote] = await create('quotes', [
        {
          quote_number: `QC-${Date.now()}-${i}`,
          supplier_id: supplier.id,
          package_id: pkg.id,
          project_id: pkg.project_id,
          currency_id: usd,
          date_received: '2025-08-02',
          valid_until: '2099-12-31',
          rate_date: '2025-06-30',
        },
      ]);
      await create(
        'quote_lines',
        items.map((item, n) => ({
          quote_id: quote!.id,
          line_no: n + 1,
          tag: item.tag,
          description: String(item.description),
          quantity: '1',
          unit_price: `${(n + 1) * 100 + i}.00`,
        })),
      );
      quotes.push(quote!);
    }
    const [adj] = await create('adjudications', [
      {
        adjudication_number: `ADJ-C-${Date.now()}`,
        package_id: pkg.id,
        title: 'Thickeners bid tab',
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
    expect((await post(`/adjudications/${adj!.id}/freeze-rates`, {})).statusCode).toBe(200);

    const tab = (await get(`/adjudications/${adj!.id}/bidtab`)).json() as { warnings: string[] };
    expect(tab.warnings).toEqual(
      expect.arrayContaining([
        `1 open clarification with ${String(suppliers[0]!.name)} (no. 1)`,
        `1 open clarification with ${String(suppliers[1]!.name)} (no. 2)`,
      ]),
    );
    // Supplier A is the lowest evaluated, so only the open clarifications ask for a reason.
    const refused = await post(`/adjudications/${adj!.id}/award`, { supplier_id: suppliers[0]!.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: { field: 'reason' } });
    expect(refused.json().message).toBe(
      `${String(pkg.package_number)} has 1 open clarification with ${String(suppliers[0]!.name)} (no. 1) and 1 open clarification with ${String(suppliers[1]!.name)} (no. 2): write the reason for awarding while they are open.`,
    );
    const awarded = await post(`/adjudications/${adj!.id}/award`, {
      supplier_id: suppliers[0]!.id,
      reason: 'The open queries concern the rake drive only; answered by phone, confirmation to follow.',
    });
    expect(awarded.statusCode, awarded.body).toBe(200);
  });
});
