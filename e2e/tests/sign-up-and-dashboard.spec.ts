import { expect, test } from '@playwright/test';
import { readCode, uniqueEmail } from '../support/mailbox';
import { giveName } from '../support/session';

test('a new candidate signs up with the mailed code, stays signed in, switches mode and back, and logs out', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('candidate');
  const sentAt = Date.now() - 1000;

  await page.goto('/sign-up');
  await page.getByRole('radio', { name: 'Applicant' }).check();
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('OTP sent to your email!')).toBeVisible();

  const code = await readCode(request, email, sentAt);
  const boxes = page.getByRole('textbox', { name: /Digit \d of 4/ });
  await expect(boxes).toHaveCount(4);
  await expect(boxes.first()).toBeFocused();
  await page.keyboard.type(code); // auto-advances and verifies on the fourth digit
  await expect(page.getByText('OTP Verified Sucessfully!')).toBeVisible();
  await page.waitForURL('http://localhost:3000/', { timeout: 5_000 });
  await giveName(page, 'Chitra Candidate');

  // The session survives a reload: it is an httpOnly cookie plus profile data in local storage.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(stored).toContain(email);
  expect(stored).not.toMatch(/referio_sid|token/i);
  const cookies = await page.context().cookies();
  const sid = cookies.find((c) => c.name === 'referio_sid');
  expect(sid?.httpOnly).toBe(true);
  expect(sid?.sameSite).toBe('Lax');

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/userdashboard$/);
  await expect(page.getByText('Candidate mode activated')).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: /dashboard/i });
  for (const label of [
    'Dashboard',
    'Explore',
    'My Referral Requests',
    'Profile',
    'Chat',
    'Upgrade To Premium',
  ]) {
    await expect(sidebar.getByRole('link', { name: label, exact: true })).toBeVisible();
  }

  // Switch to referrer mode and back, each behind a confirm dialog.
  await page.getByRole('button', { name: 'Find a Applicant' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /yes|switch|confirm/i })
    .click();
  await expect(page.getByText('Referrer mode activated')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/referrarDashboard$/);
  await expect(sidebar.getByRole('link', { name: 'Job Posts' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('role'))).toContain('referer');

  await page.getByRole('button', { name: 'Find a Referrer' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /yes|switch|confirm/i })
    .click();
  await expect(page.getByText('Candidate mode activated')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('role'))).toContain('user');

  // /dashboard restores the page the user was on.
  await sidebar.getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/dashboard\/explore$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/explore$/);

  // Log out behind its confirm dialog; the dashboard then sends us to sign-in.
  await page
    .getByRole('button', { name: /log ?out/i })
    .first()
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /log ?out|yes/i })
    .click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('signing in asks for the code of an existing account and shows the spec texts while busy', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('returning');
  // Register through the API, as a returning user would have done earlier.
  const registeredAt = Date.now() - 1000;
  const created = await request.post('/api/auth/createUser', { data: { email, roleId: '0' } });
  expect(created.ok()).toBe(true);
  const first = await readCode(request, email, registeredAt);
  const verified = await request.post('/api/auth/verifyOtp', {
    data: { email, otp: first, roleId: '0' },
  });
  expect(verified.ok()).toBe(true);
  await request.post('/api/auth/logout');

  await page.goto('/sign-in');
  await expect(page.getByText(/Don't have an account yet\?/)).toBeVisible();
  await page.getByLabel(/e-?mail/i).fill(email);
  const sentAt = Date.now();
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByText('OTP sent to your email!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();

  // A wrong code: the server's message, and we stay on the code step.
  const code = await readCode(request, email, sentAt);
  const wrong = code === '0000' ? '1111' : '0000';
  await page.keyboard.type(wrong);
  await expect(page.getByText('Invalid OTP. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);

  const boxes = page.getByRole('textbox', { name: /Digit \d of 4/ });
  for (let i = 0; i < 4; i += 1) await boxes.nth(i).fill('');
  await boxes.first().focus();
  await page.keyboard.type(code);
  await page.waitForURL('http://localhost:3000/', { timeout: 5_000 });
});
