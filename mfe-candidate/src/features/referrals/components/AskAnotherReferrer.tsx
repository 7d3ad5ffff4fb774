import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  afterReferralChange,
  EmptyState,
  HANDOFF_STATUSES,
  Modal,
  Spinner,
  errorMessage,
  formatLpa,
  handoffQueries,
  sendReferralRequest,
  toast,
  useCurrentUser,
  type JobPost,
  type ReferralRequest,
} from '@referio/shared';
import { ResponsivenessLine } from '@referio/shared/jobs';

/** Whether a request card offers "Ask another referrer at {company}". */
export const canAskAnotherReferrer = (request: Pick<ReferralRequest, 'status'>): boolean =>
  HANDOFF_STATUSES.includes(request.status);

export const handoffTexts = {
  open: (company: string) => `Ask another referrer at ${company}`,
  title: (company: string) => `Other referrers at ${company}`,
  intro:
    'Jobs at the same company posted by other referrers, the same role first, then the referrers who answer most.',
  empty: (company: string) => `No other referrers at ${company} yet`,
  emptyHint: 'When another employee posts a job there, it will show here.',
  failed: 'Other referrers could not be loaded.',
  ask: 'Ask for a referral',
  sent: 'Request sent',
  sentToast: (name: string) => `Referral request sent to the referrer of ${name}`,
} as const;

/**
 * "Ask another referrer at {company}" on a declined (expired, withdrawn) request: a button opening a
 * dialog with the active jobs of other referrers at the same company (GET
 * /referralRequest/handoff/:requestId); one click sends a new request with the candidate's current
 * resume. Takes just the request, so any card state can render it; renders nothing for the others.
 */
export function AskAnotherReferrer({ request }: { request: ReferralRequest }) {
  const [open, setOpen] = useState(false);
  if (!canAskAnotherReferrer(request)) return null;
  const company = request.jobPostId.companyName;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        {handoffTexts.open(company)}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={handoffTexts.title(company)}
        size="md"
      >
        <HandoffList requestId={request._id} company={company} />
      </Modal>
    </>
  );
}

function HandoffList({ requestId, company }: { requestId: string; company: string }) {
  const handoff = useQuery({ ...handoffQueries.list(requestId), staleTime: 0 });
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  if (handoff.isPending) return <Spinner label="Loading other referrers" />;
  if (handoff.isError)
    return <p role="alert">{errorMessage(handoff.error, handoffTexts.failed)}</p>;
  const jobs = handoff.data.jobs;
  if (jobs.length === 0) {
    return <EmptyState title={handoffTexts.empty(company)} description={handoffTexts.emptyHint} />;
  }
  return (
    <>
      <p className="cand-handoff__intro">{handoffTexts.intro}</p>
      <ul className="cand-handoff" aria-label={handoffTexts.title(company)}>
        {jobs.map((job) => (
          <HandoffItem
            key={job._id}
            job={job}
            sent={sent.has(job._id)}
            onSent={() => setSent((s) => new Set(s).add(job._id))}
          />
        ))}
      </ul>
    </>
  );
}

function HandoffItem({ job, sent, onSent }: { job: JobPost; sent: boolean; onSent: () => void }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const titleId = `cand-handoff-${job._id}`;
  // The button gives way to "Request sent": focus moves onto it, not out of the dialog.
  const sentRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);
  const send = useMutation({
    mutationFn: () =>
      sendReferralRequest({ jobPostId: job._id, targetUserId: job.userId, userId: user!._id }),
    onSuccess: () => {
      onSent();
      toast.success(handoffTexts.sentToast(job.jobTitle));
      // The candidate's request lists and counts now hold one more pending request.
      void afterReferralChange(queryClient);
    },
    onError: (err) => toast.error(errorMessage(err, 'The referral request could not be sent.')),
  });
  return (
    <li className="cand-handoff__item" aria-labelledby={titleId}>
      <div className="cand-handoff__job">
        <p id={titleId} className="cand-handoff__title">
          {job.jobTitle}
        </p>
        <p className="cand-handoff__facts">
          {[job.jobType, job.jobLocation, job.address, formatLpa(job.salaryRange)]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <ResponsivenessLine value={job.responsiveness} />
      </div>
      {sent ? (
        <span ref={sentRef} tabIndex={-1} className="rf-badge rf-badge--success" role="status">
          {handoffTexts.sent}
        </span>
      ) : (
        <Button
          size="sm"
          busy={send.isPending}
          disabled={!user || send.isPending}
          onClick={() => send.mutate()}
          aria-describedby={titleId}
        >
          {handoffTexts.ask}
        </Button>
      )}
    </li>
  );
}
