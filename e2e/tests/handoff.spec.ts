// A declined request is not the end. The candidate opens "Ask another referrer at {company}",
// sends a request to a second referrer at the same company in one click, and that referrer sees it. The
// referrers and their jobs are made over the API (contexts of their own, work e-mails verified); the
// candidate signs up through the site.
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { checkLayout } from '../support/layout-checks';
import { readCode, uniqueEmail } from '../support/mailbox';
import { signUp } from '../support/session';
import { BASE, JOB_FIELDS, PDF } from '../support/site';

interface Envelope<T> {
  success: boolean;
  data: T;
}

interface Referrer {
  api: APIRequestContext;
  id: string;
  email: string;
}

/** A fresh referrer with a name and a verified work e-mail, signed in over the API. */
async function verifiedReferrer(fullName: string): Promise<Referrer> {
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  const email = uniqueEmail('handoff-referrer');
  let sentAt = Date.now() - 1000;
  const sent = await api.post('/api/auth/createUser', { data: { email, roleId: '1' } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const otp = await readCode(api, email, sentAt);
  const verified = await api.post('/api/auth/verifyOtp', { data: { email, otp, roleId: '1' } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const id = ((await verified.json()) as Envelope<{ _id: string }>).data._id;
  const named = await api.put(`/api/auth/updateById/${id}`, {
    data: { userId: id, roleId: 1, updatedData: { fullName, email } },
  });
  expect(named.ok(), await named.text()).toBe(true);
  const workEmail = `${email.split('@')[0]}@globex-corp.com`;
  sentAt = Date.now() - 1000;
  const asked = await api.post('/api/auth/workEmailVerify', { data: { workEmail, id } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const code = await readCode(api, workEmail, sentAt);
  const confirmed = await api.post('/api/auth/workEmailVerifyOtp', {
    data: { workEmail, id, otp: code },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return { api, id, email };
}

async function postJob(referrer: Referrer, jobTitle: string, companyName: string): Promise<string> {
  const res = await referrer.api.post('/api/jobPost/createJobPost', {
    data: {
      ...JOB_FIELDS,
      userId: referrer.id,
      jobTitle,
      companyName,
      requiredSkills: ['Go', 'PostgreSQL'],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as Envelope<{ _id: string }>).data._id;
}

test('a declined candidate asks another referrer at the same company, who then sees the request', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const company = `Globex ${stamp}`;
  const title = `Backend Engineer ${stamp}`;
  const first = await verifiedReferrer('Farah Khan');
  const second = await verifiedReferrer('Gautam Rao');
  const firstJob = await postJob(first, title, company);
  const secondJob = await postJob(second, title, company);

  // The candidate signs up on the site, names themselves, uploads a resume and asks the first referrer.
  const { userId, email } = await signUp(page, 'Applicant');
  const named = await page.request.put(`/api/auth/updateById/${userId}`, {
    data: { userId, roleId: 0, updatedData: { fullName: 'Ira Sen', email } },
  });
  expect(named.ok(), await named.text()).toBe(true);
  const uploaded = await page.request.post('/api/documentsUpload/resumeUpload', {
    multipart: { userId, file: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const sent = await page.request.post('/api/referralRequest/sendReferralRequest', {
    data: { jobPostId: firstJob, targetUserId: first.id, userId },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const requestId = ((await sent.json()) as Envelope<{ _id: string }>).data._id;

  // The first referrer declines.
  const declined = await first.api.put(`/api/referralRequest/updateReferralStatus/${requestId}`, {
    data: { status: 'declined' },
  });
  expect(declined.ok(), await declined.text()).toBe(true);

  // The candidate's declined card offers the hand-off.
  await page.goto('/dashboard/myReferralRequests');
  await page.getByRole('tab', { name: /^Declined Requests/ }).click();
  const card = page.getByRole('article', { name: `${title} at ${company}` });
  const opener = card.getByRole('button', { name: `Ask another referrer at ${company}` });
  await expect(opener).toBeVisible();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `Other referrers at ${company}` });
  await expect(dialog).toBeVisible();
  const offers = dialog.getByRole('listitem');
  await expect(offers).toHaveCount(1);
  await expect(offers.first()).toContainText(title);
  await expect(offers.first()).toContainText('New referrer');
  await expectNoSeriousViolations(page, 'the hand-off dialog', '[role="dialog"]');
  // Looked at on a laptop and a phone.
  await checkLayout(page, 'handoff-dialog-1280', false);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkLayout(page, 'handoff-dialog-390', false);
  await page.setViewportSize({ width: 1280, height: 900 });

  // One click sends the request with the current resume.
  await offers.first().getByRole('button', { name: 'Ask for a referral' }).click();
  await expect(offers.first().getByRole('status')).toHaveText('Request sent');
  await expect(offers.first().getByRole('status')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await page.getByRole('tab', { name: /^Pending Requests/ }).click();
  await expect(page.getByRole('article', { name: `${title} at ${company}` })).toBeVisible();

  // The second referrer's job details show how they answer (new: no history yet).
  await page.goto(`/job-details/${secondJob}`);
  const panel = page.getByRole('complementary', { name: 'Get Referrals from Employee' });
  await expect(panel.getByTestId('referrer-responsiveness')).toHaveText('New referrer');
  await checkLayout(page, 'handoff-job-details-1280', false);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkLayout(page, 'handoff-job-details-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The second referrer sees it, with the resume.
  const inbox = await second.api.post('/api/referralRequest/getAllReferralRequestsData', {
    data: { userId: second.id, roleId: 1, status: 'pending' },
  });
  expect(inbox.ok(), await inbox.text()).toBe(true);
  const pending = (
    (await inbox.json()) as Envelope<
      { jobPostId: { _id: string }; senderId: { _id: string; resumeLink: string | null } }[]
    >
  ).data;
  expect(pending.map((r) => [r.jobPostId._id, r.senderId._id])).toEqual([[secondJob, userId]]);
  expect(pending[0]!.senderId.resumeLink).toBeTruthy();

  // …and on their own page, signed in through the site.
  const referrerPage = await page.context().browser()!.newPage();
  try {
    const sentAt = Date.now() - 1000;
    await referrerPage.goto(`${BASE}/sign-in`);
    await referrerPage.getByRole('radio', { name: 'Referrer' }).check();
    await referrerPage.getByLabel(/e-?mail/i).fill(second.email);
    await referrerPage.getByRole('button', { name: 'LOGIN' }).click();
    const code = await readCode(referrerPage.request, second.email, sentAt);
    await referrerPage.getByRole('textbox', { name: 'Digit 1 of 4' }).focus();
    await referrerPage.keyboard.type(code);
    await referrerPage.waitForURL((url) => !url.pathname.startsWith('/sign-in'), {
      timeout: 10_000,
    });
    await referrerPage.goto(`${BASE}/dashboard/referralRequests`);
    const request = referrerPage.getByRole('article', { name: 'Request from Ira Sen' });
    await expect(request.getByText(title)).toBeVisible();
  } finally {
    await referrerPage.close();
    await first.api.dispose();
    await second.api.dispose();
  }
});
