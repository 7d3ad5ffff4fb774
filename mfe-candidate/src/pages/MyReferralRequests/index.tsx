import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  EmptyState,
  LinkedTarget,
  MESSAGES,
  ROLE_APPLICANT,
  Spinner,
  Tabs,
  createChat,
  toast,
  useCurrentUser,
  useDashboardNavigate,
  useLinkedRequest,
  useSessionStore,
  referralQueries,
  type ReferralRequest,
  type ReferralStatus,
} from '@referio/shared';
import { RequestCard } from '../../features/referrals/RequestCard';
import { useCandidateCounts } from '../../features/referrals/useCandidateCounts';
import '../candidate.css';

const TABS: { key: ReferralStatus; label: string }[] = [
  { key: 'pending', label: 'Pending Requests' },
  { key: 'approved', label: 'Approved Requests' },
  { key: 'declined', label: 'Declined Requests' },
];

/** The requests the candidate sent, by status, with 'Go to Chat' once a referrer approved. */
export default function MyReferralRequests() {
  const user = useCurrentUser();
  const userId = user?._id;
  // A notification's link names a tab and the request to bring into view.
  const linked = useLinkedRequest();
  const [status, setStatus] = useState<ReferralStatus>(linked.status ?? 'pending');
  // Another link while the page is open (the bell): its tab.
  useEffect(() => {
    if (linked.status) setStatus(linked.status);
  }, [linked.status, linked.requestId]);
  const counts = useCandidateCounts(userId);
  const requests = useQuery({
    ...referralQueries.list({ userId: userId ?? '', roleId: ROLE_APPLICANT, status }),
    // Requests change elsewhere (job details, the referrer): always refresh when the page opens.
    staleTime: 0,
  });

  const emptyText = MESSAGES.noRequestsOfStatus(status);
  const isEmpty = requests.isSuccess && requests.data.length === 0;
  useEffect(() => {
    if (isEmpty) toast.info(emptyText, { toastId: `empty-${status}` });
  }, [isEmpty, emptyText, status]);

  const go = useDashboardNavigate();
  const setActiveChatId = useSessionStore((s) => s.setActiveChatId);
  const [opening, setOpening] = useState<string | null>(null);
  const goToChat = async (request: ReferralRequest) => {
    if (!userId) return;
    setOpening(request._id);
    try {
      const chat = await createChat({ userId, referrerId: request.recipientId._id });
      setActiveChatId(chat._id);
      go('chat');
    } catch {
      toast.error(MESSAGES.chatCreateFailed);
      setOpening(null);
    }
  };

  const tabs = TABS.map((t) => ({ ...t, count: counts.data?.[t.key] }));

  return (
    <section className="cand-page" aria-labelledby="cand-requests-title">
      <header className="cand-page__header">
        <h1 id="cand-requests-title">My Referral Requests</h1>
        <p className="cand-page__welcome">Track every referral you asked for.</p>
      </header>
      <Tabs tabs={tabs} value={status} onChange={setStatus} label="Requests by status">
        {requests.isPending ? (
          <Spinner label="Loading requests" />
        ) : requests.isError ? (
          <EmptyState title="Your requests could not be loaded." />
        ) : requests.data.length === 0 ? (
          <EmptyState title={emptyText} />
        ) : (
          <div className="cand-grid">
            {requests.data.map((r) => (
              <LinkedTarget key={r._id} active={r._id === linked.requestId}>
                <RequestCard
                  request={r}
                  onGoToChat={(req) => void goToChat(req)}
                  openingChat={opening === r._id}
                />
              </LinkedTarget>
            ))}
          </div>
        )}
      </Tabs>
    </section>
  );
}
