import type { ReferralRequest } from '../contract';
import { alias } from 'drizzle-orm/pg-core';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { companies, jobPosts, referralRequests, users } from '../db/schema';
import { toJobPost } from './jobPosts';

const sender = alias(users, 'sender');
const recipient = alias(users, 'recipient');

/** The link to the resume a request carried (served to its sender and recipient), or the current one. */
export const requestResumeLink = (requestId: string, senderId: string, key: string | null) =>
  key ? `/api/documentsUpload/resume/${senderId}?requestId=${requestId}` : null;

/** Referral requests with their job, sender and recipient, newest first. */
export async function listReferralRequests(
  db: Db,
  where: SQL | undefined,
  limit?: number,
): Promise<ReferralRequest[]> {
  const query = db
    .select({
      request: referralRequests,
      job: jobPosts,
      logo: companies.logo,
      sender: {
        id: sender.id,
        fullName: sender.fullName,
        email: sender.email,
        overAllExperience: sender.overAllExperience,
        skills: sender.skills,
      },
      recipient: { id: recipient.id, fullName: recipient.fullName, email: recipient.email },
    })
    .from(referralRequests)
    .innerJoin(jobPosts, eq(jobPosts.id, referralRequests.jobPostId))
    .leftJoin(companies, eq(companies.id, jobPosts.companyId))
    .innerJoin(sender, eq(sender.id, referralRequests.senderId))
    .innerJoin(recipient, eq(recipient.id, referralRequests.recipientId))
    .where(where)
    .orderBy(desc(referralRequests.createdAt), desc(referralRequests.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map((r) => ({
    _id: r.request.id,
    status: r.request.status,
    createdAt: r.request.createdAt.toISOString(),
    updatedAt: r.request.updatedAt.toISOString(),
    jobPostId: toJobPost({ job: r.job, logo: r.logo, isApplied: true }),
    senderId: {
      _id: r.sender.id,
      fullName: r.sender.fullName,
      email: r.sender.email,
      overAllExperience: r.sender.overAllExperience,
      resumeLink: requestResumeLink(r.request.id, r.sender.id, r.request.resume),
      skills: r.sender.skills,
    },
    recipientId: { _id: r.recipient.id, fullName: r.recipient.fullName, email: r.recipient.email },
  }));
}

export async function findReferralRequest(db: Db, id: string): Promise<ReferralRequest | null> {
  return (await listReferralRequests(db, eq(referralRequests.id, id), 1))[0] ?? null;
}
