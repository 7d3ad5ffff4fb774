// The react-query keys and options beside the API functions: one key shape (`[area, kind, params]`), and what
// each change makes stale.
import { QueryClient } from '@tanstack/react-query';
import {
  afterJobChange,
  afterProfileChange,
  afterReferralChange,
  authKeys,
  chatKeys,
  chatQueries,
  getAllJobPost,
  getReferrerChats,
  jobKeys,
  jobQueries,
  notificationKeys,
  profileKeys,
  referralKeys,
  siteKeys,
} from '@referio/shared';
import type * as TestUtils from '@referio/shared/test-utils';

jest.mock('@referio/shared', () =>
  jest
    .requireActual<typeof TestUtils>('@referio/shared/test-utils')
    .mockSharedApi(['getReferrerChats', 'getAllJobPost']),
);

const USER = 'u1';

/** A client holding one settled entry per key, none of them stale. */
function clientWith(keys: readonly (readonly unknown[])[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of keys) client.setQueryData(key, { any: 'data' });
  return client;
}
const staleKeys = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.isStale())
    .map((q) => q.queryKey);

/** The job lists and the request lists and counts: what a request or a job changes. */
const jobAndRequestKinds = [
  jobKeys.list({ search: '', page: 1, userId: USER }),
  jobKeys.detail('j1', USER),
  jobKeys.own({ userId: USER, search: '', page: 1, status: 'active' }),
  jobKeys.forCandidate(USER, 6),
  referralKeys.counts(USER, 'referrer'),
  referralKeys.list({ userId: USER, roleId: 1, status: 'pending' }),
];
const everyKind = [
  ...jobAndRequestKinds,
  profileKeys.candidate(USER),
  profileKeys.referrer(USER),
  notificationKeys.list(USER),
  chatKeys.list(USER),
  authKeys.config(),
  siteKeys.testimonials(),
];

describe('the key shape', () => {
  it('is [area, kind, params] for every query', () => {
    for (const key of everyKind) {
      expect(key).toHaveLength(3);
      expect(typeof key[0]).toBe('string');
      expect(typeof key[1]).toBe('string');
      expect(key[2]).toEqual(expect.any(Object));
    }
  });

  it('keeps only the filters that are set, so equal lists share one cache entry', () => {
    expect(
      jobKeys.list({ search: 'a', page: 2, userId: null, filters: { jobType: undefined } }),
    ).toEqual(jobKeys.list({ search: 'a', page: 2, userId: null }));
    expect(
      jobKeys.list({ search: 'a', page: 2, userId: null, filters: { location: 'Remote' } }),
    ).not.toEqual(jobKeys.list({ search: 'a', page: 2, userId: null }));
  });
});

describe('what a change makes stale', () => {
  it('a referral request sent, approved or declined: every request list and count, and the jobs', async () => {
    const client = clientWith(everyKind);
    await afterReferralChange(client);
    expect(staleKeys(client)).toEqual(jobAndRequestKinds);
  });

  it('a job post created or its status changed: the same lists (requests show the job)', async () => {
    const client = clientWith(everyKind);
    await afterJobChange(client);
    expect(staleKeys(client)).toHaveLength(6);
    expect(staleKeys(client)).not.toContainEqual(profileKeys.referrer(USER));
  });

  it('a profile saved: both of the user’s profiles, nothing else', async () => {
    const client = clientWith(everyKind);
    await afterProfileChange(client, USER);
    expect(staleKeys(client)).toEqual([profileKeys.candidate(USER), profileKeys.referrer(USER)]);
  });
});

describe('the query options', () => {
  it('fetch through the API functions (a test’s mocks reach them)', async () => {
    jest.mocked(getReferrerChats).mockResolvedValue([]);
    jest.mocked(getAllJobPost).mockResolvedValue({ data: [], total: 0 });
    const client = new QueryClient();
    await client.fetchQuery(chatQueries.list(USER));
    expect(getReferrerChats).toHaveBeenCalledWith(USER);
    await client.fetchQuery(jobQueries.list({ search: 'go', page: 3, userId: null }));
    expect(getAllJobPost).toHaveBeenCalledWith({ search: 'go', start: 18, limit: 9 });
  });

  it('the unread count sums the chats’ unread messages', async () => {
    jest
      .mocked(getReferrerChats)
      .mockResolvedValue([{ unread: 2 }, { unread: 0 }, { unread: 3 }] as never);
    await expect(new QueryClient().fetchQuery(chatQueries.unread(USER))).resolves.toBe(5);
  });
});
