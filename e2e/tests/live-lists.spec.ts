// Lists that stay true (docs/notifications.md): with the candidate's "My Referral Requests" and the
// referrer's "Referral Requests" open side by side on phones, each page's tabs, counts and cards follow what
// the other person does (a request arrives, one is approved, one is withdrawn) without a reload, through the
// tab's live stream. The time each change took is logged (measured on a shared machine, not asserted).
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { createJobOverApi, signUp } from '../support/session';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const PHONE = { width: 390, height: 844 };
/** Generous for a loaded machine: the change arrives within a second when idle. */
const LIVE = { timeout: 5000 };

interface Person {
  page: Page;
  userId: string;
  close: () => Promise<void>;
}

async function person(
  browser: Browser,
  role: 'Applicant' | 'Referrer',
  fullName: string,
): Promise<Person> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const { userId } = await signUp(page, role, role.toLowerCase(), fullName);
  return { page, userId, close: () => context.close() };
}

/** A request for the job, over the API, as the job page's flow sends it (tested elsewhere). */
async function requestOverApi(candidate: Person, jobId: string, referrerId: string) {
  const res = await candidate.page.request.post('/api/referralRequest/sendReferralRequest', {
    data: { jobPostId: jobId, targetUserId: referrerId, userId: candidate.userId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/** The count badge of the tab whose name starts with `label`. */
const countOf = (page: Page, label: string): Locator =>
  page.getByRole('tab', { name: new RegExp(`^${label}`) }).locator('.rf-tabs__count');

/** Runs `act`, waits for `settled`, and logs the time from sending the action to the page showing it. */
async function timed(what: string, act: () => Promise<unknown>, settled: () => Promise<void>) {
  const started = Date.now();
  await act();
  await settled();
  console.log(`[live-lists] ${what}: shown ${Date.now() - started} ms after the action was sent`);
}

test("each side's open page follows the other side's actions: requests arriving, an approval, a withdrawal", async ({
  browser,
}, testInfo) => {
  const tag = Date.now().toString(36);
  const referrer = await person(browser, 'Referrer', 'Lena Referrer');
  const jobs = [
    await createJobOverApi(referrer.page, referrer.userId, `Platform Engineer ${tag}`),
    await createJobOverApi(referrer.page, referrer.userId, `Data Engineer ${tag}`),
  ];
  const candidate = await person(browser, 'Applicant', 'Theo Candidate');
  const up = await candidate.page.request.post('/api/documentsUpload/resumeUpload', {
    multipart: {
      userId: candidate.userId,
      file: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(up.ok(), await up.text()).toBe(true);

  // The referrer's list is open, empty; two requests arrive.
  const rPage = referrer.page;
  await rPage.goto('/dashboard/referralRequests');
  await expect(rPage.getByRole('tabpanel').getByText('No pending requests found')).toBeVisible();
  await expect(countOf(rPage, 'Pending')).toHaveText('0');
  const requestIds: string[] = [];
  await timed(
    'a request arrives at the referrer',
    async () => requestIds.push(await requestOverApi(candidate, jobs[0]!, referrer.userId)),
    () => expect(countOf(rPage, 'Pending')).toHaveText('1', LIVE),
  );
  requestIds.push(await requestOverApi(candidate, jobs[1]!, referrer.userId));
  await expect(countOf(rPage, 'Pending')).toHaveText('2', LIVE);
  await expect(rPage.getByRole('article', { name: 'Request from Theo Candidate' })).toHaveCount(2);
  await rPage.screenshot({ path: testInfo.outputPath('referrer-two-arrived-390.png') });

  // The candidate's list is open: Pending 2, Approved 0. The referrer approves one.
  const cPage = candidate.page;
  await cPage.goto('/dashboard/myReferralRequests');
  await expect(countOf(cPage, 'Pending Requests')).toHaveText('2');
  await expect(countOf(cPage, 'Approved Requests')).toHaveText('0');
  await timed(
    'an approval reaches the candidate',
    () =>
      rPage.request
        .put(`/api/referralRequest/updateReferralStatus/${requestIds[0]}`, {
          data: { status: 'approved' },
        })
        .then(async (res) => expect(res.ok(), await res.text()).toBe(true)),
    async () => {
      await expect(countOf(cPage, 'Pending Requests')).toHaveText('1', LIVE);
      await expect(countOf(cPage, 'Approved Requests')).toHaveText('1', LIVE);
    },
  );
  // The pending tab shows the one still waiting; the bell says so too.
  await expect(cPage.getByRole('tabpanel').getByRole('article')).toHaveCount(1);
  await expect(cPage.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();
  await cPage.screenshot({ path: testInfo.outputPath('candidate-after-approval-390.png') });

  // The candidate withdraws the other: it leaves the referrer's open list.
  await expect(countOf(rPage, 'Pending')).toHaveText('1', LIVE);
  await timed(
    'a withdrawal reaches the referrer',
    () =>
      cPage.request
        .post(`/api/referralRequest/withdraw/${requestIds[1]}`)
        .then(async (res) => expect(res.ok(), await res.text()).toBe(true)),
    () => expect(countOf(rPage, 'Pending')).toHaveText('0', LIVE),
  );
  await expect(rPage.getByRole('tabpanel').getByText('No pending requests found')).toBeVisible();
  await rPage.screenshot({ path: testInfo.outputPath('referrer-after-withdrawal-390.png') });

  await referrer.close();
  await candidate.close();
});
