import { expect, test, type Locator, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, cell, grid, pasteText, pendingSummary, uniqueTag } from './support/entity-grid';

// Proposals (field guide §11): an engineer creates a proposal at the spec's "new proposal" address, adds
// two fee lines in its grid, saves, and reads the fee the server computes; a status move the workflow
// refuses shows its reason on the Status field. The list shows the pipeline strip and opens the document.

async function pick(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await combobox.fill(option.slice(0, 4));
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(combobox).toHaveValue(option);
}

const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Fee summary' })
    .getByRole('group', { name: label, exact: true })
    .getByTestId('figure-value');

/** A fee line typed as a row from Excel, pasted on a new row's Discipline cell. */
async function addLine(page: Page, lines: Locator, values: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Add row' }).click();
  const row = lines.locator('.ag-grid-scrolling-container .ag-row.tb-row-new[row-index="0"]');
  await expect(row).toHaveCount(1);
  const key = (await row.getAttribute('row-id'))!;
  await cell(lines, key, 'discipline_id').click();
  await pasteText(page, values.join('\t'));
  await expect(cell(lines, key, 'rate')).not.toBeEmpty();
}

test('an engineer creates a proposal, adds fee lines, sees the total and weighted value; a refused status move says why', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const number = `PR-${uniqueTag('E2E').toUpperCase()}`;
  const title = 'Tailings thickener concept study';

  await page.goto('/home/general/theproposal/0');
  await expect(page.getByRole('heading', { name: 'New Proposal', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Proposal number *' }).fill(number);
  await pick(page, page.getByRole('combobox', { name: 'Client *' }), 'Cordillera Copper Corp');
  await page.getByRole('textbox', { name: 'Title *' }).fill(title);
  await pick(page, page.getByRole('combobox', { name: 'Currency *' }), 'USD');
  await page.getByRole('textbox', { name: 'Expenses' }).fill('500');
  await page.getByRole('textbox', { name: 'Win probability' }).fill('35');
  await page.getByRole('button', { name: 'Create proposal' }).click();

  await expect(page).toHaveURL(/\/home\/general\/theproposal\/\d+$/);
  await expect(page.getByRole('heading', { name: `Proposal ${number} — ${title}`, level: 1 })).toBeVisible();
  await expect(figure(page, 'Total fee')).toHaveText('USD 500.00');

  // Two fee lines: 120 h x 185.50 + 40 h x 210 = 30,660.00.
  const lines = grid(page, 'Fee lines');
  await addLine(page, lines, ['Process', 'Process design and mass balance', '120', '185.50']);
  await addLine(page, lines, ['Mechanical', 'Equipment list', '40', '210']);
  await expect(pendingSummary(page)).toHaveText('2 pending changes: 2 new rows');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved 2 changes')).toBeVisible();

  await expect(figure(page, 'Labour fee')).toHaveText('USD 30,660.00');
  await expect(figure(page, 'Total fee')).toHaveText('USD 31,160.00');
  // 31,160.00 x 35 % = 10,906.00
  await expect(figure(page, 'Weighted value')).toHaveText('USD 10,906.00');
  await page.screenshot({ path: '/tmp/proposal-document.png', fullPage: true });

  // Draft -> Won skips Submitted: the server refuses it, on the Status field.
  await page.getByRole('combobox', { name: 'Status *' }).click();
  await page.getByRole('option', { name: 'Won', exact: true }).click();
  await page.getByRole('button', { name: 'Save header' }).click();
  await expect(
    page.getByText('A proposal cannot move from Draft to Won; from Draft it may move to: Submitted, Withdrawn'),
  ).toBeVisible();
  // Submitted is a move the workflow allows.
  await page.getByRole('combobox', { name: 'Status *' }).click();
  await page.getByRole('option', { name: 'Submitted', exact: true }).click();
  await page.getByRole('button', { name: 'Save header' }).click();
  await expect(page.getByText('A proposal cannot move from Draft to Won')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Status *' })).toHaveText('Submitted');

  // The list: the pipeline strip above the grid, and the proposal opens its document.
  await page.getByRole('link', { name: 'Back to Proposals' }).click();
  await expect(page.getByRole('heading', { name: 'Proposals', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Proposals pipeline' }).getByRole('group', { name: 'Weighted pipeline' }),
  ).toContainText('USD');
  await page.screenshot({ path: '/tmp/proposals-list.png', fullPage: true });
  const row = grid(page, 'Proposals').locator('.ag-row').filter({ hasText: number });
  await row.locator('.ag-cell[col-id="proposal_number"]').click();
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Proposal ${number} — ${title}`, level: 1 })).toBeVisible();
});

test('a viewer reads a demo proposal and its fee, and cannot change it', async ({ page }) => {
  await signInFromLanding(page, DEMO.viewer);
  const { body: rows } = await callApi<{ id: number; proposal_number: string }[]>(page, 'GET', '/api/proposals');
  const demo = rows.find((row) => row.proposal_number === 'PR-2025-004')!;
  await page.goto(`/home/general/theproposal/${demo.id}`);
  await expect(page.getByRole('heading', { name: /^Proposal PR-2025-004 — /, level: 1 })).toBeVisible();
  await expect(page.getByText('Read-only: changing a proposal needs the engineer role.')).toBeVisible();
  // 400 h x 210 + 720 h x 195 + 300 h x 180 = 278,400.00; + 24,000.00 expenses; x 60 %.
  await expect(figure(page, 'Labour fee')).toHaveText('AUD 278,400.00');
  await expect(figure(page, 'Total fee')).toHaveText('AUD 302,400.00');
  await expect(figure(page, 'Weighted value')).toHaveText('AUD 181,440.00');
  await expect(grid(page, 'Fee lines').locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Save header' })).toHaveCount(0);
  await page.goto('/home/general/proposallist');
  await expect(page.getByRole('link', { name: 'New proposal' })).toHaveCount(0);
});
