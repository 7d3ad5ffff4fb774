// Notifications that bring people back: a candidate asks for a referral on the site; the referrer gets the
// e-mail, follows its link (signing in first) and lands on that request; the bell shows it unread and,
// once opened, the dot stays gone after a reload. The referrer approves; the candidate's bell and mailbox
// say so.
import { expect, test, type Page } from '@playwright/test';
import { readCode, waitForMail } from '../support/mailbox';
import { createJobOverApi, signUp } from '../support/session';
import { PDF } from '../support/site';

async function setName(page: Page, userId: string, email: string, fullName: string) {
  const res = await page.request.put(`/api/auth/updateById/${userId}`, {
    data: { userId, roleId: 0, updatedData: { fullName, email } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Verifies a work e-mail for the signed-in referrer of `page` over the API (approving needs one). */
async function verifyWorkEmail(page: Page, userId: string) {
  const workEmail = `ref.${Date.now().toString(36)}@acme-corp.com`;
  const sentAt = Date.now() - 1000;
  const sent = await page.request.post('/api/auth/workEmailVerify', {
    data: { workEmail, id: userId },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const otp = await readCode(page.request, workEmail, sentAt);
  const ok = await page.request.post('/api/auth/workEmailVerifyOtp', {
    data: { workEmail, id: userId, otp },
  });
  expect(ok.ok(), await ok.text()).toBe(true);
}

test('a request reaches the referrer by e-mail and in the bell, and the answer reaches the candidate', async ({
  browser,
}) => {
  // The referrer: signed up through the site, with a job post and a verified work e-mail.
  const referrerContext = await browser.newContext();
  const referrerPage = await referrerContext.newPage();
  const referrer = await signUp(referrerPage, 'Referrer');
  await setName(referrerPage, referrer.userId, referrer.email, 'Rhea Referrer');
  await verifyWorkEmail(referrerPage, referrer.userId);
  const title = `Site Reliability Engineer ${Date.now().toString(36)}`;
  const jobId = await createJobOverApi(referrerPage, referrer.userId, title);
  await referrerContext.close();

  // The candidate asks for a referral on the job's page, with a resume.
  const candidateContext = await browser.newContext();
  const candidatePage = await candidateContext.newPage();
  const candidate = await signUp(candidatePage, 'Applicant');
  await setName(candidatePage, candidate.userId, candidate.email, 'Kiran Candidate');
  await candidatePage.goto(`/job-details/${jobId}`);
  await candidatePage.getByRole('button', { name: 'Request a Referral' }).click();
  const upload = candidatePage.getByRole('dialog', { name: 'Upload your resume' });
  await upload
    .getByLabel('Resume')
    .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
  await upload.getByRole('button', { name: 'Submit' }).click();
  await expect(candidatePage.getByRole('dialog', { name: 'Referral Request Sent!' })).toBeVisible();

  // The referrer's e-mail: the job in the subject, both parts, a link, why, and one-click unsubscribe.
  const mail = await waitForMail(
    candidatePage.request,
    referrer.email,
    new RegExp(`^New referral request for ${title} at Acme Corp$`),
  );
  expect(mail.text).toContain('Kiran Candidate asked you for a referral');
  expect(mail.text).toContain('You get this e-mail because you posted');
  expect(mail.text).not.toContain(candidate.email);
  expect(mail.html).toContain('Review the request');
  expect(mail.headers['List-Unsubscribe']).toMatch(
    /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=/,
  );
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = /Review the request: (\S+)/.exec(mail.text)?.[1] ?? '';
  expect(link).toMatch(
    /^http:\/\/localhost:3000\/dashboard\/referralRequests\?status=pending&request=/,
  );

  // The referrer follows the link in a fresh browser: signs in first, then lands on that request.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByRole('radio', { name: 'Referrer' }).check();
  await page.getByLabel(/e-?mail/i).fill(referrer.email);
  const sentAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'LOGIN' }).click();
  const code = await readCode(page.request, referrer.email, sentAt);
  await page.getByRole('textbox', { name: 'Digit 1 of 4' }).focus();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(link.replace('http://localhost:3000', ''), { timeout: 10_000 });
  const linked = page.locator('[data-linked="true"]');
  await expect(linked.getByRole('article', { name: 'Request from Kiran Candidate' })).toBeVisible();
  await expect(linked).toBeFocused();

  // The bell shows it unread; opening the panel clears the dot, also after a reload.
  const bell = page.getByRole('button', { name: 'Notifications (1 unread)' });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notification-dot')).toHaveText('1');
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(
    panel.getByRole('link', {
      name: `Kiran Candidate asked you for a referral for ${title} at Acme Corp.`,
    }),
  ).toBeVisible();
  await expect(page.getByTestId('notification-dot')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications (none unread)' })).toBeVisible();
  await expect(page.getByTestId('notification-dot')).toHaveCount(0);

  // The referrer approves it.
  await linked.getByRole('button', { name: 'Approve Kiran Candidate' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Approval' })
    .getByRole('button', { name: 'Yes, Continue' })
    .click();
  await expect(page.getByText('Referral approved')).toBeVisible();

  // The candidate's bell says so, live, and so does the candidate's mailbox.
  await candidatePage.goto('/dashboard/userdashboard');
  const candidateBell = candidatePage.getByRole('button', { name: 'Notifications (1 unread)' });
  await expect(candidateBell).toBeVisible();
  await candidateBell.click();
  await expect(
    candidatePage.getByRole('region', { name: 'Notifications' }).getByRole('link', {
      name: `Rhea Referrer approved your referral request for ${title} at Acme Corp.`,
    }),
  ).toBeVisible();
  const answer = await waitForMail(
    candidatePage.request,
    candidate.email,
    new RegExp(`^Your referral request for ${title} at Acme Corp was approved$`),
  );
  expect(answer.text).toContain('/dashboard/myReferralRequests?status=approved&request=');
  expect(answer.text).not.toContain(referrer.email);

  await context.close();
  await candidateContext.close();
});

test('the unsubscribe link of an e-mail works without signing in and turns off only its kind', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const referrer = await signUp(page, 'Referrer');
  const jobId = await createJobOverApi(
    page,
    referrer.userId,
    `QA Engineer ${Date.now().toString(36)}`,
  );
  const candidateContext = await browser.newContext();
  const candidatePage = await candidateContext.newPage();
  const candidate = await signUp(candidatePage, 'Applicant');
  const uploaded = await candidatePage.request.post('/api/documentsUpload/resumeUpload', {
    multipart: {
      userId: candidate.userId,
      file: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(uploaded.ok()).toBe(true);
  const sent = await candidatePage.request.post('/api/referralRequest/sendReferralRequest', {
    data: { jobPostId: jobId, targetUserId: referrer.userId, userId: candidate.userId },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const mail = await waitForMail(page.request, referrer.email, /^New referral request for /);
  const unsubscribe = /Stop e-mails about "[^"]+": (\S+)/.exec(mail.text)?.[1] ?? '';

  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(unsubscribe);
  await expect(other.getByText('A candidate asks me for a referral')).toBeVisible();
  await other.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(other.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();

  // The referrer's profile shows exactly that kind switched off.
  await page.goto('/dashboard/referrarProfile');
  const prefs = page.getByRole('region', { name: 'E-mail notifications' });
  await expect(
    prefs.getByRole('checkbox', { name: 'A candidate asks me for a referral' }),
  ).not.toBeChecked();
  await expect(prefs.getByRole('checkbox', { name: /A chat message arrives/ })).toBeChecked();
  await expect(
    prefs.getByRole('checkbox', { name: /New job posts match my skills/ }),
  ).not.toBeChecked();

  await stranger.close();
  await candidateContext.close();
  await context.close();
});
