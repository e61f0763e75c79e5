import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { username: 'admin', password: 'tagbase-admin' },
  engineer: { username: 'engineer', password: 'tagbase-engineer' },
  viewer: { username: 'viewer', password: 'tagbase-viewer' },
} as const;

/** Fills the embedded provider's sign-in form, as a user would. */
export async function submitSignInForm(page: Page, username: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in to Tagbase' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** From the landing page: Login, sign in, arrive on the dashboard. */
export async function signInFromLanding(page: Page, account: { username: string; password: string }): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  await submitSignInForm(page, account.username, account.password);
  await expect(page).toHaveURL(/\/home\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}
