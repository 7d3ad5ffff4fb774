import { Button, formatDate, type ReferralRequest } from '@referio/shared';
import { AskAnotherReferrer } from './AskAnotherReferrer';

const STATUS_LABEL = { pending: 'Pending', approved: 'Approved', declined: 'Declined' } as const;
const STATUS_TONE = { pending: 'warning', approved: 'success', declined: 'danger' } as const;

export interface RequestCardProps {
  request: ReferralRequest;
  onGoToChat: (request: ReferralRequest) => void;
  /** The request whose chat is being opened. */
  openingChat?: boolean;
}

/** A referral request the candidate sent: job, company, status, date, referrer, job type and its action. */
export function RequestCard({ request, onGoToChat, openingChat = false }: RequestCardProps) {
  const job = request.jobPostId;
  const referrer = request.recipientId;
  const referrerName = referrer.fullName || referrer.email;
  return (
    <article className="rf-card cand-request" aria-label={`${job.jobTitle} at ${job.companyName}`}>
      <header className="cand-job__head">
        <div>
          <h2 className="cand-job__title">{job.jobTitle}</h2>
          <p className="cand-job__company">{job.companyName}</p>
        </div>
        <span className={`rf-badge rf-badge--${STATUS_TONE[request.status]}`}>
          {STATUS_LABEL[request.status]}
        </span>
      </header>
      <dl className="cand-request__facts">
        <div>
          <dt>Requested on</dt>
          <dd>
            <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Referrer</dt>
          <dd>{referrerName}</dd>
        </div>
        <div>
          <dt>Job type</dt>
          <dd>{job.jobType}</dd>
        </div>
      </dl>
      <div className="cand-job__actions">
        {request.status === 'approved' && (
          <Button
            size="sm"
            busy={openingChat}
            onClick={() => onGoToChat(request)}
            aria-label={`Go to Chat with ${referrerName}`}
          >
            Go to Chat
          </Button>
        )}
        {request.status === 'declined' && (
          <Button size="sm" variant="secondary" disabled>
            Declined
          </Button>
        )}
        <AskAnotherReferrer request={request} />
      </div>
    </article>
  );
}
