import { expect, test, type Locator, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, cell, createRows, grid, newRowKey, statusCell, typeInCell, uniqueTag } from './support/entity-grid';

// Quotes V2 (issue #17): an estimator enters a EUR quote at /home/general/quote/0, adds its lines in the
// grid, and sees the USD amounts the server derives at the rate of the rate date (EUR 1.0850 on
// 2025-06-30), line by line and in total; the part document shows the statistics of the demo quotes.

async function pick(page: Page, combobox: Locator, typed: string, option: string | RegExp): Promise<void> {
  await combobox.click();
  await combobox.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Types a date into an MUI date field, section by section (YYYY-MM-DD). */
async function typeDate(page: Page, label: string, date: string): Promise<void> {
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(date.replaceAll('-', ''));
}

test('an estimator enters a EUR quote with lines and sees the USD amounts at the frozen rate', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const number = `Q-E2E-${uniqueTag('q').toUpperCase()}`;
  await page.goto('/home/general/quote/0');
  await expect(page.getByRole('heading', { name: 'New quote', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Quote number *' }).fill(number);
  await pick(page, page.getByRole('combobox', { name: 'Supplier *' }), 'Rhein', 'Rhein Antriebstechnik GmbH');
  await pick(page, page.getByRole('combobox', { name: 'Currency *' }), 'EUR', /^EUR/);
  await typeDate(page, 'Date received *', '2025-07-02');
  await typeDate(page, 'Rate date *', '2025-06-30');
  await page.getByRole('button', { name: 'Create quote' }).click();

  await expect(page).toHaveURL(/\/home\/general\/quote\/\d+$/);
  await expect(page.getByRole('heading', { name: `Quote ${number}`, level: 1 })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Quote totals' });
  await expect(totals.getByRole('group', { name: 'Rate applied' })).toContainText('1 EUR = 1.08500000 USD');
  await expect(totals.getByTestId('rate-source')).toHaveText(
    'From the currency rates of 2025-06-30, frozen on the quote',
  );

  // Two lines typed in the grid, saved: the server derives each line's total and USD amount to the cent.
  const lines = grid(page, 'Quote lines');
  await page.getByRole('button', { name: 'Add row' }).click();
  const first = await newRowKey(lines);
  await typeInCell(lines, first, 'line_no', '1');
  await typeInCell(lines, first, 'description', 'Gearless motor drive');
  await typeInCell(lines, first, 'quantity', '2');
  await typeInCell(lines, first, 'unit_price', '12345.67');
  await page.getByRole('button', { name: 'Add row' }).click();
  const second = await newRowKey(lines);
  await typeInCell(lines, second, 'line_no', '2');
  await typeInCell(lines, second, 'description', 'Commissioning spares');
  await typeInCell(lines, second, 'quantity', '1');
  await typeInCell(lines, second, 'unit_price', '999.99');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved 2 changes')).toBeVisible();
  // The toolbar counts the saved rows without a reload.
  await expect(page.getByText('2 rows', { exact: true })).toBeVisible();

  // Saved rows only: for a moment after the save the grid swaps each new row for its stored row.
  const line = (description: string, field: string) =>
    lines.locator('.ag-row:not(.tb-row-new)', { hasText: description }).locator(`[col-id="${field}"]`);
  await expect(line('Gearless motor drive', 'line_total')).toHaveText('24,691.34');
  await expect(line('Gearless motor drive', 'base_amount')).toHaveText('26,790.10');
  await expect(line('Commissioning spares', 'line_total')).toHaveText('999.99');
  await expect(line('Commissioning spares', 'base_amount')).toHaveText('1,084.99');
  await expect(totals.getByRole('group', { name: 'Total (EUR)' })).toContainText('EUR 25,691.33');
  await expect(totals.getByRole('group', { name: 'Total in base currency (USD)' })).toContainText('USD 27,875.09');
  await page.screenshot({ path: '/tmp/quote-document.png', fullPage: true });
});

test('a part opens to the statistics of its quotes, the expired one left out and flagged', async ({ page }) => {
  await signInFromLanding(page, DEMO.viewer);
  await page.goto('/home/general/partslist');
  const parts = grid(page, 'Parts');
  await page.getByRole('textbox', { name: 'Global search' }).fill('PMP-SLR-200');
  await expect(page.getByText('1 row', { exact: true })).toBeVisible();
  await parts.locator('.ag-row [col-id="__status"]').first().dblclick();
  await expect(page).toHaveURL(/\/home\/general\/thepart\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Part PMP-SLR-200', level: 1 })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Quote statistics' });
  await expect(stats.getByRole('group', { name: 'Quotes' })).toContainText('2');
  // Q-2025-201 Rev 1's USD 39,500 and Q-2025-202's AUD 62,500 x 0.6550 = 40,937.50 (Rev 0's 41,000 is superseded).
  await expect(stats.getByRole('group', { name: 'Median' })).toContainText('USD 40,218.75');
  await expect(stats).toContainText('1 line of an expired quote is left out.');
  const quotes = page.getByRole('table', { name: 'Quotes for this part' });
  // The header, four base lines (Q-2025-201 Rev 0 and Rev 1 each list the spare) and Karoo's alternative on
  // each revision (listed, marked, and outside the statistics).
  await expect(quotes.getByRole('row')).toHaveCount(7);
  await expect(quotes.getByRole('row', { name: /Alternative/ }).first()).toContainText('Q-2025-201');
  await expect(quotes.getByRole('row', { name: /Q-2025-099/ })).toContainText('Expired');
  await page.screenshot({ path: '/tmp/part-document.png', fullPage: true });
});

test('the quote search finds a line and links it to a part, whose page then lists it', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  await page.goto('/home/general/quotelist1');
  await page.getByRole('button', { name: 'Find quote lines…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find quote lines' });
  await dialog
    .getByRole('textbox', { name: 'Supplier, part, tag, quote number or text' })
    .fill('Knife gate valve DN 600');
  const found = dialog.getByRole('table', { name: 'Quote lines found' });
  await expect(found.getByRole('row')).toHaveCount(2);
  await expect(found.getByRole('row').nth(1)).toContainText('Q-2025-203');
  await pick(page, dialog.getByRole('combobox', { name: 'Part' }), 'VLV-KGV-300', /^VLV-KGV-300/);
  await dialog.getByRole('button', { name: 'Link line 1 of Q-2025-203' }).click();
  await expect(page.getByText('Line 1 of Q-2025-203 linked to VLV-KGV-300')).toBeVisible();
  await expect(found.getByRole('link', { name: 'VLV-KGV-300' })).toBeVisible();

  // The part's page lists the line and prices it in USD at the quote's frozen CLP rate (4,850,000 x 0.00106).
  await found.getByRole('link', { name: 'VLV-KGV-300' }).click();
  await expect(page.getByRole('heading', { name: 'Part VLV-KGV-300', level: 1 })).toBeVisible();
  const quotes = page.getByRole('table', { name: 'Quotes for this part' });
  await expect(quotes.getByRole('row', { name: /Q-2025-203/ })).toContainText('USD 5,141.00');
  await expect(
    page.getByRole('region', { name: 'Quote statistics' }).getByRole('group', { name: 'Median' }),
  ).toContainText('USD 5,141.00');
});

// A quote line's equipment tag (schema `suggest`): typing offers the tags of the quote's project, from its
// equipment list, in its cell and in a line's dialog; a pick fills the cell, and any other text can still be
// typed (the save checks it).
test("a quote line's tag is offered from its project's equipment list as the estimator types", async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  // A quote of its own, like Q-2025-101's SAG mill line: the demo's quotes on the mills are evaluated in the
  // awarded ADJ-200-01, so they are locked (#29 item 1).
  const filters = encodeURIComponent(JSON.stringify([{ field: 'quote_number', op: 'equals', value: 'Q-2025-101' }]));
  const demo = (
    await callApi<{ rows: Record<string, unknown>[] }>(page, 'GET', `/api/entities/quotes?filters=${filters}`)
  ).body.rows[0]!;
  const [quote] = await createRows(page, 'quotes', [
    {
      quote_number: `Q-E2E-${uniqueTag('q').toUpperCase()}`,
      supplier_id: demo.supplier_id,
      project_id: demo.project_id,
      currency_id: demo.currency_id,
      date_received: demo.date_received,
      rate_date: demo.rate_date,
      valid_until: '2099-12-31',
    },
  ]);
  await createRows(page, 'quote_lines', [
    {
      quote_id: quote!.id,
      line_no: 1,
      tag: '200-ML-001',
      description: 'SAG mill',
      quantity: '1',
      unit_price: '38950000.00',
    },
  ]);
  await page.goto(`/home/general/quote/${quote!.id}`);
  const lines = grid(page, 'Quote lines');
  await expect(lines.locator('.ag-row').first()).toBeVisible();

  // A stored line's dialog offers the same as its cell.
  const stored = (await lines.locator('.ag-grid-scrolling-container .ag-row').first().getAttribute('row-id'))!;
  await statusCell(lines, stored).dblclick();
  const dialog = page.getByRole('dialog');
  // Its derived figures are shown too, as saved (they were blank in the row dialog).
  await expect(dialog.getByRole('textbox', { name: 'Line total' })).toHaveValue(/^38,?950,?000\.00$/);
  await expect(dialog.getByRole('textbox', { name: 'Base amount' })).toHaveValue(/^38,?950,?000\.00$/);
  const tagInput = dialog.getByRole('combobox', { name: 'Equipment tag' });
  await tagInput.fill('200-ML-00');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['200-ML-001', '200-ML-002', '200-ML-003']);
  await page.keyboard.press('Escape');
  await dialog
    .getByRole('button', { name: /Cancel|Close/ })
    .first()
    .click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add row' }).click();
  const key = await newRowKey(lines);
  await cell(lines, key, 'tag').dblclick();
  const input = page.locator('.ag-popup-editor input');
  await expect(input).toBeFocused();
  await input.pressSequentially('200-ML');
  const offered = page.locator('.ag-popup-editor [role="option"]');
  await expect(offered).toHaveText(['200-ML-001', '200-ML-002', '200-ML-003']);
  await input.press('ArrowDown');
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(cell(lines, key, 'tag')).toHaveText('200-ML-002');

  // Free text stays possible: a tag not (yet) on the list is typed as it is.
  await cell(lines, key, 'tag').dblclick();
  await expect(input).toBeFocused();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially('200-ML-009');
  await expect(offered).toHaveCount(0);
  await input.press('Enter');
  await expect(cell(lines, key, 'tag')).toHaveText('200-ML-009');
});
