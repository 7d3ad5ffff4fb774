// Company pages and similar jobs (docs/decisions-public.md, "Company pages"; docs/search.md, "Similar jobs"), on a
// phone: from the job list to a company's page, its referrers' domain and its jobs, to a job, and the jobs like it
// under that job. The company is new, so its referrer's domain is only claimed: the page shows it as the domain's
// own, never as the company's. Then the same pages on a laptop, and an unknown company's 404.
import { expect, test } from '@playwright/test';
import { checkLayout } from '../support/layout-checks';
import { createJobOverApi, signUp, type E2eCompany } from '../support/session';

const RUN = Date.now().toString(36);
const COMPANY: E2eCompany = { name: `Quillwort ${RUN} Labs`, domain: `quillwort-${RUN}.example` };
const FIRST = 'Kotlin Android Engineer';
const SECOND = 'Senior Kotlin Platform Engineer';

test.use({ viewport: { width: 390, height: 844 } });

test.describe.serial('company pages', () => {
  let companyPath = '';

  test('a referrer at a new company posts two jobs for it', async ({ page }) => {
    const { userId } = await signUp(page, 'Referrer');
    await createJobOverApi(page, userId, FIRST, COMPANY);
    await createJobOverApi(page, userId, SECOND, COMPANY);
  });

  test('from the job list to the company, its jobs, a job and the jobs like it', async ({
    page,
  }) => {
    await page.goto(`/company-list?search=${encodeURIComponent(`Quillwort ${RUN}`)}`);
    const jobs = page.getByRole('list', { name: 'Jobs' });
    await expect(jobs.getByRole('article')).toHaveCount(2);
    await jobs.getByRole('link', { name: COMPANY.name }).first().click();

    await expect(page.getByRole('heading', { level: 1, name: COMPANY.name })).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(
      /^\/company\/[0-9a-f-]{36}\/quillwort-[a-z0-9]+-labs$/,
    );
    companyPath = new URL(page.url()).pathname;
    const counts = page.locator('dl.rf-company__counts');
    await expect(counts).toContainText('Open jobs2');
    await expect(counts).toContainText('Referrers1');
    const domains = page.getByRole('list', { name: 'Verified domains' });
    await expect(domains).toContainText(`Verified · @${COMPANY.domain}`);
    await expect(domains).not.toContainText(`Verified at ${COMPANY.name}`);
    await expect(domains).toContainText(
      `Referio has not confirmed that ${COMPANY.domain} belongs to ${COMPANY.name}.`,
    );
    const open = page.getByRole('list', { name: `Open jobs at ${COMPANY.name}` });
    await expect(open.getByRole('heading', { level: 3 })).toHaveText([SECOND, FIRST]);
    await checkLayout(page, 'company-page-390');

    await open
      .getByRole('article', { name: FIRST })
      .getByRole('link', { name: 'See Details' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();
    const similar = page.getByRole('region', { name: 'Similar jobs' });
    await expect(similar.getByRole('link', { name: SECOND })).toBeVisible();
    await checkLayout(page, 'company-similar-jobs-390');

    await similar.getByRole('link', { name: SECOND }).click();
    await expect(page.getByRole('heading', { level: 1, name: SECOND })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Similar jobs' }).getByRole('link', { name: FIRST }),
    ).toBeVisible();
    // The company's name under the title leads back to its page.
    await page.getByRole('link', { name: COMPANY.name }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: COMPANY.name })).toBeVisible();
  });

  test('the company page arrives as HTML on a laptop, and an unknown company answers 404', async ({
    page,
    request,
  }) => {
    const html = await (
      await request.get(companyPath, { headers: { accept: 'text/html' } })
    ).text();
    expect(html).toContain(`<title>${COMPANY.name}: jobs and referrals — Referio</title>`);
    expect(html).toContain(SECOND);

    const missing = await request.get('/company/00000000-0000-4000-8000-000000000000', {
      headers: { accept: 'text/html' },
    });
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('Company not found');

    await page.setViewportSize({ width: 1280, height: 900 });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(companyPath);
    await expect(page.getByRole('heading', { level: 1, name: COMPANY.name })).toBeVisible();
    // React takes the server's page over without a mismatch.
    await page.mouse.move(10, 10);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
    await checkLayout(page, 'company-page-1280');
    await page.getByRole('link', { name: 'See Details' }).first().click();
    await expect(page.getByRole('region', { name: 'Similar jobs' })).toBeVisible();
    await checkLayout(page, 'company-similar-jobs-1280');
  });
});
