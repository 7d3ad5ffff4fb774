// A session's end in the browser (docs/trust-and-safety.md): an operator's suspension takes every open tab
// of the account to the page that says why and how to appeal, and so does signing in again; a logout in one
// tab signs the others out.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_OPERATOR_EMAIL, signInWithCode, signUp, signUpAs } from '../support/session';
import { BASE } from '../support/site';

const REASON = 'Asked candidates to pay for referrals.';

async function signedIn(browser: Browser, role: 'Applicant' | 'Referrer', email?: string) {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  const who = email ? await signUpAs(page, email, role, 'Olga Operator') : await signUp(page, role);
  return { context, page, ...who };
}

/** The suspended page, with the operator's reason and the way to appeal. */
async function expectSuspendedPage(page: Page) {
  await expect(page).toHaveURL(/\/suspended$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account is suspended' }),
  ).toBeVisible();
  await expect(page.getByRole('definition')).toHaveText(REASON);
  await expect(page.getByRole('link', { name: 'Appeal on the contact page' })).toHaveAttribute(
    'href',
    '/contact-us',
  );
}

test('a suspension takes every open tab of the account to the page that says why, and a new sign-in lands there too', async ({
  browser,
}) => {
  const referrer = await signedIn(browser, 'Referrer');
  const op = await signedIn(browser, 'Applicant', E2E_OPERATOR_EMAIL);
  try {
    // Two tabs with the live stream open (the dashboard's bell).
    await referrer.page.goto('/dashboard');
    const second = await referrer.context.newPage();
    await second.goto('/company-list');
    await expect(referrer.page.getByRole('button', { name: /^Notifications/ })).toBeVisible();

    const suspended = await op.page.request.post(`/api/admin/users/suspend/${referrer.userId}`, {
      data: { reason: REASON },
    });
    expect(suspended.status()).toBe(200);

    // No spinner, no sign-in form: the page that says why, in both tabs, signed out.
    await expectSuspendedPage(referrer.page);
    await expectSuspendedPage(second);
    expect(await referrer.page.evaluate(() => localStorage.getItem('applicantUser'))).toBeNull();
    await referrer.page.getByRole('link', { name: 'Appeal on the contact page' }).click();
    await expect(referrer.page).toHaveURL(/\/contact-us$/);

    // Signing in again, in a fresh browser: the same page, with the reason.
    const again = await browser.newContext({ baseURL: BASE });
    const page = await again.newPage();
    await signInWithCode(page, referrer.email);
    await expectSuspendedPage(page);
    await again.close();
  } finally {
    await op.page.request.post(`/api/admin/users/restore/${referrer.userId}`);
    await referrer.context.close();
    await op.context.close();
  }
});

test('a logout in one tab signs the other tabs out', async ({ browser }) => {
  const candidate = await signedIn(browser, 'Applicant');
  try {
    await candidate.page.goto('/dashboard');
    const other = await candidate.context.newPage();
    await other.goto('/dashboard');
    await expect(other.getByRole('button', { name: /^Notifications/ })).toBeVisible();

    expect((await candidate.page.request.post('/api/auth/logout', { data: {} })).status()).toBe(
      200,
    );
    // The stream of that session ends: the other tab goes to the sign-in page without a click.
    await expect(other).toHaveURL(/\/sign-in/);
    await expect(other.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  } finally {
    await candidate.context.close();
  }
});
