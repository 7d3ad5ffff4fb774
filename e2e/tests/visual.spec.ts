// The visual sweep (issue 18, "Keeping them fixed"): every page, signed out, as a candidate and as a
// referrer, with the bell, the menus and the main dialogs open, at a phone's 390×844 and a laptop's
// 1280×900. Each state must not scroll sideways, keep its controls on the screen, break no word inside,
// paint no link in the browser's default blue and show no toast twice. A screenshot of each state goes to
// e2e/artifacts/screens/ for a person to look at. Findings are soft, so one run lists every state.
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { checkLayout } from '../support/layout-checks';
import { readCode, uniqueEmail } from '../support/mailbox';
import { signUp } from '../support/session';

const BASE = 'http://localhost:3000';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const LONG_TITLE =
  'Principal Distributed Systems Engineer, Payments Infrastructure and Reliability';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface World {
  candidate: StorageState;
  referrer: StorageState;
  jobId: string;
  closedJobId: string;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function createJob(api: APIRequestContext, userId: string, jobTitle: string) {
  return ok<{ _id: string }>(
    await api.post('/api/jobPost/createJobPost', {
      data: {
        userId,
        jobTitle,
        companyName: 'Brandworks Communications Technologies',
        jobLocation: 'Remote',
        address: 'Remote, India',
        industry: 'it',
        experience: '3-6',
        jobType: 'Full-time',
        salaryRange: '20-30',
        requiredSkills: ['TypeScript', 'PostgreSQL', 'Kubernetes', 'Observability'],
        jobDescription: ['Run the payments platform with Node.js daily'],
        notes: ['On call once a month'],
      },
    }),
  );
}

/**
 * A referrer with a verified work e-mail and two jobs (one closed), and a candidate with a long e-mail
 * address who sent one pending request and has one approved request with a chat.
 */
async function makeWorld(browser: Browser): Promise<World> {
  const refContext = await browser.newContext({ baseURL: BASE });
  const refPage = await refContext.newPage();
  const referrer = await signUp(refPage, 'Referrer');
  const workEmail = uniqueEmail('work').replace('@example.com', '@brandworks-visual.io');
  const sentAt = Date.now() - 1000;
  await ok(
    await refPage.request.post('/api/auth/workEmailVerify', {
      data: { workEmail, id: referrer.userId },
    }),
  );
  const otp = await readCode(refPage.request, workEmail, sentAt);
  await ok(
    await refPage.request.post('/api/auth/workEmailVerifyOtp', {
      data: { workEmail, id: referrer.userId, otp },
    }),
  );
  const job = await createJob(refPage.request, referrer.userId, LONG_TITLE);
  const second = await createJob(refPage.request, referrer.userId, 'Staff Engineer');
  const closed = await createJob(refPage.request, referrer.userId, 'Closed Role Engineer');
  const closedRes = await refPage.request.put(`/api/jobPost/updateStatus/${closed._id}`, {
    data: { status: 'inactive' },
  });
  expect(closedRes.ok(), await closedRes.text()).toBe(true);

  const candContext = await browser.newContext({ baseURL: BASE });
  const candPage = await candContext.newPage();
  const candidate = await signUp(candPage, 'Applicant', 'alexandra.konstantinopoulou.applicant');
  await ok(
    await candPage.request.post('/api/documentsUpload/resumeUpload', {
      multipart: { file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF } },
    }),
  );
  for (const j of [job, second]) {
    await ok(
      await candPage.request.post('/api/referralRequest/sendReferralRequest', {
        data: { jobPostId: j._id, targetUserId: referrer.userId, userId: candidate.userId },
      }),
    );
  }
  const mine = await ok<{ _id: string; jobPostId: { _id: string } }[]>(
    await refPage.request.post('/api/referralRequest/getAllReferralRequestsData', {
      data: { userId: referrer.userId, roleId: 1, status: 'pending' },
    }),
  );
  const toApprove = mine.find((r) => r.jobPostId._id === second._id);
  expect(toApprove).toBeTruthy();
  const approved = await refPage.request.put(
    `/api/referralRequest/updateReferralStatus/${toApprove?._id ?? ''}`,
    { data: { status: 'approved' } },
  );
  expect(approved.ok(), await approved.text()).toBe(true);
  const chat = await ok<{ _id: string }>(
    await refPage.request.post('/api/chat/createChat', {
      data: { userId: candidate.userId, referrerId: referrer.userId },
    }),
  );
  for (const [page, senderId, text] of [
    [candPage, candidate.userId, 'Thank you for approving my request for the payments role!'],
    [
      refPage,
      referrer.userId,
      'Happy to help. Your experience with distributed systems fits the team well.',
    ],
  ] as const) {
    const sent = await page.request.post('/api/message/createMessage', {
      data: { chatId: chat._id, senderId, content: text },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }

  const world: World = {
    candidate: await candContext.storageState(),
    referrer: await refContext.storageState(),
    jobId: job._id,
    closedJobId: closed._id,
  };
  await refContext.close();
  await candContext.close();
  return world;
}

let worldPromise: Promise<World> | null = null;
const getWorld = (browser: Browser) => (worldPromise ??= makeWorld(browser));

/** Waits for the page's heading and for every spinner to go. */
async function settle(page: Page, heading?: string | RegExp): Promise<void> {
  const h1 = heading
    ? page.getByRole('heading', { level: 1, name: heading })
    : page.getByRole('heading', { level: 1 });
  await expect(h1.first()).toBeVisible();
  await expect(page.locator('.rf-spinner')).toHaveCount(0);
  // Fonts and late images settle.
  await page.evaluate(() => document.fonts.ready);
}

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 900 },
] as const;

