import { expect, type BrowserContext, type Page } from '@playwright/test';

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

type Account = { username: string; password: string };
type SessionState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Each account's session after its first sign-in in this worker, reused until REUSE_MARGIN_MS before its access token expires. */
const sessions = new Map<string, { state: SessionState; usableUntil: number }>();
const REUSE_MARGIN_MS = 15 * 60_000;

/**
 * Signs in and arrives on the dashboard. The first time per account (in this worker) through the landing
 * page and the provider's form (signInThroughProvider); later on, a new test's browser is given the
 * cookies and local storage that sign-in left (the SDK keeps its tokens in local storage) and opens the
 * dashboard, as a returning user's browser does. A full sign-in took ~2-3 s of every test; the sign-in
 * itself stays tested in sign-in.spec.ts and logout.spec.ts, which call signInThroughProvider.
 */
export async function signInFromLanding(page: Page, account: Account): Promise<void> {
  const saved = sessions.get(account.username);
  if (saved && Date.now() < saved.usableUntil) {
    await restoreSession(page, saved.state);
    // Until the workbench's shell is drawn, not the dashboard's figures and charts: most tests go elsewhere
    // at once, and one that reads the dashboard waits for it (Playwright's expectations wait).
    await page.goto('/home/dashboard', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
    return;
  }
  await signInThroughProvider(page, account);
  const state = await page.context().storageState();
  sessions.set(account.username, { state, usableUntil: accessTokenExpiry(state) - REUSE_MARGIN_MS });
}

async function restoreSession(page: Page, state: SessionState): Promise<void> {
  await page.context().addCookies(state.cookies);
  // Local storage is per origin and can only be written from a page of it: a small one of the app's server.
  await page.goto('/api/health');
  const entries = state.origins.flatMap((origin) => origin.localStorage);
  await page.evaluate((items) => items.forEach(({ name, value }) => localStorage.setItem(name, value)), entries);
}

/** When the SDK's cached access token expires (ms), 0 if none is found (the session is then not reused). */
function accessTokenExpiry(state: SessionState): number {
  let expiry = 0;
  for (const { name, value } of state.origins.flatMap((origin) => origin.localStorage)) {
    if (!name.startsWith('@@auth0spajs@@')) continue;
    const entry = JSON.parse(value) as { expiresAt?: number; body?: { access_token?: string } };
    if (entry.body?.access_token && entry.expiresAt) expiry = Math.max(expiry, entry.expiresAt * 1000);
  }
  return expiry;
}

/** From the landing page: Login, sign in on the provider's form, arrive on the dashboard. */
export async function signInThroughProvider(page: Page, account: Account): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  await submitSignInForm(page, account.username, account.password);
  await expect(page).toHaveURL(/\/home\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}
