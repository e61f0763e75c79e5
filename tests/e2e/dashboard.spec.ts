import type { DashboardData } from '../../src/lib/dashboard-data';
import { expect, test, type Page } from './support/fixtures';
import { callApi } from './support/entity-grid';
import { DEMO, signInFromLanding } from './support/sign-in';

// The dashboard (issue #18 item 4): its cards show the figures the server computes (including an overdue
// action this test writes), its charts render, and a card opens its screen.

const card = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Figures' }).getByRole('link', { name: new RegExp(`^${title}`) });
const dashboardData = async (page: Page) => {
  const response = await callApi<DashboardData>(page, 'GET', '/api/dashboarddata');
  expect(response.status).toBe(200);
  return response.body;
};

test('the dashboard shows the server figures on linked cards, charts them, and a card opens its screen', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const before = await dashboardData(page);
  // An action due yesterday, still open: one more overdue action.
  const yesterday = new Date(Date.parse(`${before.today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const meeting = await callApi<{ created: { id: number }[] }>(page, 'POST', '/api/entities/meetings/batch', {
    creates: [
      {
        clientKey: 'm',
        values: { title: 'Dashboard e2e meeting', series: `Dashboard e2e ${Date.now()}`, meeting_date: yesterday },
      },
    ],
  });
  expect(meeting.status).toBe(200);
  const item = await callApi(page, 'POST', '/api/entities/meeting_items/batch', {
    creates: [
      {
        clientKey: 'a',
        values: {
          meeting_id: meeting.body.created[0]!.id,
          item_no: 1,
          kind: 'action',
          description: 'Send the dashboard figures',
          owner: 'Dash E2E Owner',
          due_date: yesterday,
          status: 'open',
        },
      },
    ],
  });
  expect(item.status).toBe(200);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const data = await dashboardData(page);
  expect(data.overdue_actions.count).toBe(before.overdue_actions.count + 1);
  const n = (value: number) => value.toLocaleString('en-US');

  await expect(card(page, 'Overdue actions')).toContainText(`Overdue actions${n(data.overdue_actions.count)}`);
  await expect(card(page, 'Projects')).toContainText(
    `Projects${n(data.projects.count)}${n(data.projects.equipment_count)} equipment items`,
  );
  await expect(card(page, 'Quotes')).toContainText(`${n(data.quotes.expiring_next_30_days)} expiring within 30 days`);
  await expect(card(page, 'Quotes')).toContainText(`${n(data.quotes.expired)} expired`);
  await expect(card(page, 'Packages')).toContainText(`Packages${n(data.packages.count)}`);
  const usd = data.proposals.open.find((row) => row.currency === 'USD');
  if (usd)
    await expect(card(page, 'Weighted pipeline')).toContainText(
      `USD ${Number(usd.weighted_value).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );

  // The charts load in a chunk of their own and draw a bar per non-zero status.
  const packagesChart = page.getByRole('region', { name: 'Packages by status' });
  await expect(packagesChart.locator('.recharts-bar-rectangle path')).toHaveCount(
    data.packages.by_status.filter((s) => s.count > 0).length,
  );
  await expect(
    page.getByRole('region', { name: 'Installed vs running kW per project' }).locator('.recharts-legend-item'),
  ).toHaveCount(2);

  // A card is a link to its screen: the overdue actions open on the Meetings screen's overdue view, with the action written above.
  await card(page, 'Overdue actions').click();
  await expect(page).toHaveURL(/\/home\/general\/meetinglist\?view=overdue$/);
  await expect(page.getByRole('region', { name: 'Overdue actions of Dash E2E Owner' })).toBeVisible();
  await page.goBack();
  await card(page, 'Quotes').click();
  await expect(page).toHaveURL(/\/home\/general\/quotelist1$/);
});
