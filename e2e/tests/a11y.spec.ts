// Accessibility: axe on every page of the site, signed out and in both modes, with the menus and
// dialogs open; and every kind of dialog keeps Tab and Shift+Tab inside, closes on Escape and gives focus
// back to what opened it. Findings are soft failures, so one run lists every page that needs work.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { readCode } from '../support/mailbox';
import {
  signUp,
  createJobOverApi,
  E2E_COMPANY_DOMAIN,
  verifyWorkEmailOverApi,
} from '../support/session';
import { confirmDomainAsOperator } from '../support/confirm-domain';
import { CANDIDATE_PAGES, PDF, REFERRER_PAGES, settle } from '../support/site';

async function visit(page: Page, url: string, heading?: string | RegExp): Promise<void> {
  await page.goto(url);
  await settle(page, heading);
  await expectNoSeriousViolations(page, url);
}

/** The id of one job post of the demo data, read from the public job list. */
async function someJobId(page: Page): Promise<string> {
  await page.goto('/company-list');
  const link = page.getByRole('list', { name: 'Jobs' }).getByRole('link', { name: 'See Details' });
  const href = (await link.first().getAttribute('href')) ?? '';
  const id = href.split('/').pop() ?? '';
  expect(id, 'a job in the demo data').not.toBe('');
  return id;
}

/** True when the element that has focus is inside `dialog`. */
function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => el.contains(document.activeElement));
}

/**
 * The dialog keeps focus: Tab and Shift+Tab go round more than the number of its controls and never leave;
 * then (when `escape`) Escape closes it and focus is back on `opener`.
 */
