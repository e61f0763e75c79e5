import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';

// Search across everything (issue #19 item 4): the navbar's box opens results grouped by kind, the term
// marked, walked with the keyboard; Enter opens the record.

test('a demo tag typed in the navbar is found under Equipment tags, marked, and Enter opens its row', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.viewer);
  const box = page.getByRole('textbox', { name: 'Global search' });
  await box.fill('200-ML-001');

  const results = page.getByRole('listbox', { name: 'Search results' });
  const equipment = results.getByRole('group', { name: 'Equipment tags' });
  const option = equipment.getByRole('option').first();
  await expect(option).toContainText('200-ML-001');
  await expect(option).toContainText('Cerro Azul Copper Concentrator');
  await expect(option.locator('mark').first()).toHaveText('200-ML-001');
  // The equipment group is first: its hit is the exact tag.
  await expect(results.getByRole('group').first()).toHaveAccessibleName('Equipment tags');

  // The term still reaches the screen (spec: broadcast on every input) while the results are open.
  await expect(box).toHaveValue('200-ML-001');
  await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await box.press('Enter');

  await expect(page).toHaveURL(/\/home\/general\/projectdetail\/\d+\/equipment$/);
  const dialog = page.getByRole('dialog', { name: 'View Equipment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Tag' })).toHaveValue('200-ML-001');
  // Opening a result clears the term: the list behind the dialog is not narrowed to it. (The dialog hides
  // the page from the accessibility tree, so the box is found by its label here.)
  await expect(page.locator('input[aria-label="Global search"]')).toHaveValue('');
});

test('Escape closes the results and keeps the term; ArrowUp wraps to the last hit; a click opens a document', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.viewer);
  const box = page.getByRole('textbox', { name: 'Global search' });
  await box.fill('ab');
  await expect(
    page.getByRole('status').filter({ hasText: 'Type at least 3 characters to search everything.' }),
  ).toBeVisible();

  await box.fill('slurry pump');
  const results = page.getByRole('listbox', { name: 'Search results' });
  const supplier = results.getByRole('group', { name: 'Suppliers' }).getByRole('option').first();
  await expect(supplier).toContainText('Karoo Slurry Pumps');
  // Both words marked, in the name and in the scope beneath it.
  await expect(supplier.locator('mark')).toHaveText(['Slurry', 'Pump', 'slurry', 'pump']);
  await box.press('Escape');
  await expect(results).toHaveCount(0);
  await expect(box).toHaveValue('slurry pump');
  await box.press('ArrowDown');
  await expect(results).toBeVisible();
  await box.press('ArrowUp');
  await expect(results.getByRole('option').last()).toHaveAttribute('aria-selected', 'true');

  await results
    .getByRole('group', { name: 'Parts' })
    .getByRole('option', { name: /PMP-SLR-200/ })
    .click();
  await expect(page).toHaveURL(/\/home\/general\/thepart\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Part PMP-SLR-200', level: 1 })).toBeVisible();
  // A second Escape with the results closed clears the term, as before.
  await box.fill('xyz');
  await box.press('Escape');
  await box.press('Escape');
  await expect(box).toHaveValue('');
});
