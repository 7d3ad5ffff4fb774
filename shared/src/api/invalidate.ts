// What each change makes stale, in one place: a mutation calls one of these on success, and every page that
// shows the data (in any remote: they share one query client) fetches again when it is on screen.
import type { InvalidateOptions, InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin';
import { profileKeys } from './auth';
import { jobKeys } from './jobPost';
import { referralKeys } from './referral';
import { resumesKeys, savedResumeKeys } from './upload';

type Key = readonly unknown[];
const invalidate = (
  client: QueryClient,
  keys: readonly Key[],
  filters: Omit<InvalidateQueryFilters, 'queryKey'> = {},
  options?: InvalidateOptions,
) =>
  Promise.all(
    keys.map((queryKey) => client.invalidateQueries({ ...filters, queryKey }, options)),
  ).then(() => undefined);

/**
 * A request was sent, approved or declined: every request list and count, and the job lists and details
 * (a job card and the job page say whether the candidate asked already; suggestions drop requested jobs).
 */
export const REFERRAL_CHANGE_KEYS: readonly Key[] = [referralKeys.all, jobKeys.all];
export const afterReferralChange = (client: QueryClient) =>
  invalidate(client, REFERRAL_CHANGE_KEYS);

/**
 * A job post was created, edited, closed or reopened: every job list and detail, and the request lists
 * (they show the job's title and status). `refetchType: 'none'` only marks them stale (the page on screen
 * shows its own copy of the change and fetches later).
 */
export const JOB_CHANGE_KEYS: readonly Key[] = [jobKeys.all, referralKeys.all];
export const afterJobChange = (
  client: QueryClient,
  filters?: Pick<InvalidateQueryFilters, 'refetchType'>,
) => invalidate(client, JOB_CHANGE_KEYS, filters);

/** The user's own profile (either side) was saved or its photo or resume changed. */
export const afterProfileChange = (client: QueryClient, userId: string | undefined) =>
  invalidate(client, [
    profileKeys.candidate(userId),
    profileKeys.referrer(userId),
    savedResumeKeys.of(userId),
    resumesKeys.of(userId),
  ]);

/**
 * An operator acted: every section of the console (a suspension shows in the report queue and the users
 * list, every action in the audit log). The operator check (`me`) stays.
 */
export const afterOperatorAction = (client: QueryClient) =>
  client
    .invalidateQueries({ queryKey: adminKeys.all, predicate: (q) => q.queryKey[1] !== 'me' })
    .then(() => undefined);
