import { expect, test, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, grid, typeInCell } from './support/entity-grid';

// Quote revisions (issue #29 item 5): an estimator opens Karoo's demo quote Q-2025-201 at its latest revision
// (Rev 1, in force on ADJ-200-02), issues Rev 2 with "Revise…", re-prices the first cyclone feed pump from USD
// 512,000 to 505,000, sees that change listed against Rev 1, and the bid tab reading Rev 2:
// 505,000 + 512,000 + 2 x 39,500 = USD 1,096,000.00 (it was 1,103,000.00 on Rev 1). Rev 2 is deleted at the end
// (and any left by an earlier run at the start), so the demo's other tests see it as seeded.

type QuoteRow = { id: number; quote_number: string; revision: number; version: number };

async function karooRevisions(page: Page): Promise<QuoteRow[]> {
  const filters = encodeURIComponent(JSON.stringify([{ field: 'quote_number', op: 'equals', value: 'Q-2025-201' }]));
  return (await callApi<{ rows: QuoteRow[] }>(page, 'GET', `/api/entities/quotes?filters=${filters}&sort=revision:asc`))
    .body.rows;
}

async function dropLaterRevisions(page: Page): Promise<void> {
  for (const quote of (await karooRevisions(page)).filter((q) => q.revision >= 2)) {
    expect((await callApi(page, 'DELETE', `/api/deletequote/${quote.id}`)).status).toBe(200);
  }
}

test('an estimator revises a demo quote, re-prices a line, sees the change listed against the revision before and the bid tab using the new figure', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  await dropLaterRevisions(page);

  // The Quotes list holds both revisions; "Latest revisions only" leaves Rev 1.
  await page.goto('/home/general/quotelist1');
  await page.getByRole('textbox', { name: 'Global search' }).fill('Q-2025-201');
  await expect(page.getByText('2 rows', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('switch', { name: 'Latest revisions only' }).check();
  await expect(page.getByText('1 row', { exact: true })).toBeVisible();
  await page
    .locator('.ag-row')
    .filter({ hasText: 'Q-2025-201' })
    .first()
    .locator('.ag-cell[col-id="quote_number"]')
    .click();
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Quote Q-2025-201 Rev 1', level: 1 })).toBeVisible();
  const revisions = page.getByRole('region', { name: 'Revisions' });
  await expect(revisions.getByRole('listitem')).toHaveCount(2);
  await expect(revisions.getByRole('listitem', { name: 'Rev 1' })).toContainText('in force');
  // Rev 1's own changes against Rev 0 (the demo's revision): the spare pump re-priced, an option added.
  const changes = page.getByRole('table', { name: 'Changes against Rev 0' });
  await expect(changes.getByRole('row', { name: /Line 3 .*Unit price/ })).toContainText('41000.00');
  await expect(changes.getByRole('row', { name: /Line 3 .*Unit price/ })).toContainText('39500.00');
  await expect(changes.getByRole('row', { name: /Line 5 added/ })).toContainText('Option: commissioning spares kit');

  // Revise…: Rev 2 is issued and opened.
  await page.getByRole('button', { name: 'Revise…' }).click();
  await page
    .getByRole('dialog', { name: 'Issue a new revision of Q-2025-201' })
    .getByRole('button', { name: 'Issue revision' })
    .click();
  await expect(page.getByRole('heading', { name: 'Quote Q-2025-201 Rev 2', level: 1 })).toBeVisible();
  await expect(page.getByText('Q-2025-201 Rev 2 issued with 5 lines')).toBeVisible();
  await expect(revisions.getByRole('listitem')).toHaveCount(3);
  await expect(revisions.getByRole('listitem', { name: 'Rev 2' })).toContainText('in force');
  await expect(revisions.getByRole('listitem', { name: 'Rev 1' })).not.toContainText('in force');

  // Re-price line 1 in the Lines grid and save.
  const rev2 = (await karooRevisions(page)).find((q) => q.revision === 2)!;
  const filters = encodeURIComponent(
    JSON.stringify([
      { field: 'quote_id', op: 'equals', value: rev2.id },
      { field: 'line_no', op: 'equals', value: 1 },
    ]),
  );
  const [line1] = (
    await callApi<{ rows: { id: number }[] }>(page, 'GET', `/api/entities/quote_lines?filters=${filters}`)
  ).body.rows;
  const lines = grid(page, 'Quote lines');
  await typeInCell(lines, line1!.id, 'unit_price', '505000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved 1 change')).toBeVisible();

  // The change, listed against Rev 1.
  const against = page.getByRole('table', { name: 'Changes against Rev 1' });
  const priced = against.getByRole('row', { name: /Line 1 .*Unit price/ });
  await expect(priced).toContainText('512000.00');
  await expect(priced).toContainText('505000.00');
  await expect(against.getByRole('row', { name: /^Total / })).toContainText('1103000.00');
  await expect(against.getByRole('row', { name: /^Total / })).toContainText('1096000.00');
  await page.screenshot({ path: '/tmp/quote-revision.png', fullPage: true });

  // The bid tab reads Rev 2, the revision in force.
  const adjudications = await callApi<{ rows: { id: number }[] }>(
    page,
    'GET',
    `/api/entities/adjudications?filters=${encodeURIComponent(JSON.stringify([{ field: 'adjudication_number', op: 'equals', value: 'ADJ-200-02' }]))}`,
  );
  await page.goto(`/home/general/adjudication/${adjudications.body.rows[0]!.id}`);
  await expect(page.getByTestId('lowest-evaluated')).toHaveText(
    'Lowest evaluated: Karoo Slurry Pumps (Pty) Ltd (USD 1,096,000.00)',
  );
  const tab = page.getByRole('region', { name: 'Bid tab', exact: true });
  await expect(tab).toContainText('Karoo Slurry Pumps (Pty) Ltd — Q-2025-201 Rev 2 (USD)');
  await expect(
    page.getByText(
      'Karoo Slurry Pumps (Pty) Ltd is evaluated on Q-2025-201 Rev 2, the latest valid revision of Q-2025-201',
    ),
  ).toBeVisible();

  await dropLaterRevisions(page);
});
