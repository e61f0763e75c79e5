import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, signInThroughProvider } from './support/sign-in';

/**
 * Records every text the overlay's countdown shows, in order, from inside the page. Each state lasts one
 * second, so polling for it from the test misses one on a loaded machine; a binding exposed to the page
 * (unlike a window variable or storage) survives the provider's redirects, so the record is whole.
 */
async function recordCountdown(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('recordCountdownText', (text: string) => {
    if (seen.at(-1) !== text) seen.push(text);
  });
  const observeCountdown = () => {
    const record = (window as unknown as { recordCountdownText: (text: string) => void }).recordCountdownText;
    const observer = new MutationObserver(() => {
      const text = document.getElementById('lp-logout-countdown')?.textContent;
      if (text) record(text);
    });
    const start = () => observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    if (document.body) start();
    else document.addEventListener('DOMContentLoaded', start);
  };
  // In this page (the sign-out starts without leaving it) and in every page it goes to after.
  await page.addInitScript(observeCountdown);
  await page.evaluate(observeCountdown);
  return seen;
}

test('logout shows the overlay, signs out of the provider and ends on the landing page with Login', async ({
  page,
}) => {
  await signInThroughProvider(page, DEMO.engineer);
  const countdown = await recordCountdown(page);
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  const overlay = page.getByRole('alertdialog', { name: 'Logging Out...' });
  await expect(overlay).toContainText('Signing you out in 3 seconds...');
  // Spec §9: the sign-out itself runs 1 s after the landing page loads, so storage and tokens are gone while
  // the overlay still counts.
  await expect.poll(() => page.evaluate(() => window.localStorage.length)).toBe(0);
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/localhost:\d+\/?$/);
  expect(await page.evaluate(() => window.localStorage.length + window.sessionStorage.length)).toBe(0);
  // The countdown ticked down from 3, one second at a time, none skipped.
  expect(countdown.filter((text) => /in \d/.test(text))).toEqual([
    'Signing you out in 3 seconds...',
    'Signing you out in 2 seconds...',
    'Signing you out in 1 second...',
  ]);

  // The provider session ended too (federated logout): the workbench asks for a password again.
  await page.goto('/home/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in to Tagbase' })).toBeVisible();
});
