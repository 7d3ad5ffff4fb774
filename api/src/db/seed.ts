import { sql } from 'drizzle-orm';
import { companyNameKey, companyNameSkeleton } from '../lib/company-name';
import type { Db } from './index';
import { registrableDomain } from '../lib/work-email';
import { jobPostValues } from '../services/job-posts';
import {
  companies,
  companyDomains,
  jobPosts,
  testimonials,
  users,
  workEmailHistory,
} from './schema';
import { generateSeedData } from './seed-data';

export interface SeedResult {
  seeded: boolean;
  companies: number;
  jobs: number;
  users: number;
  testimonials: number;
}

/**
 * Fills an empty database with the generated demo data (one transaction, multi-row inserts).
 * Does nothing when the users table already has rows.
 */
export async function seedIfEmpty(db: Db, now: Date): Promise<SeedResult> {
  const data = generateSeedData(now);
  return db.transaction(async (tx) => {
    // Serialises two instances seeding the same empty PostgreSQL database at once.
    await tx.execute(sql`select pg_advisory_xact_lock(727274002)`);
    const existing = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((existing[0]?.n ?? 0) > 0) {
      return { seeded: false, companies: 0, jobs: 0, users: 0, testimonials: 0 };
    }

    const companyRows = await tx
      .insert(companies)
      .values(
        data.companies.map((c) => ({
          name: c.name,
          logo: c.logo,
          industry: c.industry,
          nameKey: companyNameKey(c.name),
          nameSkeleton: companyNameSkeleton(c.name),
        })),
      )
      .returning({ id: companies.id, name: companies.name });
    const companyId = new Map(companyRows.map((r) => [r.name, r.id]));
    // Each seeded company's e-mail domain, confirmed: its referrers' addresses are at it.
    await tx.insert(companyDomains).values(
      data.companies.map((c) => ({
        domain: c.domain,
        companyId: companyId.get(c.name) as string,
        confirmedAt: now,
        createdAt: now,
      })),
    );
    const companyAt = (i: number) => {
      const c = data.companies[i];
      if (!c) throw new Error(`seed: no company ${i}`);
      return { ...c, id: companyId.get(c.name) as string };
    };

    const userRows = await tx
      .insert(users)
      .values(
        data.users.map((u) => ({
          email: u.email,
          fullName: u.fullName,
          authMode: u.authMode,
          workEmailAdded: u.workEmailAdded,
          position: u.position,
          overAllExperience: u.overAllExperience,
          summary: u.summary,
          skills: u.skills,
          officeAddress: u.officeAddress,
          homeAddress: u.homeAddress,
          mobileNo: u.mobileNo,
          createdAt: u.createdAt,
          // The current work address is the last of the history.
          workEmailDomain: u.history.length
            ? registrableDomain(u.history[u.history.length - 1]!.email)
            : null,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const userId = new Map(userRows.map((r) => [r.email, r.id]));
    const userAt = (i: number) => userId.get(data.users[i]?.email ?? '') as string;

    const history = data.users.flatMap((u) =>
      u.history.map((h) => ({
        userId: userId.get(u.email) as string,
        email: h.email,
        domain: registrableDomain(h.email),
        companyName: companyAt(h.companyIndex).name,
        startDate: h.startDate,
        // The newest address is the current one.
        verifiedAt: new Date(`${h.startDate}T09:00:00.000Z`),
      })),
    );
    if (history.length > 0) await tx.insert(workEmailHistory).values(history);

    const jobRows = data.jobs.map((j) => {
      const company = companyAt(j.companyIndex);
      return {
        ...jobPostValues({ ...j, companyName: company.name, companyLogo: company.logo }),
        userId: userAt(j.ownerIndex),
        companyId: company.id,
        status: j.status,
        totalReferrals: j.totalReferrals,
        createdAt: j.createdAt,
      };
    });
    // Oldest first: a post's place in the search (search_pos) is numbered as it is inserted, and the
    // search reads newest first by it (migration 0022).
    jobRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (let i = 0; i < jobRows.length; i += 160) {
      await tx.insert(jobPosts).values(jobRows.slice(i, i + 160));
    }

    await tx.insert(testimonials).values(data.testimonials.map((t, i) => ({ ...t, sortOrder: i })));

    return {
      seeded: true,
      companies: companyRows.length,
      jobs: jobRows.length,
      users: userRows.length,
      testimonials: data.testimonials.length,
    };
  });
}
