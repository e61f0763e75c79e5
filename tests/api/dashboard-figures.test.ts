import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '../../src/lib/dashboard-data';
import type { OverdueActions } from '../../src/lib/meetings';
import type { ProposalPipeline } from '../../src/lib/proposals';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * The dashboard's figures (issue #18 item 4): each one checked against rows this file writes, as the change
 * they make to the figure (the demo seed's rows are there too), and against the screens' own routes where
 * the figure is theirs (the proposal pipeline, the overdue actions).
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create, newProject } = projectFixtures(suite);

const dashboard = async (): Promise<DashboardData> => {
  const response = await get('/dashboarddata');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardData;
};
/** `today` plus `days`, as YYYY-MM-DD. */
const shift = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const cents = (value: string | undefined) => Math.round(Number(value ?? '0') * 100);

let before: DashboardData;
let usd: number;
beforeAll(async () => {
  before = await dashboard();
  const currencies = (await get('/entities/currencies/options?q=USD')).json() as { id: number; label: string }[];
  usd = currencies.find((o) => o.label.startsWith('USD'))!.id;
});

describe('dashboard figures', () => {
  it('sums installed and running kW and counts equipment per project, leaving soft-deleted rows out', async () => {
    const project = await newProject(`Dashboard kW ${Date.now()}`);
    const [area] = await create('areas', [{ project_id: project.id, areacode: '300', description: 'Flotation' }]);
    const [, , removed] = await create('mech_equipment', [
      {
        projarea_id: area!.id,
        tagno: '300-ML-001',
        description: 'Regrind mill',
        installed_kw: '50000',
        quantity: 2,
        running: true,
      },
      { projarea_id: area!.id, tagno: '300-PP-001', description: 'Standby pump', installed_kw: '50.5', running: false },
      {
        projarea_id: area!.id,
        tagno: '300-CV-001',
        description: 'Deleted conveyor',
        installed_kw: '1000',
        running: true,
      },
      { projarea_id: area!.id, tagno: '300-TK-001', description: 'Tank, no motor' },
    ]);
    const deleted = await post('/entities/mech_equipment/batch', {
      updates: [{ id: removed!.id, version: removed!.version, changes: { deleteflag: true } }],
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const after = await dashboard();
    expect(after.counts.projects).toBe(before.counts.projects + 1);
    expect(after.projects.count).toBe(before.projects.count + 1);
    expect(after.projects.equipment_count).toBe(before.projects.equipment_count + 3);
    expect(cents(after.projects.installed_kw) - cents(before.projects.installed_kw)).toBe(100_050_50);
    expect(cents(after.projects.running_kw) - cents(before.projects.running_kw)).toBe(100_000_00);
    // The largest project by installed kW comes first in the chart's list.
    // No row has a price, a quote line or a category: its equipment cost (the header's and CAPEX's) is 0.00, 3 unpriced.
    expect(after.projects.by_project[0]).toEqual({
      id: project.id,
      name: project.name,
      equipment_count: 3,
      installed_kw: '100050.50',
      running_kw: '100000.00',
      equipment_cost_base: '0.00',
      equipment_unpriced: 3,
      base_currency: 'USD',
    });
    expect(after.projects.by_project.length).toBeLessThanOrEqual(12);
  });

  it('counts quotes received in the last 30 days, expiring within the next 30 days and expired, on the database date', async () => {
    const { today } = before;
    const [supplier] = await create('suppliers', [{ name: `Dashboard supplier ${Date.now()}` }]);
    const quote = (n: number, received: number, validUntil: number | null) => ({
      quote_number: `QD-${Date.now()}-${n}`,
      supplier_id: supplier!.id,
      currency_id: usd,
      rate_date: '2025-06-30',
      date_received: shift(today, received),
      valid_until: validUntil === null ? null : shift(today, validUntil),
    });
    await create('quotes', [
      quote(1, -60, -1), // expired yesterday
      quote(2, 0, 0), // valid today: expiring, not expired
      quote(3, -29, 30), // received 29 days ago, expiring on day 30
      quote(4, -30, 31), // received 30 days ago and valid past the 30 days: neither
      quote(5, -10, null), // no validity date: received only
    ]);
    const after = await dashboard();
    expect(after.quotes.count - before.quotes.count).toBe(5);
    expect(after.quotes.received_last_30_days - before.quotes.received_last_30_days).toBe(3);
    expect(after.quotes.expiring_next_30_days - before.quotes.expiring_next_30_days).toBe(2);
    expect(after.quotes.expired - before.quotes.expired).toBe(1);
  });

  it('lists packages per status, every status in workflow order', async () => {
    const project = await newProject(`Dashboard packages ${Date.now()}`);
    for (const [i, status] of ['draft', 'draft', 'evaluating'].entries()) {
      const response = await post('/packages', {
        package_number: `PKG-D-${Date.now()}-${i}`,
        title: 'Dashboard package',
        project_id: project.id,
        status,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const after = await dashboard();
    expect(after.packages.by_status.map((s) => s.status)).toEqual([
      'draft',
      'rfq_issued',
      'bids_received',
      'evaluating',
      'awarded',
      'po_placed',
      'closed',
    ]);
    const delta = Object.fromEntries(
      after.packages.by_status.map((s, i) => [s.status, s.count - before.packages.by_status[i]!.count]),
    );
    expect(delta).toEqual({
      draft: 2,
      rfq_issued: 0,
      bids_received: 0,
      evaluating: 1,
      awarded: 0,
      po_placed: 0,
      closed: 0,
    });
    expect(after.packages.count - before.packages.count).toBe(3);
    expect(after.packages.by_status.find((s) => s.status === 'evaluating')?.label).toBe('Evaluating');
  });

  it('carries the weighted proposal pipeline, as the proposals list shows it', async () => {
    const clients = (await get('/entities/clients/options?limit=500')).json() as { id: number }[];
    const response = await post('/proposals', {
      proposal_number: `PR-D-${Date.now()}`,
      client_id: clients[0]!.id,
      title: 'Dashboard proposal',
      currency_id: usd,
      expenses: '1000.01',
      win_probability: '50',
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await dashboard();
    const pipeline = (await get('/proposals/pipeline')).json() as ProposalPipeline;
    expect(after.proposals).toEqual(pipeline);
    const usdOpen = (data: DashboardData) => data.proposals.open.find((row) => row.currency === 'USD');
    // 1,000.01 x 50 % = 500.005, rounded once to the cent.
    expect(cents(usdOpen(after)?.weighted_value) - cents(usdOpen(before)?.weighted_value)).toBe(500_01);
    expect(cents(usdOpen(after)?.total_fee) - cents(usdOpen(before)?.total_fee)).toBe(1000_01);
    const draft = (data: DashboardData) => data.proposals.by_status.find((row) => row.status === 'draft')!.count;
    expect(draft(after) - draft(before)).toBe(1);
  });

  it('counts the open actions past due and their owners, as the Meetings overdue view does', async () => {
    const { today } = before;
    const [meeting] = await create('meetings', [
      { title: 'Dashboard meeting', series: `Dashboard ${Date.now()}`, meeting_date: shift(today, -20) },
    ]);
    const action = (item_no: number, owner: string, due: number, status = 'open') => ({
      meeting_id: meeting!.id,
      item_no,
      kind: 'action',
      description: `Action ${item_no}`,
      owner,
      due_date: shift(today, due),
      status,
    });
    await create('meeting_items', [
      action(1, 'Dash Owner Zed', -1),
      action(2, 'dash owner zed', -3), // the same owner, spelt otherwise
      action(3, 'Dash Owner Zed', 0), // due today: not yet overdue
      action(4, 'Dash Owner Zed', -5, 'done'),
    ]);
    const after = await dashboard();
    expect(after.overdue_actions.count - before.overdue_actions.count).toBe(2);
    expect(after.overdue_actions.owners - before.overdue_actions.owners).toBe(1);
    const view = (await get(`/meetings/overdue-actions?today=${after.today}`)).json() as OverdueActions;
    expect(after.overdue_actions).toEqual({
      count: view.owners.reduce((sum, owner) => sum + owner.count, 0),
      owners: view.owners.length,
      oldest_due: view.owners.map((owner) => owner.oldest_due).sort()[0] ?? null,
    });
  });

  it('keeps the recent activity feed beside the figures, for a viewer too', async () => {
    const data = await dashboard();
    expect(data.recentactivityfeed.length).toBeGreaterThan(0);
    expect(data.recentactivityfeed[0]).toMatchObject({
      username: 'engineer',
      summary: expect.stringContaining('engineer'),
    });
    expect(data.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await suite.t.call({ url: '/api/dashboarddata' })).statusCode).toBe(401);
  });
});
