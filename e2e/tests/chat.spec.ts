import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { readCode, uniqueEmail } from '../support/mailbox';
import { signUp } from '../support/session';
import { JOB_FIELDS } from '../support/site';

const BASE = 'http://localhost:3000';
// The start of a PDF: small, valid by content.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

interface Envelope<T> {
  success: boolean;
  message?: string;
  data: T;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as Envelope<T>).data;
}

/** A fresh user signed up through the site in a browser context of their own; answers page and id. */
async function signUpIn(browser: Browser, role: 'Applicant' | 'Referrer') {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  // A name of its own: the chat shows people by the name they gave at their first sign-in.
  const name = `${role === 'Referrer' ? 'Rohan' : 'Chitra'} ${Date.now().toString(36)}`;
  const { email, userId } = await signUp(page, role, undefined, name);
  return { context, page, email, name, id: userId };
}

/** What the page's EventSources did so far (counted by `countStreams`). */
interface StreamCount {
  created: number;
  open: number;
  maxOpen: number;
  urls: string[];
}

/** Counts the page's EventSource connections from its next load on: made, still open, most open at once. */
async function countStreams(page: Page) {
  await page.context().addInitScript(() => {
    const Real = window.EventSource;
    const count = { created: 0, open: 0, maxOpen: 0, urls: [] as string[] };
    (window as unknown as { __streams: typeof count }).__streams = count;
    window.EventSource = class extends Real {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        count.created += 1;
        count.open += 1;
        count.maxOpen = Math.max(count.maxOpen, count.open);
        count.urls.push(String(url));
      }
      override close() {
        if (this.readyState !== Real.CLOSED) count.open -= 1;
        super.close();
      }
    };
  });
  return () => page.evaluate(() => (window as unknown as { __streams: StreamCount }).__streams);
}

/** Referrer: verified work e-mail and a job post; candidate: a resume and a request; then approval. */
async function approvedReferral(
  candidate: Page,
  candidateId: string,
  referrer: Page,
  referrerId: string,
) {
  const workEmail = uniqueEmail('work').replace('@example.com', '@acme-chat.io');
  const sentAt = Date.now() - 1000;
  await ok(
    await referrer.request.post('/api/auth/workEmailVerify', {
      data: { workEmail, id: referrerId },
    }),
  );
  const otp = await readCode(referrer.request, workEmail, sentAt);
  await ok(
    await referrer.request.post('/api/auth/workEmailVerifyOtp', {
      data: { workEmail, id: referrerId, otp },
    }),
  );
  const job = await ok<{ _id: string }>(
    await referrer.request.post('/api/jobPost/createJobPost', {
      data: {
        ...JOB_FIELDS,
        userId: referrerId,
        jobTitle: 'Chat Test Engineer',
        companyName: 'Acme Chat',
      },
    }),
  );
  await ok(
    await candidate.request.post('/api/documentsUpload/resumeUpload', {
      multipart: { file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF } },
    }),
  );
  const request = await ok<{ _id: string }>(
    await candidate.request.post('/api/referralRequest/sendReferralRequest', {
      data: { jobPostId: job._id, targetUserId: referrerId, userId: candidateId },
    }),
  );
  const approved = await referrer.request.put(
    `/api/referralRequest/updateReferralStatus/${request._id}`,
    { data: { status: 'approved' } },
  );
  expect(approved.ok(), await approved.text()).toBe(true);
}