async function expectFocusTrap(
  page: Page,
  dialog: Locator,
  opener: Locator,
  { escape = true }: { escape?: boolean } = {},
): Promise<void> {
  await expect(dialog).toBeVisible();
  expect(await focusInside(dialog), 'focus moves into the dialog when it opens').toBe(true);
  const controls = await dialog
    .locator('a[href], button:not([disabled]), input:not([disabled]), select, textarea')
    .count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < controls + 2; i += 1) {
      await page.keyboard.press(key);
      expect(await focusInside(dialog), `${key} #${i + 1} stays inside the dialog`).toBe(true);
    }
  }
  if (!escape) return;
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe('axe finds no serious or critical violations', () => {
  test('on every page signed out, the sign-in code step and an unknown route', async ({ page }) => {
    const jobId = await someJobId(page);
    await expectNoSeriousViolations(page, '/company-list');

    await visit(page, '/', 'Get referred to the job you want');
    for (const [url, heading] of [
      ['/sign-up', undefined],
      ['/become-a-referral', 'Become a Referrer'],
      ['/contact-us', 'Contact Us'],
      ['/premium', 'Premium'],
      ['/privacy-policy', undefined],
      ['/terms-and-conditions', undefined],
      ['/refund-cancellation-policy', undefined],
      ['/no-such-page', undefined],
    ] as const) {
      await visit(page, url, heading);
    }

    // A job as a signed-out visitor sees it (docs/seo.md); asking for a referral leads to sign-in, which must
    // pass too.
    await page.goto(`/job-details/${jobId}`);
    await settle(page);
    await expectNoSeriousViolations(page, `/job-details/${jobId} (signed out)`);
    await page.getByRole('button', { name: 'Request a Referral' }).click();
    await page.waitForURL(/\/sign-in(\?|$)/);
    await settle(page);
    await expectNoSeriousViolations(page, `/job-details/${jobId} (sent to /sign-in)`);

    // Sign-in, both steps.
    await visit(page, '/sign-in');
    await page.getByLabel(/e-?mail/i).fill('candidate@referio.test');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 4' })).toBeVisible();
    await expectNoSeriousViolations(page, '/sign-in (code step)');
  });

  test('on the job details and every candidate page, with the bell and the avatar menu open', async ({
    page,
  }) => {
    const jobId = await someJobId(page);
    await signUp(page, 'Applicant');

    await page.goto(`/job-details/${jobId}`);
    await settle(page);
    await expectNoSeriousViolations(page, `/job-details/${jobId}`);
    await page.getByRole('button', { name: 'Request a Referral' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload your resume' })).toBeVisible();
    await expectNoSeriousViolations(page, `/job-details/${jobId} (resume upload dialog)`);

    for (const [key, heading] of [...CANDIDATE_PAGES, ['chat', 'Chat'] as const]) {
      await visit(page, `/dashboard/${key}`, heading);
    }

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'dashboard (notifications open)');
    await page.getByRole('button', { name: /^Notifications/ }).click();

    await page.getByRole('button', { name: /^Account:/ }).click();
    await expect(page.getByRole('button', { name: 'View profile' })).toBeVisible();
    await expectNoSeriousViolations(page, 'dashboard (avatar menu open)');
  });

  test('on every referrer page, the job modals and both steps of the job wizard', async ({
    page,
  }) => {
    const { userId } = await signUp(page, 'Referrer');
    const title = `Accessible Engineer ${Date.now().toString(36)}`;
    await createJobOverApi(page, userId, title);

    for (const [key, heading] of [...REFERRER_PAGES, ['chat', 'Chat'] as const]) {
      await visit(page, `/dashboard/${key}`, heading);
    }

    await page.goto('/dashboard/jobPosts');
    await settle(page, 'Manage Your Job Posts Effortlessly!');
    await page.getByRole('button', { name: `See Details: ${title}` }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expectNoSeriousViolations(page, 'jobPosts (details dialog)');
    await page
      .getByRole('dialog', { name: title })
      .getByRole('button', { name: 'Edit Job' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Edit Job' })).toBeVisible();
    await expectNoSeriousViolations(page, 'jobPosts (edit dialog)');

    await visit(page, '/create-job-post', 'Create Job Post');
    await page.getByLabel('Company Name').fill('Acme Corp');
    await page.getByLabel('Job Title').fill('Accessible Engineer');
    await page.getByLabel('Job Location').selectOption('Remote');
    await page.getByLabel('Industry').selectOption({ label: 'IT' });
    await page.getByLabel('Job Type').selectOption('Full-time');
    await page.getByLabel('Address').fill('12 MG Road, Bengaluru');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('button', { name: 'Post Job' })).toBeVisible();
    await expectNoSeriousViolations(page, '/create-job-post (step 2)');
    const chipField = (name: string) => page.getByRole('textbox', { name, exact: true });
    await chipField('Job Description').pressSequentially('Build the platform.');
    await page.getByLabel('Experience').selectOption('3-6');
    await chipField('Required Skills').pressSequentially('Go, SQL,');
    await chipField('Notes').fill('Hybrid three days a week');
    await chipField('Notes').press('Enter');
    await page.getByLabel('Salary Range (LPA)').fill('25-35');
    await expectNoSeriousViolations(page, '/create-job-post (step 2 with chips)');
    await page.getByRole('button', { name: 'Post Job' }).click();
    const live = page.getByRole('dialog', { name: 'Your Job Post is Live!' });
    await expect(live).toBeVisible();
    await expectNoSeriousViolations(page, '/create-job-post (success dialog)');
    await expectFocusTrap(page, live, live, { escape: false });
  });
});

test.describe('dialogs keep focus inside, close on Escape and give focus back', () => {
  test('the role switch and log-out confirmations of the dashboard', async ({ page }) => {
    await signUp(page, 'Applicant');
    await page.goto('/dashboard/userdashboard');
    await settle(page, 'Dashboard');

    const switchRole = page.getByRole('button', { name: 'Find a Applicant' });
    await switchRole.click();
    await expectFocusTrap(page, page.getByRole('dialog', { name: 'Find a Applicant' }), switchRole);

    const logOut = page.getByRole('button', { name: 'Log out' });
    await logOut.click();
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await expectFocusTrap(page, dialog, logOut);
    // Cancel gives focus back too.
    await logOut.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(logOut).toBeFocused();
  });

  test('the resume upload dialog of a job and the resume removal confirmation of the profile', async ({
    page,
  }) => {
    const jobId = await someJobId(page);
    const { userId } = await signUp(page, 'Applicant');

    await page.goto(`/job-details/${jobId}`);
    await settle(page);
    const request = page.getByRole('button', { name: 'Request a Referral' });
    await request.click();
    const upload = page.getByRole('dialog', { name: 'Upload your resume' });
    await expectFocusTrap(page, upload, request);

    const uploaded = await page.request.post('/api/documentsUpload/resumeUpload', {
      multipart: {
        userId,
        file: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    await page.goto('/dashboard/profile');
    await settle(page, 'Profile');
    const remove = page.getByRole('button', { name: /^(Remove|Delete)/ }).first();
    await remove.click();
    await expectFocusTrap(page, page.getByRole('dialog'), remove);
  });

  test('the job details and edit dialogs of a referrer, and the success dialog of an edit', async ({
    page,
  }) => {
    const { userId } = await signUp(page, 'Referrer');
    const title = `Trap Engineer ${Date.now().toString(36)}`;
    await createJobOverApi(page, userId, title);
    await page.goto('/dashboard/jobPosts');
    await settle(page, 'Manage Your Job Posts Effortlessly!');

    const seeDetails = page.getByRole('button', { name: `See Details: ${title}` });
    await seeDetails.click();
    await expectFocusTrap(page, page.getByRole('dialog', { name: title }), seeDetails);

    await seeDetails.click();
    await page
      .getByRole('dialog', { name: title })
      .getByRole('button', { name: 'Edit Job' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Job' });
    await expectFocusTrap(page, edit, seeDetails);

    await seeDetails.click();
    await page
      .getByRole('dialog', { name: title })
      .getByRole('button', { name: 'Edit Job' })
      .click();
    await edit.getByLabel('Salary Range (LPA)').fill('30-40');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    const done = page.getByRole('dialog', { name: 'Job Updated!' });
    await expectFocusTrap(page, done, seeDetails);
  });
});

test('signed in: the landing page with the greeting menu, and site and dashboard on a phone with menus open', async ({
  page,
}) => {
  await signUp(page, 'Applicant');
  await settle(page);
  await page.getByRole('button', { name: /^Hi, / }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expectNoSeriousViolations(page, '/ signed in (greeting menu open)');

  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/company-list', 'Browse Companies');
  // The burger: a native disclosure (shell/src/layout/NavbarView.tsx).
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.locator('summary').click();
  await expect(nav.getByRole('link', { name: 'Get Premium' })).toBeVisible();
  await expectNoSeriousViolations(page, '/company-list on a phone (menu open)');

  await visit(page, '/dashboard/explore', 'Explore');
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Close sidebar' })).toBeVisible();
  await expectNoSeriousViolations(page, '/dashboard/explore on a phone (sidebar open)');
});

test('a referral round trip: request sent, pending and approved lists, the approval and work-email dialogs, a conversation', async ({
  page,
  browser,
}) => {
  // Two people, a dozen pages and dialogs, each scanned by axe: the longest journey of the suite (over the
  // default 90 s on a loaded 2-core machine running the suite in two shards).
  test.setTimeout(180_000);
  const { userId: referrerId } = await signUp(page, 'Referrer');
  const title = `Round Trip Engineer ${Date.now().toString(36)}`;
  const jobId = await createJobOverApi(page, referrerId, title);
  await confirmDomainAsOperator(new URL(page.url()).origin, E2E_COMPANY_DOMAIN);
  // Posting needed a work e-mail at the job's company; the referrer's current address is now at another
  // domain, so approving is refused and opens the work-email dialog (docs/verified-referrers.md).
  await verifyWorkEmailOverApi(page.request, referrerId, 'elsewhere-a11y.example');

  const candidateContext = await browser.newContext();
  const candidate = await candidateContext.newPage();
  try {
    await signUp(candidate, 'Applicant');
    await candidate.goto(`/job-details/${jobId}`);
    await settle(candidate, title);
    await candidate.getByRole('button', { name: 'Request a Referral' }).click();
    const upload = candidate.getByRole('dialog', { name: 'Upload your resume' });
    await upload.getByLabel('Resume').setInputFiles({
      name: 'resume.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(upload.getByText('resume.pdf')).toBeVisible();
    await expectNoSeriousViolations(candidate, 'job details (upload dialog with a file)');
    await upload.getByRole('button', { name: 'Submit' }).click();
    const sent = candidate.getByRole('dialog', { name: 'Referral Request Sent!' });
    await expect(sent).toBeVisible();
    await expectNoSeriousViolations(candidate, 'job details (request sent dialog)');
    await expectFocusTrap(candidate, sent, sent, { escape: false });
    await sent.getByRole('button', { name: 'Close' }).click();
    await expect(candidate.getByText('Already Applied')).toBeVisible();
    await expectNoSeriousViolations(candidate, 'job details (already applied)');
    await visit(candidate, '/dashboard/myReferralRequests', 'My Referral Requests');

    // The referrer's side: a pending card, the approval confirmation, then the work-email gate.
    await visit(page, '/dashboard/referralRequests', 'Referral Requests');
    const approve = page.getByRole('button', { name: /^Approve / });
    await approve.click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Approval' });
    await expect(confirm).toBeVisible();
    await expectNoSeriousViolations(page, 'referralRequests (approval confirmation)');
    await expectFocusTrap(page, confirm, approve);
    const decline = page.getByRole('button', { name: /^Decline / });
    await decline.click();
    await expectFocusTrap(page, page.getByRole('dialog', { name: 'Confirm Decline' }), decline);

    await approve.click();
    await confirm.getByRole('button', { name: 'Yes, Continue' }).click();
    const gate = page.getByRole('dialog', { name: 'Verify Work Email' });
    await expect(gate).toBeVisible();
    await expectNoSeriousViolations(page, 'referralRequests (work-email dialog)');
    await expectFocusTrap(page, gate, approve);

    // With the work e-mail verified at the job's company (over the API), approving opens the conversation.
    const workEmail = `a11y.${Date.now().toString(36)}@${E2E_COMPANY_DOMAIN}`;
    const sentAt = Date.now() - 1000;
    expect(
      (
        await page.request.post('/api/auth/workEmailVerify', {
          data: { workEmail, id: referrerId },
        })
      ).ok(),
    ).toBe(true);
    const otp = await readCode(page.request, workEmail, sentAt);
    expect(
      (
        await page.request.post('/api/auth/workEmailVerifyOtp', {
          data: { workEmail, id: referrerId, otp },
        })
      ).ok(),
    ).toBe(true);
    await page.reload();
    await settle(page, 'Referral Requests');
    await approve.click();
    await confirm.getByRole('button', { name: 'Yes, Continue' }).click();
    await expect(page.getByText('Referral approved')).toBeVisible();
    await page.getByRole('tab', { name: /^Approved/ }).click();
    await expectNoSeriousViolations(page, 'referralRequests (approved tab)');
    await page.getByRole('button', { name: /^Go to Chat/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/chat$/);
    await expect(page.getByRole('log')).toBeVisible();
    await page.getByPlaceholder('Type something...').fill('Hello there');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('log').getByText('Hello there')).toBeVisible();
    await expectNoSeriousViolations(page, '/dashboard/chat (conversation open)');

    await visit(page, '/dashboard/referrarProfile', 'Profile');

    await visit(candidate, '/dashboard/myReferralRequests', 'My Referral Requests');
    await candidate.getByRole('tab', { name: /Approved Requests/ }).click();
    await expectNoSeriousViolations(candidate, 'myReferralRequests (approved tab)');
    await visit(candidate, '/dashboard/chat', 'Chat');
    await visit(candidate, '/dashboard/userdashboard', 'Dashboard');

    // Give Referral lists the job; its details dialog traps focus too.
    await visit(page, '/dashboard/giverefferal', 'Give Referral');
    const details = page.getByRole('button', { name: `See Details: ${title}` });
    await details.click();
    const dialog = page.getByRole('dialog', { name: title });
    await expectNoSeriousViolations(page, 'giverefferal (details dialog)');
    await expectFocusTrap(page, dialog, details);
  } finally {
    await candidateContext.close();
  }
});
