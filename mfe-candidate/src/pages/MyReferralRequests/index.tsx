import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ConfirmDialog,
  EmptyState,
  LinkedTarget,
  MESSAGES,
  ROLE_APPLICANT,
  Spinner,
  createChat,
  afterReferralChange,
  messageWithReason,
  toast,
  useCurrentUser,
  useDashboardNavigate,
  useLinkedRequest,
  useSessionStore,
  referralKeys,
  referralQueries,
  withdrawReferralRequest,
  type ListedReferralStatus,
  type ReferralRequest,
} from '@referio/shared';
import { useLiveInvalidation } from '@referio/shared/live';
import { RequestCard, RequestStatusTabs, recipientName } from '@referio/shared/requests';
import { useCandidateCounts } from '../../features/referrals/hooks/useCandidateCounts';
import '../candidate.css';
import { AskAnotherReferrer } from '../../features/referrals/components/AskAnotherReferrer';

export const WITHDRAW_MESSAGES = {
  done: 'Referral request withdrawn',
  failed: 'Failed to withdraw the referral request',
} as const;

/** The empty text of a tab: the spec's 'No {status} requests found', and its "No response" tab's. */
const emptyTextOf = (status: ListedReferralStatus) =>
  status === 'expired' ? 'No requests without a response' : MESSAGES.noRequestsOfStatus(status);

/**
 * The requests the candidate sent, by status, with 'Go to Chat' once a referrer approved, 'Withdraw'
 * while pending, the reason on a declined card, the "No response" tab for expired requests and the
 * "Withdrawn" tab for those they took back. Tabs, counts and cards follow the referrer's answers live.
 */
export default function MyReferralRequests() {
  const user = useCurrentUser();
  const userId = user?._id;
  // A notification's link names a tab and the request to bring into view.
  const linked = useLinkedRequest();
  const [status, setStatus] = useState<ListedReferralStatus>(linked.status ?? 'pending');
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
  // A referrer's answer (or an expiry) moves a card and its counts while the page is open.
  useLiveInvalidation(['referrals'], [referralKeys.all]);

  // The spec's empty text, inline only: a toast would repeat each time an empty tab opens and cover the
  // heading on a phone (docs/decisions-ui.md).
  const emptyText = emptyTextOf(status);

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

  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState<ReferralRequest | null>(null);
  const [withdrawBusy, setWithdrawBusy] = useState(false);
  const withdraw = async () => {
    if (!withdrawing) return;
    setWithdrawBusy(true);
    try {
      await withdrawReferralRequest(withdrawing._id);
      toast.success(WITHDRAW_MESSAGES.done);
    } catch (err) {
      // E.g. the referrer answered, or it expired, meanwhile: the server says which.
      toast.error(messageWithReason(err, WITHDRAW_MESSAGES.failed));
    } finally {
      setWithdrawBusy(false);
      setWithdrawing(null);
      await afterReferralChange(queryClient);
    }
  };

  return (
    <section className="cand-page" aria-labelledby="cand-requests-title">
      <header className="cand-page__header">
        <h1 id="cand-requests-title">My Referral Requests</h1>
        <p className="cand-page__welcome">Track every referral you asked for.</p>
      </header>
      <RequestStatusTabs side="candidate" value={status} onChange={setStatus} counts={counts.data}>
        {requests.isPending ? (
          <Spinner label="Loading requests" />
        ) : requests.isError ? (
          <EmptyState title="Your requests could not be loaded." />
        ) : requests.data.length === 0 ? (
          <EmptyState title={emptyText} />
        ) : (
          <div className="rf-card-grid">
            {requests.data.map((r) => (
              <LinkedTarget key={r._id} active={r._id === linked.requestId}>
                <RequestCard
                  side="candidate"
                  request={r}
                  onGoToChat={(req) => void goToChat(req)}
                  chatBusy={opening === r._id}
                  onWithdraw={setWithdrawing}
                >
                  <AskAnotherReferrer request={r} />
                </RequestCard>
              </LinkedTarget>
            ))}
          </div>
        )}
      </RequestStatusTabs>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw Request"
        message={
          withdrawing
            ? `Withdraw your referral request for ${withdrawing.jobPostId.jobTitle} at ${withdrawing.jobPostId.companyName}? ${recipientName(withdrawing)} will no longer see it, and you can request this job again later.`
            : ''
        }
        confirmLabel="Yes, Withdraw"
        tone="danger"
        onConfirm={() => void withdraw()}
        onCancel={() => setWithdrawing(null)}
        busy={withdrawBusy}
      />
    </section>
  );
}