test('after an approval, candidate and referrer chat live in two browsers', async ({ browser }) => {
  const candidate = await signUpIn(browser, 'Applicant');
  const referrer = await signUpIn(browser, 'Referrer');
  try {
    await approvedReferral(candidate.page, candidate.id, referrer.page, referrer.id);

    // The candidate opens the chat from the approved request.
    const streams = await countStreams(candidate.page);
    await candidate.page.goto('/dashboard/myReferralRequests');
    await candidate.page.getByRole('tab', { name: /Approved Requests/ }).click();
    await candidate.page.getByRole('button', { name: /Go to Chat/ }).click();
    await expect(candidate.page).toHaveURL(/\/dashboard\/chat$/);
    const candidateChat = candidate.page.getByRole('log');
    await expect(
      candidate.page.getByRole('heading', { level: 2, name: referrer.name }),
    ).toBeVisible();
    await expect(candidateChat.getByText('No messages yet')).toBeVisible();

    // The referrer opens the chat page; both see each other as 'Active Now'.
    await referrer.page.goto('/dashboard/chat');
    await referrer.page
      .getByRole('region', { name: 'Messages' })
      .getByRole('button', { name: new RegExp(candidate.name) })
      .click();
    const referrerChat = referrer.page.getByRole('log');
    await expect(referrer.page.getByText('Active Now')).toBeVisible();
    await expect(candidate.page.getByText('Active Now')).toBeVisible();
    // One live stream in the chat tab: the top bar's bell and unread dot and the chat page share it (it
    // was reopened with the open chat, never held twice).
    const inChat = await streams();
    expect(inChat.open).toBe(1);
    expect(inChat.maxOpen).toBe(1);
    expect(inChat.urls.at(-1)).toMatch(/\/api\/chat\/events\?(since=\d+&)?open=/);

    // Candidate → referrer, without a reload.
    const send = async (page: Page, text: string) => {
      const input = page.getByPlaceholder('Type something...');
      await input.fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(input).toHaveValue('');
    };
    await send(candidate.page, 'Thank you for the referral!');
    await expect(
      candidateChat.locator('.chat__bubble--own', { hasText: 'Thank you for the referral!' }),
    ).toBeVisible();
    await expect(
      referrerChat.locator('.chat__bubble--theirs', { hasText: 'Thank you for the referral!' }),
    ).toBeVisible({ timeout: 2_000 });

    // Referrer → candidate, without a reload.
    await send(referrer.page, 'Happy to help. Good luck!');
    await expect(
      candidateChat.locator('.chat__bubble--theirs', { hasText: 'Happy to help. Good luck!' }),
    ).toBeVisible({ timeout: 2_000 });

    // The candidate leaves the chat page: the referrer no longer sees 'Active Now', and a new
    // message lights the candidate's unread-messages dot in the top bar.
    await candidate.page.getByRole('link', { name: 'Explore', exact: true }).click();
    await expect(referrer.page.getByText('Active Now')).toHaveCount(0);
    const onExplore = await streams();
    expect(onExplore.open).toBe(1);
    expect(onExplore.maxOpen).toBe(1);
    expect(onExplore.urls.at(-1)).not.toContain('open=');
    await send(referrer.page, 'One more thing');
    await expect(candidate.page.getByRole('button', { name: 'Messages (1 unread)' })).toBeVisible();
    await candidate.page.getByRole('button', { name: 'Messages (1 unread)' }).click();
    await expect(candidateChat.getByText('One more thing')).toBeVisible();
    await expect(
      candidate.page.getByRole('button', { name: 'Messages', exact: true }),
    ).toBeVisible();
  } finally {
    await candidate.context.close();
    await referrer.context.close();
  }
});

test('the live stream passes through the shell proxy unbuffered', async ({ browser }) => {
  const user = await signUpIn(browser, 'Applicant');
  try {
    // Read the stream from the page through port 3000: the first frames arrive while it stays open.
    const first = await user.page.evaluate(async () => {
      const res = await fetch('/api/chat/events', { headers: { accept: 'text/event-stream' } });
      const reader = res.body!.getReader();
      const { value } = await reader.read();
      let text = new TextDecoder().decode(value);
      while (!text.includes('event: hello')) {
        const next = await reader.read();
        if (next.done) break;
        text += new TextDecoder().decode(next.value);
      }
      await reader.cancel();
      return {
        type: res.headers.get('content-type'),
        encoding: res.headers.get('content-encoding'),
        text,
      };
    });
    expect(first.type).toMatch(/^text\/event-stream/);
    expect(first.encoding).toBeNull();
    expect(first.text).toContain('retry: 3000');
    expect(first.text).toContain('event: hello');
  } finally {
    await user.context.close();
  }
});
