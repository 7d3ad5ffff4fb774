import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { loginLinks, otpCodes, otpFailures, type OtpPurpose } from '../db/schema';
import { hmacHex, randomDigits, randomUrlToken, sameHex, sha256Hex } from '../lib/crypto';
import { HttpError } from '../lib/errors';

type OtpCodeRow = typeof otpCodes.$inferSelect;

/** Whose wrong codes a guess counts against: the address's, apart for its known browsers. */
interface FailureBudget {
  email: string;
  purpose: OtpPurpose;
  knownDevice: boolean;
}

export const OTP_MESSAGES = {
  invalid: 'Invalid OTP. Please try again.',
  expired: 'OTP has expired. Please request a new one.',
  locked: 'Too many attempts. Please request a new OTP.',
  linkInvalid: 'This sign-in link has expired or was already used. Please request a new code.',
  linkConfirm: (email: string) => `Sign in as ${email}?`,
} as const;

/** The answer once an address has used up its wrong codes for the day. */
export function dailyLimitMessage(hours: number, purpose: OtpPurpose): string {
  const wait = `${hours} hour${hours === 1 ? '' : 's'}`;
  return purpose === 'login'
    ? `Too many wrong codes for this email today. Use the sign-in link in the email we sent, or try again in ${wait}.`
    : `Too many wrong codes for this email today. Please try again in ${wait}.`;
}

export interface OtpLimits {
  ttlSeconds: number;
  maxAttempts: number;
  resendIntervalSeconds: number;
  /** Codes per address per rolling hour for one requester (IP address). */
  maxPerHour: number;
  /** Codes per address per rolling hour from all requesters together (known devices exempt). */
  addressMaxPerHour: number;
  /** Wrong codes per address per rolling 24 h, over all its codes and purposes. */
  maxFailuresPerDay: number;
  linkTtlSeconds: number;
}

const HOUR_MS = 60 * 60 * 1000;
/** Advisory-lock namespace of the daily wrong-code budgets (one lock per address and budget). */
const OTP_BUDGET_LOCK = 727_274_102;
const DAY_MS = 24 * HOUR_MS;

/** The budget's wrong codes of the 24 h before `now` (a budget's address and kind of browser). */
const failuresOfLastDay = ({ email, knownDevice }: FailureBudget, now: Date) =>
  and(
    eq(otpFailures.email, email),
    eq(otpFailures.knownDevice, knownDevice),
    gt(otpFailures.createdAt, new Date(now.getTime() - DAY_MS)),
  );

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function tooSoon(seconds: number): HttpError {
  return new HttpError(
    429,
    `Please wait ${plural(seconds, 'second')} before requesting a new OTP.`,
    {
      'retry-after': String(seconds),
    },
  );
}

function tooMany(seconds: number): HttpError {
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(
    429,
    `Too many OTP requests for this email. Please try again in ${plural(minutes, 'minute')}.`,
    { 'retry-after': String(seconds) },
  );
}

/**
 * One-time codes and sign-in links.
 *
 * Codes: 4 random digits, stored as an HMAC under the server secret, valid for ttlSeconds and until used.
 * A new code does not cancel older ones (someone else asking for a code must not take away the one the
 * owner is typing). Wrong codes are limited twice: maxAttempts per code, and maxFailuresPerDay per address
 * over a rolling 24 h whatever code they were for, each guess weighing as many failures as the live codes
 * it was compared with. So an attacker gets at most maxFailuresPerDay chances in 10,000 a day.
 *
 * Sending is limited per address and requester (resendIntervalSeconds apart, maxPerHour per rolling hour)
 * and per address over all requesters (addressMaxPerHour, waived for a browser that signed in to the
 * address before). Sign-in links (128-bit token, SHA-256 stored, single use) are not touched by the
 * wrong-code limits. All times come from the injected clock.
 */
export class OtpService {
  constructor(
    private readonly db: Db,
    private readonly secret: Buffer,
    private readonly limits: OtpLimits,
    private readonly now: () => Date,
  ) {}

  private hash(purpose: OtpPurpose, email: string, code: string) {
    return hmacHex(this.secret, `${purpose}:${email}:${code}`);
  }

  /** Who asked, as stored: an HMAC of the IP address (the address itself is not kept). */
  requesterOf(ip: string | undefined): string {
    return hmacHex(this.secret, `requester:${ip ?? ''}`);
  }

