import { beforeAll, describe, expect, it } from 'vitest';
import type { ValidationDetails } from '../../src/lib/entity-api';
import type { BidderCompleteness, PackageFigures } from '../../src/lib/packages';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * Packages (field guide §10; issue #17 item 5): the spec's routes (GET /package/{id}, GET /packages/{id},
 * GET /fullpackages/{id}, POST /packages, DELETE /deletepackage/{id}), the status workflow and the award
 * rules, bid completeness per bidder computed in SQL, the seeded demo packages, and roles.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create, newProject } = projectFixtures(suite);

type Row = EntityRow;
const fieldErrors = (body: { details?: ValidationDetails }) => body.details?.rowErrors[0]?.fields ?? {};
const del = (id: number | string, token = suite.engineer) =>
  suite.t.call({ method: 'DELETE', url: `/api/deletepackage/${id}`, token });

let usd: number;
let pumpPart: number;
let project: Row;
let counter = 0;
beforeAll(async () => {
  const options = async (entity: string) =>
    (await get(`/entities/${entity}/options?limit=500`)).json() as { id: number; label: string }[];
  usd = (await options('currencies')).find((o) => o.label.startsWith('USD'))!.id;
  pumpPart = (await options('parts')).find((o) => o.label === 'PMP-SLR-200')!.id;
  project = await newProject(`Package Test ${Date.now()}`);
  const [area] = await create('areas', [{ project_id: project.id, areacode: '200', description: 'Grinding' }]);
  await create('mech_equipment', [
    { projarea_id: area!.id, tagno: '200-PP-101', description: 'Cyclone feed pump' },
    { projarea_id: area!.id, tagno: '200-PP-102', description: 'Cyclone feed pump standby' },
  ]);
});

