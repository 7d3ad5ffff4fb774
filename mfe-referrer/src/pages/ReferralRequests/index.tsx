import { useCallback, useEffect, useRef, useState } from 'react';
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
  createChat,
  toast,
  useCurrentUser,
  useDashboardNavigate,
  useLinkedRequest,
  useSessionStore,
  type ListedReferralStatus,
  referralKeys,
  referralQueries,
  type ReferralRequest,
} from '@referio/shared';
import { SkillChips } from '@referio/shared/jobs';
import { useLiveInvalidation } from '@referio/shared/live';
import {
  DeclineReasonFields,
  EMPTY_DECLINE_CHOICE,
  RequestCard,
  RequestStatusTabs,
  declineChoiceError,
  declineDetails,
  senderName,
  type DeclineChoice,
} from '@referio/shared/requests';
import { RequestMatch } from '../../features/requests/components/RequestMatch';
import { WorkEmailModal } from '../../features/requests/components/WorkEmailModal';
import { useRequestActions } from '../../features/requests/hooks/useRequestActions';
import '../../referrer.css';

type Confirm = { kind: 'approve' | 'decline'; request: ReferralRequest } | null;

/**
 * Referral requests addressed to the referrer, by status. Approving needs a verified work e-mail:
 * without one the approval is held and 'Verify Work Email' opens; once verified, the held request is approved.
 * `?job=<id>` (from Give Referral) shows one job's requests, with a way back to all of them.
 */
export default function ReferralRequests() {
  const user = useCurrentUser();
  const userId = user?._id ?? '';
  const { goToChat, chatBusy } = useGoToChat(userId);
  const [gateOpen, setGateOpen] = useState(false);
  const heldApproval = useRef<string | null>(null);
  /** The company of the held approval, and why the server refused it (named in the modal). */
  const [gate, setGate] = useState<{ companyName?: string; reason?: string }>({});
  const requestsRef = useRef<ReferralRequest[]>([]);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const onApproveRefused = useCallback((id: string, reason: string) => {
    heldApproval.current = id;
    const held = requestsRef.current.find((r) => r._id === id);
    setGate({ companyName: held?.jobPostId?.companyName, reason });
    // The confirmation closes first (its focus goes back to the Approve button); the work-email dialog
    // opens on the next task, so it takes the focus and gives it back to that button when it closes.
    setConfirm(null);
    setTimeout(() => setGateOpen(true), 0);
  }, []);
  const setStatus = useRequestActions(onApproveRefused);
  // A notification's link names a tab and the request to bring into view.
  const linked = useLinkedRequest();
  // The referrer has no "Withdrawn" tab (they never see a withdrawn request): such a link opens Pending.
  const linkedTab = linked.status === 'withdrawn' ? 'pending' : linked.status;
  const [tab, setTab] = useState<ListedReferralStatus>(linkedTab ?? 'pending');
  // Another link while the page is open (the bell): its tab.
  useEffect(() => {
    if (linkedTab) setTab(linkedTab);
  }, [linkedTab, linked.requestId]);
  const [busy, setBusy] = useState(false);
  // The decline's reason (optional) and, for 'Other', its note.
  const [declineChoice, setDeclineChoice] = useState<DeclineChoice>(EMPTY_DECLINE_CHOICE);
  const [declineTried, setDeclineTried] = useState(false);
  const openConfirm = (next: Confirm) => {
    setDeclineChoice(EMPTY_DECLINE_CHOICE);
    setDeclineTried(false);
    setConfirm(next);
  };
  const [searchParams, setSearchParams] = useSearchParams();
  const jobFilter = searchParams.get('job') || undefined;

  const counts = useQuery(referralQueries.counts(userId, 'referrer'));
  useEffect(() => {
    if (counts.isError) toast.error(MESSAGES.countsFailed, { toastId: 'rr-counts' });
  }, [counts.isError]);

  const list = useQuery(
    referralQueries.list({ userId, roleId: ROLE_REFERRER, status: tab, jobPostId: jobFilter }),
  );
  // A request that arrives, is withdrawn or expires shows in the list and counts while the page is open.
  useLiveInvalidation(['referrals'], [referralKeys.all]);
  // The job's title, from its requests (any tab) or the name Give Referral passed along.
  const jobTitle =
    searchParams.get('title') ||
    list.data?.find((r) => r.jobPostId?._id === jobFilter)?.jobPostId?.jobTitle ||
    'this job';
  const requests = list.data ?? [];
  requestsRef.current = requests;
  // Inline only (docs/decisions-ui.md): a toast repeated each time an empty tab opens.
  const emptyText = MESSAGES.noRequestsOfStatus(tab);

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
      setGate({ companyName: request.jobPostId?.companyName });
      setConfirm(null);
      setGateOpen(true);
      return;
    }
    if (kind === 'decline' && declineChoiceError(declineChoice)) {
      setDeclineTried(true);
      return;
    }
    setBusy(true);
    if (kind === 'approve') await setStatus(request._id, 'approved');
    else await setStatus(request._id, 'declined', declineDetails(declineChoice));
    setBusy(false);
    setConfirm(null);
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
      <RequestStatusTabs
        side="referrer"
        value={tab}
        onChange={setTab}
        // The counts are of every job; beside one job's list they would mislead.
        counts={jobFilter ? undefined : counts.data}
      >
        <RequestList
          list={list}
          requests={requests}
          emptyText={emptyText}
          linkedId={linked.requestId}
          chatBusy={chatBusy}
          onApprove={(req) => openConfirm({ kind: 'approve', request: req })}
          onDecline={(req) => openConfirm({ kind: 'decline', request: req })}
          onGoToChat={(req) => void goToChat(req)}
        />
      </RequestStatusTabs>

      <DecisionDialogs
        confirm={confirm}
        busy={busy}
        declineChoice={declineChoice}
        onDeclineChoice={setDeclineChoice}
        declineTried={declineTried}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirm(null)}
      />
      <WorkEmailModal
        open={gateOpen}
        onClose={() => {
          heldApproval.current = null;
          setGateOpen(false);
        }}
        onVerified={approveHeld}
        companyName={gate.companyName}
        reason={gate.reason}
      />
    </section>
  );
}

