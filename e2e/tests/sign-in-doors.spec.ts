import { expect, test, type Browser, type Page } from '@playwright/test';
import { readCode, uniqueEmail, waitForMail } from '../support/mailbox';
import { createJobOverApi, signUp } from '../support/session';

// The way from a shared job link to a signed-in person with a name: the job is kept through
// "Register for free" and through the mailed sign-in link, the name is asked once, and Back after
// signing in does not show a sign-in form again.

async function jobOfNewReferrer(browser: Browser, title: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const referrer = await signUp(page, 'Referrer');
  const jobId = await createJobOverApi(page, referrer.userId, title);
  await context.close();
  return jobId;
}

/**
 * Opens the shared job link signed out: the job shows; 'Request a Referral' asks the visitor to sign in and
 * takes them to the sign-in page, keeping the job.
 */
async function openSharedJob(page: Page, jobId: string): Promise<string> {
  const job = `/job-details/${jobId}`;
  await page.goto('/');
  await page.goto(job);
  await page.getByRole('button', { name: 'Request a Referral' }).click();
  await expect(page.getByText('Please sign in to request a referral').first()).toBeVisible();
  await page.waitForURL(`**/sign-in?next=${encodeURIComponent(job)}`);
  return job;
}

const namePrompt = (page: Page) => page.getByRole('dialog', { name: "What's your name?" });

test('job → sign-in → "Register for free" → code → name → back on the job; Back skips the sign-in forms', async ({
  browser,
  page,
}) => {
  const title = 'Doors Platform Engineer';
  const jobId = await jobOfNewReferrer(browser, title);
  const job = await openSharedJob(page, jobId);

  await page.getByRole('link', { name: 'Register for free' }).click();
  await expect(page).toHaveURL(`/sign-up?next=${encodeURIComponent(job)}`);
  await expect(page).toHaveTitle('Create a free account — Referio');
  const email = uniqueEmail('doors');
  const sentAt = Date.now() - 1000;
  await page.getByRole('radio', { name: 'Applicant' }).check();
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const code = await readCode(page.request, email, sentAt);

  // A wrong code first: the four boxes empty and the first takes the focus again.
  const boxes = page.getByRole('textbox', { name: /Digit \d of 4/ });
  await boxes.first().focus();
  await page.keyboard.type(code === '0000' ? '1111' : '0000');
  await expect(page.getByText('Invalid OTP. Please try again.')).toBeVisible();
  for (let i = 0; i < 4; i++) await expect(boxes.nth(i)).toHaveValue('');
  await expect(boxes.first()).toBeFocused();
  await page.keyboard.type(code);

  await page.waitForURL(`**${job}`, { timeout: 10_000 });
  // A new account is asked for its name, once, on the job page itself.
  const prompt = namePrompt(page);
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Save name' }).click();
  await expect(prompt.getByText('Please enter your name.')).toBeVisible();
  await prompt.getByRole('textbox', { name: /Your full name/ }).fill('Meera Nair');
  await prompt.getByRole('button', { name: 'Save name' }).click();
  await expect(prompt).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Hi, Meera')).toBeVisible();

  // Back: not the sign-up or sign-in form.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/sign-(in|up)/);
  await expect(page.getByRole('button', { name: /^(LOGIN|Sign Up|Verify OTP)$/ })).toHaveCount(0);

  // The name stays: a reload asks nothing.
  await page.goto(job);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(namePrompt(page)).toHaveCount(0);

  // Signed-in pages have their own titles, and a move is announced.
  await page.goto('/dashboard/userdashboard');
  await expect(page).toHaveTitle('Dashboard — Referio');
  await page
    .getByRole('navigation', { name: /dashboard/i })
    .getByRole('link', { name: 'My Referral Requests' })
    .click();
  await expect(page).toHaveTitle('My referral requests — Referio');
  await expect(page.locator('[data-route-announcer]')).toHaveText('My referral requests — Referio');
});

test('the mailed sign-in link opens the job it was asked from', async ({ browser, page }) => {
  const title = 'Doors Link Engineer';
  const jobId = await jobOfNewReferrer(browser, title);
  const job = await openSharedJob(page, jobId);

  const email = uniqueEmail('doors-link');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByText('OTP sent to your email!')).toBeVisible();
  const mail = await waitForMail(page.request, email, /sign-in code/);
  const link = /http:\/\/localhost:3000\/sign-in\?next=[^\s#]+#link=[A-Za-z0-9_-]+/.exec(
    mail.text,
  )?.[0];
  expect(link, mail.text).toContain(`?next=${encodeURIComponent(job)}#link=`);

  // Opened in the browser that asked: signed in at once, on the job.
  await page.goto(link!);
  await page.waitForURL(`**${job}`, { timeout: 10_000 });
  await expect(namePrompt(page)).toBeVisible();
  await namePrompt(page)
    .getByRole('textbox', { name: /Your full name/ })
    .fill('Kabir Link');
  await namePrompt(page).getByRole('button', { name: 'Save name' }).click();
  await expect(namePrompt(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.goBack();
  await expect(page).not.toHaveURL(/\/sign-in/);
});
