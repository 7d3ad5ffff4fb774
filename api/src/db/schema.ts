// The whole product's PostgreSQL schema (PGlite and PostgreSQL alike). Migrations in ../../drizzle are
// generated from this file with `npm run db:generate -w @referio/api`; never edit a generated migration.
import { sql } from 'drizzle-orm';
import {
  DECLINE_REASONS,
  JOB_ALERT_FREQUENCIES,
  NOTIFICATION_KINDS,
  REFERRAL_STATUSES,
  REPORT_REASONS,
  REPORT_TARGETS,
  RESUME_TEXT_OUTCOMES,
} from '../contract';
import {
  bigint,
  bigserial,
  customType,
  serial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const authModeEnum = pgEnum('auth_mode', ['candidate', 'referrer']);
export const otpPurposeEnum = pgEnum('otp_purpose', ['login', 'work_email', 'email_change']);
export const jobLocationEnum = pgEnum('job_location', ['On-site', 'Remote', 'Hybrid']);
export const industryEnum = pgEnum('industry', ['it', 'marketing', 'finance', 'sales']);
export const experienceEnum = pgEnum('experience', ['1-3', '3-6', '6-9', '9-12']);
export const jobTypeEnum = pgEnum('job_type', ['Full-time', 'Part-time', 'Contract']);
export const jobStatusEnum = pgEnum('job_status', ['active', 'inactive']);
export const referralStatusEnum = pgEnum('referral_status', REFERRAL_STATUSES);
export const declineReasonEnum = pgEnum('decline_reason', DECLINE_REASONS);
export const fileKindEnum = pgEnum('file_kind', ['resume', 'profile_image']);
export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Always stored lower-case. */
  email: text('email').notNull().unique(),
  fullName: text('full_name').notNull().default(''),
  authMode: authModeEnum('auth_mode').notNull().default('candidate'),
  workEmailAdded: boolean('work_email_added').notNull().default(false),
  /**
   * The registrable domain of the user's current work address (the one verified last; see
   * work_email_history): the job list's "Verified at {company}" reads it by primary key.
   */
  workEmailDomain: text('work_email_domain'),
  homeAddress: text('home_address').notNull().default(''),
  mobileNo: text('mobile_no').notNull().default(''),
  officeAddress: text('office_address').notNull().default(''),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  position: text('position').notNull().default(''),
  overAllExperience: integer('over_all_experience'),
  summary: text('summary').notNull().default(''),
  skills: text('skills')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Storage key of the current profile image (see `files`). */
  profileImage: text('profile_image'),
  createdAt: createdAt(),
  notificationsSeenAt: ts('notifications_seen_at'),
  /**
   * Set by an operator (docs/trust-and-safety.md): the user cannot sign in, their jobs are closed and
   * their pending requests ended; null again when restored.
   */
  suspendedAt: ts('suspended_at'),
  /** The operator's reason, told to the user (the suspension e-mail, their page); null when not suspended. */
  suspendedReason: text('suspended_reason'),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: otpPurposeEnum('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 (hex) of purpose, e-mail and code under the server secret. */
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    createdAt: createdAt(),
    /** HMAC of the requester's IP address: the per-address send limits count per requester. */
    requester: text('requester'),
  },
  (t) => [index('otp_codes_email_purpose_created_idx').on(t.email, t.purpose, t.createdAt)],
);

/**
 * Wrong codes per address (rolling 24 h, all codes and purposes together). A row is written before the
 * code is compared (and removed again when it was right), so parallel guesses cannot pass the limit.
 * `weight` is the number of live codes the guess was compared with.
 */
export const otpFailures = pgTable(
  'otp_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    weight: integer('weight').notNull().default(1),
    /**
     * Made from a browser that signed in to the address before (the device cookie): those count in a
     * budget of their own, so strangers' wrong codes cannot lock the owner's own browser out.
     */
    knownDevice: boolean('known_device').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('otp_failures_email_created_idx').on(t.email, t.createdAt)],
);