for (const vp of VIEWPORTS) {
  test.describe(`at ${vp.width}×${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    const shot = (page: Page, name: string, fullPage = true) =>
      checkLayout(page, `${vp.name}-${name}`, fullPage);

    test('signed out: every public page, the menu, the sign-in code step', async ({
      page,
      browser,
    }) => {
      const world = await getWorld(browser);
      for (const [url, name, heading] of [
        ['/', 'landing', undefined],
        ['/company-list', 'company-list', 'Browse Companies'],
        ['/become-a-referral', 'become-referrer', undefined],
        ['/premium', 'premium', 'Premium'],
        ['/contact-us', 'contact-us', undefined],
        ['/privacy-policy', 'privacy-policy', undefined],
        ['/terms-and-conditions', 'terms', undefined],
        ['/refund-cancellation-policy', 'refund-policy', undefined],
        ['/no-such-page', 'not-found', undefined],
        ['/sign-up', 'sign-up', 'Sign Up'],
      ] as const) {
        await page.goto(url);
        await settle(page, heading);
        await shot(page, `out-${name}`);
      }

      await page.goto(`/job-details/${world.jobId}`);
      await settle(page, 'Job Details');
      await expect(page.locator('.Toastify__toast').first()).toBeVisible();
      await shot(page, 'out-job-details', false);

      await page.goto('/');
      await settle(page);
      if (vp.width < 900) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await shot(page, 'out-menu-open', false);
        await page.getByRole('button', { name: 'Close menu' }).click();
      }

      await page.goto('/sign-in');
      await settle(page, 'Sign In');
      await shot(page, 'out-sign-in');
      const email = 'a.very.long.address.for.the.code.step@referio-example-domain.test';
      await page.getByLabel(/e-?mail/i).fill(email);
      await page.getByRole('button', { name: 'LOGIN' }).click();
      await expect(page.getByRole('textbox', { name: 'Digit 1 of 4' })).toBeVisible();
      await shot(page, 'out-sign-in-code', false);
    });

    test('as a candidate: every page, the bell, the menus and the dialogs', async ({ browser }) => {
      const world = await getWorld(browser);
      const context = await browser.newContext({
        baseURL: BASE,
        storageState: world.candidate,
        viewport: { width: vp.width, height: vp.height },
      });
      const page = await context.newPage();
      try {
        for (const [key, heading] of [
          ['userdashboard', 'Dashboard'],
          ['explore', 'Explore'],
          ['myReferralRequests', 'My Referral Requests'],
          ['profile', 'Profile'],
          ['upgradToPremium', 'Upgrade To Premium'],
        ] as const) {
          await page.goto(`/dashboard/${key}`);
          await settle(page, heading);
          await shot(page, `cand-${key}`);
        }
        await page.goto('/dashboard/myReferralRequests');
        await settle(page, 'My Referral Requests');
        await page.getByRole('tab', { name: /Approved Requests/ }).click();
        await expect(page.locator('.rf-spinner')).toHaveCount(0);
        await shot(page, 'cand-myReferralRequests-approved');

        await page.goto('/dashboard/chat');
        await settle(page, 'Chat');
        await page
          .getByRole('region', { name: 'Messages' })
          .getByRole('button')
          .filter({ hasText: /@/ })
          .first()
          .click();
        await expect(
          page.getByRole('log').getByText('Happy to help.', { exact: false }),
        ).toBeVisible();
        await shot(page, 'cand-chat-open', false);

        await page.goto('/dashboard/explore');
        await settle(page, 'Explore');
        await page
          .getByRole('button', { name: /^See Details/ })
          .first()
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shot(page, 'cand-explore-job-dialog', false);

        await page.goto('/dashboard/userdashboard');
        await settle(page, 'Dashboard');
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await expect(
          page.getByRole('region', { name: 'Notifications', exact: true }),
        ).toBeVisible();
        await shot(page, 'cand-bell-open', false);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: /^Account:/ }).click();
        await shot(page, 'cand-avatar-open', false);
        await page.keyboard.press('Escape');
        if (vp.width <= 900) {
          await page.getByRole('button', { name: 'Open sidebar' }).click();
          await shot(page, 'cand-sidebar-open', false);
        }

        await page.goto('/');
        await settle(page);
        await shot(page, 'cand-landing-signed-in', false);

        const referrerJob = `/job-details/${world.jobId}`;
        await page.goto(referrerJob);
        await settle(page, LONG_TITLE);
        await shot(page, 'cand-job-details');

        await page.goto(`/job-details/${world.closedJobId}`);
        await settle(page, 'Closed Role Engineer');
        await shot(page, 'cand-job-details-closed');
      } finally {
        await context.close();
      }
    });

    test('as a referrer: every page, the bell, the dialogs and the job wizard', async ({
      browser,
    }) => {
      const world = await getWorld(browser);
      const context = await browser.newContext({
        baseURL: BASE,
        storageState: world.referrer,
        viewport: { width: vp.width, height: vp.height },
      });
      const page = await context.newPage();
      try {
        for (const [key, heading] of [
          ['referrarDashboard', /^Welcome/],
          ['referralRequests', 'Referral Requests'],
          ['jobPosts', 'Manage Your Job Posts Effortlessly!'],
          ['giverefferal', 'Give Referral'],
          ['referrarProfile', 'Profile'],
        ] as const) {
          await page.goto(`/dashboard/${key}`);
          await settle(page, heading);
          await shot(page, `ref-${key}`);
        }
        await page.goto('/dashboard/referralRequests');
        await settle(page, 'Referral Requests');
        for (const tab of ['Approved', 'Declined']) {
          await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
          await expect(page.locator('.rf-spinner')).toHaveCount(0);
          await shot(page, `ref-referralRequests-${tab.toLowerCase()}`);
        }

        await page.goto('/dashboard/chat');
        await settle(page, 'Chat');
        await page
          .getByRole('region', { name: 'Messages' })
          .getByRole('button')
          .filter({ hasText: /@/ })
          .first()
          .click();
        await expect(page.getByRole('log').getByText('Thank you', { exact: false })).toBeVisible();
        await shot(page, 'ref-chat-open', false);

        await page.goto('/dashboard/jobPosts');
        await settle(page, 'Manage Your Job Posts Effortlessly!');
        await page.getByRole('button', { name: `See Details: ${LONG_TITLE}` }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shot(page, 'ref-job-dialog', false);

        await page.goto('/dashboard/referralRequests');
        await settle(page, 'Referral Requests');
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await expect(
          page.getByRole('region', { name: 'Notifications', exact: true }),
        ).toBeVisible();
        await shot(page, 'ref-bell-open', false);
        await page.keyboard.press('Escape');

        await page.goto('/create-job-post');
        await settle(page, 'Create Job Post');
        await shot(page, 'ref-create-job-post');
      } finally {
        await context.close();
      }
    });
  });
}
