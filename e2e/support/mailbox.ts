import { expect, type APIRequestContext } from '@playwright/test';

/**
 * How long a mail may take to reach the dev mailbox: a generous bound, not a speed check (the outbox sends after
 * the request's answer; in one CI run on a fully busy machine a code took over 10 s).
 */
const MAIL_WAIT_MS = 30_000;

/** Reads the newest 4-digit code sent to `email` from the API's dev mailbox (absent in production). */
export async function readCode(
  request: APIRequestContext,
  email: string,
  newerThan = 0,
): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
        if (!res.ok()) return '';
        const body = (await res.json()) as {
          data: { subject: string; text: string; createdAt: string }[];
        };
        // Sign-in and work-email codes only (notification mail goes to the same mailbox).
        const mail = body.data.find(
          (m) => / code: \d{4}$/.test(m.subject) && new Date(m.createdAt).getTime() >= newerThan,
        );
        code = mail?.text.match(/\b(\d{4})\b/)?.[1] ?? '';
        return code;
      },
      { timeout: MAIL_WAIT_MS, message: `a code mailed to ${email}` },
    )
    .toMatch(/^\d{4}$/);
  return code;
}

/** The sign-in link's token from the newest mail to `email`. */
export async function readLinkToken(request: APIRequestContext, email: string): Promise<string> {
  let token = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
        const body = (await res.json()) as { data: { text: string }[] };
        token = /\/sign-in#link=([A-Za-z0-9_-]+)/.exec(body.data[0]?.text ?? '')?.[1] ?? '';
        return token;
      },
      { timeout: MAIL_WAIT_MS, message: `a sign-in link mailed to ${email}` },
    )
    .not.toBe('');
  return token;
}

let counter = 0;
/** A fresh address per test run, so tests never collide with demo data or with each other. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  createdAt: string;
}

/** Waits for a mail to `email` whose subject matches, from the dev mailbox. */
export async function waitForMail(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
        if (!res.ok()) return false;
        found = ((await res.json()) as { data: DevMail[] }).data.find((m) =>
          subject.test(m.subject),
        );
        return Boolean(found);
      },
      { timeout: 15_000, message: `a mail to ${email} about ${subject}` },
    )
    .toBe(true);
  return found!;
}