/** Sign-in links mailed with every sign-in code: single use, only the SHA-256 of the token stored. */
export const loginLinks = pgTable(
  'login_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The mode chosen on the screen that asked for the mail. */
    authMode: authModeEnum('auth_mode').notNull().default('candidate'),
    /**
     * HMAC of the browser cookie of the browser that asked for the mail: the link signs in there without a
     * question; any other browser is asked "Sign in as {address}?" first (no silent login CSRF).
     */
    browserHash: text('browser_hash'),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('login_links_created_idx').on(t.createdAt)],
);

/**
 * "This wasn't me" links mailed to the old address when a sign-in e-mail changes: for 7 days the link
 * puts the old address back and ends every session of the account. Only the token's SHA-256 is stored.
 */
export const emailReverts = pgTable(
  'email_reverts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_reverts_user_idx').on(t.userId)],
);

export const devMails = pgTable(
  'dev_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The HTML part and the headers (List-Unsubscribe …) of mail that has them (notification mail). */
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mails_to_created_idx').on(t.to, t.createdAt)],
);

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    logo: text('logo'),
    industry: industryEnum('industry').notNull().default('it'),
    createdAt: createdAt(),
    /**
     * The name normalised (NFKC, case-folded, invisible and bidi characters removed, spaces collapsed)
     * and its UTS #39 confusable skeleton (src/lib/company-name.ts): one company per name, look-alikes
     * refused. Filled by the API (new companies; older rows at start-up), so nullable.
     */
    nameKey: text('name_key'),
    nameSkeleton: text('name_skeleton'),
  },
  (t) => [
    index('companies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // The name folded as the search folds it (referio_company_name_key(), api/sql/functions/search_suggest.sql),
    // read as a range in byte order: the companies a typed prefix suggests (docs/search-features.md).
    index('companies_name_prefix_idx').using(
      'btree',
      sql`referio_company_name_key(${t.name}) text_pattern_ops`,
    ),
    index('companies_name_skeleton_idx').on(t.nameSkeleton),
  ],
);

/**
 * A company's e-mail domains (registrable domains, lower-case: 'acme.co.uk', never 'eng.acme.co.uk').
 * A referrer is verified at a company when their current verified work address is at one of these
 * (src/services/companies.ts). A domain belongs to one company. Seeded companies get theirs confirmed;
 * a referrer's own domain is claimed for the name they post under (`claimedBy`), unconfirmed until an
 * operator confirms it; colleagues confirm nothing (docs/trust-and-safety.md).
 */
export const companyDomains = pgTable(
  'company_domains',
  {
    domain: text('domain').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The first referrer whose address gave the company this domain; null when seeded. */
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * When the domain was confirmed for the company: by the seed (a trusted source) or an operator
     * (`confirmedBy`). Users at the same self-claimed domain never confirm it.
     */
    confirmedAt: ts('confirmed_at'),
    /** The operator who confirmed or rejected it; null for the seed. */
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    /** An operator rejected the claim: the domain counts for no company and cannot be claimed again. */
    rejectedAt: ts('rejected_at'),
    createdAt: createdAt(),
  },
  (t) => [index('company_domains_company_idx').on(t.companyId, t.domain)],
);

