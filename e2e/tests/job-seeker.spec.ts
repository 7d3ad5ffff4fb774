// What job seekers expect from the big job sites, on a phone (390x844, touch): a note to the referrer with
// the request, seen on the referrer's card; a heart that saves a job and is still right after a reload, with
// the job in the Saved jobs tab; and Share on the job page (copy link where the phone has no share sheet).
import { expect, test, type Page } from '@playwright/test';
import { createJobOverApi, signUp } from '../support/session';
import { PDF } from '../support/site';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const shot = (page: Page, name: string) =>
  process.env.SEEKERS_SHOTS
    ? page.screenshot({ path: `${process.env.SEEKERS_SHOTS}/${name}.png`, fullPage: false })
    : Promise.resolve();

test('a candidate on a phone saves a job, finds it after a reload and in Saved jobs, shares it, and sends a note the referrer reads', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Seeker Engineer ${stamp}`;
  const referrerContext = await browser.newContext(PHONE);
  const referrerPage = await referrerContext.newPage();
  const referrer = await signUp(referrerPage, 'Referrer');
  const jobId = await createJobOverApi(referrerPage, referrer.userId, title);

  const context = await browser.newContext({
    ...PHONE,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  try {
    await signUp(page, 'Applicant');
    await page.goto(`/job-details/${jobId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // The heart: pressed at once, and still pressed after a reload (the server's state).
    const heart = page.getByRole('button', { name: `Save ${title} at Acme Corp` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    const stored = page.waitForResponse(
      (r) => r.url().includes(`/api/savedJobs/${jobId}`) && r.request().method() === 'PUT',
    );
    await heart.tap();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect((await stored).ok()).toBe(true);
    await page.reload();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    // Share: this browser has no share sheet, so the link is copied.
    await page.getByRole('button', { name: `Share ${title} at Acme Corp` }).tap();
    await expect(page.getByText('Link copied')).toBeVisible();
    await shot(page, 'job-page-saved-shared-390');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/job-details/${jobId}$`),
    );

    // The request with a note.
    await page.getByRole('button', { name: 'Request a Referral' }).tap();
    const upload = page.getByRole('dialog', { name: 'Upload your resume' });
    await upload
      .getByLabel('Resume')
      .setInputFiles({ name: 'My CV.pdf', mimeType: 'application/pdf', buffer: PDF });
    const note = upload.getByRole('textbox', { name: 'Note to the referrer (optional)' });
    await note.fill('I ran the Go platform at my last job for three years.');
    await expect(upload.getByText('447 characters left')).toBeVisible();
    await shot(page, 'request-note-390');
    await upload.getByRole('button', { name: 'Submit' }).tap();
    await expect(page.getByRole('dialog', { name: 'Referral Request Sent!' })).toBeVisible();

    // Saved jobs: the job, its heart pressed.
    await page.goto('/dashboard/explore?tab=saved');
    await expect(page.getByRole('tab', { name: 'Saved jobs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: `Save ${title} at Acme Corp` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await shot(page, 'saved-jobs-390');

    // The referrer reads the note on the request's card.
    await referrerPage.goto('/dashboard/referralRequests');
    const card = referrerPage.getByRole('article', { name: /^Request from / });
    await expect(
      card.getByText('I ran the Go platform at my last job for three years.'),
    ).toBeVisible();
    await shot(referrerPage, 'referrer-card-note-390');
  } finally {
    await context.close();
    await referrerContext.close();
  }
});

test('on a laptop (1280x900) Share copies the link and the toast sits on the header bar, off the page and its title', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Laptop Engineer ${stamp}`;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const referrerContext = await browser.newContext();
  try {
    const referrerPage = await referrerContext.newPage();
    const referrer = await signUp(referrerPage, 'Referrer');
    const jobId = await createJobOverApi(referrerPage, referrer.userId, title);
    await signUp(page, 'Applicant');
    await page.goto(`/job-details/${jobId}`);
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    await page.getByRole('button', { name: `Share ${title} at Acme Corp` }).click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Link copied' });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const header = (await page.locator('header').first().boundingBox())!;
    const h1 = (await heading.boundingBox())!;
    // Within the header bar's height (the bar is navigation, not the page), above the title.
    expect(box.y).toBeGreaterThanOrEqual(header.y - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height + 1);
    expect(box.y + box.height).toBeLessThan(h1.y);
    await shot(page, 'job-page-share-toast-1280');
    await page.goto('/dashboard/explore?tab=saved');
    await expect(page.getByText('No saved jobs yet')).toBeVisible();
    await shot(page, 'saved-jobs-empty-1280');
  } finally {
    await context.close();
    await referrerContext.close();
  }
});
