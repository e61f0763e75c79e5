import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi } from './support/entity-grid';

// Supplier documents (issue #29 item 7), as an engineer files a supplier's offer: a PDF uploaded to a demo
// quote's page is listed with its size, who uploaded it and when; downloaded, it is the same bytes; deleted
// (after a confirmation), it is gone from the list.

const OFFER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'files', 'supplier-offer.pdf');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
type Row = { id: number; quote_number: string };

test('a supplier offer PDF is uploaded to a demo quote, listed, downloaded as the same bytes, and deleted', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  // A demo quote no award locks (a locked document keeps its files).
  const quotes = (await callApi<{ rows: Row[] }>(page, 'GET', '/api/entities/quotes?limit=50&sort=quote_number:asc'))
    .body.rows;
  let quote: Row | undefined;
  for (const candidate of quotes) {
    const lock = await callApi<{ locked: boolean }>(page, 'GET', `/api/entities/quotes/${candidate.id}/lock`);
    if (!lock.body.locked) {
      quote = candidate;
      break;
    }
  }
  expect(quote, 'an unlocked demo quote').toBeDefined();

  await page.goto(`/home/general/quote/${quote!.id}`);
  await expect(page.getByRole('heading', { name: `Quote ${quote!.quote_number}`, level: 1 })).toBeVisible();
  const files = page.getByRole('region', { name: 'Files' });
  await files.scrollIntoViewIfNeeded();
  await files.getByLabel('Choose files to upload').setInputFiles(OFFER);

  const row = files.getByRole('row').filter({ hasText: 'supplier-offer.pdf' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('604 B');
  await expect(row).toContainText('Erin Engineer');
  await expect(row.locator('time')).toContainText(String(new Date().getFullYear()));
  await expect(files.getByRole('heading', { name: /Files \(\d+\)/ })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download supplier-offer.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('supplier-offer.pdf');
  const saved = fs.readFileSync((await download.path())!);
  expect(sha256(saved)).toBe(sha256(fs.readFileSync(OFFER)));

  await row.getByRole('button', { name: 'Delete supplier-offer.pdf' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this file?' });
  await expect(confirm).toContainText('supplier-offer.pdf will be deleted');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(files.getByRole('row').filter({ hasText: 'supplier-offer.pdf' })).toHaveCount(0);
  const listed = await callApi<{ file_name: string }[]>(page, 'GET', `/api/entities/quotes/${quote!.id}/files`);
  expect(listed.body.map((f) => f.file_name)).not.toContain('supplier-offer.pdf');
});
