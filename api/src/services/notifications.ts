// The notifications repository (`app.notifications`): the events that write a row per recipient (and,
// when that person's preferences allow it, a mail into the outbox) inside the caller's transaction, the
// bell's list and read state, e-mail preferences and one-click unsubscribe. docs/notifications.md.
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CHAT_NOTIFICATION_WINDOW_MINUTES,
  JOB_MATCHES_WINDOW_HOURS,
  MAIL_PREFERENCE_DEFAULTS,
  NOTIFICATION_KINDS,
  NOTIFICATION_LIST_LIMIT,
  ROLE_REFERRER,
  type AppNotification,
  type JobPost,
  type LiveTopic,
  type MailPreferences,
  type NotificationKind,
  type NotificationsAnswer,
  type ReferralNotification,
} from '../contract';
import type { Db, Tx } from '../db';
import {
  chatBells,
  companies,
  jobPosts,
  mailOutbox,
  mailPreferences,
  notifications,
  referralRequests,
  users,
  type NotificationData,
  type NotificationRow,
} from '../db/schema';
import {
  notificationLink,
  notificationSentence,
  renderNotificationMail,
  type MailJob,
  type NotificationFacts,
} from '../lib/notification-text';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../lib/unsubscribe';
import { jobListColumns, toJobPost } from './job-posts';

/** The channel the live stream listens on (src/plugins/events/wire.ts); `{k:'n', to}` tells users' bells. */
export const NOTIFY_CHANNEL = 'referio_chat';
/** Recipients per NOTIFY payload (payloads stay well under PostgreSQL's 8000 bytes). */
const NOTIFY_CHUNK = 150;
const JOB_MATCHES_LOCK = 727_274_101;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/**
 * The lists that a notification's event changed, its recipient's and its actor's: the live stream's
 * `changed` event, sent with the notification's own signal, tells their open pages to fetch them again.
 */
const TOPICS_OF: Readonly<Record<NotificationKind, LiveTopic[]>> = {
  referral_requested: ['referrals'],
  referral_approved: ['referrals'],
  referral_declined: ['referrals'],
  referral_expired: ['referrals'],
  referral_expiring: [],
  job_matches: [],
  chat_message: [],
};

/** One NOTIFY per NOTIFY_CHUNK users, sent when the transaction commits (src/plugins/events/wire.ts). */
async function notifyChunks(tx: Tx, userIds: readonly string[], wire: (to: string[]) => object) {
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += NOTIFY_CHUNK) {
    const payload = JSON.stringify(wire(unique.slice(i, i + NOTIFY_CHUNK)));
    await tx.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
  }
}

/**
 * `NotificationRepository.listsChanged` for a repository that changes other people's lists in its own
 * transaction (a suspension closes jobs and ends requests).
 */
export async function listsChangedIn(
  tx: Tx,
  userIds: readonly string[],
  topics: LiveTopic[],
): Promise<void> {
  await notifyChunks(tx, userIds, (to) => ({ k: 'c', to, t: topics }));
}

/** See `NotificationRepository.chatBellFacts`. */
export interface ChatBellFacts {
  email: string;
  fullName: string;
  mail: boolean | null;
  senderName: string | null;
  toldRecently: boolean;
  jobTitle: string | null;
  companyName: string | null;
}

/** A database handle or a transaction on it (events are written inside the change's transaction). */
export type { Tx } from '../db';

export interface NotificationOptions {
  secret: Buffer;
  publicUrl: string;
}

interface NewNotification {
  userId: string;
  kind: NotificationKind;
  actorId?: string | null;
  referralRequestId?: string | null;
  jobPostId?: string | null;
  chatId?: string | null;
  data: NotificationData;
}

const displayName = (u: { fullName: string; email: string } | undefined) =>
  u?.fullName.trim() || 'A Referio member';

