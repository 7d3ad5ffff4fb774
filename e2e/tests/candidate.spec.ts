import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { readCode } from '../support/mailbox';
import { signUp } from '../support/session';
import { BASE, JOB_FIELDS, PDF } from '../support/site';

const DEMO_REFERRER = 'referrer@referio.test';

// A 1×1 transparent PNG: small, valid by content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface Envelope<T> {
  success: boolean;
  message?: string;
  data: T;
}

/** The demo referrer, signed in over the API in a context of its own (codes from the dev mailbox). */
/**
 * A job post by the referrer of `api` asking for `skills`, for the company of their current work e-mail
 * (posting needs verification at the company; the demo referrer is verified at its seeded one).
 */
async function createJobFor(api: APIRequestContext, userId: string, skills: string[]) {
  const profile = await api.get(`/api/auth/GetByIdReferer/${userId}/1`);
  expect(profile.ok(), await profile.text()).toBe(true);
  const history = (
    (await profile.json()) as Envelope<{ workEmailHistory: { companyName: string }[] }>
  ).data.workEmailHistory;
  const companyName = history[history.length - 1]!.companyName;
  const res = await api.post('/api/jobPost/createJobPost', {
    data: {
      ...JOB_FIELDS,
      userId,
      jobTitle: `Frontend Engineer ${Date.now().toString(36)}`,
      companyName,
      requiredSkills: skills,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function signInDemoReferrer() {
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  const sentAt = Date.now() - 1000;
  const sent = await api.post('/api/auth/login', { data: { email: DEMO_REFERRER, roleId: '1' } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const otp = await readCode(api, DEMO_REFERRER, sentAt);
  const verified = await api.post('/api/auth/verifyOtp', {
    data: { email: DEMO_REFERRER, otp, roleId: '1' },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const me = ((await verified.json()) as Envelope<{ _id: string }>).data;
  return { api, referrerId: me._id };
}

test('a candidate completes the profile, uploads photo and resume, and follows a referral request to Approved', async ({
  page,
}) => {
  const { email } = await signUp(page, 'Applicant');
  const userId = await page.evaluate(
    () =>
      (
        JSON.parse(window.localStorage.getItem('currentUserInfo') ?? '{}') as {
          data: { _id: string };
        }
      ).data._id,
  );

  // Profile: a wrong e-mail blocks the submit; the mobile number takes 10 digits at most.
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const emailField = page.getByLabel(/^Email/);
  await expect(emailField).toHaveValue(email);
  await page.getByLabel('Full Name').fill('Priya Candidate');
  await emailField.fill('priya-at-example');
  await emailField.blur();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Profile updated successfully!')).toHaveCount(0);
  await emailField.fill(email);
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);

  const mobile = page.getByLabel(/Mobile Number/);
  await mobile.pressSequentially('98765x432101');
  await expect(mobile).toHaveValue('9876543210');
  await page.getByLabel('Home Address').fill('12 MG Road, Bengaluru');
  await page.getByLabel('Overall Experience (years)').fill('5');
  await page.getByLabel('Summary').fill('Frontend engineer who loves accessible UIs.');
  await page.getByLabel('Skills', { exact: true }).fill('TypeScript');
  await page.keyboard.press('Enter');
  await page.getByLabel('Skills', { exact: true }).fill('React');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  // The avatar popover follows the saved profile.
  await page.getByRole('button', { name: /^Account:/ }).click();
  const card = page.getByRole('region', { name: 'Priya Candidate' });
  await expect(card.getByText('Exp: 5+ Years')).toBeVisible();
  await expect(card.getByText('Frontend engineer who loves accessible UIs.')).toBeVisible();
  await expect(card.getByText('TypeScript')).toBeVisible();
  await page.keyboard.press('Escape');

  // Photo and resume.
  await page
    .getByLabel('Change photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Profile image uploaded successfully!')).toBeVisible();
  await page
    .getByLabel('Add a resume')
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Resume uploaded successfully!')).toBeVisible();
  const view = page.getByRole('link', { name: 'View cv' });
  await expect(view).toBeVisible();
  const resume = await page.request.get((await view.getAttribute('href')) ?? '');
  expect(resume.ok()).toBe(true);
  expect((await resume.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Counts before and after a referral request (sent over the API with the page's cookies).
  await page.goto('/dashboard/userdashboard');
  const counts = page.getByRole('list', { name: 'Your referral requests' });
  const total = counts.getByRole('listitem').filter({ hasText: 'Total Requests' });
  const pending = counts.getByRole('listitem').filter({ hasText: 'Pending Requests' });
  const approved = counts.getByRole('listitem').filter({ hasText: 'Approved Requests' });
  await expect(total).toContainText('0');
  // Suggestions for a candidate with skills and experience: six cards with their skills.
  const liked = page.getByRole('region', { name: 'Jobs You May Like' }).getByRole('article');
  await expect(liked).toHaveCount(6);
  await expect(
    liked.first().getByRole('list', { name: 'Skills' }).getByRole('listitem'),
  ).not.toHaveCount(0);

  const { api: referrer, referrerId } = await signInDemoReferrer();
  try {
    const posts = await referrer.post('/api/jobPost/getAllJobPostByUserId', {
      data: { userId: referrerId, search: '', start: 0, limit: 100, status: 'active' },
    });
    expect(posts.ok(), await posts.text()).toBe(true);
    const job = ((await posts.json()) as Envelope<{ _id: string; jobTitle: string }[]>).data[0];
    expect(job, 'the demo referrer has an active job post').toBeTruthy();

    const sent = await page.request.post('/api/referralRequest/sendReferralRequest', {
      data: { jobPostId: job!._id, targetUserId: referrerId, userId },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const requestId = ((await sent.json()) as Envelope<{ _id: string }>).data._id;

    await page.reload();
    await expect(total).toContainText('1');
    await expect(pending).toContainText('1');
    await expect(approved).toContainText('0');

    await page.getByRole('link', { name: 'My Referral Requests', exact: true }).click();
    await expect(page.getByRole('tab', { name: /Pending Requests\s*1/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const requestCard = page.getByRole('tabpanel').getByRole('article', {
      name: new RegExp(job!.jobTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
    await expect(requestCard).toBeVisible();
    await expect(requestCard.getByText('Pending', { exact: true })).toBeVisible();

    // The referrer approves; the request moves to Approved with 'Go to Chat'.
    const approvedRes = await referrer.put(
      `/api/referralRequest/updateReferralStatus/${requestId}`,
      { data: { status: 'approved' } },
    );
    expect(approvedRes.ok(), await approvedRes.text()).toBe(true);

    await page.reload();
    await page.getByRole('tab', { name: /Approved Requests\s*1/ }).click();
    const approvedCard = page.getByRole('tabpanel').getByRole('article');
    await expect(approvedCard).toHaveCount(1);
    await expect(approvedCard.getByText('Approved', { exact: true })).toBeVisible();
    await expect(approvedCard.getByRole('button', { name: /Go to Chat/ })).toBeEnabled();
    await page.getByRole('tab', { name: /Pending Requests\s*0/ }).click();
    await expect(page.getByRole('tabpanel').getByText('No pending requests found')).toBeVisible();

    // The bell says the request was approved and links to it.
    await page.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByRole('link', { name: /approved your referral request/ }).click();
    await expect(page).toHaveURL(
      `/dashboard/myReferralRequests?status=approved&request=${requestId}`,
    );
    await expect(page.locator('[data-linked="true"]').getByRole('article')).toBeVisible();

    // A new job post matching the candidate's skills arrives live; 'View More' opens the job.
    await createJobFor(referrer, referrerId, ['React']);
    await page.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    const viewMore = panel.getByRole('button', { name: /^View More/ }).first();
    await expect(viewMore).toBeVisible();
    await viewMore.click();
    await expect(page).toHaveURL(/\/job-details\/[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => window.localStorage.getItem('selectedJobId'))).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  } finally {
    await referrer.dispose();
  }
});
