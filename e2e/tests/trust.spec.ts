// Trust and safety in the browser (docs/trust-and-safety.md): a report reaches the operator console
// and a suspension takes the referrer off the site; a block refuses the next chat message; an operator's
// confirmation changes the badge; the candidate sees who opened their resume; two accounts at a self-claimed
// domain never make the site say "Verified at {company}", nor post for Google. The operator is E2E_OPERATOR_EMAIL, named in the
// API's ADMIN_EMAILS by global-setup.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  E2E_OPERATOR_EMAIL,
  signInWithCode,
  signUp,
  signUpAs,
  verifyWorkEmailOverApi,
} from '../support/session';
import { BASE, JOB_FIELDS, PDF } from '../support/site';

/** Where the screenshots go when SCREENSHOT_DIR is set (looked at by hand). */
const SHOTS = process.env.SCREENSHOT_DIR;
const SIZES = [
  [390, 844],
  [1280, 900],
] as const;

interface Person {
  context: BrowserContext;
  page: Page;
  email: string;
  /** The name given at the first sign-in: the site shows people by it. */
  name: string;
  id: string;
}

async function person(
  browser: Browser,
  role: 'Applicant' | 'Referrer',
  email?: string,
): Promise<Person> {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  const name = email ? 'Olga Operator' : `${role === 'Referrer' ? 'Rohan' : 'Chitra'} ${tag()}`;
  const { email: address, userId } = email
    ? await signUpAs(page, email, role, name)
    : await signUp(page, role, undefined, name);
  return { context, page, email: address, name, id: userId };
}

