// Account safety in the browser: a sign-in link opened in another browser asks first and never
// switches a signed-in person into another account silently; a locked code screen offers the mailed link.
import { expect, test, type Page } from '@playwright/test';
import { readCode, readLinkToken, uniqueEmail } from '../support/mailbox';

async function askForMail(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByText('OTP sent to your email!')).toBeVisible();
}

/** Who the browser's session cookie belongs to, as the API says. */
async function signedInAs(page: Page): Promise<string | null> {
  const res = await page.request.get('/api/auth/me');
  return res.ok() ? ((await res.json()) as { data: { email: string } }).data.email : null;
}

test('a sign-in link opened in a second browser asks "Sign in as {address}?" and does not sign it in silently', async ({
  page,
  request,
  browser,
}) => {
  // The attacker asks for a link in their own browser.
  const attacker = uniqueEmail('attacker');
  await askForMail(page, attacker);
  const token = await readLinkToken(request, attacker);

  // The victim is signed in as herself in another browser, and opens the attacker's link.
  const victimContext = await browser.newContext();
  const victim = await victimContext.newPage();
  const victimEmail = uniqueEmail('victim');
  const sentAt = Date.now() - 1000;
  await askForMail(victim, victimEmail);
  await victim.keyboard.type(await readCode(request, victimEmail, sentAt));
  await victim.waitForURL((url) => url.pathname !== '/sign-in', { timeout: 15_000 });
  expect(await signedInAs(victim)).toBe(victimEmail);

  await victim.goto(`/sign-in#link=${token}`);
  const question = victim.getByRole('heading', { name: `Sign in as ${attacker}?` });
  await expect(question).toBeVisible();
  await expect(victim.getByText(`You are signed in here as ${victimEmail}`)).toBeVisible();
  expect(new URL(victim.url()).hash).toBe('');
  // Nothing happened without a yes: still herself.
  expect(await signedInAs(victim)).toBe(victimEmail);
  await victim.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect(await signedInAs(victim)).toBe(victimEmail);
  await victimContext.close();

  // In the browser that asked for it, the same (still unused) link signs in without a question.
  await page.goto(`/sign-in#link=${token}`);
  await page.waitForURL('http://localhost:3000/', { timeout: 15_000 });
  expect(await signedInAs(page)).toBe(attacker);
});

test('the locked code screen offers the mailed link plainly, and the link still signs in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('locked-link');
  const sentAt = Date.now() - 1000;
  await askForMail(page, email);
  const code = await readCode(request, email, sentAt);
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
  // Someone else spends the code's tries.
  for (let i = 0; i < 5; i++) {
    await request.post('/api/auth/verifyOtp', { data: { email, otp: wrong, roleId: 0 } });
  }
  await page.keyboard.type(code);
  const alert = page.getByRole('alert').filter({ hasText: 'Too many attempts' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('We sent you a link; it still works.');
  await expect(alert).toContainText(`Open the email we sent to ${email}`);

  await page.goto(`/sign-in#link=${await readLinkToken(request, email)}`);
  await page.waitForURL('http://localhost:3000/', { timeout: 15_000 });
  expect(await signedInAs(page)).toBe(email);
});
