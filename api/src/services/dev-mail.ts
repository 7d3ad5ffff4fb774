import { desc, eq } from 'drizzle-orm';
import type { DevMail } from '../contract';
import type { Db } from '../db';
import { devMails } from '../db/schema';

/** The dev mailbox: mail the API would have sent without SMTP_URL (written by plugins/mail.ts). */
export class DevMailbox {
  constructor(private readonly db: Db) {}

  /** The address's mail, newest first, at most `limit`. */
  async list(to: string, limit = 50): Promise<DevMail[]> {
    const rows = await this.db
      .select()
      .from(devMails)
      .where(eq(devMails.to, to))
      .orderBy(desc(devMails.createdAt), desc(devMails.id))
      .limit(limit);
    return rows.map((m) => ({
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      headers: m.headers,
      createdAt: m.createdAt.toISOString(),
    }));
  }
}