const operator = (browser: Browser) => person(browser, 'Applicant', E2E_OPERATOR_EMAIL);

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A fresh, unique tag for names and domains. */
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A job of `referrer` for `companyName` over the API (the referrer is verified where needed). */
async function postJob(referrer: Person, companyName: string, jobTitle: string): Promise<string> {
  const res = await referrer.page.request.post('/api/jobPost/createJobPost', {
    data: { ...JOB_FIELDS, userId: referrer.id, jobTitle, companyName },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/** The candidate's resume and a request for `jobId`; approved by the referrer when asked. */
async function requestReferral(
  candidate: Person,
  referrer: Person,
  jobId: string,
  approve: boolean,
): Promise<string> {
  const up = await candidate.page.request.post('/api/documentsUpload/resumeUpload', {
    multipart: { file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(up.ok(), await up.text()).toBe(true);
  const sent = await candidate.page.request.post('/api/referralRequest/sendReferralRequest', {
    data: { jobPostId: jobId, targetUserId: referrer.id, userId: candidate.id },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const requestId = ((await sent.json()) as { data: { _id: string } }).data._id;
  if (approve) {
    const ok = await referrer.page.request.put(
      `/api/referralRequest/updateReferralStatus/${requestId}`,
      { data: { status: 'approved' } },
    );
    expect(ok.ok(), await ok.text()).toBe(true);
  }
  return requestId;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the chat with `who` on `page`'s chat page. */
async function openChat(page: Page, who: string) {
  await page.goto('/dashboard/chat');
  await page
    .getByRole('region', { name: 'Messages' })
    .getByRole('button', { name: new RegExp(`^${escape(who)}`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: who })).toBeVisible();
}

test('a candidate reports a referrer; the operator sees it in the console and suspends them; the referrer cannot sign in and their jobs leave the list', async ({
  browser,
}) => {
  const referrer = await person(browser, 'Referrer');
  const candidate = await person(browser, 'Applicant');
  const op = await operator(browser);
  try {
    await verifyWorkEmailOverApi(referrer.page.request, referrer.id, `r${tag()}.example`);
    const title = `Reported Engineer ${tag()}`;
    const jobId = await postJob(referrer, `Reportco ${tag()}`, title);

    // The candidate reports the job and its referrer from the referrer's panel on the job's page.
    await candidate.page.goto(`/job-details/${jobId}`);
    await expect(candidate.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await candidate.page
      .getByRole('button', { name: 'Report this job post or its referrer' })
      .click();
    const dialog = candidate.page.getByRole('dialog', {
      name: 'Report this job post or its referrer',
    });
    // No reason: the dialog says so and sends nothing.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');
    await dialog.getByRole('radio', { name: 'Not who they say they are' }).check();
    await dialog
      .getByRole('textbox', { name: 'Anything our team should know (optional)' })
      .fill('Asked me to pay for the referral.');
    for (const [width, height] of SIZES) {
      await candidate.page.setViewportSize({ width, height });
      await shoot(candidate.page, `trust-profile-report-dialog-${width}`);
    }
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog).toBeHidden();

    // The operator's console: the report, with the reason, the note and the reported user.
    await op.page.goto('/admin');
    await expect(
      op.page.getByRole('heading', { level: 1, name: 'Operator console' }),
    ).toBeVisible();
    const report = op.page
      .getByRole('listitem')
      .filter({ hasText: `Reported: ${referrer.name} (${referrer.email})` })
      .filter({ hasText: 'Asked me to pay for the referral.' });
    await expect(report).toContainText('Not who they say they are');
    await expect(report).toContainText(`By: ${candidate.email}`);
    for (const [width, height] of SIZES) {
      await op.page.setViewportSize({ width, height });
      await shoot(op.page, `trust-admin-reports-${width}`);
    }
    // Suspend asks for the reason (the report's, to start with) and confirmation.
    await report.getByRole('button', { name: `Suspend ${referrer.name}…` }).click();
    const suspend = op.page.getByRole('dialog', { name: `Suspend ${referrer.name}?` });
    await expect(suspend.getByRole('textbox', { name: /Reason/ })).toHaveValue(
      'Not who they say they are',
    );
    await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(op.page.getByText(`${referrer.name} is suspended.`)).toBeVisible();
    await expect(report).toHaveCount(0);
    // The audit log has the suspension, in words.
    await op.page.getByRole('tab', { name: 'Audit log' }).click();
    await expect(
      op.page
        .getByRole('row')
        .filter({ hasText: `Suspended ${referrer.name}: Not who they say they are` }),
    ).toContainText('Olga Operator');
    for (const [width, height] of SIZES) {
      await op.page.setViewportSize({ width, height });
      await shoot(op.page, `trust-admin-audit-${width}`);
    }

    // The referrer cannot sign in again.
    const again = await browser.newContext({ baseURL: BASE });
    const page = await again.newPage();
    await signInWithCode(page, referrer.email);
    // The page that says why (e2e/tests/suspended.spec.ts follows it further).
    await expect(page).toHaveURL(/\/suspended$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your account is suspended' }),
    ).toBeVisible();
    await again.close();

    // Their job is gone from the public job list.
    const visitor = await browser.newContext({ baseURL: BASE });
    const list = await visitor.newPage();
    await list.goto(`/company-list?search=${encodeURIComponent(title)}`);
    await expect(list.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(list.getByText(title)).toHaveCount(0);
    await visitor.close();
  } finally {
    await Promise.all([referrer.context.close(), candidate.context.close(), op.context.close()]);
  }
});

test("a blocked user's next chat message is refused, with the message the chat shows", async ({
  browser,
}) => {
  const referrer = await person(browser, 'Referrer');
  const candidate = await person(browser, 'Applicant');
  try {
    await verifyWorkEmailOverApi(referrer.page.request, referrer.id, `b${tag()}.example`);
    const jobId = await postJob(referrer, `Blockco ${tag()}`, `Blocked Engineer ${tag()}`);
    await requestReferral(candidate, referrer, jobId, true);
    // The chat opens when the candidate starts it (Go to Chat).
    const chat = await candidate.page.request.post('/api/chat/createChat', {
      data: { userId: candidate.id, referrerId: referrer.id },
    });
    expect(chat.ok(), await chat.text()).toBe(true);

    await openChat(candidate.page, referrer.name);
    const input = candidate.page.getByPlaceholder('Type something...');
    await input.fill('Hello before the block');
    await candidate.page.getByRole('button', { name: 'Send' }).click();
    await expect(input).toHaveValue('');

    // The referrer blocks the candidate from the chat's header.
    await openChat(referrer.page, candidate.name);
    await referrer.page.getByRole('button', { name: `Block ${candidate.name}` }).click();
    await referrer.page
      .getByRole('dialog', { name: `Block ${candidate.name}?` })
      .getByRole('button', { name: 'Block' })
      .click();
    await expect(referrer.page.getByRole('dialog')).toBeHidden();

    // The candidate's next message is refused, with why, and the conversation shows closed: readable, with no
    // input (the refusal refreshes the chat, which the block closed).
    await input.fill('Are you still there?');
    await candidate.page.getByRole('button', { name: 'Send' }).click();
    await expect(candidate.page.getByText('You cannot contact this user.')).toBeVisible();
    await expect(
      candidate.page.getByText(
        'This conversation is closed. You can read it, but no new messages can be sent.',
      ),
    ).toBeVisible();
    await expect(input).toHaveCount(0);
    await expect(candidate.page.getByRole('log').getByText('Hello before the block')).toBeVisible();
    await expect(referrer.page.getByRole('log').getByText('Are you still there?')).toHaveCount(0);
  } finally {
    await Promise.all([referrer.context.close(), candidate.context.close()]);
  }
});

test('an operator confirms a company\'s domain and the badge changes from "Verified · @domain" to "Verified at {company}"', async ({
  browser,
}) => {
  const referrer = await person(browser, 'Referrer');
  const candidate = await person(browser, 'Applicant');
  const op = await operator(browser);
  try {
    const domain = `initech-${tag()}.example`;
    const company = `Initech ${tag()}`;
    const title = `Confirmed Engineer ${tag()}`;
    await verifyWorkEmailOverApi(referrer.page.request, referrer.id, domain);
    const jobId = await postJob(referrer, company, title);
    await requestReferral(candidate, referrer, jobId, true);
    const chat = await candidate.page.request.post('/api/chat/createChat', {
      data: { userId: candidate.id, referrerId: referrer.id },
    });
    expect(chat.ok(), await chat.text()).toBe(true);

    // Claimed by its first referrer only: the domain, never the company.
    await candidate.page.goto(`/company-list?search=${encodeURIComponent(title)}`);
    const card = candidate.page.getByRole('article', { name: title });
    await expect(card.getByText(`Verified · @${domain}`, { exact: true })).toBeVisible();
    await expect(card.getByText(`Verified at ${company}`)).toHaveCount(0);
    await openChat(candidate.page, referrer.name);
    const header = candidate.page.locator('.chat__header');
    await expect(header.getByText(`Verified · @${domain}`, { exact: true })).toBeVisible();

    // The operator confirms the claim in the console.
    await op.page.goto('/admin');
    await op.page.getByRole('tab', { name: 'Domain claims' }).click();
    const claim = op.page.getByRole('listitem', { name: domain });
    await expect(claim).toContainText(`claimed for ${company} by ${referrer.email}`);
    for (const [width, height] of SIZES) {
      await op.page.setViewportSize({ width, height });
      await shoot(op.page, `trust-admin-domains-${width}`);
    }
    await claim.getByRole('button', { name: `Confirm @${domain} for ${company}` }).click();
    await expect(op.page.getByText(`@${domain} confirmed for ${company}.`)).toBeVisible();

    // The badge now names the company: on the job card, on the job's page and in the chat's header.
    const confirmed = `Verified at ${company} · @${domain}`;
    await candidate.page.goto(`/company-list?search=${encodeURIComponent(title)}`);
    await expect(card.getByText(confirmed, { exact: true })).toBeVisible();
    await candidate.page.goto(`/job-details/${jobId}`);
    await expect(candidate.page.getByText(confirmed, { exact: true })).toHaveCount(2);
    await openChat(candidate.page, referrer.name);
    await expect(header.getByText(confirmed, { exact: true })).toBeVisible();
    for (const [width, height] of SIZES) {
      await candidate.page.setViewportSize({ width, height });
      await shoot(candidate.page, `trust-chat-header-badge-${width}`);
    }
  } finally {
    await Promise.all([referrer.context.close(), candidate.context.close(), op.context.close()]);
  }
});

test('the candidate sees "Resume opened by …" once the referrer opened the resume', async ({
  browser,
}) => {
  const referrer = await person(browser, 'Referrer');
  const candidate = await person(browser, 'Applicant');
  try {
    await verifyWorkEmailOverApi(referrer.page.request, referrer.id, `o${tag()}.example`);
    const title = `Resume Engineer ${tag()}`;
    const jobId = await postJob(referrer, `Openco ${tag()}`, title);
    await requestReferral(candidate, referrer, jobId, false);

    const card = candidate.page.getByRole('article', { name: new RegExp(`^${escape(title)} at`) });
    await candidate.page.goto('/dashboard/myReferralRequests');
    await expect(card).toBeVisible();
    // The card's timeline (docs/referral-lifecycle.md) has the step, read out with its state.
    const opened = card
      .getByRole('list', { name: 'Request timeline' })
      .getByRole('listitem')
      .nth(1);
    await expect(opened).toHaveText('Current step: Resume not opened yet');

    // The referrer opens the resume from the request.
    await referrer.page.goto('/dashboard/referralRequests');
    const popup = referrer.page.waitForEvent('popup');
    await referrer.page
      .getByRole('article', { name: `Request from ${candidate.name}` })
      .getByRole('link', { name: `View Resume of ${candidate.name}` })
      .click();
    const resume = await popup;
    await resume.waitForLoadState();
    await resume.close();

    // The referrer by the name they gave.
    const name = referrer.name;
    await candidate.page.reload();
    await expect(opened).toHaveText(new RegExp(`^Done: Resume opened by ${escape(name)} on `));
  } finally {
    await Promise.all([referrer.context.close(), candidate.context.close()]);
  }
});

test('two accounts at the same self-claimed domain never make the browser say "Verified at {company}", and cannot post for Google', async ({
  browser,
}) => {
  const first = await person(browser, 'Referrer');
  const second = await person(browser, 'Referrer');
  const candidate = await person(browser, 'Applicant');
  try {
    // A domain anyone can register, and a name nobody confirmed: open to it, shown as what it is.
    const domain = `hooli-careers-${tag()}.example`;
    const company = `Hooli ${tag()}`;
    await verifyWorkEmailOverApi(first.page.request, first.id, domain);
    await verifyWorkEmailOverApi(second.page.request, second.id, domain);
    const titles = [`Hooli Staff Engineer ${tag()}`, `Hooli SRE ${tag()}`];
    const firstJob = await postJob(first, company, titles[0]!);
    await postJob(second, company, titles[1]!);
    await requestReferral(candidate, first, firstJob, false);

    const search = `/company-list?search=${encodeURIComponent(company)}`;
    const pages = [search, `/job-details/${firstJob}`, '/dashboard/myReferralRequests'];
    for (const url of pages) {
      await candidate.page.goto(url);
      await expect(candidate.page.getByText(`Verified · @${domain}`).first()).toBeVisible();
      await expect(candidate.page.getByText(/Verified at Hooli/)).toHaveCount(0);
    }
    // Both jobs are listed, each with the domain only.
    await candidate.page.goto(search);
    for (const title of titles) {
      const card = candidate.page.getByRole('article', { name: title });
      await expect(card.getByText(`Verified · @${domain}`, { exact: true })).toBeVisible();
    }
    // A well-known company's name is its own domains': refused in any spelling or look-alike.
    for (const name of ['Google', 'G o o g l e', 'G\u043e\u043egle']) {
      const res = await second.page.request.post('/api/jobPost/createJobPost', {
        data: { ...JOB_FIELDS, userId: second.id, jobTitle: 'Squatter', companyName: name },
      });
      expect([403, 409]).toContain(res.status());
    }
  } finally {
    await Promise.all([first.context.close(), second.context.close(), candidate.context.close()]);
  }
});
