import { expect, test, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi } from './support/entity-grid';

// The award lock (issue #29 item 1), as an engineer meets it: the demo's grinding-mill adjudication is awarded,
// so its page says who holds the lock and how to lift it, its header and lists are read-only, and a save that
// reaches the server anyway (a second tab, the API) is refused 409 with that message; the awarded quote's page
// says the same. Withdrawn, the lists are editable again; awarded again, as the demo has it.

type Row = Record<string, unknown> & { id: number; version: number };

async function demoAdjudication(page: Page): Promise<Row> {
  const filters = encodeURIComponent(
    JSON.stringify([{ field: 'adjudication_number', op: 'equals', value: 'ADJ-200-01' }]),
  );
  const found = await callApi<{ rows: Row[] }>(page, 'GET', `/api/entities/adjudications?filters=${filters}`);
  return found.body.rows[0]!;
}

test('an awarded adjudication is locked on its page, its lists read-only, the awarded quote too; withdrawn, it is editable again', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  let adjudication = await demoAdjudication(page);
  const rhein = (
    await callApi<{ id: number; label: string }[]>(page, 'GET', '/api/entities/suppliers/options?q=Rhein&limit=5')
  ).body[0]!;
  if (adjudication.status !== 'awarded') {
    const awarded = await callApi(page, 'POST', `/api/adjudications/${adjudication.id}/award`, {
      supplier_id: rhein.id,
      reason: 'Proven gearless drive',
    });
    expect(awarded.status).toBe(200);
    adjudication = await demoAdjudication(page);
  }

  await page.goto(`/home/general/adjudication/${adjudication.id}`);
  const locked = page.getByRole('status', { name: 'Document locked' });
  await expect(locked).toContainText('ADJ-200-01 is awarded to Rhein Antriebstechnik GmbH');
  await expect(locked).toContainText('Withdraw the award (on the adjudication) to change them.');
  await expect(page.getByRole('note').filter({ hasText: 'Locked by the award of ADJ-200-01' })).toBeVisible();
  // The header's fields cannot be typed in.
  await expect(page.getByRole('textbox', { name: 'Title' })).not.toBeEditable();

  // A score saved past the screen (another tab, a script) is refused with the same message.
  const bidders = await callApi<{ rows: Row[] }>(
    page,
    'GET',
    `/api/entities/adjudication_bidders?filters=${encodeURIComponent(JSON.stringify([{ field: 'adjudication_id', op: 'equals', value: adjudication.id }]))}`,
  );
  const bidder = bidders.body.rows[0]!;
  const refused = await callApi<{ message: string }>(page, 'POST', '/api/entities/adjudication_bidders/batch', {
    updates: [{ id: bidder.id, version: bidder.version, changes: { technical_score: '1' } }],
  });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toContain('ADJ-200-01 is awarded to Rhein Antriebstechnik GmbH');

  // The quote Rhein is evaluated on says so on its own page, and its lines are read-only.
  const rheinBid = bidders.body.rows.find((row) => row.supplier_id === rhein.id)!;
  await page.goto(`/home/general/quote/${String(rheinBid.quote_id)}`);
  await expect(page.getByRole('status', { name: 'Document locked' })).toContainText(
    'is evaluated in ADJ-200-01, awarded to Rhein Antriebstechnik GmbH',
  );
  await expect(page.getByRole('note').filter({ hasText: 'Locked by the award of ADJ-200-01' })).toBeVisible();

  // Withdrawn: the lock is gone and the lists can be changed; then awarded again, as the demo has it.
  await page.goto(`/home/general/adjudication/${adjudication.id}`);
  await page.getByRole('button', { name: 'Withdraw award…' }).click();
  await page
    .getByRole('dialog', { name: 'Withdraw the award of PKG-200-01' })
    .getByRole('button', { name: 'Withdraw award', exact: true })
    .click();
  await expect(page.getByRole('status', { name: 'Document locked' })).toHaveCount(0);
  await expect(page.getByRole('note').filter({ hasText: 'Locked by' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeEditable();
  const again = await callApi(page, 'POST', `/api/adjudications/${adjudication.id}/award`, {
    supplier_id: rhein.id,
    reason: 'Proven gearless drive',
  });
  expect(again.status).toBe(200);
});
