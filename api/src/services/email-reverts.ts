import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db';
import { emailReverts } from '../db/schema';
import { randomUrlToken, sha256Hex } from '../lib/crypto';

/** A sign-in e-mail change of an account: what a "this wasn't me" link puts back. */
export interface EmailChange {
  userId: string;
  oldEmail: string;
  newEmail: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The "this wasn't me" links mailed to the old address when a sign-in e-mail changes (table
 * `email_reverts`): each undoes its change once, within its days. Only the token's SHA-256 is stored.
 */
export class EmailRevertRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Records a change and answers the token of the link that undoes it, valid for `validDays` days. */
  async record(change: EmailChange, validDays: number): Promise<string> {
    const token = randomUrlToken(24);
    const now = this.now();
    await this.db.insert(emailReverts).values({
      ...change,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + validDays * DAY_MS),
      createdAt: now,
    });
    return token;
  }

  /** The change a link undoes while it is live (not used, not expired), else null. */
  async findLive(token: string): Promise<EmailChange | null> {
    const [row] = await this.db
      .select({
        userId: emailReverts.userId,
        oldEmail: emailReverts.oldEmail,
        newEmail: emailReverts.newEmail,
      })
      .from(emailReverts)
      .where(this.live(token));
    return row ?? null;
  }

  /** Uses a live link, atomically: true once; false when it was used, or expired, in the meantime. */
  async markUsed(token: string): Promise<boolean> {
    const used = await this.db
      .update(emailReverts)
      .set({ usedAt: this.now() })
      .where(this.live(token))
      .returning({ id: emailReverts.id });
    return used.length > 0;
  }

  private live(token: string) {
    return and(
      eq(emailReverts.tokenHash, sha256Hex(token)),
      isNull(emailReverts.usedAt),
      gt(emailReverts.expiresAt, this.now()),
    );
  }
}
