import { useId, type ReactNode } from 'react';
import {
  declineReasonText,
  TRUST_MESSAGES,
  type ReferralRequest,
  type ReferralStatus,
} from '@referio/shared';
import { VerifiedBadge } from '../jobs/VerifiedBadge';
import { ReportButton } from '../trust/ReportButton';
import { RequestTimeline } from './RequestTimeline';
import { formatDate, relativeTime } from '@referio/shared';
import { Button } from '@referio/shared';
import type { RequestSide } from './RequestStatusTabs';
import '../cards.css';

const STATUS_LABEL: Record<ReferralStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  expired: 'No response',
  withdrawn: 'Withdrawn',
  ended: 'Ended',
};
const STATUS_TONE: Record<ReferralStatus, string> = {
  pending: 'warning',
  approved: 'success',
  declined: 'danger',
  expired: 'neutral',
  withdrawn: 'neutral',
  ended: 'neutral',
};

/** The candidate's name as a referrer's card shows it (the e-mail when no name was given). */
export const senderName = (r: ReferralRequest): string =>
  r.senderId?.fullName?.trim() || r.senderId?.email || 'Candidate';
/** The referrer's name as a candidate's card shows it. */
export const recipientName = (r: ReferralRequest): string =>
  r.recipientId?.fullName?.trim() || r.recipientId?.email || 'The referrer';

export interface RequestCardProps {
  request: ReferralRequest;
  /** Whose card: the candidate who sent it, or the referrer it was sent to. */
  side: RequestSide;
  /** 2 on a page whose next heading up is the h1, 3 under a section's h2 (the default). */
  headingLevel?: 2 | 3;
  /** Referrer side: the sender's skills (chips). */
  skills?: ReactNode;
  /** Replaces the standard actions (e.g. the referrer dashboard's 'Pending' button). */
  actions?: ReactNode;
  /** More content after the facts (e.g. a next step on a closed request). */
  children?: ReactNode;
  /** Approved: 'Go to Chat'. */
  onGoToChat?: (request: ReferralRequest) => void;
  chatBusy?: boolean;
  /** Candidate, pending: 'Withdraw' (the page confirms). */
  onWithdraw?: (request: ReferralRequest) => void;
  /** Referrer, pending: 'Approve' and 'Decline' (the page confirms). */
  onApprove?: (request: ReferralRequest) => void;
  onDecline?: (request: ReferralRequest) => void;
  /** Referrer side: 'Report' on the candidate's profile (reason and note; docs/trust-and-safety.md). */
  reportable?: boolean;
}

/**
 * One referral request, as its candidate (job, company, status, referrer, job type, and the timeline:
 * requested on, resume opened, decided) or its referrer (sender, job, experience, time, skills, resume,
 * and the timeline: requested on, decided) sees it, with the actions of its status: a declined card says
 * why when the referrer gave a reason, an expired one says "No response", a withdrawn one (the
 * candidate's only) when they took it back.
 */
export function RequestCard(props: RequestCardProps) {
  return props.side === 'candidate' ? <CandidateCard {...props} /> : <ReferrerCard {...props} />;
}

function StatusBadge({ status }: { status: ReferralStatus }) {
  return (
    <span className={`rf-badge rf-badge--${STATUS_TONE[status]}`}>{STATUS_LABEL[status]}</span>
  );
}

function DeclineReason({ request, own }: { request: ReferralRequest; own: boolean }) {
  const reason = declineReasonText(request.declineReason, request.declineNote);
  if (request.status !== 'declined' || !reason) return null;
  return (
    <p className="rf-request__note rf-request__note--declined">
      <strong>{own ? 'Your reason: ' : 'Reason: '}</strong>
      {reason}
    </p>
  );
}

/** An expired request, on its candidate's card (the referrer's timeline says when it expired). */
function NoResponse({ request }: { request: ReferralRequest }) {
  if (request.status !== 'expired') return null;
  const when = <time dateTime={request.expiresAt}>{formatDate(request.expiresAt)}</time>;
  return (
    <p className="rf-request__note">
      No response: {recipientName(request)} did not answer before {when}. You can request this job
      again.
    </p>
  );
}

/** A withdrawn request, on its candidate's card (the referrer never sees one). */
function Withdrawn({ request }: { request: ReferralRequest }) {
  if (request.status !== 'withdrawn') return null;
  const at = request.updatedAt;
  return (
    <p className="rf-request__note">
      Withdrawn: you took this request back
      {at && (
        <>
          {' on '}
          <time dateTime={at}>{formatDate(at)}</time>
        </>
      )}
      . You can request this job again.
    </p>
  );
}

/** A request its referrer's suspension ended, on its candidate's card. */
function Ended({ request }: { request: ReferralRequest }) {
  if (request.status !== 'ended') return null;
  return <p className="rf-request__note">{TRUST_MESSAGES.endedBySuspension}</p>;
}

