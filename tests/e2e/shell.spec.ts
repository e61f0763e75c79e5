import { expect, test, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';

// Spec §2, word for word: every enabled sidebar entry and where it goes.
const SIDEBAR: [label: string, path: string][] = [
  ['Dashboard', '/home/dashboard'],
  ['Updates', '/home/general/appupdates'],
  ['RequestsBugsV2', '/home/general/requestsbugsV2'],
  ['Meetings', '/home/general/meetinglist'],
  ['Clients', '/home/general/clientlist'],
  ['Suppliers', '/home/general/supplierlist'],
  ['Projects', '/home/general/projectlist'],
  ['LithiumProjects', '/home/general/lithiumprojectlist'],
  ['Parts & ME Lists', '/home/general/partslist'],
  ['Proposals', '/home/general/proposallist'],
  ['QuotesV2', '/home/general/quotelist1'],
  ['Packages', '/home/general/packagelist'],
  ['Adjudications', '/home/general/adjudicationlist'],
  ['CAPEX', '/home/general/capex'],
  ['Intro', '/home/general/appintro'],
  ['ItemCategories', '/home/general/app-frame-itemcategory'],
  ['ManageTables', '/home/general/admintables'],
  ['Housekeeping', '/home/general/housekeeping'],
];

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

test.describe('the workbench shell', () => {
  test.beforeEach(async ({ page }) => {
    await signInFromLanding(page, DEMO.engineer);
  });

  test('every sidebar entry navigates to its page, and the disabled ones are marked', async ({ page }) => {
    test.slow(); // every entry's page, each loading its data
    for (const [label, path] of SIDEBAR) {
      await sidebar(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[&]/g, '\\$&')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expect(sidebar(page).getByRole('link', { name: 'ProposalsV2', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(sidebar(page).getByText('Commercial', { exact: true })).toHaveAttribute('aria-disabled', 'true');
    await expect(sidebar(page).getByText('Manage', { exact: true })).toHaveAttribute('aria-disabled', 'true');
  });

  test('every sidebar entry opens a built page titled as the entry (h1 and browser tab)', async ({ page }) => {
    test.slow(); // seventeen pages
    // Walks the sidebar as drawn, so an entry added later is checked too.
    const links = sidebar(page).locator('li a[href]');
    const labels = (await links.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    expect(labels.length).toBeGreaterThanOrEqual(SIDEBAR.length);
    for (const label of labels) {
      await sidebar(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
      await expect(page).toHaveTitle(`${label} · Tagbase`);
      // Every module is built (#19): the placeholder (features/not-built) shows nowhere in the sidebar's reach.
      await expect(page.getByText('This module is not built yet.', { exact: false })).toHaveCount(0);
    }
  });

  test('the project document keeps its page mounted while its tabs change', async ({ page }) => {
    // Picking makes it current; the modal's Open opens its document (a pick alone moves nowhere: below).
    await page.getByRole('button', { name: 'Select project' }).click();
    await page
      .getByRole('dialog', { name: 'Select a project' })
      .getByRole('row', { name: /Salar Brine DLE Pilot Plant/ })
      .click();
    await page.getByRole('button', { name: 'Select project' }).click();
    await page
      .getByRole('dialog', { name: 'Select a project' })
      .getByRole('button', { name: 'Open Salar Brine DLE Pilot Plant' })
      .click();
    await expect(page.getByRole('tab', { name: 'Areas', selected: true })).toBeVisible();
    const header = page.getByRole('button', { name: /Project header/ });
    await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    // An unsaved header edit survives a tab change without a question: nothing would be lost.
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.fill('Kept across the tabs');
    await page.getByRole('tab', { name: 'Instruments' }).click();
    await expect(page).toHaveURL(/\/projectdetail\/\d+\/instruments$/);
    await expect(page.getByRole('tab', { name: 'Instruments', selected: true })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Remounted, the page would load the project again and fold its header.
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    await expect(description).toHaveValue('Kept across the tabs');
    // Leaving the document still asks.
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Clients', exact: true }).click();
    await expect(page.getByRole('dialog', { name: /Leave and discard/ })).toBeVisible();
  });

  test('the global search box filters the activity feed on every keystroke and clears', async ({ page }) => {
    const feed = page.getByRole('table', { name: 'Recent activity' });
    await expect(feed.getByRole('row').nth(1)).toBeVisible();
    const search = page.getByRole('textbox', { name: 'Global search' });
    await search.pressSequentially('zzzz-no-match');
    await expect(feed.getByText('zzzz', { exact: false })).toHaveCount(0);
    await expect(page.getByText(/No activity matches|No activity yet/)).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(feed.getByRole('row').nth(1)).toBeVisible();
  });

  test('notifications show the audit trail and load on the first opening only', async ({ page }) => {
    await sidebar(page).getByRole('link', { name: 'Clients', exact: true }).click();
    let loads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/dashboarddata')) loads++;
    });
    await page.getByRole('button', { name: 'Notifications' }).click();
    const panel = page.getByRole('dialog', { name: '6 New Notifications' });
    // Entries speak in words and labels ('system added 6 Projects'), never table or column names.
    await expect(panel.getByText(/ (added|changed|deleted|set|cleared) /).first()).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Clear all' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'View all' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(panel).toBeVisible();
    expect(loads).toBe(1);
    await panel.getByRole('button', { name: 'Clear all' }).click();
    await expect(panel.getByText(/ (added|changed|deleted|set|cleared) /)).toHaveCount(0);
  });

  test('the project picker lists the projects with the spec columns; a pick only closes it and sets the current project', async ({
    page,
  }) => {
    const picker = page.getByRole('button', { name: 'Select project' });
    await expect(picker).toHaveText('Select project');
    await picker.click();
    const dialog = page.getByRole('dialog', { name: 'Select a project' });
    for (const column of [
      '#',
      'Project Name',
      'Client',
      'Description',
      'EndUserName',
      'EndUserSite',
      'EndUserLocation',
    ]) {
      await expect(dialog.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await dialog.getByRole('row', { name: /Salar Brine DLE Pilot Plant/ }).click();
    await expect(dialog).toBeHidden();
    // Spec §2: picking only closes the modal. No move: still the dashboard; the navbar names the project.
    await expect(page).toHaveURL(/\/home\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(picker).toHaveText('Salar Brine DLE Pilot Plant');
    await expect(picker).toHaveAccessibleName('Select project (current: Salar Brine DLE Pilot Plant)');

    // A list that takes a project starts new rows in it (packages); a reload keeps it current.
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Packages', exact: true })
      .click();
    await page.getByRole('button', { name: 'Add row' }).click();
    const packages = page.locator('[role="region"][aria-label="Packages grid"]');
    await expect(packages.locator('.ag-row.tb-row-new .ag-cell[col-id="project_id"]').first()).toHaveText(
      'Salar Brine DLE Pilot Plant',
    );
    page.once('dialog', (question) => void question.accept());
    await page.reload();
    await expect(picker).toHaveText('Salar Brine DLE Pilot Plant');

    // The modal marks it, and can clear it.
    await picker.click();
    await expect(dialog.getByRole('row', { name: /Salar Brine DLE Pilot Plant/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await dialog.getByRole('button', { name: 'Clear the current project' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(picker).toHaveText('Select project');
  });

  test('the profile dropdown and page show who is signed in', async ({ page }) => {
    await page.getByRole('button', { name: 'Profile' }).click();
    await expect(page.getByText('engineer@tagbase.example').first()).toBeVisible();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/general\/profile$/);
    await expect(page.getByText('Erin Engineer').first()).toBeVisible();
    await expect(page.getByText('engineer', { exact: true }).first()).toBeVisible();
  });
});