async function newPackage(extra: Record<string, unknown> = {}): Promise<Row> {
  counter++;
  const response = await post('/packages', {
    package_number: `PKG-T-${Date.now()}-${counter}`,
    title: 'Test package',
    project_id: project.id,
    is_testdata: true,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Row;
}
async function newSupplier(): Promise<Row> {
  counter++;
  return (await create('suppliers', [{ name: `Package Test Supplier ${counter} ${Date.now()}` }]))[0]!;
}
async function newQuote(
  supplierId: number,
  packageId: number,
  values: Record<string, unknown>,
  lines: Record<string, unknown>[],
): Promise<Row> {
  counter++;
  const [quote] = await create('quotes', [
    {
      quote_number: `QP-${Date.now()}-${counter}`,
      supplier_id: supplierId,
      package_id: packageId,
      project_id: project.id,
      currency_id: usd,
      date_received: '2025-07-02',
      valid_until: '2099-12-31',
      rate_date: '2025-06-30',
      ...values,
    },
  ]);
  await create(
    'quote_lines',
    lines.map((line, i) => ({ quote_id: quote!.id, line_no: i + 1, quantity: '1', ...line })),
  );
  return quote!;
}
const figuresOf = async (id: number) => (await get(`/package/${id}/figures`)).json() as PackageFigures;

describe('bid completeness per bidder (one SQL statement)', () => {
  it('counts the scope items each bidder prices by base lines: expired quotes, not-quoted lines, options and alternatives do not count, an item counts once; a total only from a complete quote', async () => {
    const pkg = await newPackage({ status: 'bids_received' });
    await create('package_items', [
      { package_id: pkg.id, item_no: 1, tag: '200-PP-101', description: 'Duty pump' },
      { package_id: pkg.id, item_no: 2, tag: '200-PP-102', description: 'Standby pump' },
      { package_id: pkg.id, item_no: 3, part_id: pumpPart, description: 'Spare pump', quantity: '2' },
    ]);
    const [a, b, c, d] = [await newSupplier(), await newSupplier(), await newSupplier(), await newSupplier()];
    await create('package_bidders', [
      { package_id: pkg.id, supplier_id: a.id, status: 'bid_received' },
      { package_id: pkg.id, supplier_id: b.id, status: 'bid_received' },
      { package_id: pkg.id, supplier_id: c.id, status: 'declined' },
      { package_id: pkg.id, supplier_id: d.id, status: 'bid_received' },
    ]);
    // A: three items quoted, but the spare only in an expired quote; the duty pump twice (once as an option).
    await newQuote(a.id, pkg.id, {}, [
      { tag: '200-PP-101', description: 'Duty pump', unit_price: '100' },
      { tag: '200-PP-101', description: 'Duty pump, option', unit_price: '90', line_type: 'option' },
      { tag: '200-PP-102', description: 'Standby pump', unit_price: '200' },
    ]);
    await newQuote(a.id, pkg.id, { date_received: '2019-12-01', valid_until: '2020-01-01' }, [
      { part_id: pumpPart, description: 'Spare pump', unit_price: '10' },
    ]);
    // B: the spare not quoted; the duty pump only as an alternative, which prices nothing by itself.
    await newQuote(b.id, pkg.id, {}, [
      { tag: '200-PP-101', description: 'Duty pump, other model', unit_price: '120', line_type: 'alternative' },
      { part_id: pumpPart, description: 'Spare pump', unit_price: null, line_status: 'not_quoted' },
    ]);
    // D: a complete quote (110 + 210 + 2 x 15 = 350.00) and a cheaper one-line quote that is not a total over the package.
    await newQuote(d.id, pkg.id, {}, [
      { tag: '200-PP-101', description: 'Duty pump', unit_price: '110' },
      { tag: '200-PP-102', description: 'Standby pump', unit_price: '210' },
      { part_id: pumpPart, description: 'Spare pump', unit_price: '15', quantity: '2' },
      { description: 'Commissioning supervision, off scope', unit_price: '1000' },
    ]);
    await newQuote(d.id, pkg.id, {}, [
      { part_id: pumpPart, description: 'Spare pump only', unit_price: '5', quantity: '2' },
    ]);
    const figures = await figuresOf(pkg.id);
    expect(figures).toMatchObject({
      package_id: pkg.id,
      status: 'bids_received',
      next_moves: ['evaluating', 'rfq_issued'],
      items_in_scope: 3,
    });
    const by = (supplierId: number) => figures.bidders.find((row) => row.supplier_id === supplierId)!;
    // An incomplete bid has no lowest total (null, never 0, never a partial sum).
    expect(by(a.id)).toMatchObject<Partial<BidderCompleteness>>({
      status: 'bid_received',
      items_in_scope: 3,
      items_quoted: 2,
      percent: 67,
      quotes: 2,
      expired_quotes: 1,
      complete: false,
      lowest_base_total: null,
    });
    expect(by(b.id)).toMatchObject<Partial<BidderCompleteness>>({
      items_quoted: 0,
      percent: 0,
      quotes: 1,
      expired_quotes: 0,
      complete: false,
      lowest_base_total: null,
    });
    expect(by(c.id)).toMatchObject<Partial<BidderCompleteness>>({
      status: 'declined',
      items_quoted: 0,
      percent: 0,
      quotes: 0,
      lowest_base_total: null,
    });
    // D's lowest is its complete quote over the scope's lines (the off-scope line left out), not the one-line quote.
    expect(by(d.id)).toMatchObject<Partial<BidderCompleteness>>({
      items_quoted: 3,
      percent: 100,
      quotes: 2,
      complete: true,
      lowest_base_total: '350.00',
      base_currency: 'USD',
    });
    expect(figures.quotes).toHaveLength(5);
    expect(figures.quotes.filter((q) => q.expired)).toHaveLength(1);

    // The full package: items, bidders with completeness, and every quote with its lines and totals.
    const full = await get(`/fullpackages/${pkg.id}`);
    expect(full.statusCode, full.body).toBe(200);
    const body = full.json() as Row & {
      items: Row[];
      bidders: Row[];
      quotes: (Row & { lines: Row[]; summary: { total: string; options_total: string } })[];
    };
    expect(body.items.map((i) => i.item_no)).toEqual([1, 2, 3]);
    expect(body.bidders.find((row) => row.supplier_id === a.id)).toMatchObject({
      items_quoted: 2,
      items_in_scope: 3,
      percent: 67,
    });
    expect(body.quotes).toHaveLength(5);
    // The option (90) is outside the quote's total: 100 + 200.
    const aQuote = body.quotes.find((q) => q.supplier_id === a.id && q.lines.length === 3)!;
    expect(aQuote.summary).toMatchObject({ total: '300.00', options_total: '90.00' });
  });

  it('answers an empty scope as no percentage, and matches the seeded demo: Karoo quotes all the slurry pump scope', async () => {
    const pkg = await newPackage();
    const supplier = await newSupplier();
    await create('package_bidders', [{ package_id: pkg.id, supplier_id: supplier.id }]);
    expect((await figuresOf(pkg.id)).bidders[0]).toMatchObject({
      status: 'invited',
      items_in_scope: 0,
      items_quoted: 0,
      percent: null,
    });

    const demo = (
      (
        await get(
          '/entities/packages?filters=' +
            encodeURIComponent(JSON.stringify([{ field: 'package_number', op: 'equals', value: 'PKG-200-02' }])),
        )
      ).json().rows as Row[]
    )[0]!;
    // In evaluation: Karoo recommended on ADJ-200-02, a query to Atacama open; an award comes from the adjudication.
    expect(demo).toMatchObject({
      status: 'evaluating',
      award_amount: null,
      award_supplier_id: null,
      is_testdata: true,
    });
    const figures = await figuresOf(demo.id);
    const row = (name: string) => figures.bidders.find((b) => b.supplier.startsWith(name))!;
    expect(row('Karoo')).toMatchObject({
      items_quoted: 3,
      items_in_scope: 3,
      percent: 100,
      quotes: 3,
      expired_quotes: 1,
      complete: true,
      lowest_base_total: '1103000.00',
    }); // Q-2025-201 Rev 1's base lines (512,000 x 2 + 39,500 x 2; Rev 0 is superseded, not counted); Q-2025-202 (AUD 2 x 62,500 x 0.6550 = 81,875.00) prices the spare only: no total over the package
    expect(row('Atacama')).toMatchObject({ items_quoted: 0, percent: 0, complete: false, lowest_base_total: null });
    expect(row('Iberia')).toMatchObject({ status: 'declined' });
    // Every revision against the package is listed (each readable), named with its revision.
    expect(figures.quotes.map((q) => q.quote_number).sort()).toEqual([
      'Q-2025-099',
      'Q-2025-201',
      'Q-2025-201 Rev 1',
      'Q-2025-202',
      'Q-2025-203',
    ]);
  });
});

describe('the status workflow and the award rules', () => {
  it('moves step by step, allows the declared steps back, refuses skips and moves out of Closed with the message on the status', async () => {
    let row = await newPackage();
    const move = async (changes: Record<string, unknown>) => {
      const response = await post('/packages', { id: row.id, version: row.version, ...changes });
      if (response.statusCode === 200) row = response.json();
      return response;
    };
    const skip = await move({ status: 'bids_received' });
    expect(skip.statusCode).toBe(422);
    expect(fieldErrors(skip.json()).status).toBe(
      'A package cannot move from Draft to Bids received; from Draft it may move to: RFQ issued',
    );
    for (const status of ['rfq_issued', 'bids_received', 'evaluating', 'bids_received', 'evaluating'])
      expect((await move({ status })).statusCode).toBe(200);

    const bare = await move({ status: 'awarded' });
    expect(bare.statusCode).toBe(422);
    expect(fieldErrors(bare.json())).toMatchObject({
      award_supplier_id: 'An awarded package names the supplier it is awarded to',
      award_amount: 'An awarded package has the award amount',
      award_date: 'An awarded package has the award date',
    });
    const supplier = await newSupplier();
    const award = {
      award_supplier_id: supplier.id,
      award_currency_id: usd,
      award_amount: '1250000',
      award_date: '2025-08-01',
    };
    // Only a bidder whose bid is in may be awarded the package.
    const stranger = await move({ status: 'awarded', ...award });
    expect(fieldErrors(stranger.json()).award_supplier_id).toMatch(
      /is not a bidder on this package: add it to the bidders first$/,
    );
    const [bidder] = await create('package_bidders', [
      { package_id: row.id, supplier_id: supplier.id, status: 'invited' },
    ]);
    expect(fieldErrors((await move({ status: 'awarded', ...award })).json()).award_supplier_id).toMatch(
      /'s bid is not received: award to a bidder whose bid is in$/,
    );
    expect(
      (
        await post('/entities/package_bidders/batch', {
          updates: [{ id: bidder!.id, version: bidder!.version, changes: { status: 'bid_received' } }],
        })
      ).statusCode,
    ).toBe(200);
    expect((await move({ status: 'awarded', ...award })).statusCode).toBe(200);
    const noPo = await move({ status: 'po_placed' });
    expect(noPo.statusCode).toBe(422);
    expect(fieldErrors(noPo.json()).po_number).toBe('A package with its PO placed has the PO number');
    expect((await move({ status: 'po_placed', po_number: 'PO-4500012345' })).statusCode).toBe(200);
    expect((await move({ status: 'evaluating' })).statusCode).toBe(422);
    expect((await move({ status: 'closed' })).statusCode).toBe(200);
    const reopen = await move({ status: 'po_placed' });
    expect(fieldErrors(reopen.json()).status).toBe(
      'A package cannot move from Closed to PO placed; from Closed it may move to: (none)',
    );
    // Clearing the award of a closed package is refused too.
    expect((await move({ award_amount: null })).statusCode).toBe(422);
  });

  it('refuses a bid due date before the RFQ issue date, an amount without its currency, a quote of another project, and items that are neither a tag of the project nor a part', async () => {
    const dates = await post('/packages', {
      package_number: 'PKG-T-DATES',
      title: 'x',
      project_id: project.id,
      rfq_issue_date: '2025-07-01',
      bid_due_date: '2025-06-30',
    });
    expect(dates.statusCode).toBe(422);
    expect(fieldErrors(dates.json()).bid_due_date).toBe('The bid due date is before the RFQ issue date');
    const budget = await post('/packages', {
      package_number: 'PKG-T-BUDGET',
      title: 'x',
      project_id: project.id,
      budget: '1000',
    });
    expect(budget.statusCode).toBe(422);
    const noProject = await post('/packages', { package_number: 'PKG-T-NOPROJ', title: 'x' });
    expect(fieldErrors(noProject.json())).toHaveProperty('project_id');

    const pkg = await newPackage();
    // A quote answering the package belongs to the package's project.
    const other = await newProject(`Package Test other ${Date.now()}`);
    const supplier = await newSupplier();
    const wrong = await post('/entities/quotes/batch', {
      creates: [
        {
          clientKey: 'q',
          values: {
            quote_number: `QP-WRONG-${Date.now()}`,
            supplier_id: supplier.id,
            package_id: pkg.id,
            project_id: other.id,
            currency_id: usd,
            date_received: '2025-07-02',
            rate_date: '2025-06-30',
          },
        },
      ],
    });
    expect(wrong.statusCode).toBe(422);
    expect(fieldErrors(wrong.json()).package_id).toBe(
      `Package ${String(pkg.package_number)} is another project's: pick a package of the quote's project`,
    );
    const bad = await post('/entities/package_items/batch', {
      creates: [
        { clientKey: 'a', values: { package_id: pkg.id, item_no: 1, tag: '999-XX-001', description: 'Not here' } },
        { clientKey: 'b', values: { package_id: pkg.id, item_no: 2, description: 'Nothing' } },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const rowErrors = (bad.json().details as ValidationDetails).rowErrors;
    expect(rowErrors.find((r) => r.index === 0)!.fields.tag).toBe(
      "No equipment tagged 999-XX-001 in the package's project",
    );
    expect(rowErrors.find((r) => r.index === 1)!.fields.tag).toBe('An item is an equipment tag or a part: give one');
  });
});

describe('the spec routes', () => {
  it('GET /package/{id}, GET /packages/{project id}, POST /packages (header only), readable 4xx', async () => {
    const pkg = await newPackage({ title: 'Spec route package' });
    expect((await get(`/package/${pkg.id}`)).json()).toMatchObject({
      id: pkg.id,
      title: 'Spec route package',
      status: 'draft',
    });
    expect((await get('/package/999999')).statusCode).toBe(404);
    expect((await get('/package/abc')).statusCode).toBe(400);
    expect((await get('/fullpackages/999999')).statusCode).toBe(404);
    const listed = (await get(`/packages/${project.id}`)).json() as Row[];
    expect(listed.find((row) => row.id === pkg.id)).toMatchObject({ item_count: 0, bidder_count: 0, quote_count: 0 });
    expect(listed.every((row) => row.project_id === project.id)).toBe(true);
    expect((await get('/packages/999999')).statusCode).toBe(404);
    expect((await post('/packages', { ...pkg, items: [] })).statusCode).toBe(400);
    expect((await post('/packages', { id: pkg.id, title: 'No version' })).statusCode).toBe(400);
    expect((await post('/packages', { id: pkg.id, version: pkg.version + 3, title: 'Stale' })).statusCode).toBe(409);
  });

  it('DELETE /deletepackage/{id} deletes it with its items and bidders; refused with 409 while quotes point at it', async () => {
    const pkg = await newPackage();
    const supplier = await newSupplier();
    await create('package_items', [
      { package_id: pkg.id, item_no: 1, tag: '200-PP-101', description: 'Pump' },
      { package_id: pkg.id, item_no: 2, part_id: pumpPart, description: 'Spare' },
    ]);
    await create('package_bidders', [{ package_id: pkg.id, supplier_id: supplier.id }]);
    const quote = await newQuote(supplier.id, pkg.id, {}, [
      { tag: '200-PP-101', description: 'Pump', unit_price: '1' },
    ]);
    const refused = await del(pkg.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Package ${String(pkg.package_number)} has a quote against it (${String(quote.quote_number)}): delete it or take it off the package first.`,
    );
    expect((await get(`/package/${pkg.id}`)).statusCode).toBe(200);

    const moved = await post('/entities/quotes/batch', {
      updates: [{ id: quote.id, version: quote.version, changes: { package_id: null } }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await del(pkg.id, suite.viewer)).statusCode).toBe(403);
    const deleted = await del(pkg.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: pkg.id, items: 2, bidders: 1 });
    expect((await get(`/package/${pkg.id}`)).statusCode).toBe(404);
    expect((await del(pkg.id)).statusCode).toBe(404);
    expect((await del('twelve')).statusCode).toBe(400);
  });

  it('lets a viewer read but not write (403)', async () => {
    const pkg = await newPackage();
    expect((await get(`/fullpackages/${pkg.id}`, suite.viewer)).statusCode).toBe(200);
    expect((await get(`/package/${pkg.id}/figures`, suite.viewer)).statusCode).toBe(200);
    expect(
      (await post('/packages', { package_number: 'PKG-T-VIEW', title: 'x', project_id: project.id }, suite.viewer))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/packages', { id: pkg.id, version: pkg.version, status: 'rfq_issued' }, suite.viewer)).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          '/entities/package_bidders/batch',
          { creates: [{ clientKey: 'a', values: { package_id: pkg.id, supplier_id: 1 } }] },
          suite.viewer,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('documents its routes in the OpenAPI document: a tag, a summary, the success answer, 401, and 403 for writes', async () => {
    type Operation = {
      tags?: string[];
      summary?: string;
      responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
    };
    const doc = (await suite.t.app.inject({ url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const ours = Object.entries(doc.paths)
      // The package module's own routes: a package's lists under it (/packages/{packageId}/entities/…) are the
      // engine's, its live-event stream and presence (/packages/{id}/events, …/presence) the live-events module's.
      .filter(
        ([path]) =>
          /package/.test(path) && !/\/(entities|views)(\/|$)/.test(path) && !/\/(events|presence)$/.test(path),
      )
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
      );
    expect(ours.map((o) => o.name).sort()).toEqual([
      'DELETE /api/deletepackage/{id}',
      'GET /api/fullpackages/{id}',
      'GET /api/package/{id}',
      'GET /api/package/{id}/figures',
      'GET /api/packages/{id}',
      'GET /api/projects/{projectId}/packages',
      'POST /api/packages',
    ]);
    for (const { name, op } of ours) {
      expect(op.tags, name).toEqual(['packages']);
      expect(op.summary, name).toBeTruthy();
      expect(op.responses['200']?.content?.['application/json']?.schema, name).toBeDefined();
      expect(Object.keys(op.responses), name).toContain('401');
      if (!name.startsWith('GET ')) expect(Object.keys(op.responses), name).toContain('403');
    }
  });
});
