import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';

test('ItemCategories: the tree counts categories and parts below each node, and picking a node narrows the list to its branch', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.viewer);
  await page.goto('/home/general/app-frame-itemcategory');
  const tree = page.getByRole('tree', { name: 'Category tree' });
  const electrical = tree.getByRole('treeitem', { name: /^EL · Electrical equipment/ });
  // EL has 3 tier-2 and 6 tier-3 categories below it, and the demo parts catalogue files 8 parts under them.
  await expect(electrical).toContainText('9 categories below');
  await expect(electrical).toContainText('8 items');
  await expect(page.getByText('49 rows')).toBeVisible();

  await electrical.click();
  await expect(page.getByText('Showing EL · Electrical equipment and the categories below it')).toBeVisible();
  await expect(page.getByText('10 rows')).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'Soft starters' })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'Magnetic flowmeters' })).toHaveCount(0);

  await page.getByLabel('Show all categories').click();
  await expect(page.getByText('49 rows')).toBeVisible();
});