export const jobPosts = pgTable(
  'job_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The referrer who posted the job. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    jobTitle: text('job_title').notNull(),
    companyName: text('company_name').notNull(),
    jobLocation: jobLocationEnum('job_location').notNull(),
    address: text('address').notNull().default(''),
    companyLogo: text('company_logo'),
    industry: industryEnum('industry').notNull(),
    experience: experienceEnum('experience').notNull(),
    jobType: jobTypeEnum('job_type').notNull(),
    /** In LPA, e.g. '12-18'. */
    salaryRange: text('salary_range').notNull(),
    requiredSkills: text('required_skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    jobDescription: text('job_description')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: jobStatusEnum('status').notNull().default('active'),
    totalReferrals: integer('total_referrals').notNull().default(0),
    referralBonus: integer('referral_bonus').notNull().default(1000),
    createdAt: createdAt(),
    /** When the post was last written (created, edited, closed or reopened): the sitemap's `lastmod`. */
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * The post's place in the public search: numbered as posts are posted, so it follows created_at
     * (seeds post oldest first). A search's postings and bitmaps are keyed by it, and it orders a
     * search newest first.
     */
    searchPos: serial('search_pos').notNull(),
    /**
     * The words a job search matches: those of the company name, title, skills, address and location
     * type as `referio_words()` reads them (api/sql/functions/search_words.sql: folded, stemmed, each
     * once), kept by PostgreSQL itself, so no load can leave them stale. A referrer's own list checks
     * them here; the public search reads them from job_post_words. The location type is spelled out by
     * a CASE: an enum's cast to text is only STABLE, and a generated column needs an immutable expression.
     */
    searchWords: text('search_words')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`referio_words(company_name || ' ' || job_title || ' ' || referio_skills_text(required_skills) || ' ' || address || ' ' || (case job_location when 'On-site' then 'On-site' when 'Remote' then 'Remote' else 'Hybrid' end))`,
      ),
  },
  // Plain (ascending) btree indexes serve ORDER BY created_at DESC by scanning backwards; a DESC index
  // would be emitted as DESC NULLS LAST and would not match a plain ORDER BY ... DESC.
  (t) => [
    index('job_posts_newest_idx').on(t.createdAt, t.id),
    index('job_posts_owner_status_idx').on(t.userId, t.status, t.createdAt),
    // A company's active jobs, newest first (the company filter) and their count (company tiles).
    index('job_posts_company_status_newest_idx').on(t.companyId, t.status, t.createdAt, t.id),
    uniqueIndex('job_posts_search_pos_uq').on(t.searchPos),
    // The sitemap's active jobs in id order, paged by keyset (`id > after`), with their lastmod: an
    // index-only scan however many jobs there are (docs/seo.md).
    index('job_posts_active_sitemap_idx')
      .on(t.id, t.updatedAt)
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * The public job search's postings (docs/search.md): one row per listed job post and token it can be
 * found by (its search_words, and a token per filter value: '~type:Contract', '~loc:Remote', '~ind:it',
 * '~exp:3-6', '~co:<company id>'), keyed by the post's `search_pos`, kept by statement triggers on
 * job_posts (api/sql/functions/search_postings.sql). A token's postings read backwards are its jobs
 * newest first.
 */
export const jobPostWords = pgTable(
  'job_post_words',
  {
    word: text('word').notNull(),
    pos: integer('pos').notNull(),
  },
  (t) => [primaryKey({ name: 'job_post_words_pkey', columns: [t.word, t.pos] })],
);

/**
 * How many listed job posts have each job_post_words token, kept by the same triggers.
 * A one-word search's total is read here. `hasBits`: the token is common enough to be kept as bitmaps
 * too (job_search_bits), set and cleared by the trigger as its count crosses referio_search_bits_min().
 */
export const jobWordCounts = pgTable('job_word_counts', {
  word: text('word').primaryKey(),
  jobs: integer('jobs').notNull(),
  hasBits: boolean('has_bits').notNull().default(false),
});

/**
 * The words of the listed posts as they were written (folded, not stemmed) and each one's stem: the
 * vocabulary a search's last word is completed from ("reac" → react, reach; docs/search.md). Its
 * key is read as a range (text_pattern_ops: byte order, whatever the database's collation). Only
 * added to (by the same triggers and `referio_search_rebuild()`): a word whose stem no listed post
 * has any more is skipped when completing, by its count in job_word_counts.
 */
export const jobSearchVocab = pgTable(
  'job_search_vocab',
  {
    word: text('word').notNull(),
    stem: text('stem').notNull(),
  },
  (t) => [uniqueIndex('job_search_vocab_word_uq').on(t.word.op('text_pattern_ops'))],
);

/** A `bit varying` column, as PostgreSQL's text form ('0101…'). */
const varbit = customType<{ data: string }>({ dataType: () => 'bit varying' });

/**
 * The common tokens' listed jobs as bitmaps: bit i of block b is the post whose
 * search_pos is b * 8192 + i. A search of common tokens ANDs their blocks (`bit_and`) and counts the
 * bits (`bit_count`) instead of walking their postings: about 125 blocks of 1 KB per token at a
 * million posts, whatever the words.
 */
export const jobSearchBits = pgTable(
  'job_search_bits',
  {
    token: text('token').notNull(),
    block: integer('block').notNull(),
    bits: varbit('bits').notNull(),
  },
  (t) => [primaryKey({ name: 'job_search_bits_pkey', columns: [t.token, t.block] })],
);

export const referralRequests = pgTable(
  'referral_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobPostId: uuid('job_post_id')
      .notNull()
      .references(() => jobPosts.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: referralStatusEnum('status').notNull().default('pending'),
    /** Storage key of the resume sent with this request. */
    resume: text('resume'),
    /** The candidate's note to the referrer ("why me"; ≤ REQUEST_NOTE_MAX characters, checked by the contract). */
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * When the request expires unanswered (set at creation from REFERRAL_EXPIRY_HOURS; the default only
     * gives requests older than this column a full window from the migration on).
     */
    expiresAt: ts('expires_at')
      .notNull()
      .default(sql`now() + interval '168 hours'`),
    /** The referrer was told, once, that it expires within a day (claimed by UPDATE … RETURNING). */
    expiryWarnedAt: ts('expiry_warned_at'),
    declineReason: declineReasonEnum('decline_reason'),
    /** The note of an 'other' decline (≤ 280 characters, checked by the contract). */
    declineNote: text('decline_note'),
    /** When the referrer approved or declined it (null until then): the responsiveness figures. */
    respondedAt: ts('responded_at'),
  },
  (t) => [
    // One live request per candidate and job: an expired or withdrawn one frees the job again.
    uniqueIndex('referral_requests_job_sender_live_uq')
      .on(t.jobPostId, t.senderId)
      .where(sql`status in ('pending', 'approved', 'declined')`),
    /**
     * A referrer's requests by arrival with their status and answer time: the responsiveness figures as
     * an index-only scan (Drizzle cannot write INCLUDE; trailing key columns serve the same).
     */
    index('referral_requests_recipient_created_idx').on(
      t.recipientId,
      t.createdAt,
      t.status,
      t.respondedAt,
    ),
    index('referral_requests_sender_status_idx').on(t.senderId, t.status, t.createdAt),
    index('referral_requests_recipient_status_idx').on(t.recipientId, t.status, t.createdAt),
    // The expiry sweep and the day-before reminder read only pending requests, soonest first.
    index('referral_requests_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'pending'`),
    // The daily cap: a sender's requests of the last 24 hours, whatever their status.
    index('referral_requests_sender_created_idx').on(t.senderId, t.createdAt),
  ],
);

/**
 * Each referrer's responsiveness (docs/responsiveness.md) as of `computed_at`: what
 * `referio_responsiveness_apply` computes from referral_requests over the 90 days before
 * `at`. Kept by the database (migration 0021): statement triggers on referral_requests recompute the
 * rows of the recipients a statement touched; the API's sweep (app.referrals.sweep) recomputes rows
 * older than an hour, as the window moves with the clock. A referrer without a row has no figures.
 */
export const referrerResponsiveness = pgTable(
  'referrer_responsiveness',
  {
    referrerId: uuid('referrer_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Requests of the window with an outcome (answered, expired, or pending past their time). */
    received: integer('received').notNull().default(0),
    /** Approved or declined before their time was up. */
    answered: integer('answered').notNull().default(0),
    /** The median of responded_at - created_at over the answered ones; null without any. */
    medianAnswerSeconds: doublePrecision('median_answer_seconds'),
    /** The moment the figures are of (the window ends here). */
    computedAt: ts('computed_at').notNull(),
  },
  // The sweep reads the oldest rows first.
  (t) => [index('referrer_responsiveness_computed_idx').on(t.computedAt)],
);

export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastMessageAt: ts('last_message_at'),
  },
  (t) => [
    uniqueIndex('chats_pair_uq').on(t.candidateId, t.referrerId),
    index('chats_referrer_idx').on(t.referrerId, t.lastMessageAt),
    index('chats_candidate_idx').on(t.candidateId, t.lastMessageAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    /** Insertion order: breaks ties between equal created_at, and is the id of the live event (Last-Event-ID). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('messages_chat_created_idx').on(t.chatId, t.createdAt, t.seq),
    uniqueIndex('messages_seq_uq').on(t.seq),
  ],
);

export const chatReads = pgTable(
  'chat_reads',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: ts('last_read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);

/**
 * When each chat member was last told (bell and mail) about a message in the chat: at most once per chat
 * every CHAT_NOTIFICATION_WINDOW_MINUTES. One row per (chat, recipient), claimed by an upsert whose
 * condition PostgreSQL re-checks under the row's lock, so two messages at once never both notify.
 */
export const chatBells = pgTable(
  'chat_bells',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notifiedAt: ts('notified_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);

export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const testimonials = pgTable('testimonials', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Profile picture URL (the seed uses small inline SVG avatars). */
  profile: text('profile').notNull().default(''),
  position: text('position').notNull().default(''),
  description: text('description').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const workEmailHistory = pgTable(
  'work_email_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    /**
     * The address's registrable domain ('acme.co.uk' for 'x@eng.acme.co.uk', by the Public Suffix
     * List); null only on rows written before it existed, until the companies plugin fills them in.
     */
    domain: text('domain'),
    /** The last time the user verified this address: their newest is their current work address. */
    verifiedAt: ts('verified_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('work_email_history_user_email_uq').on(t.userId, t.email),
    index('work_email_history_user_verified_idx').on(t.userId, t.verifiedAt, t.createdAt),
    index('work_email_history_domain_user_idx').on(t.domain, t.userId),
  ],
);

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: fileKindEnum('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull().default(''),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_kind_idx').on(t.ownerId, t.kind)],
);

/**
 * A candidate's named resumes (at most RESUMES_MAX, docs/decisions-candidate.md): the stored file
 * (`files.storage_key`), the name the candidate gave it, and which one is the default (exactly one while
 * any exist). A referral request keeps its own copy of the key, so deleting or replacing a resume leaves
 * what was sent.
 */
export const resumes = pgTable(
  'resumes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('resumes_owner_idx').on(t.ownerId, t.createdAt),
    uniqueIndex('resumes_owner_default_uq')
      .on(t.ownerId)
      .where(sql`is_default`),
  ],
);
export type ResumeRow = typeof resumes.$inferSelect;

/** Raw bytes (PostgreSQL `bytea`), as Node Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Uploaded files' bytes when FILE_STORAGE=postgres: every API instance on the database reads them. The
 * upload writes them before the file's `files` row; deleting a file deletes both.
 */
export const fileBlobs = pgTable('file_blobs', {
  // No foreign key to `files`: the bytes are stored before their row (a crash leaves bytes the
  // orphan sweep removes, never a row without bytes).
  storageKey: text('storage_key').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/**
 * A resume's text as the match summary reads it (src/services/resume-match.ts): extracted at most once per
 * stored file, in a worker with time and memory limits. `text` is encrypted like the file's bytes
 * (src/lib/file-crypto.ts), null unless `outcome` is 'read'. Goes with its file.
 */
export const resumeTexts = pgTable('resume_texts', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  outcome: text('outcome', { enum: RESUME_TEXT_OUTCOMES }).notNull(),
  text: bytea('text'),
  createdAt: createdAt(),
});

/**
 * The request limits every API instance shares (@fastify/rate-limit's store, src/lib/rate-limit-store.ts):
 * one counter per limit and key, reset when its window has passed; rows past their window are swept.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/**
 * Secrets the instances must share and nobody configured (SESSION_SECRET unset): made once by the first
 * instance to start, read by every other. Not emptied with the data (tests' TRUNCATE leaves it).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: bytea('value').notNull(),
  createdAt: createdAt(),
});

/** What a notification row remembers of its event (names and titles as they were then). */
export interface NotificationData {
  jobTitle?: string;
  companyName?: string;
  /** The person whose action caused it (candidate, referrer, chat sender): the name only, never an e-mail. */
  actorName?: string;
  /** A decline's reason, when one was given. */
  reason?: string;
  /** A new request's note from the candidate, when they wrote one. */
  note?: string;
  /** A job-match digest's jobs, oldest first. */
  jobIds?: string[];
}

/**
 * The bell: one row per recipient per event, written in the transaction of the change that caused it
 * (src/services/notifications.ts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    referralRequestId: uuid('referral_request_id').references(() => referralRequests.id, {
      onDelete: 'cascade',
    }),
    jobPostId: uuid('job_post_id').references(() => jobPosts.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    createdAt: createdAt(),
    /** Last change (a job-match digest grows during its day); the bell's order. */
    updatedAt: ts('updated_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    index('notifications_user_updated_idx').on(t.userId, t.updatedAt),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
    index('notifications_user_kind_created_idx').on(t.userId, t.kind, t.createdAt),
  ],
);

/** E-mail choices that differ from MAIL_PREFERENCE_DEFAULTS (no row: the default). */
export const mailPreferences = pgTable(
  'mail_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Mail waiting to be sent (src/plugins/outbox.ts): written in the transaction of the event, sent by a
 * worker in every API instance, claimed with FOR UPDATE SKIP LOCKED and a lease.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    notificationId: uuid('notification_id').references(() => notifications.id, {
      onDelete: 'set null',
    }),
    /** The notification's kind; null for account mail no preference turns off (a suspension notice). */
    kind: notificationKindEnum('kind'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before this (a digest's close, a retry's backoff). */
    availableAt: ts('available_at').notNull().defaultNow(),
    /** Claimed by a worker until then; after it, another worker may take it. */
    lockedUntil: ts('locked_until'),
    claimToken: text('claim_token'),
    sentAt: ts('sent_at'),
    /** Given up after MAIL_MAX_ATTEMPTS. */
    failedAt: ts('failed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.availableAt, t.id)
      .where(sql`sent_at is null and failed_at is null`),
    index('mail_outbox_notification_idx').on(t.notificationId),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
/** What a report is about (docs/trust-and-safety.md). */
export const reportTargetEnum = pgEnum('report_target', REPORT_TARGETS);
export const reportReasonEnum = pgEnum('report_reason', REPORT_REASONS);
export const reportStatusEnum = pgEnum('report_status', ['open', 'actioned', 'dismissed']);

/** A user's report of a job post, a referrer, a chat message or a profile; operators act on it. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: reportTargetEnum('target_kind').notNull(),
    /** The job post, message or user reported. */
    targetId: uuid('target_id').notNull(),
    /** The user behind the target (the poster, the sender, the profile's owner). */
    targetUserId: uuid('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: reportReasonEnum('reason').notNull(),
    note: text('note').notNull().default(''),
    status: reportStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    // One open report per reporter and target; the operators' count of reporters per target.
    uniqueIndex('reports_open_once_idx')
      .on(t.reporterId, t.targetKind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetKind, t.targetId),
  ],
);

/** `blockerId` blocked `blockedId`: no requests or messages from them, their jobs and requests hidden. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'blocks_pkey', columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

/** Every operator action: who, when, what, and the state before and after. Never updated. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as it was when acting (the account may change or go). */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

/** Each time a referrer opened the resume of a referral request: the candidate sees it. */
export const resumeOpens = pgTable(
  'resume_opens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => referralRequests.id, { onDelete: 'cascade' }),
    openerId: uuid('opener_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openedAt: ts('opened_at').notNull().defaultNow(),
  },
  (t) => [index('resume_opens_request_opened_idx').on(t.requestId, t.openedAt)],
);

/** The jobs a candidate saved (the heart), newest first in their Saved jobs tab; one row per person and job. */
export const savedJobs = pgTable(
  'saved_jobs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobPostId: uuid('job_post_id')
      .notNull()
      .references(() => jobPosts.id, { onDelete: 'cascade' }),
    savedAt: ts('saved_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'saved_jobs_pkey', columns: [t.userId, t.jobPostId] }),
    // The tab's pages: a person's saves by time, keyset- or offset-read without a sort.
    index('saved_jobs_user_saved_idx').on(t.userId, t.savedAt, t.jobPostId),
  ],
);

export const jobAlertFrequencyEnum = pgEnum('job_alert_frequency', JOB_ALERT_FREQUENCIES);

/**
 * A person's job alert (docs/notifications.md, "Job alerts"): a job list's search and filters, e-mailed
 * instantly or daily as new jobs match them. One row per person and criteria (saving them again
 * changes the frequency). The search is kept as the list's cache keys it (trimmed, spaces collapsed,
 * lower-case); a filter that is null is "any".
 */
export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    search: text('search').notNull().default(''),
    jobType: jobTypeEnum('job_type'),
    jobLocation: jobLocationEnum('job_location'),
    industry: industryEnum('industry'),
    experience: experienceEnum('experience'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    frequency: jobAlertFrequencyEnum('frequency').notNull().default('daily'),
    /** When its last e-mail was written. */
    lastMailedAt: ts('last_mailed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('job_alerts_criteria_uq')
      .on(t.userId, t.search, t.jobType, t.jobLocation, t.industry, t.experience, t.companyId)
      .nullsNotDistinct(),
    index('job_alerts_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * New job posts the alerts have not been matched against yet: written in the post's transaction, taken
 * (FOR UPDATE SKIP LOCKED, deleted) by the sweep that matches them, so each post is matched once.
 */
export const jobAlertQueue = pgTable('job_alert_queue', {
  jobPostId: uuid('job_post_id')
    .primaryKey()
    .references(() => jobPosts.id, { onDelete: 'cascade' }),
  queuedAt: ts('queued_at').notNull().defaultNow(),
});

/**
 * A job an alert matched: one row per alert and job (the primary key: no job is ever mailed twice to one
 * alert). Settled when its e-mail is written (`mail_id`) or when it is dropped (the job closed, its poster
 * suspended or blocked, the alert turned off first).
 */
export const jobAlertMatches = pgTable(
  'job_alert_matches',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => jobAlerts.id, { onDelete: 'cascade' }),
    jobPostId: uuid('job_post_id')
      .notNull()
      .references(() => jobPosts.id, { onDelete: 'cascade' }),
    matchedAt: ts('matched_at').notNull().defaultNow(),
    settledAt: ts('settled_at'),
    mailId: bigint('mail_id', { mode: 'number' }).references(() => mailOutbox.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    primaryKey({ name: 'job_alert_matches_pkey', columns: [t.alertId, t.jobPostId] }),
    // The sweep's alerts with something to send, and the oldest of it (a daily digest's due time).
    index('job_alert_matches_pending_idx')
      .on(t.alertId, t.matchedAt)
      .where(sql`settled_at is null`),
    index('job_alert_matches_job_idx').on(t.jobPostId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type JobPostRow = typeof jobPosts.$inferSelect;
export type WorkEmailHistoryRow = typeof workEmailHistory.$inferSelect;
export type OtpPurpose = (typeof otpPurposeEnum.enumValues)[number];

/** Every table, children first: the order TRUNCATE and tests rely on. */
export const allTableNames = [
  'job_alert_matches',
  'job_alert_queue',
  'job_alerts',
  'saved_jobs',
  'audit_log',
  'reports',
  'blocks',
  'resume_opens',
  'mail_outbox',
  'mail_preferences',
  'notifications',
  'chat_reads',
  'messages',
  'chats',
  'referrer_responsiveness',
  'referral_requests',
  'job_search_bits',
  'job_post_words',
  'job_word_counts',
  'job_search_vocab',
  'job_posts',
  'file_blobs',
  'files',
  'work_email_history',
  'otp_codes',
  'otp_failures',
  'email_reverts',
  'login_links',
  'sessions',
  'company_domains',
  'users',
  'companies',
  'dev_mails',
  'subscriptions',
  'contact_messages',
  'testimonials',
  'rate_limits',
] as const;
