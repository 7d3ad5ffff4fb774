// Lists that stay true: a page names the lists it shows (topics) and the react-query keys they are read
// under; when the tab's live stream says someone else changed one of them (a `changed` event, sent by the
// API with the change: a referrer's answer, a new or withdrawn request, a saved job closed), those queries
// are fetched again. So are they after a reconnect or a resync, when such events may have been missed.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCurrentUser, type LiveTopic } from '@referio/shared';
import { useLiveEvents } from './useLiveEvents';

/**
 * While mounted (and signed in), invalidates `queryKeys` whenever the live stream says one of `topics`
 * changed: the queries on screen are fetched again at once, the others when next shown.
 */
export function useLiveInvalidation(
  topics: readonly LiveTopic[],
  queryKeys: readonly QueryKey[],
): void {
  const queryClient = useQueryClient();
  const signedIn = Boolean(useCurrentUser()?._id);
  const refetch = () => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  };
  useLiveEvents(signedIn, {
    changed: ({ topics: changed }) => {
      if (changed.some((topic) => topics.includes(topic))) refetch();
    },
    resync: refetch,
    hello: ({ reconnected, reopened }) => {
      if (reconnected || reopened) refetch();
    },
  });
}
