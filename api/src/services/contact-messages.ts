import type { ContactUsRequest } from '../contract';
import type { Db } from '../db';
import { contactMessages } from '../db/schema';

/** Messages sent through the site's contact form. */
export class ContactMessageRepository {
  constructor(private readonly db: Db) {}

  /** Stores one message (all five fields, validated by `contactUsRequest`). */
  async save(message: ContactUsRequest, now: Date): Promise<void> {
    await this.db.insert(contactMessages).values({ ...message, createdAt: now });
  }
}