const facts = (
  n: Pick<NotificationRow, 'kind' | 'data' | 'referralRequestId' | 'jobPostId' | 'chatId'>,
): NotificationFacts => ({
  kind: n.kind,
  data: n.data,
  referralRequestId: n.referralRequestId,
  jobPostId: n.jobPostId,
  chatId: n.chatId,
});

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export class NotificationRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly opts: NotificationOptions,
  ) {}

  // ---- events: call inside the transaction of the change ----------------------------------------

  /**
   * A change that notifies nobody still changed these users' lists (a withdrawn request leaves its
   * referrer's): their open streams get a `changed` event naming `topics` once the transaction commits,
   * and the page showing one fetches it again. (Outside a transaction: `app.chatEvents.publishChanged`.)
   */
  async listsChanged(tx: Tx, userIds: readonly string[], topics: LiveTopic[]): Promise<void> {
    await listsChangedIn(tx, userIds, topics);
  }

  /** A candidate sent a referral request: its referrer is told. */
  async referralRequested(tx: Tx, requestId: string): Promise<void> {
    const r = await this.requestFacts(tx, requestId);
    if (!r) return;
    await this.record(tx, {
      userId: r.recipientId,
      kind: 'referral_requested',
      actorId: r.senderId,
      referralRequestId: r.id,
      jobPostId: r.jobPostId,
      data: {
        jobTitle: r.jobTitle,
        companyName: r.companyName,
        actorName: r.senderName,
        ...(r.note ? { note: r.note } : {}),
      },
    });
  }

  /** The referrer approved or declined: the candidate is told (with the reason, when one was given). */
  async referralAnswered(
    tx: Tx,
    requestId: string,
    status: 'approved' | 'declined',
    reason?: string | null,
  ): Promise<void> {
    const r = await this.requestFacts(tx, requestId);
    if (!r) return;
    await this.record(tx, {
      userId: r.senderId,
      kind: status === 'approved' ? 'referral_approved' : 'referral_declined',
      actorId: r.recipientId,
      referralRequestId: r.id,
      jobPostId: r.jobPostId,
      data: {
        jobTitle: r.jobTitle,
        companyName: r.companyName,
        actorName: r.recipientName,
        ...(reason ? { reason } : {}),
      },
    });
  }

  /** A pending request expires within a day: its referrer is reminded (once; see ReferralRepository). */
  async referralExpiring(tx: Tx, requestId: string): Promise<void> {
    const r = await this.requestFacts(tx, requestId);
    if (!r) return;
    await this.record(tx, {
      userId: r.recipientId,
      kind: 'referral_expiring',
      actorId: r.senderId,
      referralRequestId: r.id,
      jobPostId: r.jobPostId,
      data: { jobTitle: r.jobTitle, companyName: r.companyName, actorName: r.senderName },
    });
  }

  /** A pending request expired unanswered: its candidate is told ("No response"). */
  async referralExpired(tx: Tx, requestId: string): Promise<void> {
    const r = await this.requestFacts(tx, requestId);
    if (!r) return;
    await this.record(tx, {
      userId: r.senderId,
      kind: 'referral_expired',
      actorId: r.recipientId,
      referralRequestId: r.id,
      jobPostId: r.jobPostId,
      data: { jobTitle: r.jobTitle, companyName: r.companyName, actorName: r.recipientName },
    });
  }

  /**
   * What telling a chat member about a message needs to know, as one jsonb value (null when the recipient
   * does not exist): their address and name, whether they want chat mails, whether they were told about
   * this chat within the window, the sender's name and the job the two are talking about (their latest
   * approved request). SQL over the chat's ids, so the statement that stores a message can bring it back
   * with the message (`ChatService.createMessage`'s `extra`) and the bell needs no read of its own.
   */
  chatBellFacts(chat: { chatId: SQL; candidateId: SQL; referrerId: SQL }, senderId: SQL): SQL {
    const recipientId = sql`case when ${chat.candidateId} = ${senderId} then ${chat.referrerId} else ${chat.candidateId} end`;
    const windowStart = new Date(
      this.now().getTime() - CHAT_NOTIFICATION_WINDOW_MINUTES * MINUTE,
    ).toISOString();
    return sql`(
      select jsonb_build_object(
        'email', r.email, 'fullName', r.full_name, 'mail', mp.enabled,
        'senderName', (select s.full_name from ${users} s where s.id = ${senderId}),
        'toldRecently', coalesce((select b.notified_at > ${windowStart}::timestamptz from ${chatBells} b
          where b.chat_id = ${chat.chatId} and b.user_id = r.id), false),
        'jobTitle', j.job_title, 'companyName', j.company_name)
      from ${users} r
      left join ${mailPreferences} mp on mp.user_id = r.id and mp.kind = 'chat_message'
      left join lateral (
        select jp.job_title, jp.company_name from ${referralRequests} rr
        join ${jobPosts} jp on jp.id = rr.job_post_id
        where rr.sender_id = ${chat.candidateId} and rr.recipient_id = ${chat.referrerId}
          and rr.status = 'approved'
        order by rr.updated_at desc limit 1
      ) j on true
      where r.id = ${recipientId})`;
  }

  /**
   * A chat message from `senderId`: the other member is told (the notification, its mail when they want
   * chat mails, the live signal) unless they have the chat open (`recipientWatching`), at most once per
   * chat every 15 minutes. No transaction: one statement claims the window (`chat_bells`, an upsert
   * PostgreSQL re-checks under the row's lock, so two messages at once never both notify) and writes the
   * notification, its mail and the signal together, or nothing at all. `facts` (`chatBellFacts`, read
   * with the message) spare the read before it; without them they are read first (a second round trip),
   * and most messages stop there (told within the window).
   */
  async chatMessage(
    tx: Tx,
    chat: { chatId: string; candidateId: string; referrerId: string },
    senderId: string,
    recipientWatching: boolean,
    facts?: ChatBellFacts | null,
  ): Promise<void> {
    if (recipientWatching) return;
    const recipientId = chat.candidateId === senderId ? chat.referrerId : chat.candidateId;
    const now = this.now();
    const at = now.toISOString();
    const windowStart = new Date(
      now.getTime() - CHAT_NOTIFICATION_WINDOW_MINUTES * MINUTE,
    ).toISOString();
    const kind = 'chat_message' satisfies NotificationKind;
    if (facts === undefined) {
      const [row] = rowsOf<{ facts: ChatBellFacts | null }>(
        await tx.execute(
          sql`select ${this.chatBellFacts(
            {
              chatId: sql`${chat.chatId}::uuid`,
              candidateId: sql`${chat.candidateId}::uuid`,
              referrerId: sql`${chat.referrerId}::uuid`,
            },
            sql`${senderId}::uuid`,
          )} as facts`,
        ),
      );
      facts = row?.facts ?? null;
    }
    const facts_ = facts;
    if (!facts_ || facts_.toldRecently) return;
    const data: NotificationData = {
      actorName: displayName(
        facts_.senderName === null ? undefined : { fullName: facts_.senderName, email: '' },
      ),
      ...(facts_.jobTitle !== null && facts_.companyName !== null
        ? { jobTitle: facts_.jobTitle, companyName: facts_.companyName }
        : {}),
    };
    const mailWanted = facts_.mail ?? MAIL_PREFERENCE_DEFAULTS[kind];
    const mail = mailWanted
      ? renderNotificationMail(
          { kind, data, referralRequestId: null, jobPostId: null, chatId: chat.chatId },
          {
            publicUrl: this.opts.publicUrl,
            recipientName: facts_.fullName,
            unsubscribeToken: signUnsubscribeToken(this.opts.secret, recipientId, kind),
          },
        )
      : null;
    const mailInsert = mail
      ? sql`, mail as (
          insert into ${mailOutbox} (user_id, notification_id, kind, "to", subject, text, html, headers, available_at, created_at)
          select ${recipientId}::uuid, n.id, 'chat_message', ${facts_.email}::text, ${mail.subject}::text,
            ${mail.text}::text, ${mail.html}::text, ${JSON.stringify(mail.headers)}::jsonb,
            ${at}::timestamptz, ${at}::timestamptz
          from n
        )`
      : sql``;
    const signal = JSON.stringify({ k: 'n', to: [recipientId] });
    await tx.execute(sql`
      with mark as (
        insert into ${chatBells} (chat_id, user_id, notified_at)
        values (${chat.chatId}::uuid, ${recipientId}::uuid, ${at}::timestamptz)
        on conflict (chat_id, user_id) do update set notified_at = excluded.notified_at
        where chat_bells.notified_at <= ${windowStart}::timestamptz
        returning chat_id
      ), n as (
        insert into ${notifications} (user_id, kind, actor_id, chat_id, data, created_at, updated_at)
        select ${recipientId}::uuid, 'chat_message', ${senderId}::uuid, mark.chat_id, ${JSON.stringify(data)}::jsonb,
          ${at}::timestamptz, ${at}::timestamptz
        from mark
        returning id
      )${mailInsert}
      select pg_notify(${NOTIFY_CHANNEL}, ${signal}) from n`);
  }

  /**
   * A new active job post: every other person whose profile skills share one with it gets it in their
   * day's job-match notification (created at the first match, grown by later ones for 24 hours). Those
   * who turned job-match e-mails on get one mail per such day, sent when the day closes, listing them.
   */
  async jobPosted(tx: Tx, jobId: string): Promise<void> {
    const [job] = await tx
      .select({
        id: jobPosts.id,
        userId: jobPosts.userId,
        jobTitle: jobPosts.jobTitle,
        companyName: jobPosts.companyName,
        skills: jobPosts.requiredSkills,
      })
      .from(jobPosts)
      .where(eq(jobPosts.id, jobId));
    if (!job) return;
    const skills = [...new Set(job.skills.map((s) => s.trim().toLowerCase()).filter(Boolean))];
    if (skills.length === 0) return;
    const now = this.now();
    const windowStart = new Date(now.getTime() - JOB_MATCHES_WINDOW_HOURS * HOUR);
    // One job's fan-out at a time, so two posts never open two digests for one person.
    await tx.execute(sql`select pg_advisory_xact_lock(${JOB_MATCHES_LOCK})`);
    const skillList = sql.join(
      skills.map((s) => sql`${s}`),
      sql`, `,
    );
    const jobIdJson = JSON.stringify([job.id]);
    const data = JSON.stringify({
      jobTitle: job.jobTitle,
      companyName: job.companyName,
      jobIds: [job.id],
    } satisfies NotificationData);
    const touched = rowsOf<{ id: string; user_id: string }>(
      await tx.execute(sql`
        with matched as (
          select u.id from ${users} u
          where u.id <> ${job.userId}
            and exists (select 1 from unnest(u.skills) s(skill) where lower(trim(s.skill)) in (${skillList}))
        ), grown as (
          update ${notifications} n
          set data = jsonb_set(n.data, '{jobIds}', coalesce(n.data->'jobIds', '[]'::jsonb) || ${jobIdJson}::jsonb)
                     || jsonb_build_object('jobTitle', ${job.jobTitle}::text, 'companyName', ${job.companyName}::text),
              read_at = null,
              updated_at = ${now}
          where n.kind = 'job_matches' and n.user_id in (select id from matched)
            and n.created_at > ${windowStart}
          returning n.id, n.user_id
        ), opened as (
          insert into ${notifications} (user_id, kind, job_post_id, data, created_at, updated_at)
          select m.id, 'job_matches', ${job.id}, ${data}::jsonb, ${now}, ${now}
          from matched m where m.id not in (select user_id from grown)
          returning id, user_id
        )
        select id, user_id from grown union all select id, user_id from opened`),
    );
    if (touched.length === 0) return;
    await this.signal(
      tx,
      touched.map((t) => t.user_id),
    );
    // Mail: only those who turned job-match e-mails on (off by default).
    const mailed = await tx
      .select({
        id: notifications.id,
        userId: notifications.userId,
        kind: notifications.kind,
        data: notifications.data,
        referralRequestId: notifications.referralRequestId,
        jobPostId: notifications.jobPostId,
        chatId: notifications.chatId,
        createdAt: notifications.createdAt,
        email: users.email,
        fullName: users.fullName,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .innerJoin(
        mailPreferences,
        and(
          eq(mailPreferences.userId, notifications.userId),
          eq(mailPreferences.kind, 'job_matches'),
          eq(mailPreferences.enabled, true),
        ),
      )
      .where(
        inArray(
          notifications.id,
          touched.map((t) => t.id),
        ),
      );
    for (const n of mailed) {
      const jobs = await this.mailJobs(tx, n.data.jobIds ?? []);
      const mail = renderNotificationMail(facts(n), {
        publicUrl: this.opts.publicUrl,
        recipientName: n.fullName,
        unsubscribeToken: signUnsubscribeToken(this.opts.secret, n.userId, 'job_matches'),
        jobs,
      });
      const updated = await tx
        .update(mailOutbox)
        .set({ subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers })
        .where(and(eq(mailOutbox.notificationId, n.id), isNull(mailOutbox.sentAt)))
        .returning({ id: mailOutbox.id });
      if (updated.length > 0) continue;
      const [already] = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.notificationId, n.id))
        .limit(1);
      if (already) continue;
      await tx.insert(mailOutbox).values({
        userId: n.userId,
        notificationId: n.id,
        kind: 'job_matches',
        to: n.email,
        ...mail,
        availableAt: new Date(n.createdAt.getTime() + JOB_MATCHES_WINDOW_HOURS * HOUR),
        createdAt: now,
      });
    }
  }

  // ---- the bell ------------------------------------------------------------------------------------

  /** The person's notifications, newest first, with the unread count of all of them. */
  async list(userId: string, limit = NOTIFICATION_LIST_LIMIT): Promise<NotificationsAnswer> {
    const rows = await this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.updatedAt), desc(notifications.id))
      .limit(limit);
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    const jobs = await this.jobsById(rows.flatMap(jobIdsOf), userId);
    const items: AppNotification[] = rows.map((r) => ({
      _id: r.id,
      kind: r.kind,
      createdAt: r.updatedAt.toISOString(),
      read: r.readAt !== null,
      text: notificationSentence(facts(r)),
      link: notificationLink(facts(r)),
      // Newest match first, like the list itself.
      jobs: jobIdsOf(r)
        .map((id) => jobs.get(id))
        .filter((j): j is JobPost => j !== undefined)
        .reverse(),
    }));
    return { items, unread: Number(count?.n ?? 0) };
  }

  /** Marks the person's own notifications among `ids` read; others' ids are ignored. */
  async markRead(userId: string, ids: string[]): Promise<number> {
    const marked = await this.db
      .update(notifications)
      .set({ readAt: this.now() })
      .where(
        and(
          eq(notifications.userId, userId),
          inArray(notifications.id, ids),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    return marked.length;
  }

  async markAllRead(userId: string): Promise<number> {
    const marked = await this.db
      .update(notifications)
      .set({ readAt: this.now() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return marked.length;
  }

  /**
   * The spec's getReferralNotifications shape (`{ _id, createdAt, jobPostId }`), from the same rows:
   * referrer mode (roleId 1) lists the requests that arrived; candidate mode the answers to the
   * candidate's requests and each job of their job-match notifications. At most 20, newest first.
   */
  async legacyList(userId: string, roleId: number): Promise<ReferralNotification[]> {
    const kinds: NotificationKind[] =
      roleId === ROLE_REFERRER
        ? ['referral_requested']
        : ['referral_approved', 'referral_declined', 'referral_expired', 'job_matches'];
    const rows = await this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), inArray(notifications.kind, kinds)))
      .orderBy(desc(notifications.updatedAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_LIMIT);
    const jobs = await this.jobsById(rows.flatMap(jobIdsOf), userId);
    const out: ReferralNotification[] = [];
    for (const r of rows) {
      const ids = jobIdsOf(r);
      for (const id of r.kind === 'job_matches' ? [...ids].reverse() : ids) {
        const job = jobs.get(id);
        if (!job) continue;
        out.push({
          _id: r.kind === 'job_matches' ? job._id : r.id,
          createdAt: r.updatedAt.toISOString(),
          jobPostId: job,
        });
      }
    }
    return out.slice(0, NOTIFICATION_LIST_LIMIT);
  }

  // ---- preferences and unsubscribe -------------------------------------------------------------------

  async preferences(userId: string): Promise<MailPreferences> {
    const rows = await this.db
      .select({ kind: mailPreferences.kind, enabled: mailPreferences.enabled })
      .from(mailPreferences)
      .where(eq(mailPreferences.userId, userId));
    const prefs = { ...MAIL_PREFERENCE_DEFAULTS };
    for (const r of rows) prefs[r.kind] = r.enabled;
    return prefs;
  }

  async setPreferences(
    userId: string,
    changes: Partial<Record<NotificationKind, boolean | undefined>>,
  ): Promise<MailPreferences> {
    const now = this.now();
    const values = NOTIFICATION_KINDS.filter((k) => typeof changes[k] === 'boolean').map((k) => ({
      userId,
      kind: k,
      enabled: changes[k] as boolean,
      updatedAt: now,
    }));
    if (values.length > 0) {
      await this.db
        .insert(mailPreferences)
        .values(values)
        .onConflictDoUpdate({
          target: [mailPreferences.userId, mailPreferences.kind],
          set: { enabled: sql`excluded.enabled`, updatedAt: now },
        });
    }
    return this.preferences(userId);
  }

  /** The token of a mail's unsubscribe link for this person and kind. */
  unsubscribeToken(userId: string, kind: NotificationKind): string {
    return signUnsubscribeToken(this.opts.secret, userId, kind);
  }

  /** The person and kind a link's token names (null: forged, altered or for nobody we know). */
  async readUnsubscribeToken(
    token: string,
  ): Promise<{ userId: string; kind: NotificationKind } | null> {
    const claim = verifyUnsubscribeToken(this.opts.secret, token);
    if (!claim) return null;
    const [u] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, claim.userId));
    return u ? claim : null;
  }

  /** Turns off exactly the kind the token names, for exactly its person. */
  async unsubscribe(token: string): Promise<NotificationKind | null> {
    const claim = await this.readUnsubscribeToken(token);
    if (!claim) return null;
    await this.setPreferences(claim.userId, { [claim.kind]: false });
    return claim.kind;
  }

  // ---- internals ---------------------------------------------------------------------------------------

  private async requestFacts(tx: Tx, requestId: string) {
    const [r] = await tx
      .select({
        id: referralRequests.id,
        senderId: referralRequests.senderId,
        recipientId: referralRequests.recipientId,
        jobPostId: referralRequests.jobPostId,
        note: referralRequests.note,
        jobTitle: jobPosts.jobTitle,
        companyName: jobPosts.companyName,
      })
      .from(referralRequests)
      .innerJoin(jobPosts, eq(jobPosts.id, referralRequests.jobPostId))
      .where(eq(referralRequests.id, requestId));
    if (!r) return null;
    const people = await tx
      .select({ id: users.id, fullName: users.fullName, email: users.email })
      .from(users)
      .where(inArray(users.id, [r.senderId, r.recipientId]));
    const byId = new Map(people.map((p) => [p.id, p]));
    return {
      ...r,
      senderName: displayName(byId.get(r.senderId)),
      recipientName: displayName(byId.get(r.recipientId)),
    };
  }

  /** One notification row, its mail when the person wants that kind by e-mail, and the live signal. */
  private async record(tx: Tx, n: NewNotification): Promise<void> {
    const now = this.now();
    const [row] = await tx
      .insert(notifications)
      .values({ ...n, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('notification insert returned nothing');
    const [recipient] = await tx
      .select({
        email: users.email,
        fullName: users.fullName,
        enabled: mailPreferences.enabled,
      })
      .from(users)
      .leftJoin(
        mailPreferences,
        and(eq(mailPreferences.userId, users.id), eq(mailPreferences.kind, n.kind)),
      )
      .where(eq(users.id, n.userId));
    if (recipient && (recipient.enabled ?? MAIL_PREFERENCE_DEFAULTS[n.kind])) {
      const mail = renderNotificationMail(facts(row), {
        publicUrl: this.opts.publicUrl,
        recipientName: recipient.fullName,
        unsubscribeToken: signUnsubscribeToken(this.opts.secret, n.userId, n.kind),
      });
      await tx.insert(mailOutbox).values({
        userId: n.userId,
        notificationId: row.id,
        kind: n.kind,
        to: recipient.email,
        ...mail,
        availableAt: now,
        createdAt: now,
      });
    }
    const topics = TOPICS_OF[n.kind];
    await this.signal(tx, [n.userId], topics);
    // The request's other person (who acted, or whose request expired) sees the same lists, maybe in
    // another tab or on another device: they change there too, with nothing to notify.
    if (topics.length && n.actorId) await this.listsChanged(tx, [n.actorId], topics);
  }

  /**
   * Tells the users' open streams (delivered when the transaction commits, like NOTIFY itself): a
   * `notification` event, and a `changed` one naming `topics` when the event changed those lists.
   */
  private async signal(tx: Tx, userIds: string[], topics: LiveTopic[] = []): Promise<void> {
    await notifyChunks(tx, userIds, (to) => ({
      k: 'n',
      to,
      ...(topics.length ? { t: topics } : {}),
    }));
  }

  private async jobsById(ids: string[], viewerId: string): Promise<Map<string, JobPost>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .select(jobListColumns(viewerId))
      .from(jobPosts)
      .leftJoin(companies, eq(companies.id, jobPosts.companyId))
      .where(inArray(jobPosts.id, unique));
    return new Map(rows.map((r) => [r.job.id, toJobPost(r)]));
  }

  private async mailJobs(tx: Tx, ids: string[]): Promise<MailJob[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        id: jobPosts.id,
        jobTitle: jobPosts.jobTitle,
        companyName: jobPosts.companyName,
        jobType: jobPosts.jobType,
        address: jobPosts.address,
      })
      .from(jobPosts)
      .where(inArray(jobPosts.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id): MailJob[] => {
      const j = byId.get(id);
      return j ? [j] : [];
    });
  }
}

/** The job ids a notification shows: a digest's list, else its one job. */
function jobIdsOf(n: Pick<NotificationRow, 'kind' | 'data' | 'jobPostId'>): string[] {
  if (n.kind === 'job_matches') return n.data.jobIds ?? (n.jobPostId ? [n.jobPostId] : []);
  return n.jobPostId ? [n.jobPostId] : [];
}
