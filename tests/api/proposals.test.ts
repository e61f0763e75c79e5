import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportErrors, ValidationDetails } from '../../src/lib/entity-api';
import type { ProposalPipeline, ProposalSummary } from '../../src/lib/proposals';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * Proposals (field guide §11): the spec's routes (GET and POST /proposals, POST /proposal, POST
 * /deleteproposal), the figures computed in SQL (exact decimals), the engine's workflow declaration on
 * status (every save and import), and roles. This file makes its own proposals; the demo pipeline is seeded.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create } = projectFixtures(suite);

let clientId: number;
let usd: number;
let process: number;
let mechanical: number;
beforeAll(async () => {
  const options = async (entity: string) =>
    (await get(`/entities/${entity}/options`)).json() as { id: number; label: string }[];
  clientId = (await options('clients')).find((o) => o.label === 'Cordillera Copper Corp')!.id;
  usd = (await options('currencies')).find((o) => o.label.startsWith('USD'))!.id;
  const disciplines = await options('disciplines');
  process = disciplines.find((o) => o.label === 'Process')!.id;
  mechanical = disciplines.find((o) => o.label === 'Mechanical')!.id;
});

async function newProposal(number: string, extra: Record<string, unknown> = {}): Promise<EntityRow> {
  const response = await post('/proposals', {
    proposal_number: number,
    client_id: clientId,
    title: `Test ${number}`,
    currency_id: usd,
    is_testdata: true,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EntityRow;
}
const summaryOf = async (id: number) => (await get(`/proposals/${id}/summary`)).json() as ProposalSummary;
const fieldErrors = (body: { details?: ValidationDetails }) => body.details?.rowErrors[0]?.fields ?? {};

describe('proposal figures', () => {
  it('derives each line amount and the totals exactly: 120 h x 185.50 + 40 h x 210 = 30,660.00, + expenses, x probability', async () => {
    const proposal = await newProposal('PR-TEST-001', { expenses: '1339.99', win_probability: '35' });
    expect(proposal).toMatchObject({ status: 'draft', fee_basis: 'lump_sum', expenses: '1339.99' });
    const [a, b] = await create('proposal_lines', [
      { proposal_id: proposal.id, discipline_id: process, description: 'Process design', hours: '120', rate: '185.50' },
      { proposal_id: proposal.id, discipline_id: mechanical, description: 'Equipment list', hours: '40', rate: '210' },
    ]);
    expect(a!.amount).toBe('22260.00');
    expect(b!.amount).toBe('8400.00');
    expect(await summaryOf(proposal.id)).toEqual({
      proposal_id: proposal.id,
      currency: 'USD',
      line_count: 2,
      hours: '160.00',
      labour_fee: '30660.00',
      expenses: '1339.99',
      total_fee: '31999.99',
      win_probability: '35',
      // 31,999.99 x 35 % = 11,199.9965, rounded once to the cent.
      weighted_value: '11200.00',
    });

    // A change of hours alone derives the amount again from the stored rate; amounts cannot be typed.
    const changed = await post('/entities/proposal_lines/batch', {
      updates: [{ id: a!.id, version: a!.version, changes: { hours: '0.33' } }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().updated[0].amount).toBe('61.22'); // 0.33 x 185.50 = 61.215, half away from zero
    const typed = await post('/entities/proposal_lines/batch', {
      updates: [{ id: b!.id, version: b!.version, changes: { amount: '1.00' } }],
    });
    expect(typed.statusCode).toBe(422);

    const listed = ((await get('/proposals')).json() as EntityRow[]).find((row) => row.id === proposal.id);
    expect(listed).toMatchObject({
      proposal_number: 'PR-TEST-001',
      labour_fee: '8461.22',
      total_fee: '9801.21',
      weighted_value: '3430.42',
    });
  });

  it('answers zeros for a proposal without lines, and 404 / 400 for a missing or malformed id', async () => {
    const empty = await newProposal('PR-TEST-002');
    expect(await summaryOf(empty.id)).toMatchObject({
      line_count: 0,
      labour_fee: '0.00',
      expenses: '0.00',
      total_fee: '0.00',
      weighted_value: '0.00',
      win_probability: null,
    });
    expect((await get('/proposals/999999/summary')).statusCode).toBe(404);
    expect((await get('/proposals/abc/summary')).statusCode).toBe(400);
  });

  it('totals the open pipeline per currency from the seeded demo proposals', async () => {
    const pipeline = (await get('/proposals/pipeline')).json() as ProposalPipeline;
    expect(pipeline.by_status.map((s) => s.status)).toEqual(['draft', 'submitted', 'won', 'lost', 'withdrawn']);
    const count = (status: string) => pipeline.by_status.find((s) => s.status === status)!.count;
    expect(count('submitted')).toBeGreaterThanOrEqual(2);
    expect(count('won')).toBeGreaterThanOrEqual(1);
    // PR-2025-004 (AUD, submitted at 60 %): 400 x 210 + 720 x 195 + 300 x 180 = 278,400 + 24,000 expenses.
    expect(pipeline.open.find((o) => o.currency === 'AUD')).toEqual({
      currency: 'AUD',
      count: 1,
      total_fee: '302400.00',
      weighted_value: '181440.00',
    });
  });
});

describe('the status workflow (schema workflow, checked by the engine)', () => {
  it('allows Draft -> Submitted -> Won and refuses any move out of Won, with the message on the field', async () => {
    let row = await newProposal('PR-TEST-010');
    const move = (status: string) => post('/proposals', { id: row.id, version: row.version, status });
    const submitted = await move('submitted');
    expect(submitted.statusCode, submitted.body).toBe(200);
    row = submitted.json();
    const won = await move('won');
    expect(won.statusCode, won.body).toBe(200);
    row = won.json();
    const back = await move('draft');
    expect(back.statusCode).toBe(422);
    expect(fieldErrors(back.json()).status).toBe(
      'A proposal cannot move from Won to Draft; from Won it may move to: (none)',
    );
    // Staying in the same state is no move.
    expect(
      (await post('/proposals', { id: row.id, version: row.version, status: 'won', notes: 'Kick-off on Monday' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses skipping a step (Draft -> Won) in the generic batch, naming the moves allowed', async () => {
    const row = await newProposal('PR-TEST-011');
    const response = await post('/entities/proposals/batch', {
      updates: [{ id: row.id, version: row.version, changes: { status: 'won' } }],
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response.json()).status).toBe(
      'A proposal cannot move from Draft to Won; from Draft it may move to: Submitted, Withdrawn',
    );
  });

  it('checks imports too: an update by key may not move Lost back to Submitted; a new row may start in any state', async () => {
    await newProposal('PR-TEST-012', { status: 'lost' });
    const base = { client_id: clientId, title: 'Imported', currency_id: usd };
    const imported = await post('/entities/proposals/import', {
      mode: 1,
      rows: [
        { ...base, proposal_number: 'PR-TEST-012', status: 'submitted' },
        { ...base, proposal_number: 'PR-TEST-013', status: 'won' },
      ],
    });
    expect(imported.statusCode).toBe(422);
    const rowErrors = (imported.json().details as ImportErrors).rowErrors;
    expect(rowErrors).toEqual([
      {
        index: 0,
        fields: { status: 'A proposal cannot move from Lost to Submitted; from Lost it may move to: (none)' },
      },
    ]);
    // The preview's dry run, sent only the columns the database checks (the status among them), says it too.
    const preview = await post('/entities/proposals/import', {
      mode: 1,
      dryRun: true,
      partialRows: true,
      rows: [{ proposal_number: 'PR-TEST-012', status: 'submitted' }],
    });
    expect(preview.statusCode, preview.body).toBe(422);
    expect((preview.json().details as ImportErrors).rowErrors[0]!.fields.status).toMatch(
      /cannot move from Lost to Submitted/,
    );
  });
});

describe('the spec routes', () => {
  it('POST /proposal reads one proposal with its lines and figures; POST /deleteproposal deletes it with its lines', async () => {
    const row = await newProposal('PR-TEST-020', { expenses: '100.00' });
    await create('proposal_lines', [
      { proposal_id: row.id, discipline_id: process, description: 'Study', hours: '10', rate: '100' },
    ]);
    const one = await post('/proposal', { param1: row.id });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      id: row.id,
      proposal_number: 'PR-TEST-020',
      lines: [{ description: 'Study', amount: '1000.00' }],
      summary: { total_fee: '1100.00' },
    });

    expect((await post('/proposals', { ...row, lines: [] })).statusCode).toBe(400);
    expect((await post('/deleteproposal', { id: row.id, version: row.version + 5 })).statusCode).toBe(409);
    const deleted = await post('/deleteproposal', { data: { id: row.id } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: row.id, lines: 1 });
    expect((await post('/proposal', { id: row.id })).statusCode).toBe(404);
    expect((await post('/deleteproposal', { id: row.id })).statusCode).toBe(404);
    expect((await post('/deleteproposal', {})).statusCode).toBe(400);
  });

  it('refuses readable 4xx for user mistakes: a missing client, a bad number, an unknown client id', async () => {
    const missing = await post('/proposals', { proposal_number: 'PR-TEST-030', title: 'No client', currency_id: usd });
    expect(missing.statusCode).toBe(422);
    expect(fieldErrors(missing.json())).toHaveProperty('client_id');
    const badNumber = await post('/proposals', {
      proposal_number: 'pr 30',
      client_id: clientId,
      title: 'x',
      currency_id: usd,
    });
    expect(fieldErrors(badNumber.json()).proposal_number).toMatch(/PR-2025-007/);
    const probability = await post('/proposals', {
      proposal_number: 'PR-TEST-031',
      client_id: clientId,
      title: 'x',
      currency_id: usd,
      win_probability: '140',
    });
    expect(probability.statusCode).toBe(422);
    expect(fieldErrors(probability.json())).toHaveProperty('win_probability');
    const unknownClient = await post('/proposals', {
      proposal_number: 'PR-TEST-032',
      client_id: 999999,
      title: 'x',
      currency_id: usd,
    });
    expect(unknownClient.statusCode).toBe(422);
    expect(fieldErrors(unknownClient.json())).toHaveProperty('client_id');
    const row = await newProposal('PR-TEST-033');
    const badLine = await post('/entities/proposal_lines/batch', {
      creates: [
        {
          clientKey: 'a',
          values: { proposal_id: row.id, discipline_id: process, description: 'x', hours: 'ten', rate: '-5' },
        },
      ],
    });
    expect(badLine.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(badLine.json())).sort()).toEqual(['hours', 'rate']);
    const orphan = await post('/entities/proposal_lines/batch', {
      creates: [
        {
          clientKey: 'a',
          values: { proposal_id: 999999, discipline_id: process, description: 'x', hours: '1', rate: '1' },
        },
      ],
    });
    expect(orphan.statusCode).toBe(422);
    expect((await post('/deleteproposal', { id: 'twelve' })).statusCode).toBe(400);
    expect((await post('/proposal', [])).statusCode).toBe(400);
  });

  it('lets a viewer read but not write (403)', async () => {
    const row = await newProposal('PR-TEST-040');
    const list = await get('/proposals');
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBe((list.json() as EntityRow[]).length);
    expect((await post('/proposal', { id: row.id }, suite.viewer)).statusCode).toBe(200);
    expect(
      (
        await post(
          '/proposals',
          { proposal_number: 'PR-TEST-041', client_id: clientId, title: 'x', currency_id: usd },
          suite.viewer,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await post('/proposals', { id: row.id, version: row.version, status: 'submitted' }, suite.viewer)).statusCode,
    ).toBe(403);
    expect((await post('/deleteproposal', { id: row.id }, suite.viewer)).statusCode).toBe(403);
    expect(
      (
        await post(
          '/entities/proposal_lines/batch',
          {
            creates: [
              {
                clientKey: 'a',
                values: { proposal_id: row.id, discipline_id: process, description: 'x', hours: '1', rate: '1' },
              },
            ],
          },
          suite.viewer,
        )
      ).statusCode,
    ).toBe(403);
  });
});
