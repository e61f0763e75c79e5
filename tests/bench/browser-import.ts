import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateLithiumProjects } from '../../src/server/seed/large-data';
import { parseWorkbook } from '../../src/grids/excel/workbook-reader';
import { rowsToWorkbook, workbookToArrayBuffer } from '../../src/grids/excel/workbook-writer';
import { getEntitySchema } from '../../src/schemas/registry';
import { longFramesSince, type BenchSession } from './browser-session';

const AIM_MS = 10_000;

/**
 * A .xlsx of `count` lithium projects as the export writes them (headers = the schema's labels, enum
 * labels, the currency by its code), named apart from the rows already loaded.
 */
export async function benchWorkbook(count: number, usdId: number): Promise<Buffer> {
  const rows = generateLithiumProjects(count, usdId, 7).map((row) => ({
    ...row,
    project: `Imported ${String(row.project)}`,
  }));
  const workbook = rowsToWorkbook(getEntitySchema('lithium_projects'), rows, { currencies: new Map([[usdId, 'USD']]) });
  return Buffer.from(await workbookToArrayBuffer(workbook));
}

/** Resolves when the import dialog's Import button is enabled (preview shown, dry run done), or fails on an error alert. */
const waitForDialog = (want: 'ready' | 'done', text: string, timeoutMs: number) => `new Promise((resolve, reject) => {
  const started = performance.now();
  const check = () => {
    const dialog = document.querySelector('[role="dialog"]');
    if (dialog) {
      for (const alert of dialog.querySelectorAll('.MuiAlert-standardError, .MuiAlert-standardWarning')) return reject(new Error('import dialog: ' + alert.textContent));
      const errors = /[\\d,]+ with errors \\(fix them to import\\)/.exec(dialog.textContent || '');
      if (errors) return reject(new Error('import dialog: ' + errors[0]));
      if (${JSON.stringify(want)} === 'ready') {
        // The commit button names what it will do ("Add 50,000 rows"); it is ready once enabled.
        const button = dialog.querySelector('button[data-import-commit]');
        if (button && !button.disabled) return resolve(performance.now());
      } else if ((dialog.textContent || '').includes(${JSON.stringify(text)})) return resolve(performance.now());
    }
    if (performance.now() - started > ${timeoutMs}) return reject(new Error('import dialog: timed out waiting for ' + ${JSON.stringify(want)}));
    setTimeout(check, 25);
  };
  check();
})`;

/** On the grid screen: Import from Excel, choose the file, wait for the preview and its dry run, Import, wait for the summary. */
export async function benchImport(
  session: BenchSession,
  file: Buffer,
  count: number,
): Promise<Record<string, unknown> & { meetsAim: boolean }> {
  const { page } = session;
  // Baseline, same run: reading the same bytes with the same reader in Node (ExcelJS, parseWorkbook).
  const parseStarted = performance.now();
  const parsed = await parseWorkbook(
    file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer,
    'bench.xlsx',
  );
  const baselineParseMs = Math.round(performance.now() - parseStarted);
  if (parsed.rows.length !== count)
    throw new Error(`the bench workbook has ${parsed.rows.length} rows, expected ${count}`);

  await page.getByRole('button', { name: 'Import from Excel' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Choose file').waitFor();
  const input = dialog.locator('input[type="file"]');
  await page.waitForTimeout(500);

  // From a file on disk, as a user picks one: a buffer would be copied into the page by Playwright itself,
  // which showed as a 1.1 s frame with no script of ours in it.
  const filePath = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-bench-')),
    `lithium-projects-${count}.xlsx`,
  );
  fs.writeFileSync(filePath, file);
  await page.evaluate(`performance.clearMarks()`);
  const t0 = (await page.evaluate('performance.now()')) as number;
  await input.setInputFiles(filePath);
  const readyAt = (await page.evaluate(waitForDialog('ready', '', 180_000))) as number;
  const marks = (await page.evaluate(
    `Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('tagbase:import:')).map((m) => [m.name.slice(15), m.startTime]))`,
  )) as Record<string, number>;
  const previewText = await dialog
    .getByText(/ rows · /)
    .first()
    .textContent();
  await dialog.locator('button[data-import-commit]').click();
  const rows = count.toLocaleString('en-US');
  const summary = `Stored ${rows} of ${rows} rows. Added ${rows}, updated 0, unchanged 0, skipped 0 rows.`;
  const doneAt = (await page.evaluate(waitForDialog('done', summary, 180_000))) as number;
  const { frames } = await longFramesSince(page, t0);
  const long = frames.filter((f) => f.start < doneAt && f.duration > 100);
  for (const f of long)
    console.log(
      `    long frame ${Math.round(f.duration)} ms at +${Math.round(f.start - t0)} ms (${f.start < readyAt ? 'preview' : 'commit'}): ${f.scripts.join('; ') || 'no script attribution'}`,
    );
  const totalMs = Math.round(doneAt - t0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  return {
    name: `Browser: ${count.toLocaleString('en-US')}-row .xlsx import, file choice to committed (Chromium)`,
    rows: count,
    fileBytes: file.byteLength,
    totalMs,
    previewReadyMs: Math.round(readyAt - t0),
    parsedMs: marks.parsed === undefined ? null : Math.round(marks.parsed - t0),
    serverCheckedMs: marks.checked === undefined ? null : Math.round(marks.checked - t0),
    commitMs: Math.round(doneAt - readyAt),
    preview: previewText?.trim(),
    longFramesOver100ms: long.length,
    longestFrameMs: Math.round(Math.max(0, ...long.map((f) => f.duration))),
    baseline: 'the same file read by the same reader (parseWorkbook) in Node',
    baselineParseMs,
    aim: `≤ ${AIM_MS} ms`,
    meetsAim: totalMs <= AIM_MS,
  };
}