function CandidateCard({
  request,
  headingLevel = 2,
  actions,
  children,
  onGoToChat,
  chatBusy = false,
  onWithdraw,
}: RequestCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const job = request.jobPostId;
  const referrer = recipientName(request);
  const standard = (
    <>
      {request.status === 'approved' && onGoToChat && (
        <Button
          size="sm"
          busy={chatBusy}
          onClick={() => onGoToChat(request)}
          aria-label={`Go to Chat with ${referrer}`}
        >
          Go to Chat
        </Button>
      )}
      {request.status === 'declined' && (
        <Button size="sm" variant="secondary" disabled>
          Declined
        </Button>
      )}
      {request.status === 'pending' && onWithdraw && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onWithdraw(request)}
          aria-label={`Withdraw the request for ${job.jobTitle} at ${job.companyName}`}
        >
          Withdraw
        </Button>
      )}
    </>
  );
  return (
    <article className="rf-card rf-request" aria-label={`${job.jobTitle} at ${job.companyName}`}>
      <header className="rf-request__head">
        <div>
          <Heading className="rf-request__title">{job.jobTitle}</Heading>
          <p className="rf-request__sub">{job.companyName}</p>
        </div>
        <StatusBadge status={request.status} />
      </header>
      <dl className="rf-facts rf-request__facts">
        <div>
          <dt>Referrer</dt>
          <dd>
            {referrer}{' '}
            <VerifiedBadge
              companyName={job.companyName}
              status={job.verifiedAtCompany ?? null}
              domain={job.verifiedDomain}
            />
          </dd>
        </div>
        <div>
          <dt>Job type</dt>
          <dd>{job.jobType}</dd>
        </div>
      </dl>
      <RequestTimeline request={request} side="candidate" />
      <DeclineReason request={request} own={false} />
      <NoResponse request={request} />
      <Withdrawn request={request} />
      <Ended request={request} />
      {children}
      <div className="rf-request__actions">{actions ?? standard}</div>
    </article>
  );
}

function ReferrerCard({
  request,
  headingLevel = 3,
  skills,
  actions,
  children,
  onGoToChat,
  chatBusy = false,
  onApprove,
  onDecline,
  reportable = false,
}: RequestCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = senderName(request);
  const exp = request.senderId?.overAllExperience;
  const resume = request.senderId?.resumeLink;
  const standard =
    request.status === 'pending' ? (
      <>
        {onDecline && (
          <Button
            variant="secondary"
            aria-label={`Decline ${name}`}
            onClick={() => onDecline(request)}
          >
            Decline
          </Button>
        )}
        {onApprove && (
          <Button aria-label={`Approve ${name}`} onClick={() => onApprove(request)}>
            Approve
          </Button>
        )}
      </>
    ) : request.status === 'approved' ? (
      <>
        <StatusBadge status="approved" />
        {onGoToChat && (
          <Button
            busy={chatBusy}
            aria-label={`Go to Chat with ${name}`}
            onClick={() => onGoToChat(request)}
          >
            Go to Chat
          </Button>
        )}
      </>
    ) : (
      <StatusBadge status={request.status} />
    );
  return (
    <article className="rf-card rf-request" aria-label={`Request from ${name}`}>
      <header className="rf-request__head rf-request__head--wrap">
        <div>
          <Heading
            className={
              name.includes('@')
                ? 'rf-request__title rf-request__title--person rf-request__title--email'
                : 'rf-request__title rf-request__title--person'
            }
          >
            {name}
          </Heading>
          <p className="rf-request__sub">{request.jobPostId?.jobTitle}</p>
        </div>
        <time className="rf-request__muted" dateTime={request.createdAt}>
          {relativeTime(request.createdAt)}
        </time>
      </header>
      <p className="rf-request__meta">
        <span>Experience: {exp !== null && exp !== undefined ? `${exp} years` : 'Not given'}</span>
        {request.jobPostId?.companyName && <span>{request.jobPostId.companyName}</span>}
        {reportable && request.senderId?._id && (
          <ReportButton
            className="rf-request__report"
            targetKind="profile"
            targetId={request.senderId._id}
            what={`${name}'s profile`}
          />
        )}
      </p>
      {skills}
      {request.note && <CandidateNote name={name} note={request.note} />}
      {resume && (
        <p>
          <a href={resume} target="_blank" rel="noreferrer" className="rf-request__link">
            View Resume<span className="rf-visually-hidden"> of {name}</span>
          </a>
        </p>
      )}
      <RequestTimeline request={request} side="referrer" />
      <DeclineReason request={request} own />
      {children}
      <div className="rf-request__actions">{actions ?? standard}</div>
    </article>
  );
}

/** The candidate's note to the referrer ("why me"), as they wrote it. */
function CandidateNote({ name, note }: { name: string; note: string }) {
  const labelId = useId();
  return (
    <figure className="rf-request__why" aria-labelledby={labelId}>
      <figcaption id={labelId} className="rf-request__why-label">
        Note from {name}
      </figcaption>
      <blockquote className="rf-request__why-text">{note}</blockquote>
    </figure>
  );
}
