import {
  ROLE_APPLICANT,
  ROLE_REFERRER,
  type CurrentUser,
  type Profile,
  type RoleId,
  type WorkEmailHistoryEntry,
} from '../contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db';
import { users, workEmailHistory, type UserRow, type WorkEmailHistoryRow } from '../db/schema';

export type { UserRow };
export type AuthMode = UserRow['authMode'];

export const authModeOf = (roleId: RoleId): AuthMode =>
  roleId === ROLE_REFERRER ? 'referrer' : 'candidate';
export const roleIdOf = (mode: AuthMode): RoleId =>
  mode === 'referrer' ? ROLE_REFERRER : ROLE_APPLICANT;

/** The file part of a storage key without its extension (a UUID for uploads). */
const versionOf = (key: string) =>
  (key.split('/').pop() ?? key).replace(/\.[^.]*$/, '').slice(0, 12);

/** Where a user's profile image and resume are served (the upload routes answer these paths). */
/** The `v` parameter changes with every new photo, so a browser never shows a cached old one. */
export const profileLinkOf = (u: Pick<UserRow, 'id' | 'profileImage'>) =>
  u.profileImage
    ? `/api/documentsUpload/profileImage/${u.id}?v=${encodeURIComponent(versionOf(u.profileImage))}`
    : null;
/** The candidate's default resume (GET /documentsUpload/resume/:userId serves it). */
export const resumeLinkOf = (userId: string) => `/api/documentsUpload/resume/${userId}`;

/** The default resume's file as the profile shows it. */
export interface ProfileResume {
  fileName: string;
  size: number;
}

const localPart = (email: string) => email.slice(0, email.indexOf('@'));

/**
 * The signed-in user as the browser keeps it: profile data only, the active mode first, and whether they
 * are an operator (the header links them to the console).
 */
export function toCurrentUser(u: UserRow, operator: boolean): CurrentUser {
  const active = roleIdOf(u.authMode);
  const other: RoleId = active === ROLE_REFERRER ? ROLE_APPLICANT : ROLE_REFERRER;
  const entry = (roleId: RoleId) => ({
    roleId,
    roleName: roleId === ROLE_REFERRER ? ('referer' as const) : ('user' as const),
  });
  return {
    _id: u.id,
    email: u.email,
    fullName: u.fullName,
    displayName: u.fullName || localPart(u.email),
    authMode: u.authMode,
    roleId: [active, other],
    roles: [entry(active), entry(other)],
    workEmailAdded: u.workEmailAdded,
    profileLink: profileLinkOf(u),
    overAllExperience: u.overAllExperience,
    summary: u.summary,
    skills: u.skills,
    operator,
  };
}

export interface ProfileAnswer extends Profile {
  authMode: AuthMode;
  workEmailAdded: boolean;
  resumeSize: number | null;
}

export interface ReferrerProfileAnswer extends ProfileAnswer {
  workEmailHistory: WorkEmailHistoryEntry[];
}

/** The profile; `resume` is the default resume's file (null without resumes). */
export function toProfile(u: UserRow, resume: ProfileResume | null): ProfileAnswer {
  return {
    _id: u.id,
    fullName: u.fullName,
    position: u.position,
    homeAddress: u.homeAddress,
    mobileNo: u.mobileNo,
    officeAddress: u.officeAddress,
    dateOfBirth: u.dateOfBirth ?? '',
    email: u.email,
    profileLink: profileLinkOf(u),
    resumeLink: resume ? resumeLinkOf(u.id) : null,
    resumeName: resume?.fileName ?? null,
    resumeSize: resume?.size ?? null,
    overAllExperience: u.overAllExperience,
    summary: u.summary,
    skills: u.skills,
    authMode: u.authMode,
    workEmailAdded: u.workEmailAdded,
  };
}

export const toHistoryEntry = (h: WorkEmailHistoryRow): WorkEmailHistoryEntry => ({
  _id: h.id,
  email: h.email,
  companyName: h.companyName,
  startDate: h.startDate,
});

export interface ProfileChanges {
  fullName?: string;
  homeAddress?: string;
  mobileNo?: string;
  officeAddress?: string;
  dateOfBirth?: string;
  email?: string;
  position?: string;
  overAllExperience?: number | null;
  summary?: string;
  skills?: string[];
}

/** Users and their work-e-mail history. */
export class UserRepository {
  constructor(private readonly db: Db) {}

  /** The hot lookups, each built once as a prepared statement (see SessionStore.find). */
  private prepared = () => {
    const byId = this.db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('referio_user_by_id');
    const history = this.db
      .select()
      .from(workEmailHistory)
      .where(eq(workEmailHistory.userId, sql.placeholder('userId')))
      .orderBy(asc(workEmailHistory.startDate), asc(workEmailHistory.createdAt))
      .prepare('referio_work_email_history');
    const built = { byId, history };
    this.prepared = () => built;
    return built;
  };

  async findById(id: string): Promise<UserRow | null> {
    const rows = await this.prepared().byId.execute({ id });
    return rows[0] ?? null;
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    const rows = await this.db
      .select()
      .from(users)
      .where(eq(users.email, email.toLowerCase()))
      .limit(1);
    return rows[0] ?? null;
  }

  /** Creates the account, or returns the existing one when the e-mail is taken (two sign-ups racing). */
  async findOrCreate(
    email: string,
    authMode: AuthMode,
    now: Date,
    fullName = '',
  ): Promise<{ user: UserRow; created: boolean }> {
    const inserted = await this.db
      .insert(users)
      .values({ email: email.toLowerCase(), authMode, fullName, createdAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (inserted[0]) return { user: inserted[0], created: true };
    const existing = await this.findByEmail(email);
    if (!existing) throw new Error('user vanished during sign-up');
    return { user: existing, created: false };
  }

  /**
   * The account an address signs in to, created when new, in the mode chosen at sign-in (an existing
   * account switches to it).
   */
  async findOrCreateInMode(email: string, authMode: AuthMode, now: Date): Promise<UserRow> {
    const { user } = await this.findOrCreate(email, authMode, now);
    return user.authMode === authMode ? user : this.update(user.id, { authMode });
  }

  async update(id: string, changes: Partial<typeof users.$inferInsert>): Promise<UserRow> {
    const rows = await this.db.update(users).set(changes).where(eq(users.id, id)).returning();
    if (!rows[0]) throw new Error(`user ${id} not found`);
    return rows[0];
  }

  async workEmailHistory(userId: string): Promise<WorkEmailHistoryRow[]> {
    return this.prepared().history.execute({ userId });
  }

  /**
   * Marks the work e-mail verified and records it in the history (once per address; verifying an
   * address again makes it the current one again). `inTransaction` runs in the same transaction.
   */
  async addVerifiedWorkEmail(
    userId: string,
    address: { email: string; domain: string; companyName: string },
    startDate: string,
    now: Date,
    inTransaction?: (tx: Tx) => Promise<void>,
  ): Promise<UserRow> {
    const { email, domain, companyName } = address;
    return this.db.transaction(async (tx) => {
      await tx
        .insert(workEmailHistory)
        .values({ userId, email, domain, companyName, startDate, createdAt: now, verifiedAt: now })
        .onConflictDoUpdate({
          target: [workEmailHistory.userId, workEmailHistory.email],
          set: { verifiedAt: now, domain },
        });
      const rows = await tx
        .update(users)
        .set({ workEmailAdded: true, workEmailDomain: domain })
        .where(eq(users.id, userId))
        .returning();
      if (!rows[0]) throw new Error(`user ${userId} not found`);
      if (inTransaction) await inTransaction(tx);
      return rows[0];
    });
  }
}
