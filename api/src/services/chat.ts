// Chats and messages: membership, the chat list with last message and unread count, paged messages,
// sending, read markers, and the replay of missed messages for the live stream.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { TRUST_MESSAGES, type Chat, type ChatClosedCause, type ChatMessage } from '../contract';
import type { Db } from '../db';
import {
  chatReads,
  chats,
  companies,
  companyDomains,
  messages,
  referralRequests,
  users,
} from '../db/schema';
import { HttpError } from '../lib/errors';
import { blockedEitherWaySql } from './trust';
import { profileLinkOf } from './users';

export const NOT_A_MEMBER_MESSAGE = 'You are not a member of this chat.';
/** One of the two members blocked the other (docs/trust-and-safety.md). */
export const BLOCKED_MESSAGE = TRUST_MESSAGES.blockedRefusal;
/** One of the two members is suspended. */
export const SUSPENDED_MESSAGE = TRUST_MESSAGES.suspendedContact;

/**
 * SQL: why the conversation between the users `a` and `b` (SQL over their ids) is closed, or null: a
 * block either way, else either of them suspended (docs/trust-and-safety.md).
 */
export const closedCauseSql = (a: SQL, b: SQL) => sql<ChatClosedCause | null>`case
  when ${blockedEitherWaySql(a, b)} then 'blocked'
  when exists (select 1 from ${users} u where u.id in (${a}, ${b}) and u.suspended_at is not null)
    then 'suspended'
  end`;
export const CREATE_CHAT_FORBIDDEN_MESSAGE = 'You can only open a chat you are part of.';
export const CHAT_NEEDS_APPROVAL_MESSAGE =
  'A chat opens once the referrer has approved a referral request.';

/** A stored message with its insertion number (the live event id). */
export interface StoredMessage extends ChatMessage {
  seq: number;
}

/** SQL over the row a message statement returns: its `seq`, and its members as a jsonb array. */
export interface MessageRow {
  seq: SQL;
  to: SQL;
}

export interface ChatMembers {
  chatId: string;
  candidateId: string;
  referrerId: string;
}

/** The other member of a chat. */
export const peerOf = (chat: ChatMembers, userId: string) =>
  chat.candidateId === userId ? chat.referrerId : chat.candidateId;

const displayName = (u: { fullName: string; email: string }) => u.fullName.trim() || u.email;

