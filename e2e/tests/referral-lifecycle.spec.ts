// A referral request never dies in silence (docs/referral-lifecycle.md): the candidate withdraws a
// pending request and asks again; the referrer declines with a reason that the candidate then reads; a
// request nobody answered shows as "No response"; the candidate's card tells the request's timeline (sent,
// resume opened, decided). The expiry is brought forward by the dev-only
// POST /api/dev/expireReferralRequest/:id (absent in production), which runs the real expiry.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import { createJobOverApi, signUp } from '../support/session';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

async function setName(page: Page, userId: string, email: string, fullName: string) {
  const res = await page.request.put(`/api/auth/updateById/${userId}`, {
    data: { userId, roleId: 0, updatedData: { fullName, email } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

interface Person {
  page: Page;
  userId: string;
  email: string;
  close: () => Promise<void>;
}

async function person(
  browser: Browser,
  role: 'Applicant' | 'Referrer',
  fullName: string,
): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { userId, email } = await signUp(page, role);
  await setName(page, userId, email, fullName);
  return { page, userId, email, close: () => context.close() };
}

/** The candidate's resume and a request for the job, over the API (the job page's flow is tested elsewhere). */
async function requestOverApi(candidate: Person, jobId: string, referrerId: string) {
  const up = await candidate.page.request.post('/api/documentsUpload/resumeUpload', {
    multipart: {
      userId: candidate.userId,
      file: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(up.ok(), await up.text()).toBe(true);
  const res = await candidate.page.request.post('/api/referralRequest/sendReferralRequest', {
    data: { jobPostId: jobId, targetUserId: referrerId, userId: candidate.userId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

async function referrerWithJob(browser: Browser, name: string, title: string) {
  const referrer = await person(browser, 'Referrer', name);
  const jobId = await createJobOverApi(referrer.page, referrer.userId, title);
  return { referrer, jobId };
}

test('a candidate withdraws a pending request: it leaves the referrer at once, shows under its own "Withdrawn" tab with the hand-off (not "No response", not in the total), and the job can be asked again', async ({
  browser,
}) => {
  const title = `Data Engineer ${Date.now().toString(36)}`;
  const { referrer, jobId } = await referrerWithJob(browser, 'Wanda Referrer', title);
  const candidate = await person(browser, 'Applicant', 'Wes Candidate');
  await requestOverApi(candidate, jobId, referrer.userId);

  await referrer.page.goto('/dashboard/referralRequests');
  await expect(
    referrer.page.getByRole('article', { name: 'Request from Wes Candidate' }),
  ).toBeVisible();

  const page = candidate.page;
  await page.goto('/dashboard/myReferralRequests');
  const card = page.getByRole('article', { name: `${title} at Acme Corp` });
  await expect(card.getByText('Expires on')).toBeVisible();
  await card
    .getByRole('button', { name: `Withdraw the request for ${title} at Acme Corp` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw Request' });
  await expect(dialog).toContainText('Wanda Referrer will no longer see it');
  await dialog.getByRole('button', { name: 'Yes, Withdraw' }).click();
  await expect(page.getByText('Referral request withdrawn')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Pending Requests 0' })).toBeVisible();
  await expect(card).toHaveCount(0);

  // The candidate finds it under "Withdrawn", with the hand-off as a next step; "No response" is empty.
  await expect(page.getByRole('tab', { name: 'No response 0' })).toBeVisible();
  await page.getByRole('tab', { name: 'Withdrawn 1' }).click();
  await expect(card.locator('.rf-badge', { hasText: /^Withdrawn$/ })).toBeVisible();
  await expect(card).toContainText('Withdrawn: you took this request back on');
  await expect(card.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
  await card.getByRole('button', { name: 'Ask another referrer at Acme Corp' }).click();
  const handoff = page.getByRole('dialog', { name: 'Other referrers at Acme Corp' });
  await expect(handoff).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(handoff).toHaveCount(0);

  // Gone from the referrer's list, and not under their "No response" either.
  await referrer.page.reload();
  await expect(
    referrer.page.getByRole('tabpanel').getByText('No pending requests found'),
  ).toBeVisible();
  await expect(
    referrer.page.getByRole('article', { name: 'Request from Wes Candidate' }),
  ).toHaveCount(0);
  await referrer.page.getByRole('tab', { name: 'No response 0' }).click();
  await expect(
    referrer.page.getByRole('article', { name: 'Request from Wes Candidate' }),
  ).toHaveCount(0);

  // The job takes a new request, through its page, with the saved resume.
  await page.goto(`/job-details/${jobId}`);
  await page.getByRole('button', { name: 'Request a Referral' }).click();
  const upload = page.getByRole('dialog', { name: 'Send your resume' });
  await expect(upload.getByRole('radio', { name: /resume\.pdf/ })).toBeChecked();
  await upload.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Referral Request Sent!' })).toBeVisible();
  await referrer.page.goto('/dashboard/referralRequests');
  await expect(
    referrer.page.getByRole('article', { name: 'Request from Wes Candidate' }),
  ).toBeVisible();

  // The new request is pending; the withdrawn one stays under "Withdrawn".
  await page.goto('/dashboard/myReferralRequests');
  await expect(page.getByRole('tab', { name: 'Pending Requests 1' })).toBeVisible();
  await expect(card.getByText('Expires on')).toBeVisible();
  await page.getByRole('tab', { name: 'Withdrawn 1' }).click();
  await expect(card.locator('.rf-badge', { hasText: /^Withdrawn$/ })).toBeVisible();

  await referrer.close();
  await candidate.close();
});

test('a referrer declines with a reason, and the candidate reads it on the declined card and in the mail', async ({
  browser,
}, testInfo) => {
  const title = `Frontend Engineer ${Date.now().toString(36)}`;
  const { referrer, jobId } = await referrerWithJob(browser, 'Dara Referrer', title);
  const candidate = await person(browser, 'Applicant', 'Cleo Candidate');
  await requestOverApi(candidate, jobId, referrer.userId);

  const page = referrer.page;
  await page.goto('/dashboard/referralRequests');
  await page.getByRole('button', { name: 'Decline Cleo Candidate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Decline' });
  const reasons = dialog.getByRole('group', { name: 'Reason (optional, shown to the candidate)' });
  await reasons.getByRole('radio', { name: 'Other' }).check();
  const note = 'This team only hires in Berlin for now.';
  await dialog.getByRole('textbox', { name: /Note/ }).fill(note);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('decline-dialog-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('decline-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Yes, Decline' }).click();
  await expect(page.getByText('Referral declined')).toBeVisible();
  await page.getByRole('tab', { name: /^Declined/ }).click();
  const own = page.getByRole('article', { name: 'Request from Cleo Candidate' });
  await expect(own).toContainText(`Your reason: ${note}`);
  // The resume goes with the request.
  await expect(own.getByRole('link', { name: /View Resume/ })).toHaveCount(0);

  const cPage = candidate.page;
  await cPage.goto('/dashboard/myReferralRequests');
  await cPage.getByRole('tab', { name: /^Declined Requests/ }).click();
  const card = cPage.getByRole('article', { name: `${title} at Acme Corp` });
  await expect(card).toContainText(`Reason: ${note}`);
  await expect(card.getByRole('button', { name: 'Declined' })).toBeDisabled();
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await cPage.setViewportSize({ width, height });
    await cPage.screenshot({ path: testInfo.outputPath(`declined-card-${width}.png`) });
  }
  const mail = await waitForMail(
    cPage.request,
    candidate.email,
    new RegExp(`^Your referral request for ${title} at Acme Corp was declined$`),
  );
  expect(mail.text).toContain(`Reason: ${note}`);

  await referrer.close();
  await candidate.close();
});

test('a request nobody answers in time shows as "No response", and the candidate is told', async ({
  browser,
}, testInfo) => {
  const title = `Platform Engineer ${Date.now().toString(36)}`;
  const { referrer, jobId } = await referrerWithJob(browser, 'Omar Referrer', title);
  const candidate = await person(browser, 'Applicant', 'Nia Candidate');
  const requestId = await requestOverApi(candidate, jobId, referrer.userId);

  const page = candidate.page;
  const expired = await page.request.post(`/api/dev/expireReferralRequest/${requestId}`);
  expect(expired.ok(), await expired.text()).toBe(true);

  await page.goto('/dashboard/myReferralRequests');
  await expect(page.getByRole('tab', { name: 'Pending Requests 0' })).toBeVisible();
  await page.getByRole('tab', { name: 'No response 1' }).click();
  const card = page.getByRole('article', { name: `${title} at Acme Corp` });
  await expect(card).toContainText('No response: Omar Referrer did not answer before');
  await expect(card.locator('.rf-badge', { hasText: /^No response$/ })).toBeVisible();
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: testInfo.outputPath(`no-response-${width}.png`) });
  }

  // The bell and the mailbox say so; the link opens the "No response" tab on that request.
  const bell = page.getByRole('button', { name: /^Notifications \(1 unread\)/ });
  await bell.click();
  const item = page.getByRole('region', { name: 'Notifications' }).getByRole('link', {
    name: `Your referral request for ${title} at Acme Corp expired without an answer from Omar Referrer.`,
  });
  await expect(item).toBeVisible();
  const mail = await waitForMail(
    page.request,
    candidate.email,
    new RegExp(`^Your referral request for ${title} at Acme Corp expired without an answer$`),
  );
  expect(mail.text).toContain(`/dashboard/myReferralRequests?status=expired&request=${requestId}`);

  // The referrer can no longer approve it, and sees it under "No response" too.
  await referrer.page.goto('/dashboard/referralRequests');
  await referrer.page.getByRole('tab', { name: 'No response 1' }).click();
  await expect(
    referrer.page.getByRole('article', { name: 'Request from Nia Candidate' }),
  ).toContainText('Expired without an answer on');

  // And the job can be asked again.
  await page.goto(`/job-details/${jobId}`);
  await expect(page.getByRole('button', { name: 'Request a Referral' })).toBeEnabled();

  await referrer.close();
  await candidate.close();
});

const DATE = String.raw`\d\d [A-Z][a-z]{2} \d{4}`;

test("the candidate's card tells the request's timeline: sent, then resume opened once the referrer opens it, then approved", async ({
  browser,
}, testInfo) => {
  const title = `Backend Engineer ${Date.now().toString(36)}`;
  const { referrer, jobId } = await referrerWithJob(browser, 'Tara Referrer', title);
  const candidate = await person(browser, 'Applicant', 'Ivo Candidate');
  await requestOverApi(candidate, jobId, referrer.userId);
  const page = candidate.page;
  const shoot = async (name: string) => {
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: testInfo.outputPath(`timeline-${name}-${width}.png`) });
    }
  };

  // Sent: the resume not opened yet is where it waits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/myReferralRequests');
  const card = page.getByRole('article', { name: `${title} at Acme Corp` });
  const steps = card.getByRole('list', { name: 'Request timeline' }).getByRole('listitem');
  await expect(steps).toHaveText([
    new RegExp(`^Done: Requested on ${DATE}$`),
    'Current step: Resume not opened yet',
    new RegExp(`^Not yet: Waiting for an answer, expires on ${DATE}$`),
  ]);
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  await shoot('sent');

  // The referrer's card: sent and their answer to come; they open the resume from it.
  const rPage = referrer.page;
  await rPage.goto('/dashboard/referralRequests');
  const request = rPage.getByRole('article', { name: 'Request from Ivo Candidate' });
  const theirSteps = request.getByRole('list', { name: 'Request timeline' }).getByRole('listitem');
  await expect(theirSteps).toHaveText([
    new RegExp(`^Done: Requested on ${DATE}$`),
    new RegExp(`^Current step: Waiting for your answer, expires on ${DATE}$`),
  ]);
  const popup = rPage.waitForEvent('popup');
  await request.getByRole('link', { name: 'View Resume of Ivo Candidate' }).click();
  const resume = await popup;
  await resume.waitForLoadState();
  await resume.close();

  // Resume opened, by whom and when; the answer is now where it waits.
  await page.reload();
  await expect(steps).toHaveText([
    new RegExp(`^Done: Requested on ${DATE}$`),
    new RegExp(`^Done: Resume opened by Tara Referrer on ${DATE}$`),
    new RegExp(`^Current step: Waiting for an answer, expires on ${DATE}$`),
  ]);
  await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
  await shoot('opened');

  // Approved: every step done, the last one dated.
  await request.getByRole('button', { name: 'Approve Ivo Candidate' }).click();
  await rPage
    .getByRole('dialog', { name: 'Confirm Approval' })
    .getByRole('button', { name: 'Yes, Continue' })
    .click();
  await expect(rPage.getByText('Referral approved')).toBeVisible();
  await rPage.getByRole('tab', { name: /^Approved/ }).click();
  await expect(theirSteps).toHaveText([
    new RegExp(`^Done: Requested on ${DATE}$`),
    new RegExp(`^Done: Approved on ${DATE}$`),
  ]);
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await rPage.setViewportSize({ width, height });
    await rPage.screenshot({ path: testInfo.outputPath(`timeline-referrer-${width}.png`) });
  }

  await page.getByRole('tab', { name: /^Approved Requests/ }).click();
  await expect(steps).toHaveText([
    new RegExp(`^Done: Requested on ${DATE}$`),
    new RegExp(`^Done: Resume opened by Tara Referrer on ${DATE}$`),
    new RegExp(`^Done: Approved on ${DATE}$`),
  ]);
  await expect(card.locator('[aria-current="step"]')).toHaveCount(0);
  await shoot('approved');

  await referrer.close();
  await candidate.close();
});
