import fs from 'node:fs';
import { parseChangelog } from '../../src/lib/changelog';
import { expect, test, type Locator, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';

// Spec §2, §4, §5, §8, §9: the request modal, word for word, and the RequestsBugsV2 list.
const description = `Saving a project forgets the end-user site (e2e ${Date.now()})`;
const response = 'Fixed in the next release; thanks for the steps.';

async function pick(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await combobox.fill(option.slice(0, 4));
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(combobox).toHaveValue(option);
}

/** Admin > RequestsBugsV2, then the row of this test's request. */
async function requestRow(page: Page): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'RequestsBugsV2', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'RequestsBugsV2' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toBeVisible();
  return row;
}

async function openRequest(page: Page): Promise<Locator> {
  const row = await requestRow(page);
  await row.getByRole('gridcell', { name: description }).dblclick();
  const dialog = page.getByRole('dialog', { name: 'Edit Request' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe.serial('the request tracker', () => {
  test('a signed-in user files a request from Quick Links on a project page', async ({ page }) => {
    await signInFromLanding(page, DEMO.viewer);
    await page.goto('/home/general/projectdetail/1/1');
    await page.getByRole('button', { name: 'Quick Links' }).click();
    await page.getByRole('menuitem', { name: 'Request Bug Report' }).click();

    const dialog = page.getByRole('dialog', { name: 'New Request' });
    await expect(dialog).toBeVisible();
    const type = dialog.getByRole('combobox', { name: 'Request Type *' });
    const moduleBox = dialog.getByRole('combobox', { name: 'Module *' });
    const text = dialog.getByRole('textbox', { name: 'Description *' });
    await expect(moduleBox).toHaveValue('Projects');
    await expect(type).toHaveValue('');
    await expect(dialog.getByRole('combobox', { name: 'Priority *' })).toHaveText('5 - Medium');
    await expect(dialog.getByRole('combobox', { name: 'Status *' })).toHaveValue('Open');
    await expect(text).toHaveAttribute('placeholder', 'Be specific about what you expected vs what actually happened.');
    await expect(dialog.getByRole('textbox', { name: 'Steps to Reproduce' })).toHaveAttribute(
      'placeholder',
      'Help us understand how to reproduce the issue.',
    );
    await expect(dialog.getByRole('textbox', { name: 'Response' })).toHaveCount(0);

    // Spec §3's lists read in their id order, as numbered there (not alphabetically).
    await type.click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
      'Bug Report',
      'Feature Request',
      'Enhancement',
      'Support Request',
      'Documentation',
      'UI/UX Issue',
      'Performance Issue',
      'Security Concern',
    ]);
    await page.keyboard.press('Escape');

    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await pick(page, type, 'Bug Report');
    await text.fill('   \n  ');
    await expect(submit).toBeDisabled();
    await text.fill(description);
    await dialog
      .getByRole('textbox', { name: 'Steps to Reproduce' })
      .fill('1. Open project 1\n2. Change the end-user site\n3. Save and reload');
    await expect(submit).toBeEnabled();
    await submit.click();

    const toast = page.getByRole('alert').filter({ hasText: 'Request submitted successfully!' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Success');
    await expect(page.getByText('Request submitted successfully!', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('the request is listed with its names, and reopens with the Response field', async ({ page }) => {
    await signInFromLanding(page, DEMO.viewer);
    const row = await requestRow(page);
    for (const name of ['Bug Report', 'Projects', 'Open', '5 - Medium'])
      await expect(row.getByRole('gridcell', { name, exact: true })).toBeVisible();

    const dialog = await openRequest(page);
    await expect(dialog.getByRole('combobox', { name: 'Request Type *' })).toHaveValue('Bug Report');
    await expect(dialog.getByRole('textbox', { name: 'Description *' })).toHaveValue(description);
    // Only the development team (admins) writes the response and sets the status.
    await expect(dialog.getByRole('textbox', { name: 'Response' })).toHaveAttribute('readonly');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Failed to submit request. Please try again.')).toHaveCount(0);
  });

  test('an admin sets the status and a response', async ({ page }) => {
    await signInFromLanding(page, DEMO.admin);
    const dialog = await openRequest(page);
    await pick(page, dialog.getByRole('combobox', { name: 'Status *' }), 'In Progress');
    await dialog.getByRole('textbox', { name: 'Response' }).fill(response);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Request submitted successfully!', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: description })
        .getByRole('gridcell', { name: 'In Progress', exact: true }),
    ).toBeVisible();
  });

  test('the submitter sees the new status and the response, and can delete the request', async ({ page }) => {
    await signInFromLanding(page, DEMO.viewer);
    const row = await requestRow(page);
    await expect(row.getByRole('gridcell', { name: 'In Progress', exact: true })).toBeVisible();
    const dialog = await openRequest(page);
    await expect(dialog.getByRole('combobox', { name: 'Status *' })).toHaveValue('In Progress');
    await expect(dialog.getByRole('textbox', { name: 'Response' })).toHaveValue(response);

    await dialog.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this request?' });
    await confirm.getByRole('button', { name: 'Delete request' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: description })).toHaveCount(0);
  });

  test('Admin > Updates shows the release notes, newest first', async ({ page }) => {
    await signInFromLanding(page, DEMO.engineer);
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Updates', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Updates' })).toBeVisible();
    // Every release of the repository's CHANGELOG.md, in its order (newest first), each with its title.
    const releases = parseChangelog(fs.readFileSync('CHANGELOG.md', 'utf8'));
    const articles = page.getByRole('article');
    await expect(articles).toHaveCount(releases.length);
    for (const [i, release] of releases.entries())
      await expect(articles.nth(i)).toContainText(`${release.version} · ${release.title}`);
    await expect(articles.last()).toContainText('Platform and sign-in');
  });
});
