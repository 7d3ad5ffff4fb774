// Budgets for every route that makes Referio send an e-mail, so nobody can use the site to flood an
// inbox: per browser, per signed-in account, per recipient address, and per requester IP as a high
// backstop (one office or carrier address carries many people) (docs/security.md has the numbers).
// Counted in `rate_limits` like the other limits (every instance shares them); a mail that counts
// against any exhausted budget answers 429 with Retry-After and is not sent. Recipient addresses are
// kept only as an HMAC under the server secret.
import { hmacHex } from '../lib/crypto';
import { HttpError } from '../lib/errors';
import { waitInWords } from '../lib/rate-limit-store';
import type { RateLimitCounters } from './rate-limits';

export interface MailBudgetLimits {
  ipPerHour: number;
  browserPerHour: number;
  accountPerHour: number;
  recipientPerDay: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A mail about to be sent: who asks (IP, browser, account) and to whom. */
export interface MailRequest {
  ip: string | undefined;
  /** The asking browser's `referio_browser` id, when it sent one. */
  browser?: string | null;
  recipient: string;
  userId?: string | null;
  /** A browser that signed in to the recipient address before: the recipient's budget is not charged. */
  knownDevice?: boolean;
}

/** One counter a mail is charged to, and its limit. */
interface Budget {
  group: string;
  key: string;
  windowMs: number;
  max: number;
}

export const mailBudgetMessage = (wait: string) =>
  `Too many emails requested. Please try again in ${wait}.`;

export class MailBudget {
  constructor(
    private readonly counters: RateLimitCounters,
    private readonly secret: Buffer,
    private readonly limits: MailBudgetLimits,
    private readonly now: () => Date,
  ) {}

  /**
   * Counts one mail to `recipient` asked for from `ip` (by `userId` when signed in); throws 429 when any
   * budget is spent. `knownDevice`: the request comes from a browser that signed in to the recipient
   * address before, which others' requests must not lock out, so the recipient's budget is not charged.
   */
  async spend(input: MailRequest): Promise<void> {
    const at = this.now();
    let waitMs = 0;
    for (const budget of this.budgetsOf(input)) {
      const state = await this.counters.bump(budget.group, budget.key, at, budget.windowMs);
      if (state.count > budget.max) {
        waitMs = Math.max(waitMs, new Date(state.resetAt).getTime() - at.getTime());
      }
    }
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new HttpError(429, mailBudgetMessage(waitInWords(seconds * 1000)), {
        'retry-after': String(seconds),
      });
    }
  }

  /** The budgets a mail is charged to: the IP's always, the others when the request has them. */
  private budgetsOf(input: MailRequest): Budget[] {
    const budgets: Budget[] = [
      { group: 'mail-ip', key: input.ip ?? '', windowMs: HOUR_MS, max: this.limits.ipPerHour },
    ];
    if (input.browser) {
      budgets.push({
        group: 'mail-browser',
        key: hmacHex(this.secret, `browser:${input.browser}`),
        windowMs: HOUR_MS,
        max: this.limits.browserPerHour,
      });
    }
    if (input.userId) {
      budgets.push({
        group: 'mail-account',
        key: input.userId,
        windowMs: HOUR_MS,
        max: this.limits.accountPerHour,
      });
    }
    if (!input.knownDevice) {
      budgets.push({
        group: 'mail-recipient',
        key: hmacHex(this.secret, `recipient:${input.recipient.toLowerCase()}`),
        windowMs: DAY_MS,
        max: this.limits.recipientPerDay,
      });
    }
    return budgets;
  }
}
