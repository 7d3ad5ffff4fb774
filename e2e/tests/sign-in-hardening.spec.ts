import { expect, test } from '@playwright/test';
import { readCode, readLinkToken, uniqueEmail } from '../support/mailbox';

test('the sign-in link from the mail signs the browser in, lands on / and works only once', async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail('link');
  await page.goto('/sign-in');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  // An address without an account gets a code like any other (no "not found").
  await expect(page.getByText('OTP sent to your email!')).toBeVisible();
  const token = await readLinkToken(request, email);

  await page.goto(`/sign-in#link=${token}`);
  await page.waitForURL('http://localhost:3000/', { timeout: 10_000 });
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(stored).toContain(email);

  // Another browser opening the same link: already used.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(`http://localhost:3000/sign-in#link=${token}`);
  await expect(second.getByRole('alert').filter({ hasText: 'already used' })).toBeVisible();
  expect(new URL(second.url()).hash).toBe('');
  await other.close();
});

test('after too many wrong codes the code screen empties, disables Verify and offers Resend code with a countdown', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('locked');
  const sentAt = Date.now() - 1000;
  await page.goto('/sign-in');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByText('OTP sent to your email!')).toBeVisible();
  const code = await readCode(request, email, sentAt);
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
  // Someone else spends the code's five tries.
  for (let i = 0; i < 5; i++) {
    await request.post('/api/auth/verifyOtp', { data: { email, otp: wrong, roleId: 0 } });
  }

  await page.keyboard.type(code);
  const refusal = page.getByRole('alert').filter({ hasText: 'Too many attempts' });
  await expect(refusal).toBeVisible();
  const boxes = page.getByRole('textbox', { name: /Digit \d of 4/ });
  for (let i = 0; i < 4; i++) {
    await expect(boxes.nth(i)).toHaveValue('');
    await expect(boxes.nth(i)).toBeDisabled();
  }
  await expect(page.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
});
