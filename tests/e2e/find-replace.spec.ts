import { expect, test, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, cell, listRows, pendingSummary, uniqueTag } from './support/entity-grid';

// Find and replace in the shared grid (issue #30 item 2), on 20,000 rows: Ctrl+H opens it on the grid, the
// preview lists every change (row, field, before, after), nothing changes until it is confirmed, the
// replacement is pending edits (one undo step, saved with Save), and a bad regular expression is said.

const ROWS = 20_000;
const n = (count: number) => count.toLocaleString('en-US');

type ListResponse = { rows: { id: number; version: number }[]; total: number };

/** `count` lithium projects named after `tag`, one in four owned by "<tag> Alpha Resources", through the import API. */
async function seed(page: Page, tag: string, count: number): Promise<void> {
  const usd = await callApi<{ rows: { id: number }[] }>(
    page,
    'GET',
    `/api/entities/currencies?filters=${encodeURIComponent(JSON.stringify([{ field: 'code', op: 'equals', value: 'USD' }]))}`,
  );
  for (let first = 0; first < count; first += 5000) {
    const rows = Array.from({ length: Math.min(5000, count - first) }, (_, j) => {
      const i = first + j;
      return {
        project: `${tag} ${String(i).padStart(5, '0')}`,
        owner: i % 4 === 0 ? `${tag} Alpha Resources` : `${tag} Other Mining`,
        deposit_type: 'brine',
        stage: 'exploration',
        country: 'Chile',
        capex_currency_id: usd.body.rows[0]!.id,
      };
    });
    const imported = await callApi<{ added: number }>(page, 'POST', '/api/entities/lithium_projects/import', {
      mode: 0,
      rows,
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.added).toBe(rows.length);
  }
}

/** Deletes this test's rows again (they would slow every later test that opens the list). */
async function cleanUp(page: Page, tag: string): Promise<void> {
  for (;;) {
    const left = await callApi<ListResponse>(
      page,
      'GET',
      `/api/entities/lithium_projects?q=${encodeURIComponent(tag)}&limit=5000`,
    );
    if (left.body.rows.length === 0) return;
    const deleted = await callApi(page, 'POST', '/api/entities/lithium_projects/batch', {
      deletes: left.body.rows.map((row) => ({ id: row.id, version: row.version })),
    });
    expect(deleted.status, JSON.stringify(deleted.body).slice(0, 500)).toBe(200);
  }
}

test('a replace across 20,000 rows is previewed, confirmed, undone as one step and saved', async ({ page }) => {
  test.setTimeout(240_000);
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('FR').toUpperCase();
  await seed(page, tag, ROWS);
  try {
    await page.goto('/home/general/lithiumprojectlist');
    await page.getByRole('textbox', { name: 'Global search' }).fill(tag);
    await expect(page.getByText(`${n(ROWS)} rows`, { exact: true })).toBeVisible({ timeout: 60_000 });
    const g = page.locator('[role="region"][aria-label="Lithium projects grid"]');
    const firstRow = g.locator('.ag-grid-scrolling-container .ag-row[row-index="0"]');
    const firstId = (await firstRow.getAttribute('row-id'))!;

    // Ctrl+H on a cell: the grid's find and replace, not the browser's.
    await cell(g, firstId, 'owner').click();
    await page.keyboard.press('ControlOrMeta+h');
    const dialog = page.getByRole('dialog', { name: 'Find and replace' });
    await expect(dialog).toBeVisible();
    // A bad regular expression is said in the dialog.
    await dialog.getByRole('checkbox', { name: 'Regular expression' }).check();
    await dialog.getByRole('textbox', { name: 'Find' }).fill('Alpha (');
    await dialog.getByRole('button', { name: 'Preview replace' }).click();
    await expect(dialog.getByRole('status')).toContainText('Not a regular expression');

    // Alpha -> Beta over the owner column: 5,000 changes, previewed; nothing pending yet.
    await dialog.getByRole('textbox', { name: 'Find' }).fill('Alpha (\\w+)');
    await dialog.getByRole('textbox', { name: 'Replace with' }).fill('Beta $1');
    await dialog.getByRole('radio', { name: /^The column Owner/ }).check();
    await dialog.getByRole('button', { name: 'Preview replace' }).click();
    await expect(dialog.getByRole('status')).toHaveText(`${n(ROWS / 4)} changes of ${n(ROWS / 4)} matching cells`);
    const preview = dialog.getByRole('region', { name: 'Replace preview' });
    await expect(preview.getByRole('columnheader', { name: 'Before' })).toBeVisible();
    await expect(preview.getByText(`${tag} Beta Resources`).first()).toBeVisible();
    await expect(preview.getByText(`${tag} Alpha Resources`).first()).toBeVisible();
    if (process.env.SHOT) await page.screenshot({ path: 'test-results/find-replace.png' });
    // (By CSS: the open dialog hides the page from the accessibility tree.)
    await expect(page.locator('[role="status"]', { hasText: /unsaved changes|pending changes?/ })).toHaveText(
      'No unsaved changes',
    );

    await dialog.getByRole('button', { name: `Replace ${n(ROWS / 4)} cells` }).click();
    await expect(dialog).toBeHidden();
    await expect(pendingSummary(page)).toContainText(`${n(ROWS / 4)} rows changed`);
    await expect(cell(g, firstId, 'owner')).toHaveText(`${tag} Beta Resources`);
    // One undo step takes all of it back; redo brings it again.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(pendingSummary(page)).toHaveText('No unsaved changes');
    await expect(cell(g, firstId, 'owner')).toHaveText(`${tag} Alpha Resources`);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(pendingSummary(page)).toContainText(`${n(ROWS / 4)} rows changed`);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(pendingSummary(page)).toHaveText('No unsaved changes', { timeout: 60_000 });
    const stored = await listRows(page, 'lithium_projects', `${tag} Beta Resources`);
    expect(stored).toHaveLength(ROWS / 4 > 1000 ? 1000 : ROWS / 4); // listRows reads one page of 1,000
    const alpha = await callApi<ListResponse>(
      page,
      'GET',
      `/api/entities/lithium_projects?q=${encodeURIComponent(`${tag} Alpha`)}&limit=1`,
    );
    expect(alpha.body.total).toBe(0);
    const beta = await callApi<ListResponse>(
      page,
      'GET',
      `/api/entities/lithium_projects?q=${encodeURIComponent(`${tag} Beta Resources`)}&limit=1`,
    );
    expect(beta.body.total).toBe(ROWS / 4);
  } finally {
    await cleanUp(page, tag);
  }
});
