import { gzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures';

const LANDING_JS_BUDGET_BYTES = 170 * 1024;

test('the landing page loads at most 170 KB of gzipped JavaScript', async ({ page, request }) => {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  let total = 0;
  for (const url of scripts) total += gzipSync(await (await request.get(url)).body(), { level: 9 }).length;
  console.log(`landing page JavaScript: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
  // The sign-in SDK (~64 KB) loads only for a visitor who may be signed in or clicks Login (AppAuthProvider).
  expect(
    [...scripts].filter((url) => /auth0/i.test(url)),
    'the Auth0 SDK on a signed-out visit',
  ).toEqual([]);
});

test('the landing page tells a visitor what Tagbase is and scrolls to its sections', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('15+ Integrated Modules').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
  for (const anchor of ['Features', 'Modules', 'Statistics', 'Contact']) {
    await page.getByRole('navigation').getByRole('link', { name: anchor, exact: true }).first().click();
    await expect(page.locator(`#${anchor.toLowerCase()}`)).toBeInViewport();
  }
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /updates/i })).toHaveAttribute(
    'href',
    '/home/general/appupdates',
  );
});
