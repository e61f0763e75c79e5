import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, cell, createRows, createTestProject, grid } from './support/entity-grid';

// Bulk rename of tags (issue #30 item 3): an engineer renames area 100 to 110 on a project under change
// control. The dialog previews every tag before and after and the cable ends that follow, refuses a pattern
// whose new tag clashes, and renames in one go; the cable list then shows the new ends, and the equipment list
// marks the renamed rows changed since revision A, the old tag on hover. A viewer cannot start it.

test('an engineer renames area 100 to 110: tags, cable ends and the line follow; a clash is refused first', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'rename');
  const [a100] = await createRows(page, 'areas', [
    { project_id: projectId, areacode: '100', description: 'Crushing' },
    { project_id: projectId, areacode: '200', description: 'Grinding' },
  ]);
  const [crusher, conveyor] = await createRows(page, 'mech_equipment', [
    { projarea_id: a100!.id, tagno: '100-CR-001', description: 'Primary crusher', type_code: 'CR' },
    { projarea_id: a100!.id, tagno: '100-CV-001', description: 'Crusher discharge conveyor', type_code: 'CV' },
  ]);
  const [weigher, level] = await createRows(page, 'instruments', [
    {
      projarea_id: a100!.id,
      tagno: '100-WIT-101',
      letters: 'WIT',
      loop_number: '101',
      io_type: 'AI',
      equipment_id: conveyor!.id,
    },
    {
      projarea_id: a100!.id,
      tagno: '100-LIT-102',
      letters: 'LIT',
      loop_number: '102',
      io_type: 'AI',
      equipment_id: crusher!.id,
    },
  ]);
  const [c1, c2] = await createRows(page, 'cabling', [
    {
      instrument_id: weigher!.id,
      cable_tag: '100-WIT-101-I-01',
      from_tag: '100-WIT-101',
      to_tag: 'JB-100-01',
      length_m: '45',
    },
    {
      instrument_id: level!.id,
      cable_tag: '100-LIT-102-I-01',
      from_tag: '100-LIT-102',
      to_tag: 'JB-100-01',
      length_m: '30',
    },
  ]);
  await createRows(page, 'piping', [
    {
      projarea_id: a100!.id,
      size_mm: 300,
      service_code: 'SL',
      sequence: 1,
      pipe_spec: 'HR1',
      from_tag: '100-CR-001',
      to_tag: '100-CV-001',
    },
  ]);
  const issued = await callApi(page, 'POST', `/api/projects/${projectId}/revisions`, { rev: 'A', purpose: 'IFR' });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);

  await page.goto(`/home/general/projectdetail/${projectId}/cabling`);
  const cables = grid(page, 'Cabling');
  await expect(cell(cables, c1!.id, 'to_tag')).toHaveText('JB-100-01');
  await page.getByRole('button', { name: 'Rename tags…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename tags' });

  // A pattern whose new tag is already taken: listed, and nothing can be renamed.
  await dialog.getByRole('textbox', { name: 'Find' }).fill('^100-CV-');
  await dialog.getByRole('textbox', { name: 'Replace with' }).fill('100-CR-');
  await dialog.getByRole('checkbox', { name: 'Regular expression' }).check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByLabel('Clashes')).toContainText(
    '100-CV-001 would become 100-CR-001, already taken in Equipment',
  );
  await expect(dialog.getByRole('button', { name: 'Rename 1 tag' })).toBeDisabled();

  // Area 100 becomes 110: every tag, the junction box, the line (composed from its area) and the texts naming them.
  await dialog.getByRole('checkbox', { name: 'Regular expression' }).uncheck();
  await dialog.getByRole('textbox', { name: 'Find' }).fill('100');
  await dialog.getByRole('textbox', { name: 'Replace with' }).fill('110');
  await expect(dialog.getByRole('button', { name: /^Rename \d+ tags?$/ })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const tags = dialog.getByRole('table', { name: 'Tags renamed' });
  await expect(tags.getByRole('row', { name: 'Areas 100 110' })).toBeVisible();
  await expect(tags.getByRole('row', { name: 'Equipment 100-CR-001 110-CR-001' })).toBeVisible();
  await expect(tags.getByRole('row', { name: 'Lines 300-SL-100-001-HR1 300-SL-110-001-HR1' })).toBeVisible();
  await expect(
    tags.getByRole('row', { name: 'Junction boxes, panels and other ends JB-100-01 JB-110-01 2 ends' }),
  ).toBeVisible();
  await expect(tags.getByRole('row')).toHaveCount(1 + 9); // the area, 2 equipment, 2 instruments, 2 cables, the line, the junction box; no loop (101, 102)
  await expect(dialog.getByLabel('Rename counts')).toHaveText(
    '9 tags renamed; 6 texts naming them follow; 9 rows linked by id follow by themselves; 8 rows written.',
  );
  await dialog.getByRole('tab', { name: 'References (6)' }).click();
  const references = dialog.getByRole('table', { name: 'References that follow' });
  await expect(
    references.getByRole('row', { name: 'Cabling 110-WIT-101-I-01 From 100-WIT-101 110-WIT-101' }),
  ).toBeVisible();
  await expect(references.getByRole('row', { name: 'Cabling 110-WIT-101-I-01 To JB-100-01 JB-110-01' })).toBeVisible();
  await expect(
    references.getByRole('row', { name: 'Line list 300-SL-110-001-HR1 From 100-CR-001 110-CR-001' }),
  ).toBeVisible();
  await dialog.screenshot({ path: 'test-results/tag-rename-preview.png' });
  await dialog.getByRole('button', { name: 'Rename 9 tags' }).click();
  await expect(page.getByText('Renamed 9 tags; 6 references followed')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The cable list, read again: the new tags and ends.
  await expect(cell(cables, c1!.id, 'cable_tag')).toHaveText('110-WIT-101-I-01');
  await expect(cell(cables, c1!.id, 'from_tag')).toHaveText('110-WIT-101');
  await expect(cell(cables, c1!.id, 'to_tag')).toHaveText('JB-110-01');
  await expect(cell(cables, c2!.id, 'from_tag')).toHaveText('110-LIT-102');
  await expect(cell(cables, c2!.id, 'to_tag')).toHaveText('JB-110-01');
  await expect(cell(cables, c2!.id, 'to_tag')).toHaveClass(/tb-cell-since/);
  // The instrument it belongs to is the same row (by id), renamed itself: not this cable's change.
  await expect(cell(cables, c2!.id, 'instrument_id')).toHaveText('110-LIT-102');
  await expect(cell(cables, c2!.id, 'instrument_id')).not.toHaveClass(/tb-cell-since/);
  await page.screenshot({ path: 'test-results/tag-rename-cables.png' });

  // The equipment list marks the renamed rows changed since revision A, the old tag on the tag.
  await page.getByRole('tab', { name: 'Mechanical equipment' }).click();
  const equipment = grid(page, 'Mechanical equipment');
  await expect(cell(equipment, crusher!.id, 'tagno')).toHaveText('110-CR-001');
  await expect(cell(equipment, crusher!.id, 'tagno')).toHaveClass(/tb-cell-since/);
  await expect(cell(equipment, crusher!.id, 'tagno')).toHaveAttribute('title', 'Revision A: 100-CR-001');
  await expect(cell(equipment, crusher!.id, 'projarea_id')).toHaveText('110');
  await expect(cell(equipment, crusher!.id, 'projarea_id')).not.toHaveClass(/tb-cell-since/);
});

test('a viewer sees Rename tags… disabled, with the reason', async ({ page }) => {
  await signInFromLanding(page, DEMO.viewer);
  const projects = await callApi<{ id: number; name: string }[]>(page, 'GET', '/api/projects');
  const cerroAzul = projects.body.find((p) => p.name.startsWith('Cerro Azul'))!;
  await page.goto(`/home/general/projectdetail/${cerroAzul.id}/equipment`);
  const button = page.getByRole('button', { name: 'Rename tags…' });
  await expect(button).toBeDisabled();
  await button.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Renaming tags needs the engineer role');
});
