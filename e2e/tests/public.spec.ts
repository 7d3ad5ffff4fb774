import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/mailbox';
import { signUp } from '../support/session';

/** A small, valid one-page PDF (the API checks the content starts with %PDF-). */
function tinyPdf(): Buffer {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(body.length);
    body += `${o}\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('a visitor searches and pages the job list, is sent to sign in, then requests a referral with a resume', async ({
  page,
}) => {
  // Search: the server filters, 500 ms after the typing stops, and the search lands in the URL.
  await page.goto('/company-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Companies' })).toBeVisible();
  await page.getByPlaceholder('Browse companies & Job Roles').fill('Engineer');
  await expect(page).toHaveURL(/\/company-list\?search=Engineer$/);
  const jobs = page.getByRole('list', { name: 'Jobs' }).getByRole('article');
  await expect(jobs).toHaveCount(9);
  await expect(jobs.first().getByRole('heading')).toContainText('Engineer');
  const firstOnPage1 = await jobs.first().getByRole('heading').textContent();

  // Page 02, then the browser's Back returns to page 01.
  const pages = page.getByRole('navigation', { name: 'Job pages' });
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveText('02');
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/company-list\?search=Engineer&page=2$/);
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goBack();
  await expect(page).toHaveURL(/\/company-list\?search=Engineer$/);
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(jobs.first().getByRole('heading')).toHaveText(firstOnPage1 ?? '');

  // A visitor opening a job sees it (docs/seo.md); asking for a referral tells them to sign in and sends
  // them to /sign-in.
  const firstJob = jobs.first();
  const title = (await firstJob.getByRole('heading').textContent()) ?? '';
  await firstJob.getByRole('link', { name: 'See Details' }).click();
  await expect(page).toHaveURL(/\/job-details\/[0-9a-f-]{36}$/);
  const jobUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Request a Referral' }).click();
  await expect(page.getByText('Please sign in to request a referral').first()).toBeVisible();
  // Sign-in keeps the job to come back to.
  await page.waitForURL(/\/sign-in\?next=%2Fjob-details%2F/, { timeout: 5_000 });

  // Signed in, the job shows its referrer and the request button.
  await signUp(page, 'Applicant');
  await page.goto(jobUrl);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Get Referrals from Employee' });
  // The referrer's name and verified domain, never their e-mail (docs/trust-and-safety.md).
  await expect(panel.getByText(/Verified/)).toBeVisible();
  await expect(panel.getByRole('link', { name: /@/ })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Request a Referral' }).click();

  // Upload a real PDF and submit.
  const dialog = page.getByRole('dialog', { name: 'Upload your resume' });
  await dialog.getByLabel('Resume').setInputFiles({
    name: 'resume.pdf',
    mimeType: 'application/pdf',
    buffer: tinyPdf(),
  });
  await expect(dialog.getByText('resume.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();

  const sent = page.getByRole('dialog', { name: 'Referral Request Sent!' });
  await expect(sent).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Trace Your Status' })).toBeVisible();
  await sent.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByText('Already Applied')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Referral Requested' })).toBeDisabled();

  // The server remembers: after a reload the job is still requested.
  await page.reload();
  await expect(page.getByText('Already Applied')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Referral Requested' })).toBeDisabled();
});

test('the landing page shows 40 companies, the success stories carousel and both pricing readings', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('list', { name: 'Companies', exact: true }).getByRole('link'),
  ).toHaveCount(40);
  await expect(
    page.getByRole('list', { name: 'Featured companies' }).getByRole('link'),
  ).toHaveCount(6);

  const stories = page.getByRole('region', { name: 'Success Stories' });
  await expect(stories).toHaveAttribute('aria-roledescription', 'carousel');
  const track = stories.getByRole('list');
  await expect(track.getByRole('listitem').first()).toBeVisible();
  await page.setViewportSize({ width: 700, height: 800 }); // narrow enough that the stories overflow
  const before = await track.evaluate((el) => el.scrollLeft);
  // The page arrives as HTML and React takes it over a moment later: a click before that is lost (as a
  // visitor's would be, who then clicks again), so the click is repeated until the track moves.
  await expect(async () => {
    await stories.getByRole('button', { name: 'Next stories' }).click();
    await expect
      .poll(() => track.evaluate((el) => el.scrollLeft), { timeout: 2_000 })
      .toBeGreaterThan(before);
  }).toPass({ timeout: 15_000 });

  const pricing = page.getByRole('region', { name: 'Pricing' });
  await expect(pricing.getByText('Unlimited referrals for ₹500/month')).toBeVisible();
  await expect(pricing.getByRole('note', { name: 'Early access' })).toBeVisible();

  await page.getByRole('link', { name: 'Get Referred Now' }).click();
  await expect(page).toHaveURL(/\/company-list$/);
});

test('a visitor sends the contact form and is taken home', async ({ page }) => {
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel(/First name/).fill('Ana');
  await form.getByLabel(/Last name/).fill('Rao');
  await form.getByLabel(/^Email/).fill(uniqueEmail('contact'));
  await form.getByLabel(/^Phone/).fill('+91 98765 43210');
  await form.getByLabel(/^Message/).fill('How do referrals work?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await page.waitForURL('http://localhost:3000/', { timeout: 5_000 });
});