/** Read at the moment of approval (not at render): the gate must see a just-verified e-mail. */
function hasVerifiedWorkEmail(): boolean {
  const s = useSessionStore.getState();
  return !!(s.currentUserInfo?.data ?? s.applicantUser?.data)?.workEmailAdded;
}

/** Opening a chat with a request's sender (the dashboard's chat page); which request's chat is opening. */
function useGoToChat(userId: string) {
  const go = useDashboardNavigate();
  const setActiveChatId = useSessionStore((s) => s.setActiveChatId);
  const [chatBusy, setChatBusy] = useState<string | null>(null);
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
  return { goToChat, chatBusy };
}

/** The tab's requests as cards, or loading, failed or empty. */
function RequestList({
  list,
  requests,
  emptyText,
  linkedId,
  chatBusy,
  onApprove,
  onDecline,
  onGoToChat,
}: {
  list: { isPending: boolean; isError: boolean };
  requests: ReferralRequest[];
  emptyText: string;
  linkedId: string | null | undefined;
  chatBusy: string | null;
  onApprove: (request: ReferralRequest) => void;
  onDecline: (request: ReferralRequest) => void;
  onGoToChat: (request: ReferralRequest) => void;
}) {
  return list.isPending ? (
    <Spinner label="Loading requests" />
  ) : list.isError ? (
    <EmptyState title="Requests could not be loaded." />
  ) : requests.length === 0 ? (
    <EmptyState title={emptyText} />
  ) : (
    <div className="rf-card-grid rr-grid">
      {requests.map((r) => (
        <LinkedTarget key={r._id} active={r._id === linkedId}>
          <RequestCard
            side="referrer"
            request={r}
            headingLevel={2}
            skills={
              <>
                <SkillChips skills={r.senderId?.skills} label={`Skills of ${senderName(r)}`} />
                <RequestMatch request={r} />
              </>
            }
            onApprove={onApprove}
            onDecline={onDecline}
            onGoToChat={onGoToChat}
            chatBusy={chatBusy === r._id}
            reportable
          />
        </LinkedTarget>
      ))}
    </div>
  );
}

/** The approve and decline confirmations (a decline with its optional reason). */
function DecisionDialogs({
  confirm,
  busy,
  declineChoice,
  onDeclineChoice,
  declineTried,
  onConfirm,
  onCancel,
}: {
  confirm: Confirm;
  busy: boolean;
  declineChoice: DeclineChoice;
  onDeclineChoice: (choice: DeclineChoice) => void;
  declineTried: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <ConfirmDialog
        open={confirm?.kind === 'approve'}
        title="Confirm Approval"
        message={
          confirm
            ? `Approve the referral request from ${senderName(confirm.request)} for ${confirm.request.jobPostId?.jobTitle ?? 'this job'}?`
            : ''
        }
        confirmLabel="Yes, Continue"
        onConfirm={onConfirm}
        onCancel={onCancel}
        busy={busy}
      />
      <ConfirmDialog
        open={confirm?.kind === 'decline'}
        title="Confirm Decline"
        message={
          confirm ? (
            <>
              <p className="rr-muted">
                {`Decline the referral request from ${senderName(confirm.request)} for ${confirm.request.jobPostId?.jobTitle ?? 'this job'}?`}
              </p>
              <DeclineReasonFields
                value={declineChoice}
                onChange={onDeclineChoice}
                showError={declineTried}
                disabled={busy}
              />
            </>
          ) : (
            ''
          )
        }
        confirmLabel="Yes, Decline"
        tone="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
        busy={busy}
      />
    </>
  );
}
