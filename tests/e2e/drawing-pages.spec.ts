import { expect, test, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, cell, createRows, createTestProject, grid } from './support/entity-grid';

// Drawing pages (field guide §6): a P&ID opens from the P&IDs tab to its own page, with its header and the
// equipment, instruments, lines and streams on it; each links back to its row, opened in its tab. An
// engineer soft-deletes the drawing (a Deleted banner, hidden from the list) and restores it; a viewer
// reads the page with no buttons.

const SHOTS = process.env.DRAWING_SHOTS_DIR ?? '/tmp';

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('an engineer opens a P&ID, follows a row back to its list, deletes the drawing and restores it', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'drawing');
  const [area] = await createRows(page, 'areas', [{ project_id: projectId, areacode: '200', description: 'Grinding' }]);
  const [pid, otherPid] = await createRows(page, 'pids', [
    {
      project_id: projectId,
      drawing_number: 'PID-200-001',
      sheet: 1,
      title: 'Grinding: SAG mill and cyclone feed',
      revision: 'B',
      status: 'IFA',
      projarea_id: area!.id,
    },
    { project_id: projectId, drawing_number: 'PID-200-002', title: 'Ball mill', projarea_id: area!.id },
  ]);
  const [mill, pump] = await createRows(page, 'mech_equipment', [
    {
      projarea_id: area!.id,
      tagno: '200-ML-001',
      description: 'SAG mill',
      type_code: 'ML',
      installed_kw: '12000',
      pid_id: pid!.id,
    },
    {
      projarea_id: area!.id,
      tagno: '200-PP-001',
      description: 'Cyclone feed pump',
      type_code: 'PP',
      installed_kw: '750',
      pid_id: pid!.id,
    },
    {
      projarea_id: area!.id,
      tagno: '200-ML-002',
      description: 'Ball mill',
      type_code: 'ML',
      installed_kw: '9000',
      pid_id: otherPid!.id,
    },
  ]);
  const [wit] = await createRows(page, 'instruments', [
    {
      projarea_id: area!.id,
      tagno: '200-WIT-001',
      letters: 'WIT',
      service: 'SAG feed weight',
      io_type: 'AI',
      equipment_id: mill!.id,
      pid_id: pid!.id,
    },
    {
      projarea_id: area!.id,
      tagno: '200-PIT-001',
      letters: 'PIT',
      service: 'Cyclone feed pressure',
      io_type: 'AI',
      equipment_id: pump!.id,
      pid_id: pid!.id,
    },
  ]);
  const [line] = await createRows(page, 'piping', [
    {
      projarea_id: area!.id,
      size_mm: 350,
      service_code: 'SL',
      sequence: 1,
      pipe_spec: 'HR1',
      from_tag: '200-PP-001',
      to_tag: '200-CY-001',
      fluid: 'Slurry',
      pid_id: pid!.id,
    },
  ]);
  await createRows(page, 'streams', [
    {
      project_id: projectId,
      stream_number: 'S-201',
      description: 'Cyclone feed',
      pid_id: pid!.id,
      from_equipment_id: pump!.id,
      mass_flow_tph: '1850',
    },
  ]);

  // From the P&IDs tab: the row's "Open drawing page".
  await page.goto(`/home/general/projectdetail/${projectId}/pids`);
  const pids = grid(page, 'P&IDs');
  await cell(pids, pid!.id, 'title').click();
  await page.getByRole('button', { name: 'Open drawing page' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/general/projectdetail/${projectId}/pids/${pid!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'P&ID PID-200-001' })).toBeVisible();
  const header = page.getByRole('region', { name: 'P&ID header' });
  await expect(header).toContainText('Grinding: SAG mill and cyclone feed');
  await expect(header).toContainText('IFA (for approval)');
  await expect(header.getByRole('link', { name: '200' })).toBeVisible();
  const equipment = page.getByRole('table', { name: 'Equipment' });
  await expect(equipment.locator('tbody tr td:first-child')).toHaveText(['200-ML-001', '200-PP-001']);
  await expect(page.getByRole('table', { name: 'Instruments' }).locator('tbody tr td:first-child')).toHaveText([
    '200-PIT-001',
    '200-WIT-001',
  ]);
  await expect(page.getByRole('table', { name: 'Lines' }).locator('tbody tr td:first-child')).toHaveText([
    String(line!.line_number),
  ]);
  await expect(page.getByRole('table', { name: 'Streams' })).toContainText('S-201');
  await expect(page.getByRole('table', { name: 'Streams' })).toContainText('200-PP-001');
  await expect(page.getByText('Read-only')).toHaveCount(0);
  await shoot(page, 'drawing-page-engineer');

  // An instrument's tag opens its row in the Instruments tab, in its dialog.
  await page.getByRole('table', { name: 'Instruments' }).getByRole('link', { name: '200-WIT-001' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/general/projectdetail/${projectId}/instruments$`));
  const dialog = page.getByRole('dialog', { name: 'Edit Instrument' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Tag' })).toHaveValue('200-WIT-001');
  await expect(grid(page, 'Instruments').locator(`.ag-row-selected[row-id="${wit!.id}"]`)).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'P&ID PID-200-001' })).toBeVisible();

  // Soft delete: a Deleted banner, the drawing gone from the tab's list, restored from the page.
  await page.getByRole('button', { name: 'Delete drawing' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete P&ID PID-200-001?' });
  await expect(confirm).toContainText('2 equipment, 2 instruments, 1 line, 1 stream keep pointing at it');
  await confirm.getByRole('button', { name: 'Delete drawing' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'is soft-deleted' });
  await expect(banner).toContainText('This P&ID is soft-deleted');
  await expect(page.getByRole('button', { name: 'Delete drawing' })).toHaveCount(0);
  expect((await callApi<{ deleteflag: boolean }>(page, 'GET', `/api/entities/pids/${pid!.id}`)).body.deleteflag).toBe(
    true,
  );
  await shoot(page, 'drawing-page-deleted');
  const listed = await callApi<{ drawing_number: string }[]>(page, 'GET', `/api/pids?project_id=${projectId}`);
  expect(listed.body.map((row) => row.drawing_number)).toEqual(['PID-200-002']);

  await banner.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'is soft-deleted' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete drawing' })).toBeVisible();
  expect(
    (await callApi<{ deleteflag: boolean; version: number }>(page, 'GET', `/api/entities/pids/${pid!.id}`)).body,
  ).toMatchObject({ deleteflag: false, version: 3 });

  // The page's own link to its row in the P&IDs list.
  await page.getByRole('link', { name: 'Open in the P&IDs list' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit P&ID' })).toBeVisible();
  await expect(
    page.getByRole('dialog', { name: 'Edit P&ID' }).getByRole('textbox', { name: 'Drawing number' }),
  ).toHaveValue('PID-200-001');
});

test('a viewer reads a drawing page with no buttons', async ({ page }) => {
  await signInFromLanding(page, DEMO.viewer);
  const projects = await callApi<{ id: number; name: string }[]>(page, 'GET', '/api/projects');
  const project = projects.body.find((p) => p.name === 'Cerro Azul Copper Concentrator')!;
  const pids = await callApi<{ id: number; drawing_number: string }[]>(
    page,
    'GET',
    `/api/pids?project_id=${project.id}`,
  );
  const grinding = pids.body.find((row) => row.drawing_number === 'PID-200-001')!;

  await page.goto(`/home/general/projectdetail/${project.id}/pids/${grinding.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'P&ID PID-200-001' })).toBeVisible();
  await expect(
    page.getByText('Read-only: your role (viewer) cannot change P&IDs (needs engineer). This page is read-only.'),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Equipment' }).locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete drawing' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Restore' })).toHaveCount(0);
  await shoot(page, 'drawing-page-viewer');

  // The PFD of the demo: its streams and the equipment they run between.
  const document = await callApi<{ pfds: { id: number }[] }>(page, 'GET', `/api/projects/${project.id}`);
  await page.goto(`/home/general/projectdetail/${project.id}/pfds/${document.body.pfds[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^PFD / })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Streams' }).locator('tbody tr').first()).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Equipment the streams run between' }).locator('tbody tr').first(),
  ).toBeVisible();
  await shoot(page, 'drawing-page-pfd');
});
