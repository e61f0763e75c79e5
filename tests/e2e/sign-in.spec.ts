import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding, signInThroughProvider, submitSignInForm } from './support/sign-in';

test('landing -> Login -> sign in as engineer on the embedded provider -> dashboard with real data', async ({
  page,
}) => {
  await signInThroughProvider(page, DEMO.engineer);
  // The seeded demo projects are counted from the database, and the seed's audit rows are in the feed, in words.
  await expect(page.getByText('Projects', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Recent activity')).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Recent activity' })
      .getByText(/ (added|changed|deleted|set|cleared) /)
      .first(),
  ).toBeVisible();
});

test('a wrong password is refused and signs nobody in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  await submitSignInForm(page, 'engineer', 'not-the-password');
  await expect(page.getByText('Wrong username or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  // Nothing was signed in: the guarded workbench still sends us to the sign-in page.
  await page.goto('/home/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in to Tagbase' })).toBeVisible();
});

test('a signed-out visitor to a guarded page signs in and comes back to that page', async ({ page }) => {
  await page.goto('/home/general/supplierlist');
  await submitSignInForm(page, DEMO.viewer.username, DEMO.viewer.password);
  await expect(page).toHaveURL(/\/home\/general\/supplierlist$/);
  await expect(page.getByRole('heading', { name: 'Suppliers' })).toBeVisible();
});

test('an unknown child of /home lands on the dashboard', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  await page.goto('/home/nonsense');
  await expect(page).toHaveURL(/\/home\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
