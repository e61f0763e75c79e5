import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { cell, createRows, grid, newRowKey, pasteText, statusCell, uniqueTag } from './support/entity-grid';

// Meetings (field guide §12): an engineer opens a meeting from the Meetings list, starts the next meeting
// of its series, and finds the open action (only it) carried into the new meeting; the overdue view lists
// that action under its owner, linking to the meeting it now lives in.

test('an engineer carries an open action to the next meeting and finds it overdue under its owner', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('meet');
  const series = `E2E series ${tag}`;
  const owner = `Owner ${tag}`;
  const [meeting] = await createRows(page, 'meetings', [
    { title: `E2E progress ${tag}`, series, meeting_date: '2025-11-03', location: 'Room 2', is_testdata: true },
  ]);
  await createRows(page, 'meeting_items', [
    { meeting_id: meeting!.id, item_no: 1, kind: 'information', description: `Progress noted ${tag}` },
    {
      meeting_id: meeting!.id,
      item_no: 2,
      kind: 'action',
      description: `Confirm motor voltage ${tag}`,
      owner,
      due_date: '2025-11-05',
      status: 'open',
    },
    {
      meeting_id: meeting!.id,
      item_no: 3,
      kind: 'action',
      description: `Issue bid evaluation ${tag}`,
      owner,
      due_date: '2025-11-04',
      status: 'done',
    },
  ]);

  // The sidebar's Meetings is the list; opening the row opens the meeting's document.
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Meetings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Meetings', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New meeting' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Global search' }).fill(tag);
  const list = grid(page, 'Meetings');
  await expect(list.locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(1);
  await statusCell(list, meeting!.id).dblclick();
  await expect(page).toHaveURL(new RegExp(`/home/general/meeting/${meeting!.id}$`));
  await expect(page.getByRole('heading', { name: `E2E progress ${tag}`, level: 1 })).toBeVisible();
  const minutes = grid(page, 'Minutes');
  await expect(minutes.getByText(`Confirm motor voltage ${tag}`)).toBeVisible();

  await page.getByRole('button', { name: 'Next meeting (carry open actions)…' }).click();
  const dialog = page.getByRole('dialog', { name: `Next meeting of ${series}` });
  await expect(dialog.getByLabel('Date')).toHaveValue('2025-11-10');
  await dialog.getByRole('button', { name: 'Create next meeting' }).click();

  await expect(page).not.toHaveURL(new RegExp(`/meeting/${meeting!.id}$`));
  await expect(page.getByText(`${series} · 2025-11-10`)).toBeVisible();
  const carried = grid(page, 'Minutes');
  await expect(carried.getByText(`Confirm motor voltage ${tag}`)).toBeVisible();
  await expect(carried.getByText('2025-11-03 #2')).toBeVisible();
  await expect(carried.locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(1);
  const nextUrl = page.url();

  // Overdue actions by owner: the carried action, once, in the meeting it was carried to.
  await page.getByRole('button', { name: 'Overdue actions by owner' }).click();
  await expect(page.getByRole('tab', { name: 'Overdue actions by owner', selected: true })).toBeVisible();
  const group = page.getByRole('region', { name: `Overdue actions of ${owner}` });
  await expect(group.getByRole('heading', { name: `${owner}: 1 overdue action, oldest due 2025-11-05` })).toBeVisible();
  await expect(
    group.getByRole('row', { name: new RegExp(`2025-11-05 \\d+ Confirm motor voltage ${tag}`) }),
  ).toBeVisible();
  await group.getByRole('link', { name: `E2E progress ${tag} (2025-11-10)` }).click();
  await expect(page).toHaveURL(nextUrl);
});

// Numbered rows (schema `numbered`): a new minute's No. is the save's to give. The grid says "auto" until
// then, and the saved row takes one past the meeting's highest number, not its count.
test('a new minute is numbered for the user: "auto" until saved, then one past the last', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('num');
  const [meeting] = await createRows(page, 'meetings', [
    { title: `E2E numbering ${tag}`, series: `E2E numbering ${tag}`, meeting_date: '2025-11-03', is_testdata: true },
  ]);
  await createRows(page, 'meeting_items', [
    { meeting_id: meeting!.id, item_no: 1, kind: 'information', description: `First ${tag}` },
    { meeting_id: meeting!.id, item_no: 7, kind: 'decision', description: `Seventh ${tag}` },
  ]);
  await page.goto(`/home/general/meeting/${meeting!.id}`);
  const minutes = grid(page, 'Minutes');
  await expect(minutes.getByText(`Seventh ${tag}`)).toBeVisible();

  await page.getByRole('button', { name: 'Add row' }).click();
  const key = await newRowKey(minutes);
  await expect(cell(minutes, key, 'item_no')).toHaveText('auto');
  await cell(minutes, key, 'description').click();
  await pasteText(page, `Added ${tag}`);
  await expect(cell(minutes, key, 'description')).toHaveText(`Added ${tag}`);
  await expect(cell(minutes, key, 'item_no')).not.toHaveClass(/tb-cell-error/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved 1 change')).toBeVisible();
  const saved = minutes.locator('.ag-row:not(.tb-row-new)', { hasText: `Added ${tag}` });
  await expect(saved.locator('.ag-cell[col-id="item_no"]')).toHaveText('8');

  // A duplicate of it is numbered by its save too, not refused as a second No. 8.
  await saved.locator('.ag-selection-checkbox input').check();
  await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
  const copy = await newRowKey(minutes);
  await expect(cell(minutes, copy, 'item_no')).toHaveText('auto');
  await expect(cell(minutes, copy, 'item_no')).not.toHaveClass(/tb-cell-error/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved 1 change')).toBeVisible();
  await expect(
    minutes.locator('.ag-row:not(.tb-row-new)', { hasText: `Added ${tag}` }).locator('.ag-cell[col-id="item_no"]'),
  ).toHaveText(['8', '9']);
});