  /** Creates a new code (throws HttpError 429 when the address asked too often) and returns it for mailing. */
  async issue(input: {
    email: string;
    purpose: OtpPurpose;
    userId?: string | null;
    /** The requester's IP address. */
    ip?: string;
    /** The request comes from a browser that signed in to this address before. */
    knownDevice?: boolean;
  }): Promise<string> {
    const email = input.email.toLowerCase();
    const requester = this.requesterOf(input.ip);
    const now = this.now();
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const recent = await this.db
      .select({ createdAt: otpCodes.createdAt, requester: otpCodes.requester })
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), gt(otpCodes.createdAt, hourAgo)))
      .orderBy(desc(otpCodes.createdAt));

    const mine = recent.filter((r) => r.requester === requester);
    const latest = mine[0];
    if (latest) {
      const waitMs =
        latest.createdAt.getTime() + this.limits.resendIntervalSeconds * 1000 - now.getTime();
      if (waitMs > 0) throw tooSoon(Math.ceil(waitMs / 1000));
    }
    const over = (rows: typeof recent, max: number) => {
      if (rows.length < max) return null;
      const oldest = rows[max - 1] ?? rows[rows.length - 1];
      const waitMs = (oldest?.createdAt.getTime() ?? now.getTime()) + HOUR_MS - now.getTime();
      return tooMany(Math.max(1, Math.ceil(waitMs / 1000)));
    };
    const perRequester = over(mine, this.limits.maxPerHour);
    if (perRequester) throw perRequester;
    if (!input.knownDevice) {
      const perAddress = over(recent, this.limits.addressMaxPerHour);
      if (perAddress) throw perAddress;
    }

    const code = randomDigits(4);
    await this.db.insert(otpCodes).values({
      email,
      purpose: input.purpose,
      userId: input.userId ?? null,
      codeHash: this.hash(input.purpose, email, code),
      expiresAt: new Date(now.getTime() + this.limits.ttlSeconds * 1000),
      createdAt: now,
      requester,
    });
    // Housekeeping: codes, failures and links older than a day serve neither sign-in nor limits.
    const dayAgo = new Date(now.getTime() - DAY_MS);
    await this.db.delete(otpCodes).where(lt(otpCodes.createdAt, dayAgo));
    await this.db.delete(otpFailures).where(lt(otpFailures.createdAt, dayAgo));
    await this.db.delete(loginLinks).where(lt(loginLinks.createdAt, dayAgo));
    return code;
  }

  /**
   * Takes back a code that could not be mailed: it no longer counts against the resend limits (the
   * interval, the hourly counts), and nobody can use it.
   */
  async withdraw(input: { email: string; purpose: OtpPurpose; code: string }): Promise<void> {
    const email = input.email.toLowerCase();
    await this.db
      .delete(otpCodes)
      .where(
        and(
          eq(otpCodes.email, email),
          eq(otpCodes.purpose, input.purpose),
          eq(otpCodes.codeHash, this.hash(input.purpose, email, input.code)),
          isNull(otpCodes.consumedAt),
        ),
      );
  }

  /** Takes back a sign-in link that could not be mailed. */
  async withdrawLink(token: string): Promise<void> {
    await this.db.delete(loginLinks).where(eq(loginLinks.tokenHash, sha256Hex(token)));
  }

  /**
   * The 429 for an address whose wrong codes of the last 24 h reached the limit, or null. Wrong codes
   * from a browser that signed in to the address before count apart (`knownDevice`): strangers cannot
   * spend the owner's budget, and only the owner's own browsers can spend theirs.
   */
  private async dailyLimit(budget: FailureBudget): Promise<HttpError | null> {
    const now = this.now();
    const rows = await this.db
      .select({ weight: otpFailures.weight, createdAt: otpFailures.createdAt })
      .from(otpFailures)
      .where(failuresOfLastDay(budget, now))
      .orderBy(asc(otpFailures.createdAt));
    const total = rows.reduce((sum, r) => sum + r.weight, 0);
    if (total < this.limits.maxFailuresPerDay) return null;
    // Free again once enough of the oldest failures have left the window.
    let excess = total - this.limits.maxFailuresPerDay + 1;
    let freeAt = now.getTime() + DAY_MS;
    for (const r of rows) {
      excess -= r.weight;
      if (excess <= 0) {
        freeAt = r.createdAt.getTime() + DAY_MS;
        break;
      }
    }
    const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    return new HttpError(429, dailyLimitMessage(Math.ceil(seconds / 3600), budget.purpose), {
      'retry-after': String(seconds),
    });
  }

  /**
   * Checks a code against every live code of the address and consumes the one it matches (and the
   * address's other live codes for that purpose). Throws HttpError 400 (wrong or expired) or 429 (the
   * code's tries or the address's daily wrong codes used up). For work-e-mail and e-mail-change codes,
   * `userId` must be the user the code was sent for.
   */
  async verify(input: {
    email: string;
    purpose: OtpPurpose;
    code: string;
    userId?: string;
    /** The request comes from a browser that signed in to this address before (its own budget). */
    knownDevice?: boolean;
  }): Promise<void> {
    const email = input.email.toLowerCase();
    const budget = { email, purpose: input.purpose, knownDevice: input.knownDevice ?? false };
    const now = this.now();
    const live = await this.liveCodes(email, input.purpose, input.userId, now);
    const limited = await this.dailyLimit(budget);
    if (limited) throw limited;
    const guess = await this.reserveGuess(budget, live.length, now);
    if (!guess.admitted) throw await this.overDailyLimit(budget);
    const wanted = this.hash(input.purpose, email, input.code);
    const match = live.find((r) => sameHex(r.codeHash, wanted));
    if (match) return this.consume(match.id, live, guess.release, now);
    // Wrong: the reservation stays as the failure.
    const counted = await this.countTry(live);
    if (guess.failuresToday >= this.limits.maxFailuresPerDay)
      throw await this.overDailyLimit(budget);
    if (counted.every((c) => c.attempts >= this.limits.maxAttempts)) {
      throw new HttpError(429, OTP_MESSAGES.locked);
    }
    throw new HttpError(400, OTP_MESSAGES.invalid);
  }

  /** The unexpired, unused codes a guess is compared with; 429 when all used up their tries, 400 if none. */
  private async liveCodes(
    email: string,
    purpose: OtpPurpose,
    userId: string | undefined,
    now: Date,
  ): Promise<OtpCodeRow[]> {
    const conditions = [
      eq(otpCodes.email, email),
      eq(otpCodes.purpose, purpose),
      isNull(otpCodes.consumedAt),
      gt(otpCodes.expiresAt, now),
    ];
    if (userId) conditions.push(eq(otpCodes.userId, userId));
    const unexpired = await this.db
      .select()
      .from(otpCodes)
      .where(and(...conditions))
      .orderBy(desc(otpCodes.createdAt));
    const live = unexpired.filter((r) => r.attempts < this.limits.maxAttempts);
    if (live.length > 0) return live;
    if (unexpired.length > 0) throw new HttpError(429, OTP_MESSAGES.locked);
    throw new HttpError(400, OTP_MESSAGES.expired);
  }

  /**
   * Counts a guess before the comparison, as one step per address and budget: under a transaction-scoped
   * advisory lock, the day's failures are summed and, if this guess still fits, its reservation written.
   * So parallel guesses (several API instances) cannot go past the budget, and a refused guess writes
   * nothing it would have to take back. Answers whether it was admitted, the day's failures with it, and
   * `release` to take the reservation back when the guess was right.
   */
  private async reserveGuess(
    budget: FailureBudget,
    weight: number,
    now: Date,
  ): Promise<{ admitted: boolean; failuresToday: number; release: () => Promise<void> }> {
    const { email, knownDevice } = budget;
    const reserved = await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${OTP_BUDGET_LOCK}, hashtext(${`${knownDevice}:${email}`}))`,
      );
      const [{ total } = { total: 0 }] = await tx
        .select({ total: sql<number>`coalesce(sum(${otpFailures.weight}), 0)::int` })
        .from(otpFailures)
        .where(failuresOfLastDay(budget, now));
      const failuresToday = Number(total) + weight;
      if (failuresToday > this.limits.maxFailuresPerDay) return { id: null, failuresToday };
      const [row] = await tx
        .insert(otpFailures)
        .values({ email, weight, knownDevice, createdAt: now })
        .returning({ id: otpFailures.id });
      return { id: row?.id ?? null, failuresToday };
    });
    const release = async () => {
      if (reserved.id) await this.db.delete(otpFailures).where(eq(otpFailures.id, reserved.id));
    };
    return { admitted: reserved.id !== null, failuresToday: reserved.failuresToday, release };
  }

  /** The 429 of an address over its daily wrong codes. */
  private async overDailyLimit(budget: FailureBudget): Promise<HttpError> {
    return (await this.dailyLimit(budget)) ?? new HttpError(429, OTP_MESSAGES.locked);
  }

  /**
   * A right guess: the matched code is consumed atomically (the same code cannot open two sessions),
   * the guess's reservation released, and the address's other live codes for the purpose consumed.
   */
  private async consume(
    matchId: string,
    live: OtpCodeRow[],
    release: () => Promise<void>,
    now: Date,
  ): Promise<void> {
    const consumed = await this.db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(otpCodes.id, matchId),
          isNull(otpCodes.consumedAt),
          lt(otpCodes.attempts, this.limits.maxAttempts),
        ),
      )
      .returning({ id: otpCodes.id });
    await release();
    if (!consumed[0]) throw new HttpError(400, OTP_MESSAGES.expired);
    const others = live.filter((r) => r.id !== matchId).map((r) => r.id);
    if (others.length > 0) {
      await this.db
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(and(inArray(otpCodes.id, others), isNull(otpCodes.consumedAt)));
    }
  }

  /** A wrong guess counts a try on each code it was compared with, atomically; answers their tries. */
  private async countTry(live: OtpCodeRow[]): Promise<{ attempts: number }[]> {
    return this.db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(
        and(
          inArray(
            otpCodes.id,
            live.map((r) => r.id),
          ),
          lt(otpCodes.attempts, this.limits.maxAttempts),
        ),
      )
      .returning({ attempts: otpCodes.attempts });
  }

  /**
   * Voids every pending code of the user (their e-mail changes and work e-mails): after an undone
   * sign-in e-mail change, no code asked for from the account's sessions can still be used.
   */
  async voidCodesOf(userId: string): Promise<void> {
    await this.db
      .update(otpCodes)
      .set({ consumedAt: this.now() })
      .where(and(eq(otpCodes.userId, userId), isNull(otpCodes.consumedAt)));
  }

  /** What a browser cookie is stored as on a link: an HMAC under the server secret. */
  browserHashOf(browserId: string): string {
    return hmacHex(this.secret, `browser:${browserId}`);
  }

  /**
   * A sign-in link token for the address (only its SHA-256 is stored), bound to the browser that asked
   * for it (its browser cookie, as an HMAC).
   */
  async issueLink(
    email: string,
    authMode: 'candidate' | 'referrer',
    browserId: string | null = null,
  ): Promise<string> {
    const token = randomUrlToken(16);
    const now = this.now();
    await this.db.insert(loginLinks).values({
      email: email.toLowerCase(),
      tokenHash: sha256Hex(token),
      authMode,
      browserHash: browserId ? this.browserHashOf(browserId) : null,
      expiresAt: new Date(now.getTime() + this.limits.linkTtlSeconds * 1000),
      createdAt: now,
    });
    return token;
  }

  /**
   * A live link's address, and whether `browserId` is the browser that asked for it; 400 when the link
   * is unknown, used or expired. Does not use the link.
   */
  async peekLink(
    token: string,
    browserId: string | null,
  ): Promise<{ email: string; sameBrowser: boolean }> {
    const now = this.now();
    const [row] = await this.db
      .select({ email: loginLinks.email, browserHash: loginLinks.browserHash })
      .from(loginLinks)
      .where(
        and(
          eq(loginLinks.tokenHash, sha256Hex(token)),
          isNull(loginLinks.consumedAt),
          gt(loginLinks.expiresAt, now),
        ),
      );
    if (!row) throw new HttpError(400, OTP_MESSAGES.linkInvalid);
    const sameBrowser =
      browserId !== null &&
      row.browserHash !== null &&
      sameHex(row.browserHash, this.browserHashOf(browserId));
    return { email: row.email, sameBrowser };
  }

  /** Uses a sign-in link once: the address and mode it was sent for, or 400. */
  async consumeLink(token: string): Promise<{ email: string; authMode: 'candidate' | 'referrer' }> {
    const now = this.now();
    const [row] = await this.db
      .update(loginLinks)
      .set({ consumedAt: now })
      .where(
        and(
          eq(loginLinks.tokenHash, sha256Hex(token)),
          isNull(loginLinks.consumedAt),
          gt(loginLinks.expiresAt, now),
        ),
      )
      .returning({ email: loginLinks.email, authMode: loginLinks.authMode });
    if (!row) throw new HttpError(400, OTP_MESSAGES.linkInvalid);
    return row;
  }
}
