import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';

// Housekeeping (issue #19 item 3; field guide §15): an admin opens it from the sidebar, reads the dry run's
// counts and findings on the demo, runs the purge after a confirmation saying what goes, and sees the
// result, the new counts and the run in the history. A viewer is told it is for admins.

test('a viewer is told housekeeping is for admins', async ({ page }) => {
  await signInFromLanding(page, DEMO.viewer);
  await page.goto('/home/general/housekeeping');
  await expect(page.getByRole('heading', { name: 'Housekeeping', level: 1 })).toBeVisible();
  await expect(page.getByText('Admins only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run selected tasks' })).toHaveCount(0);
});

test('an admin reads the dry run, purges the old soft-deleted rows and sees the result and the run', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.admin);
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Housekeeping', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Housekeeping', level: 1 })).toBeVisible();

  // The demo's refinery: a superseded P&ID and a tank on it, deleted long ago; area 900 stays for its generator.
  const purge = page.locator('[data-task="purgeSoftDeleted"]');
  await expect(page.getByLabel('Purge soft-deleted rows count')).toHaveText('2 rows');
  await expect(purge).toContainText('1 P&IDs, 1 Mechanical equipment');
  await expect(purge).toContainText('Kept: 1 Areas (900): still referred to by Mechanical equipment (Area)');
  await expect(page.getByLabel('Mark expired quotes as expired count')).toHaveText(/^\d+ quotes?$/);
  const orphans = page.getByRole('table', { name: /Orphans/ });
  await expect(orphans.getByRole('row', { name: /900-GE-001.*Area 900 is deleted/ })).toBeVisible();
  await expect(
    page.getByRole('table', { name: /Expired quotes still open/ }).getByRole('link', { name: 'Q-2025-099' }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: /Stale exchange rates/ })).toContainText('NOK Norwegian krone');

  await expect(page.getByRole('button', { name: 'Run selected tasks' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Purge soft-deleted rows' }).check();
  await page.getByRole('button', { name: 'Run selected tasks' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run housekeeping?' });
  await expect(dialog).toContainText(
    /Delete for good 2 rows soft-deleted before \d{4}-\d{2}-\d{2}: 1 P&IDs, 1 Mechanical equipment\./,
  );
  await expect(dialog).toContainText('Deleted rows cannot be restored.');
  await dialog.getByRole('button', { name: 'Run' }).click();

  await expect(page.getByRole('alert', { name: 'Run result' })).toContainText(
    'Purge soft-deleted rows: 2 rows deleted, 1 row kept',
  );
  await expect(page.getByLabel('Purge soft-deleted rows count')).toHaveText('0 rows');
  const history = page.getByRole('table', { name: 'Past runs' });
  await expect(history.getByRole('row', { name: /Alex Admin.*Purge soft-deleted rows: 2/ })).toBeVisible();

  // The orphan's link opens its row in the project's equipment tab.
  await orphans.getByRole('link', { name: '900-GE-001' }).click();
  await expect(page).toHaveURL(/\/projectdetail\/\d+\/equipment/);
});
