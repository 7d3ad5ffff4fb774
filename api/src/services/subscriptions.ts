import type { Db } from '../db';
import { subscriptions } from '../db/schema';

/** The newsletter's subscribers. */
export class SubscriptionRepository {
  constructor(private readonly db: Db) {}

  /** Adds the address; an address already on the list stays as it is (no error, no second row). */
  async subscribe(email: string, now: Date): Promise<void> {
    await this.db
      .insert(subscriptions)
      .values({ email, createdAt: now })
      .onConflictDoNothing({ target: subscriptions.email });
  }
}
