import { expect, test } from './support/fixtures';
import { DEMO, signInThroughProvider } from './support/sign-in';

test('logout shows the overlay, signs out of the provider and ends on the landing page with Login', async ({
  page,
}) => {
  await signInThroughProvider(page, DEMO.engineer);
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  const overlay = page.getByRole('alertdialog', { name: 'Logging Out...' });
  await expect(overlay).toContainText('Signing you out in 3 seconds...');
  // Spec §9: the countdown ticks down from 3; the sign-out itself runs 1 s after the landing page loads,
  // so storage and tokens are gone while the overlay still counts.
  await expect(overlay).toContainText('Signing you out in 2 seconds...');
  await expect.poll(() => page.evaluate(() => window.localStorage.length)).toBe(0);
  await expect(overlay).toContainText('Signing you out in 1 second...');
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/localhost:\d+\/?$/);
  expect(await page.evaluate(() => window.localStorage.length + window.sessionStorage.length)).toBe(0);

  // The provider session ended too (federated logout): the workbench asks for a password again.
  await page.goto('/home/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in to Tagbase' })).toBeVisible();
});
