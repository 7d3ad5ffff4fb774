// The match summary on a phone (390x844): the candidate sees how their saved resume meets the job in the
// request dialog before sending it; the referrer sees the same summary on the request's card
// (docs/decisions-referrer.md, "Match summary"). The resume is a real PDF made in the test.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { textPdf } from '../../api/test/pdf-fixtures';
import { createJobOverApi, signUp } from '../support/session';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const SKILLS = ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'Go', 'Kubernetes'];
const SKILLS_LINE =
  'Matches 4 of 6 skills: React, TypeScript, Node.js, PostgreSQL; missing: Go, Kubernetes';
const RESUME = textPdf([
  'Meera Nair - Full-stack engineer',
  '5+ years of experience building web products.',
  'Skills: React, TypeScript, NodeJS, Postgres, Docker',
  'Acme Labs, Jan 2021 - Present',
]);

async function phone(browser: Browser, role: 'Applicant' | 'Referrer') {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const { userId } = await signUp(page, role);
  return { page, userId, close: () => context.close() };
}

/** A job listing SKILLS, asking 3-6 years. */
async function jobWithSkills(page: Page, userId: string, title: string) {
  const id = await createJobOverApi(page, userId, title);
  const res = await page.request.put(`/api/jobPost/updateById/${id}`, {
    data: {
      jobTitle: title,
      companyName: 'Acme Corp',
      jobLocation: 'Hybrid',
      address: '1 Residency Road, Bengaluru',
      companyLogo: '',
      jobType: 'Full-time',
      salaryRange: '20-30',
      requiredSkills: SKILLS,
      jobDescription: ['Build the product'],
      notes: ['Hybrid, two days a week'],
      experience: '3-6',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return id;
}

test('the candidate sees the match in the request dialog, the referrer the same on the card', async ({
  browser,
}, testInfo) => {
  const title = `Web Engineer ${Date.now().toString(36)}`;
  const referrer = await phone(browser, 'Referrer');
  const candidate = await phone(browser, 'Applicant');
  try {
    const jobId = await jobWithSkills(referrer.page, referrer.userId, title);
    const up = await candidate.page.request.post('/api/documentsUpload/resumeUpload', {
      multipart: {
        userId: candidate.userId,
        file: { name: 'Meera Nair CV.pdf', mimeType: 'application/pdf', buffer: RESUME },
      },
    });
    expect(up.ok(), await up.text()).toBe(true);

    // Before sending: the dialog reads the saved resume against the job.
    const page = candidate.page;
    await page.goto(`/job-details/${jobId}`);
    await page.getByRole('button', { name: 'Request a Referral' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Send your resume' });
    const preview = dialog.getByRole('group', { name: 'Resume match' });
    await expect(preview).toContainText(SKILLS_LINE);
    await expect(preview).toContainText('About 5 years of experience (job asks 3–6 years)');
    await expect(preview).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('match-dialog-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: testInfo.outputPath('match-dialog-1280.png') });
    await page.setViewportSize(PHONE.viewport);
    await dialog.getByRole('button', { name: 'Submit' }).tap();
    await expect(page.getByRole('dialog', { name: 'Referral Request Sent!' })).toBeVisible();

    // The referrer's card: the same summary.
    const rp = referrer.page;
    await rp.goto('/dashboard/referralRequests');
    const card = rp.getByRole('article', { name: /^Request from / }).first();
    await expect(card).toContainText(title);
    const match = card.getByRole('group', { name: 'Resume match' });
    await expect(match).toContainText(SKILLS_LINE);
    await expect(match).toContainText('About 5 years of experience (job asks 3–6 years)');
    const box = await match.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await card.scrollIntoViewIfNeeded();
    await rp.screenshot({ path: testInfo.outputPath('match-card-390.png') });
    await rp.setViewportSize({ width: 1280, height: 900 });
    await rp.screenshot({ path: testInfo.outputPath('match-card-1280.png') });
  } finally {
    await candidate.close();
    await referrer.close();
  }
});
