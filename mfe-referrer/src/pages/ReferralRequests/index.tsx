import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  LinkedTarget,
  MESSAGES,
  ROLE_REFERRER,
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
import { RequestCard, senderName } from '../../features/requests/RequestCard';
import { WorkEmailModal } from '../../features/requests/WorkEmailModal';
import { useRequestActions } from '../../features/requests/useRequestActions';
import '../../referrer.css';

const TABS: { key: ReferralStatus; label: string }[] = [
  { key: 'pending', label: 'Pending' },
  { key: 'approved', label: 'Approved' },
  { key: 'declined', label: 'Declined' },
];

type Confirm = { kind: 'approve' | 'decline'; request: ReferralRequest } | null;

/**
 * Referral requests addressed to the referrer, by status. Approving needs a verified work e-mail:
 * without one the approval is held and 'Verify Work Email' opens; once verified, the held request is approved.
 * `?job=<id>` (from Give Referral) shows one job's requests, with a way back to all of them.
 */
export default function ReferralRequests() {
  const user = useCurrentUser();
  const userId = user?._id ?? '';
  const go = useDashboardNavigate();
  const setActiveChatId = useSessionStore((s) => s.setActiveChatId);
  const setStatus = useRequestActions();
  // A notification's link names a tab and the request to bring into view.
  const linked = useLinkedRequest();
  const [tab, setTab] = useState<ReferralStatus>(linked.status ?? 'pending');
  // Another link while the page is open (the bell): its tab.
  useEffect(() => {
    if (linked.status) setTab(linked.status);
  }, [linked.status, linked.requestId]);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const [gateOpen, setGateOpen] = useState(false);
  const heldApproval = useRef<string | null>(null);
  const [chatBusy, setChatBusy] = useState<string | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const jobFilter = searchParams.get('job') || undefined;

  const counts = useQuery(referralQueries.counts(userId, 'referrer'));
  useEffect(() => {
    if (counts.isError) toast.error(MESSAGES.countsFailed, { toastId: 'rr-counts' });
  }, [counts.isError]);

  const list = useQuery(
    referralQueries.list({ userId, roleId: ROLE_REFERRER, status: tab, jobPostId: jobFilter }),
  );
  // The job's title, from its requests (any tab) or the name Give Referral passed along.
  const jobTitle =
    searchParams.get('title') ||
    list.data?.find((r) => r.jobPostId?._id === jobFilter)?.jobPostId?.jobTitle ||
    'this job';
  const requests = list.data ?? [];
  const emptyText = MESSAGES.noRequestsOfStatus(tab);
  useEffect(() => {
    if (list.isSuccess && list.data.length === 0) toast.info(emptyText, { toastId: 'rr-empty' });
  }, [list.isSuccess, list.data, emptyText]);

  const approveHeld = async () => {
    const id = heldApproval.current;
    heldApproval.current = null;
    if (!id) {
      toast.error(MESSAGES.noPendingApproval);
      return;
    }
    await setStatus(id, 'approved');
  };

  const onConfirm = async () => {
    if (!confirm) return;
    const { kind, request } = confirm;
    if (kind === 'approve' && !hasVerifiedWorkEmail()) {
      heldApproval.current = request._id;
      setConfirm(null);
      setGateOpen(true);
      return;
    }
    setBusy(true);
    await setStatus(request._id, kind === 'approve' ? 'approved' : 'declined');
    setBusy(false);
    setConfirm(null);
  };

  const goToChat = async (request: ReferralRequest) => {
    setChatBusy(request._id);
    try {
      const chat = await createChat({ userId: request.senderId._id, referrerId: userId });
      if (!chat?._id) throw new Error('createChat answered without a chat');
      setActiveChatId(chat._id);
      go('chat');
    } catch (err) {
      console.error('[referio] chat creation failed', err);
      toast.error(MESSAGES.chatCreateFailed);
    } finally {
      setChatBusy(null);
    }
  };

  const actionsFor = (r: ReferralRequest) => {
    const name = senderName(r);
    if (r.status === 'pending') {
      return (
        <>
          <Button
            variant="secondary"
            aria-label={`Decline ${name}`}
            onClick={() => setConfirm({ kind: 'decline', request: r })}
          >
            Decline
          </Button>
          <Button
            aria-label={`Approve ${name}`}
            onClick={() => setConfirm({ kind: 'approve', request: r })}
          >
            Approve
          </Button>
        </>
      );
    }
    if (r.status === 'approved') {
      return (
        <>
          <span className="rf-badge rf-badge--success">Approved</span>
          <Button
            busy={chatBusy === r._id}
            aria-label={`Go to Chat with ${name}`}
            onClick={() => void goToChat(r)}
          >
            Go to Chat
          </Button>
        </>
      );
    }
    return <span className="rf-badge rf-badge--danger">Declined</span>;
  };

  return (
    <section className="rr-page" aria-labelledby="rr-requests-title">
      <h1 id="rr-requests-title">Referral Requests</h1>
      {jobFilter && (
        <div className="rr-filter" role="note">
          <p className="rr-filter__text">
            Showing the requests for <strong>{jobTitle}</strong>.
          </p>
          <Button variant="secondary" size="sm" onClick={() => setSearchParams({})}>
            Show all requests
          </Button>
        </div>
      )}
      <Tabs
        label="Referral requests by status"
        value={tab}
        onChange={setTab}
        // The counts are of every job; beside one job's list they would mislead.
        tabs={TABS.map((t) => ({ ...t, count: jobFilter ? undefined : counts.data?.[t.key] }))}
      >
        {list.isPending ? (
          <Spinner label="Loading requests" />
        ) : list.isError ? (
          <EmptyState title="Requests could not be loaded." />
        ) : requests.length === 0 ? (
          <EmptyState title={emptyText} />
        ) : (
          <div className="rr-grid">
            {requests.map((r) => (
              <LinkedTarget key={r._id} active={r._id === linked.requestId}>
                <RequestCard request={r} actions={actionsFor(r)} headingLevel={2} />
              </LinkedTarget>
            ))}
          </div>
        )}
      </Tabs>

      <ConfirmDialog
        open={confirm?.kind === 'approve'}
        title="Confirm Approval"
        message={
          confirm
            ? `Approve the referral request from ${senderName(confirm.request)} for ${confirm.request.jobPostId?.jobTitle ?? 'this job'}?`
            : ''
        }
        confirmLabel="Yes, Continue"
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirm(null)}
        busy={busy}
      />
      <ConfirmDialog
        open={confirm?.kind === 'decline'}
        title="Confirm Decline"
        message={
          confirm
            ? `Decline the referral request from ${senderName(confirm.request)} for ${confirm.request.jobPostId?.jobTitle ?? 'this job'}?`
            : ''
        }
        confirmLabel="Yes, Decline"
        tone="danger"
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirm(null)}
        busy={busy}
      />
      <WorkEmailModal
        open={gateOpen}
        onClose={() => {
          heldApproval.current = null;
          setGateOpen(false);
        }}
        onVerified={approveHeld}
      />
    </section>
  );
}

/** Read at the moment of approval (not at render): the gate must see a just-verified e-mail. */
function hasVerifiedWorkEmail(): boolean {
  const s = useSessionStore.getState();
  return !!(s.currentUserInfo?.data ?? s.applicantUser?.data)?.workEmailAdded;
}
