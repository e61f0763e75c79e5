import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';

// Quotes V1 (field guide §9): the older records, reached from the QuotesV2 list, read-only to an engineer,
// findable and exportable to Excel.

test('an engineer finds the V1 quotes from QuotesV2, reads them (no edits) and exports them', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  await page.goto('/home/general/quotelist1');
  await page.getByRole('link', { name: 'Quotes V1 (older records)' }).click();
  await expect(page).toHaveURL(/\/home\/general\/quotes1$/);
  await expect(page.getByRole('heading', { name: 'Quotes V1', level: 1 })).toBeVisible();
  await expect(page.getByText('Q1-2023-009').first()).toBeVisible();
  await expect(page.getByText(/Read-only/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add row' })).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^quotes_v1-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText(`Exported 10 rows to ${download.suggestedFilename()}.`)).toBeVisible();
});
