// The path from a shared job link to a sent request, on a phone (390x844, touch): sign up, request the job
// with a resume, then a second job with the saved resume in at most 3 taps; and chat on a phone, which opens
// on the list of conversations, with a back arrow from a conversation to the list.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { readCode, uniqueEmail } from '../support/mailbox';
import { createJobOverApi, signUp } from '../support/session';
import { PDF } from '../support/site';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

async function referrerWithJobs(browser: Browser, titles: string[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { userId } = await signUp(page, 'Referrer');
  const ids: string[] = [];
  for (const title of titles) ids.push(await createJobOverApi(page, userId, title));
  return { page, userId, ids, close: () => context.close() };
}

/** Counts the taps of a journey. */
function tapper() {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps++;
      await target.tap();
    },
    get taps() {
      return taps;
    },
  };
}

test('a new user on a phone: shared job link, sign-up, request with a resume, then a second job with the saved resume in at most 3 taps', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const titles = [`Phone Engineer ${stamp}`, `Phone Designer ${stamp}`];
  const referrer = await referrerWithJobs(browser, titles);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  try {
    // The shared link, signed out: the job itself; asking for a referral asks the visitor to sign in.
    const job = `/job-details/${referrer.ids[0]}`;
    await page.goto(job);
    await expect(page.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();
    const started = Date.now();
    const door = tapper();
    await door.tap(page.getByRole('button', { name: 'Request a Referral' }));
    await expect(page.getByText('Please sign in to request a referral').first()).toBeVisible();
    await page.waitForURL(`**/sign-in?next=${encodeURIComponent(job)}`);
    // A new user: "Register for free", the mailed code, a name; then back on the job.
    await door.tap(page.getByRole('link', { name: 'Register for free' }));
    const email = uniqueEmail('phone');
    const sentAt = Date.now() - 1000;
    await door.tap(page.getByRole('radio', { name: 'Applicant' }));
    await door.tap(page.getByLabel(/e-?mail/i));
    await page.getByLabel(/e-?mail/i).fill(email);
    await door.tap(page.getByRole('button', { name: 'Sign Up' }));
    const code = await readCode(page.request, email, sentAt);
    await door.tap(page.getByRole('textbox', { name: 'Digit 1 of 4' }));
    await page.keyboard.type(code);
    await page.waitForURL(`**${job}`, { timeout: 10_000 });
    const prompt = page.getByRole('dialog', { name: "What's your name?" });
    await prompt.getByRole('textbox', { name: /Your full name/ }).fill('Kavya Iyer');
    await door.tap(prompt.getByRole('button', { name: 'Save name' }));
    await expect(prompt).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();
    const signUpSeconds = (Date.now() - started) / 1000;

    const first = tapper();
    await first.tap(page.getByRole('button', { name: 'Request a Referral' }));
    const upload = page.getByRole('dialog', { name: 'Upload your resume' });
    await upload
      .getByLabel('Resume')
      .setInputFiles({ name: 'My CV.pdf', mimeType: 'application/pdf', buffer: PDF });
    await first.tap(upload.getByRole('button', { name: 'Submit' }));
    const sent = page.getByRole('dialog', { name: 'Referral Request Sent!' });
    await expect(sent).toBeVisible();
    const firstSeconds = (Date.now() - started) / 1000;

    // The second job, with the saved resume: no file to pick.
    await page.goto(`/job-details/${referrer.ids[1]}`);
    await expect(page.getByRole('heading', { level: 1, name: titles[1] })).toBeVisible();
    const secondStarted = Date.now();
    const second = tapper();
    await second.tap(page.getByRole('button', { name: 'Request a Referral' }));
    const send = page.getByRole('dialog', { name: 'Send your resume' });
    const saved = send.getByRole('group', { name: 'Resume to send' });
    await expect(saved.getByRole('radio', { name: /My CV/ })).toBeChecked();
    await expect(saved).toContainText('Uploaded');
    await second.tap(send.getByRole('button', { name: 'Submit' }));
    await expect(page.getByRole('dialog', { name: 'Referral Request Sent!' })).toBeVisible();
    const secondSeconds = (Date.now() - secondStarted) / 1000;
    expect(second.taps).toBeLessThanOrEqual(3);

    console.log(
      `[candidate-path] from the shared link to signed in and back on the job: ${door.taps} taps + typing, ${signUpSeconds.toFixed(1)} s; ` +
        `first request: ${first.taps} taps + choosing the file, ${firstSeconds.toFixed(1)} s from the link; ` +
        `second request with the saved resume: ${second.taps} taps, ${secondSeconds.toFixed(1)} s`,
    );

    // Both requests are pending, each with its resume, for the referrer.
    await page.goto('/dashboard/myReferralRequests');
    await expect(page.getByRole('tab', { name: 'Pending Requests 2' })).toBeVisible();
  } finally {
    await context.close();
    await referrer.close();
  }
});

async function approvedChat(browser: Browser) {
  const stamp = Date.now().toString(36);
  const referrer = await referrerWithJobs(browser, [`Chat Engineer ${stamp}`]);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const { userId } = await signUp(page, 'Applicant');
  const up = await page.request.post('/api/documentsUpload/resumeUpload', {
    multipart: { userId, file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(up.ok(), await up.text()).toBe(true);
  const sent = await page.request.post('/api/referralRequest/sendReferralRequest', {
    data: { jobPostId: referrer.ids[0], targetUserId: referrer.userId, userId },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const requestId = ((await sent.json()) as { data: { _id: string } }).data._id;
  const approved = await referrer.page.request.put(
    `/api/referralRequest/updateReferralStatus/${requestId}`,
    { data: { status: 'approved' } },
  );
  expect(approved.ok(), await approved.text()).toBe(true);
  const chat = await page.request.post('/api/chat/createChat', {
    data: { userId, referrerId: referrer.userId },
  });
  expect(chat.ok(), await chat.text()).toBe(true);
  return { page, referrer, close: () => context.close() };
}

/** The name the site shows for the referrer (given at their first sign-in). */
async function referrerNameOf(page: Page, userId: string) {
  const res = await page.request.get(`/api/auth/GetByIdReferer/${userId}/1`);
  return ((await res.json()) as { data: { fullName: string } }).data.fullName;
}

test('chat on a phone opens on the list of conversations; the open one has a back arrow to the list', async ({
  browser,
}) => {
  const { page, referrer, close } = await approvedChat(browser);
  try {
    const name = await referrerNameOf(referrer.page, referrer.userId);
    expect(name).toBeTruthy();
    await page.goto('/dashboard/chat');
    const list = page.getByRole('region', { name: 'Messages' });
    await expect(list).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name })).toHaveCount(0);

    await list.getByRole('button', { name: new RegExp(name) }).tap();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(list).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /message/i })).toBeInViewport();

    await page.getByRole('button', { name: 'Back to chats' }).tap();
    await expect(list).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name })).toHaveCount(0);
  } finally {
    await close();
    await referrer.close();
  }
});
