// "Verified" means verified at that company: the badge on job cards and job details, and a
// referrer whose work address is at another company refused on the job post form, with the rule shown.
// The badge says what was proven: the verified domain, and "Verified at {company}" only
// for a domain an operator (or the seed) confirmed for the company (docs/trust-and-safety.md).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  createJobOverApi,
  E2E_COMPANY,
  E2E_COMPANY_DOMAIN,
  signUp,
  verifyWorkEmailOverApi,
} from '../support/session';
import { confirmDomainAsOperator } from '../support/confirm-domain';

const BASE = 'http://localhost:3000';
/** Where the screenshots of the badge go when SCREENSHOT_DIR is set (looked at by hand). */
const SHOTS = process.env.SCREENSHOT_DIR;

async function referrer(browser: Browser): Promise<{ page: Page; userId: string }> {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  const { userId } = await signUp(page, 'Referrer');
  return { page, userId };
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test('a job whose poster claimed its company\'s domain shows "Verified · @{domain}", never "Verified at {company}", on its card and its details', async ({
  browser,
  page,
}) => {
  // Two colleagues at the company's domain: a self-claimed domain stays unconfirmed whoever verifies there.
  // A company of its own: other journeys have an operator confirm E2E_COMPANY's domain.
  const suffix = Date.now().toString(36);
  const company = { name: `Badge Works ${suffix}`, domain: `badge-works-${suffix}.example` };
  const poster = await referrer(browser);
  const colleague = await referrer(browser);
  await verifyWorkEmailOverApi(colleague.page.request, colleague.userId, company.domain);
  const title = `Verified Badge Engineer ${suffix}`;
  const jobId = await createJobOverApi(poster.page, poster.userId, title, company);

  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/company-list?search=${encodeURIComponent(title)}`);
    const card = page.getByRole('article', { name: title });
    await expect(card.getByText(`Verified · @${company.domain}`, { exact: true })).toBeVisible();
    await expect(card.getByText(`Verified at ${company.name}`)).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await shoot(page, `verified-card-${width}`);

    // Job details need a signed-in visitor: the colleague's page.
    const signedIn = colleague.page;
    await signedIn.setViewportSize({ width, height });
    await signedIn.goto(`/job-details/${jobId}`);
    await expect(signedIn.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Under the company and under the referrer in the referrer's panel.
    const badges = signedIn.getByText(`Verified · @${company.domain}`, { exact: true });
    await expect(badges).toHaveCount(2);
    await expect(badges.first()).toBeVisible();
    await expect(signedIn.getByText(`Verified at ${company.name}`)).toHaveCount(0);
    await shoot(signedIn, `verified-details-${width}`);
  }
  await poster.page.context().close();
  await colleague.page.context().close();
});

test('a referrer verified at another company is refused on the job post form and told which address to verify', async ({
  browser,
}) => {
  // Acme Corp with its domain confirmed by an operator: a name nobody confirmed would be open to any domain.
  const poster = await referrer(browser);
  await createJobOverApi(poster.page, poster.userId, 'Anchor Engineer');
  await confirmDomainAsOperator(new URL(poster.page.url()).origin, E2E_COMPANY_DOMAIN);
  const { page, userId } = await referrer(browser);
  const elsewhere = await verifyWorkEmailOverApi(page.request, userId, 'someone-else.example');
  await page.goto('/create-job-post');
  await expect(
    page.getByText('You can post jobs only for the company of your verified work email'),
  ).toBeVisible();
  await page.getByLabel('Company Name').fill(E2E_COMPANY);
  await page.getByLabel('Job Title').fill('Refused Engineer');
  await page.getByLabel('Job Location').selectOption('Remote');
  await page.getByLabel('Industry').selectOption({ label: 'IT' });
  await page.getByLabel('Job Type').selectOption('Full-time');
  await page.getByLabel('Address').fill('12 MG Road, Bengaluru');
  await page.getByRole('button', { name: 'Next' }).click();
  const chipField = (name: string) => page.getByRole('textbox', { name, exact: true });
  await chipField('Job Description').pressSequentially('Build the platform.');
  await page.getByLabel('Experience').selectOption('3-6');
  await chipField('Required Skills').pressSequentially('Go,');
  await chipField('Notes').fill('Remote');
  await chipField('Notes').press('Enter');
  await page.getByLabel('Salary Range (LPA)').fill('25-35');
  await page.getByRole('button', { name: 'Post Job' }).click();

  const message = `Your verified work email ${elsewhere} is not at ${E2E_COMPANY}. Verify your work email at acme-corp.com to post jobs for it.`;
  await expect(
    page
      .getByRole('region', { name: 'Create Job Post' })
      .getByRole('alert')
      .filter({ hasText: message }),
  ).toBeVisible();
  // The verify dialog opens by itself (posting continues once the address is verified).
  const dialog = page.getByRole('dialog', { name: 'Verify Work Email' });
  await expect(
    dialog.getByText(
      `Posting jobs for ${E2E_COMPANY} needs a verified work email at ${E2E_COMPANY}`,
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Work Email' })).toBeVisible();
  await page.context().close();
});
