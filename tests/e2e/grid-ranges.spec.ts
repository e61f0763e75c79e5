import { expect, test, type Locator, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { cell, createRows, openList, pendingSummary, uniqueTag } from './support/entity-grid';

// Ranges in the shared grid (issue #30 item 1), with the real clipboard to and from a plain text area:
// Shift+Arrow, Shift+click and a drag draw a rectangle; the status bar sums it; Ctrl+C copies it as TSV;
// a value pasted into it fills it; Delete clears it (a required field is kept); Ctrl+D fills it down;
// each is one undo step; Ctrl+Arrow jumps to the edge of the data; Enter moves down.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const SUPPLIERS = '/home/general/supplierlist';

/** A plain text area added to the page, outside the grid: what a user pastes the copy into. */
async function textArea(page: Page): Promise<Locator> {
  await page.evaluate(() => {
    const area = document.createElement('textarea');
    area.setAttribute('aria-label', 'Scratch pad');
    area.style.cssText = 'position:fixed;bottom:0;right:0;width:300px;height:120px;z-index:99999';
    document.body.appendChild(area);
  });
  return page.getByRole('textbox', { name: 'Scratch pad' });
}

function selectionSummary(page: Page): Locator {
  return page.getByRole('status', { name: 'Selection summary' });
}

test('a range is drawn, summed, copied out, pasted into, cleared and filled, as in Excel', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('RANGE').toUpperCase();
  const rows = await createRows(
    page,
    'suppliers',
    ['A', 'B', 'C', 'D'].map((letter, i) => ({
      name: `${tag} ${letter}`,
      city: `City ${letter}`,
      lead_time_weeks: (i + 1) * 2,
      scope: i === 2 ? null : `Scope ${letter}`,
    })),
  );
  const ids = rows.map((r) => r.id);
  const g = await openList(page, SUPPLIERS, 'Suppliers', tag, 4);

  // Shift+Arrow from the active cell: city and lead time of the four rows.
  await cell(g, ids[0]!, 'city').click();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(g.locator('.ag-cell.tb-cell-in-range')).toHaveCount(12);
  await expect(cell(g, ids[3]!, 'lead_time_weeks')).toHaveClass(/tb-cell-in-range/);
  await expect(cell(g, ids[0]!, 'scope')).not.toHaveClass(/tb-cell-in-range/);
  // Excel's status bar: 12 cells, 8 with a value (the currencies are blank), the lead times 2+4+6+8.
  await expect(selectionSummary(page)).toContainText('Cells: 12');
  await expect(selectionSummary(page)).toContainText('Count: 8');
  await expect(selectionSummary(page)).toContainText('Sum: 20');
  await expect(selectionSummary(page)).toContainText('Average: 5');
  if (process.env.SHOT) await page.screenshot({ path: 'test-results/range.png' });

  // Ctrl+C, then Ctrl+V into a plain text area: the block as Excel's TSV.
  await page.keyboard.press('ControlOrMeta+c');
  const pad = await textArea(page);
  await pad.click();
  await page.keyboard.press('ControlOrMeta+v');
  const lines = (await pad.inputValue()).split(/\r?\n/).filter((line) => line !== '');
  expect(lines).toEqual(['City A\t\t2', 'City B\t\t4', 'City C\t\t6', 'City D\t\t8']);

  // Copy with headers (the status bar's button, as Ctrl+Shift+C): the first line is the headers.
  await cell(g, ids[0]!, 'city').click();
  await page.keyboard.press('Shift+ArrowDown');
  await selectionSummary(page).getByRole('button', { name: 'Copy with headers' }).click();
  // The copy is written to the clipboard asynchronously after the click: read until it is there.
  await expect
    .poll(async () => (await page.evaluate(() => navigator.clipboard.readText())).split('\r\n').slice(0, 3))
    .toEqual(['City', 'City A', 'City B']);

  // One value typed in the text area, copied, and pasted into a range drawn with the mouse: it fills the range.
  await pad.fill('Lima');
  await pad.selectText();
  await page.keyboard.press('ControlOrMeta+c');
  const top = cell(g, ids[0]!, 'city');
  const bottom = cell(g, ids[3]!, 'city');
  await top.click();
  const box = (await bottom.boundingBox())!;
  await page.mouse.move(...centre(await top.boundingBox()));
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(g.locator('.ag-cell.tb-cell-in-range')).toHaveCount(4);
  await page.keyboard.press('ControlOrMeta+v');
  for (const id of ids) await expect(cell(g, id, 'city')).toHaveText('Lima');
  await expect(pendingSummary(page)).toContainText('4');
  // One undo step takes the whole paste back.
  await page.keyboard.press('ControlOrMeta+z');
  for (const [i, id] of ids.entries()) await expect(cell(g, id, 'city')).toHaveText(`City ${'ABCD'[i]}`);

  // Shift+click from the name of A to the city of D, then Delete: the cities and scopes clear, the names (required) stay.
  await cell(g, ids[0]!, 'name').click();
  await cell(g, ids[3]!, 'city').click({ modifiers: ['Shift'] });
  await page.keyboard.press('Delete');
  await expect(page.getByText(/Cleared \d+ cells; 4 required cells kept/)).toBeVisible();
  for (const id of ids) {
    await expect(cell(g, id, 'city')).toHaveText('');
    await expect(cell(g, id, 'name')).toContainText(tag);
  }
  await page.keyboard.press('ControlOrMeta+z');
  await expect(cell(g, ids[3]!, 'city')).toHaveText('City D');

  // Ctrl+D over the lead times: the top one (2) goes down; one undo step.
  await cell(g, ids[0]!, 'lead_time_weeks').click();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('ControlOrMeta+d');
  for (const id of ids) await expect(cell(g, id, 'lead_time_weeks')).toHaveText('2');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(cell(g, ids[3]!, 'lead_time_weeks')).toHaveText('8');

  // Ctrl+Arrow jumps to the edge of the data: the scope column has a blank in row C.
  await cell(g, ids[0]!, 'scope').click();
  await page.keyboard.press('ControlOrMeta+ArrowDown');
  await expect(cell(g, ids[1]!, 'scope')).toHaveClass(/ag-cell-focus/);
  await page.keyboard.press('ControlOrMeta+ArrowDown');
  await expect(cell(g, ids[3]!, 'scope')).toHaveClass(/ag-cell-focus/);
  // Enter moves down without editing (F2 edits).
  await cell(g, ids[0]!, 'city').click();
  await page.keyboard.press('Enter');
  await expect(cell(g, ids[1]!, 'city')).toHaveClass(/ag-cell-focus/);
  await expect(g.locator('.ag-cell-inline-editing')).toHaveCount(0);
  await page.keyboard.press('F2');
  await expect(cell(g, ids[1]!, 'city').locator('input')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(cell(g, ids[1]!, 'city')).toHaveText('City B');

  // Ctrl+A: every cell of the view.
  await cell(g, ids[0]!, 'city').click();
  await page.keyboard.press('ControlOrMeta+a');
  await expect(cell(g, ids[3]!, 'name')).toHaveClass(/tb-cell-in-range/);
  await expect(cell(g, ids[0]!, 'lead_time_weeks')).toHaveClass(/tb-cell-in-range/);
  // Four rows of every shown column (a multiple of 4, past the 3 columns used above).
  const cells = Number((await selectionSummary(page).textContent())?.match(/Cells: ([\d,]+)/)?.[1]?.replace(/,/g, ''));
  expect(cells % 4).toBe(0);
  expect(cells).toBeGreaterThan(4 * 5);
});

function centre(box: { x: number; y: number; width: number; height: number } | null): [number, number] {
  if (!box) throw new Error('not shown');
  return [box.x + box.width / 2, box.y + box.height / 2];
}
