import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { otpCodes, type OtpPurpose } from '../db/schema';
import { hmacHex, randomDigits, sameHex } from '../lib/crypto';
import { HttpError } from '../lib/errors';

export const OTP_MESSAGES = {
  invalid: 'Invalid OTP. Please try again.',
  expired: 'OTP has expired. Please request a new one.',
  locked: 'Too many attempts. Please request a new OTP.',
} as const;

export interface OtpLimits {
  ttlSeconds: number;
  maxAttempts: number;
  resendIntervalSeconds: number;
  maxPerHour: number;
}

const HOUR_MS = 60 * 60 * 1000;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One-time codes: 4 random digits, stored as an HMAC under the server secret, valid for ttlSeconds,
 * locked after maxAttempts wrong tries, and replaced by any newer code for the same address and purpose.
 * Sending is limited per e-mail address (all purposes together): one code per resendIntervalSeconds
 * and maxPerHour per rolling hour. All times come from the injected clock.
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

  /** Creates a new code (throws HttpError 429 when the address asked too often) and returns it for mailing. */
  async issue(input: {
    email: string;
    purpose: OtpPurpose;
    userId?: string | null;
  }): Promise<string> {
    const email = input.email.toLowerCase();
    const now = this.now();
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const recent = await this.db
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), gt(otpCodes.createdAt, hourAgo)))
      .orderBy(desc(otpCodes.createdAt));

    const latest = recent[0];
    if (latest) {
      const waitMs =
        latest.createdAt.getTime() + this.limits.resendIntervalSeconds * 1000 - now.getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(
          429,
          `Please wait ${plural(seconds, 'second')} before requesting a new OTP.`,
          {
            'retry-after': String(seconds),
          },
        );
      }
    }
    if (recent.length >= this.limits.maxPerHour) {
      const oldest = recent[this.limits.maxPerHour - 1] ?? recent[recent.length - 1];
      const waitMs = (oldest?.createdAt.getTime() ?? now.getTime()) + HOUR_MS - now.getTime();
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new HttpError(
        429,
        `Too many OTP requests for this email. Please try again in ${plural(minutes, 'minute')}.`,
        {
          'retry-after': String(seconds),
        },
      );
    }

    const code = randomDigits(4);
    await this.db.transaction(async (tx) => {
      // A new code replaces every older unused one for this address and purpose.
      await tx
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(otpCodes.email, email),
            eq(otpCodes.purpose, input.purpose),
            isNull(otpCodes.consumedAt),
          ),
        );
      await tx.insert(otpCodes).values({
        email,
        purpose: input.purpose,
        userId: input.userId ?? null,
        codeHash: this.hash(input.purpose, email, code),
        expiresAt: new Date(now.getTime() + this.limits.ttlSeconds * 1000),
        createdAt: now,
      });
    });
    // Housekeeping: codes older than a day serve neither verification nor rate limits.
    await this.db
      .delete(otpCodes)
      .where(lt(otpCodes.createdAt, new Date(now.getTime() - 24 * HOUR_MS)));
    return code;
  }

  /**
   * Checks a code and consumes it. Throws HttpError 400 (wrong or expired) or 429 (locked).
   * For work-e-mail codes, `userId` must be the user the code was sent for.
   */
  async verify(input: {
    email: string;
    purpose: OtpPurpose;
    code: string;
    userId?: string;
  }): Promise<void> {
    const email = input.email.toLowerCase();
    const now = this.now();
    const conditions = [
      eq(otpCodes.email, email),
      eq(otpCodes.purpose, input.purpose),
      isNull(otpCodes.consumedAt),
    ];
    if (input.userId) conditions.push(eq(otpCodes.userId, input.userId));
    const rows = await this.db
      .select()
      .from(otpCodes)
      .where(and(...conditions))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    const row = rows[0];
    if (!row || row.expiresAt.getTime() <= now.getTime())
      throw new HttpError(400, OTP_MESSAGES.expired);
    if (row.attempts >= this.limits.maxAttempts) throw new HttpError(429, OTP_MESSAGES.locked);

    if (!sameHex(row.codeHash, this.hash(input.purpose, email, input.code))) {
      // Counted atomically, so parallel guesses cannot exceed the limit.
      const counted = await this.db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(and(eq(otpCodes.id, row.id), lt(otpCodes.attempts, this.limits.maxAttempts)))
        .returning({ attempts: otpCodes.attempts });
      const attempts = counted[0]?.attempts ?? this.limits.maxAttempts;
      if (attempts >= this.limits.maxAttempts) throw new HttpError(429, OTP_MESSAGES.locked);
      throw new HttpError(400, OTP_MESSAGES.invalid);
    }

    // Consumed atomically: the same code cannot open two sessions.
    const consumed = await this.db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(otpCodes.id, row.id),
          isNull(otpCodes.consumedAt),
          lt(otpCodes.attempts, this.limits.maxAttempts),
        ),
      )
      .returning({ id: otpCodes.id });
    if (!consumed[0]) throw new HttpError(400, OTP_MESSAGES.expired);
  }
}
