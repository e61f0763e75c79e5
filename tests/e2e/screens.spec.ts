import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi } from './support/entity-grid';
import { menuSections } from '../../src/app/paths';

// The remaining screens (#19 item 5): Intro, Demos and Icons.
const CERRO_AZUL = 'Cerro Azul Copper Concentrator';

test('Intro explains every module with a link to it, the lists and the Excel round trip', async ({ page }) => {
  await signInFromLanding(page, DEMO.viewer);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Intro', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Intro' })).toBeVisible();
  const modules = page.getByRole('region', { name: 'The modules' });
  for (const entry of menuSections.flatMap((section) => section.entries)) {
    if (entry.path && !entry.disabled)
      await expect(modules.getByRole('link', { name: entry.label, exact: true })).toHaveAttribute('href', entry.path);
    else await expect(modules.getByText(entry.label, { exact: true })).toBeVisible();
  }
  // Live counts, from the server: the demo database has its clients.
  await expect(modules.getByRole('listitem').filter({ hasText: 'The companies you work for' })).toContainText(
    /\d+ rows/,
  );
  const excel = page.getByRole('region', { name: 'The Excel round trip' });
  for (const step of [
    '1. Export',
    '2. Edit in Excel',
    '3. Import with a preview',
    '4. Pick the mode',
    '5. Conflicts and going back',
  ])
    await expect(excel.getByRole('heading', { name: step })).toBeVisible();
  await expect(excel).toContainText('2 replaces the list');
  await expect(page.getByRole('region', { name: 'Lists and documents' })).toContainText('Undo (Ctrl+Z)');

  await modules.getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
});

test('Demos lists the demo projects for a viewer, without the restore, which the API refuses them', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.viewer);
  await page.goto('/home/demos');
  await expect(page.getByRole('heading', { level: 1, name: 'Demos' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Demo projects' });
  const cerro = table.getByRole('row').filter({ hasText: CERRO_AZUL });
  await expect(cerro).toContainText('Present');
  await expect(cerro).toContainText(/Whole document: \d+ rows in its lists/);
  await expect(page.getByRole('button', { name: 'Restore demo data' })).toHaveCount(0);
  expect((await callApi(page, 'POST', '/api/demos/restore', {})).status).toBe(403);
  await cerro.getByRole('link', { name: CERRO_AZUL }).click();
  await expect(page).toHaveURL(/\/home\/general\/projectdetail\/\d+\/areas$/);
});

test('an admin restores the demo data: a changed demo project gets its seeded values back', async ({ page }) => {
  await signInFromLanding(page, DEMO.admin);
  const listed = await callApi<{ projects: { name: string; id: number }[] }>(page, 'GET', '/api/demos');
  const id = listed.body.projects.find((p) => p.name === CERRO_AZUL)!.id;
  const before = (await callApi<{ description: string; version: number }>(page, 'GET', `/api/entities/projects/${id}`))
    .body;
  const changed = await callApi(page, 'POST', '/api/entities/projects/batch', {
    updates: [{ id, version: before.version, changes: { description: 'Scribbled over in a demo' } }],
  });
  expect(changed.status).toBe(200);

  await page.goto('/home/demos');
  await page.getByRole('button', { name: 'Restore demo data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore the demo data?' });
  await expect(dialog).toContainText('Projects that are not demo data are left as they are.');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Demo data restored' })).toContainText(
    /\d+ projects? put back as seeded/,
  );
  const after = (await callApi<{ description: string }>(page, 'GET', `/api/entities/projects/${id}`)).body;
  expect(after.description).toBe(before.description);
});

test('Icons shows every icon of the menu with where it is used', async ({ page }) => {
  await signInFromLanding(page, DEMO.viewer);
  await page.goto('/home/icons');
  await expect(page.getByRole('heading', { level: 1, name: 'Icons' })).toBeVisible();
  const icons = page.getByRole('list', { name: 'Icons' });
  for (const section of menuSections) {
    for (const entry of section.entries) {
      await expect(icons.getByRole('listitem').filter({ hasText: entry.icon }).first()).toContainText(
        `${section.title} › ${entry.label}`,
      );
    }
  }
});