export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** The chat's members, or 404 when it does not exist, 403 when `userId` is not one of them. */
  async membersFor(chatId: string, userId: string): Promise<ChatMembers> {
    const [row] = await this.db
      .select({ chatId: chats.id, candidateId: chats.candidateId, referrerId: chats.referrerId })
      .from(chats)
      .where(eq(chats.id, chatId))
      .limit(1);
    if (!row) throw new HttpError(404, 'Chat not found.');
    if (row.candidateId !== userId && row.referrerId !== userId)
      throw new HttpError(403, NOT_A_MEMBER_MESSAGE);
    return row;
  }

  /**
   * Creates the chat between a candidate and the referrer of one of their approved requests, or returns
   * the existing one (`created`: whether this call made it). The caller must be one of the two.
   */
  async createChat(
    callerId: string,
    candidateId: string,
    referrerId: string,
  ): Promise<{ chat: Chat; created: boolean }> {
    if (callerId !== candidateId && callerId !== referrerId)
      throw new HttpError(403, CREATE_CHAT_FORBIDDEN_MESSAGE);
    const [approved] = await this.db
      .select({ id: referralRequests.id })
      .from(referralRequests)
      .where(
        and(
          eq(referralRequests.senderId, candidateId),
          eq(referralRequests.recipientId, referrerId),
          eq(referralRequests.status, 'approved'),
        ),
      )
      .limit(1);
    if (!approved) throw new HttpError(403, CHAT_NEEDS_APPROVAL_MESSAGE);
    await this.assertOpen(candidateId, referrerId);
    const inserted = await this.db
      .insert(chats)
      .values({ candidateId, referrerId, createdAt: this.now() })
      .onConflictDoNothing({ target: [chats.candidateId, chats.referrerId] })
      .returning({ id: chats.id });
    const [row] = await this.db
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.candidateId, candidateId), eq(chats.referrerId, referrerId)))
      .limit(1);
    if (!row) throw new Error('chat vanished after insert');
    const list = await this.listChats(callerId, [row.id]);
    const chat = list[0];
    if (!chat) throw new Error('chat not listed after insert');
    return { chat, created: inserted.length > 0 };
  }

  /** 403 when no one may write between the two users: a block either way, or a suspension. */
  private async assertOpen(a: string, b: string): Promise<void> {
    const result = (await this.db.execute(
      sql`select ${closedCauseSql(sql`${a}::uuid`, sql`${b}::uuid`)} as cause`,
    )) as unknown as { rows: { cause: ChatClosedCause | null }[] };
    const cause = result.rows[0]?.cause;
    if (cause === 'blocked') throw new HttpError(403, BLOCKED_MESSAGE);
    if (cause === 'suspended') throw new HttpError(403, SUSPENDED_MESSAGE);
  }

  /** The user's chats (or the given ones among them), most recent first, seen from the user's side. */
  async listChats(userId: string, only?: string[]): Promise<Chat[]> {
    // Plain SQL: the query builder drops table qualifiers inside correlated subqueries.
    const filter = only?.length
      ? sql`and c.id in (${sql.join(
          only.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
    const result = (await this.db.execute(sql`
      select c.id,
        case when c.candidate_id = ${userId} then c.referrer_id else c.candidate_id end as peer_id,
        ${closedCauseSql(sql.raw('c.candidate_id'), sql.raw('c.referrer_id'))} as closed,
        coalesce(c.last_message_at, c.created_at) as time,
        (select m.content from ${messages} m where m.chat_id = c.id
          order by m.created_at desc, m.seq desc limit 1) as last_message,
        (select count(*)::int from ${messages} m where m.chat_id = c.id and m.sender_id <> ${userId}
          and m.created_at > coalesce((select r.last_read_at from ${chatReads} r
            where r.chat_id = c.id and r.user_id = ${userId}), '-infinity'::timestamptz)) as unread
      from ${chats} c
      where (c.candidate_id = ${userId} or c.referrer_id = ${userId}) ${filter}
      order by coalesce(c.last_message_at, c.created_at) desc, c.id desc`)) as unknown as {
      rows: {
        id: string;
        peer_id: string;
        time: Date | string;
        last_message: string | null;
        unread: number;
        closed: ChatClosedCause | null;
      }[];
    };
    const rows = result.rows.map((r) => ({
      id: r.id,
      peerId: r.peer_id,
      time: r.time,
      lastMessage: r.last_message,
      unread: r.unread,
      closed: r.closed,
    }));
    if (rows.length === 0) return [];
    // The badge in the conversation's header: the peer's verified domain, and the company it belongs
    // to (a rejected domain counts for none), confirmed or only claimed (docs/trust-and-safety.md).
    const peers = await this.db
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        profileImage: users.profileImage,
        verifiedDomain: users.workEmailDomain,
        verifiedCompanyName: companies.name,
        confirmedAt: companyDomains.confirmedAt,
      })
      .from(users)
      .leftJoin(
        companyDomains,
        and(eq(companyDomains.domain, users.workEmailDomain), isNull(companyDomains.rejectedAt)),
      )
      .leftJoin(companies, eq(companies.id, companyDomains.companyId))
      .where(
        inArray(
          users.id,
          rows.map((r) => r.peerId),
        ),
      );
    const byId = new Map(peers.map((p) => [p.id, p]));
    return rows.map((r) => {
      const p = byId.get(r.peerId);
      return {
        _id: r.id,
        user: {
          _id: r.peerId,
          fullName: p?.fullName ?? '',
          // After a block neither sees the other's address (docs/trust-and-safety.md).
          email: r.closed === 'blocked' ? '' : (p?.email ?? ''),
          profileLink: p ? profileLinkOf(p) : null,
          verifiedDomain: p?.verifiedDomain ?? null,
          verifiedCompanyName: p?.verifiedCompanyName ?? null,
          verifiedAtCompany: !p?.verifiedCompanyName
            ? null
            : p.confirmedAt
              ? ('confirmed' as const)
              : ('unconfirmed' as const),
        },
        lastMessage: r.lastMessage ?? '',
        time: new Date(r.time).toISOString(),
        unread: Number(r.unread),
        ...(r.closed ? { closed: r.closed } : {}),
      };
    });
  }

  private messageQuery() {
    return this.db
      .select({
        id: messages.id,
        chatId: messages.chatId,
        senderId: messages.senderId,
        content: messages.content,
        createdAt: messages.createdAt,
        seq: messages.seq,
        fullName: users.fullName,
        email: users.email,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId));
  }

  private static toMessage(r: {
    id: string;
    chatId: string;
    senderId: string;
    content: string;
    createdAt: Date;
    seq: number;
    fullName: string;
    email: string;
  }): StoredMessage {
    return {
      _id: r.id,
      chatId: r.chatId,
      sender: displayName(r),
      senderId: r.senderId,
      content: r.content,
      createdAt: new Date(r.createdAt).toISOString(),
      seq: Number(r.seq),
    };
  }

  /**
   * One page of a chat's messages in chronological order: page 1 is the newest `limit`. With `before`
   * (a message id) the page ends just before that message, so paging up never repeats a message even
   * while new ones arrive.
   */
  async getMessages(
    chatId: string,
    page: number,
    limit: number,
    before?: string,
  ): Promise<StoredMessage[]> {
    let where = eq(messages.chatId, chatId);
    if (before) {
      const [anchor] = await this.db
        .select({ createdAt: messages.createdAt, seq: messages.seq })
        .from(messages)
        .where(and(eq(messages.id, before), eq(messages.chatId, chatId)))
        .limit(1);
      if (!anchor) throw new HttpError(400, 'Unknown message in before.');
      where = and(
        where,
        or(
          lt(messages.createdAt, anchor.createdAt),
          and(eq(messages.createdAt, anchor.createdAt), lt(messages.seq, anchor.seq)),
        ),
      )!;
    }
    const rows = await this.messageQuery()
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.seq))
      .limit(limit)
      .offset(before ? 0 : (page - 1) * limit);
    return rows.reverse().map(ChatService.toMessage);
  }

  async getMessage(id: string): Promise<StoredMessage | null> {
    const [row] = await this.messageQuery().where(eq(messages.id, id)).limit(1);
    return row ? ChatService.toMessage(row) : null;
  }

  /**
   * Stores a message from `sender` when they are a member of the chat, bumps the chat and, with
   * `announce`, announces the message (a `pg_notify` over the stored row, see
   * `ChatEventHub.messageNotice`) — all in one statement, one round trip: the live stream hears of a
   * message exactly when it is stored. With `extra`, the statement also selects that SQL over the chat's
   * ids (what the bell needs to know, `NotificationRepository.chatBellFacts`), returned as `extra`.
   * 404 when the chat does not exist, 403 when `sender` is not a member.
   */
  async createMessage(
    chatId: string,
    sender: { id: string; fullName: string; email: string },
    content: string,
    announce?: (message: StoredMessage, row: MessageRow) => SQL,
    extra?: (chat: { chatId: SQL; candidateId: SQL; referrerId: SQL }) => SQL,
  ): Promise<{ message: StoredMessage; members: ChatMembers; extra: unknown }> {
    const createdAt = this.now();
    const at = createdAt.toISOString();
    // The canonical form PostgreSQL prints (ids are hyphenated UUIDs; a client may send capitals).
    chatId = chatId.toLowerCase();
    // The id is made here and the sender's name is the session's, so only `seq` comes back from the row.
    const message: StoredMessage = {
      _id: randomUUID(),
      chatId,
      sender: displayName(sender),
      senderId: sender.id,
      content,
      createdAt: at,
      seq: 0,
    };
    const notice = announce
      ? sql`, ${announce(message, {
          seq: sql.raw('ins.seq'),
          to: sql.raw('jsonb_build_array(c.candidate_id, c.referrer_id)'),
        })}`
      : sql``;
    const more = extra
      ? sql`, ${extra({ chatId: sql.raw('c.id'), candidateId: sql.raw('c.candidate_id'), referrerId: sql.raw('c.referrer_id') })} as extra`
      : sql``;
    const result = (await this.db.execute(sql`
      with c as (
        select id, candidate_id, referrer_id from ${chats}
        where id = ${chatId}::uuid and (candidate_id = ${sender.id}::uuid or referrer_id = ${sender.id}::uuid)
          and ${closedCauseSql(sql.raw('candidate_id'), sql.raw('referrer_id'))} is null
      ), ins as (
        insert into ${messages} (id, chat_id, sender_id, content, created_at)
        select ${message._id}::uuid, c.id, ${sender.id}::uuid, ${content}::text, ${at}::timestamptz from c
        returning seq
      ), bump as (
        update ${chats} set last_message_at = greatest(coalesce(last_message_at, ${at}::timestamptz), ${at}::timestamptz)
        where id = (select id from c)
      )
      select ins.seq, c.candidate_id, c.referrer_id ${notice} ${more} from ins, c`)) as unknown as {
      rows: { seq: number | string; candidate_id: string; referrer_id: string; extra?: unknown }[];
    };
    const row = result.rows[0];
    if (!row) {
      // Not stored: say why (404 or 403 for a non-member; else a block or a suspension).
      const members = await this.membersFor(chatId, sender.id);
      await this.assertOpen(members.candidateId, members.referrerId);
      throw new HttpError(403, BLOCKED_MESSAGE);
    }
    return {
      message: { ...message, seq: Number(row.seq) },
      members: { chatId, candidateId: row.candidate_id, referrerId: row.referrer_id },
      extra: row.extra ?? null,
    };
  }

  /** Everything up to the chat's newest message counts as read by `userId`. */
  async markRead(chatId: string, userId: string): Promise<void> {
    const [latest] = await this.db
      .select({ at: sql<Date | null>`max(${messages.createdAt})` })
      .from(messages)
      .where(eq(messages.chatId, chatId));
    const at = latest?.at ? new Date(latest.at) : this.now();
    await this.db
      .insert(chatReads)
      .values({ chatId, userId, lastReadAt: at })
      .onConflictDoUpdate({
        target: [chatReads.chatId, chatReads.userId],
        set: { lastReadAt: sql`greatest(${chatReads.lastReadAt}, excluded.last_read_at)` },
      });
  }

  /** The user's chats with their members (for presence routing on the live stream). */
  async membershipsOf(userId: string): Promise<ChatMembers[]> {
    return this.db
      .select({ chatId: chats.id, candidateId: chats.candidateId, referrerId: chats.referrerId })
      .from(chats)
      .where(or(eq(chats.candidateId, userId), eq(chats.referrerId, userId)));
  }

  /** Messages in the user's chats stored after event id `since` (a reconnecting stream's catch-up). */
  async messagesSince(userId: string, since: number, max = 500): Promise<StoredMessage[]> {
    const mine = this.db
      .select({ id: chats.id })
      .from(chats)
      .where(or(eq(chats.candidateId, userId), eq(chats.referrerId, userId)));
    const rows = await this.messageQuery()
      .where(and(gt(messages.seq, since), inArray(messages.chatId, mine)))
      .orderBy(asc(messages.seq))
      .limit(max);
    return rows.map(ChatService.toMessage);
  }

  /** The newest event id, so a fresh stream can tell its client where "now" is. */
  async latestSeq(): Promise<number> {
    const [row] = await this.db
      .select({ seq: sql<number | null>`max(${messages.seq})` })
      .from(messages);
    return Number(row?.seq ?? 0);
  }
}
