import { useQuery } from '@tanstack/react-query';
import { Button, paths, savedJobQueries, toast } from '@referio/shared';
import { SaveJobButton } from '@referio/shared/jobs';

/** What the share copies or hands to the phone's share sheet: the job page's address, without a query. */
export const jobShareUrl = (jobId: string) => `${window.location.origin}${paths.jobDetails(jobId)}`;

/** A phone or tablet (a finger, not a mouse) with the system share sheet: it shares; else the link is copied. */
const sharesNatively = () =>
  typeof navigator.share === 'function' && window.matchMedia?.('(pointer: coarse)').matches;

/** Shares the job: the system share sheet on phones, else the link to the clipboard and 'Link copied'. */
export async function shareJob(job: { _id: string; jobTitle: string; companyName: string }) {
  const url = jobShareUrl(job._id);
  if (sharesNatively()) {
    try {
      await navigator.share({ title: `${job.jobTitle} at ${job.companyName}`, url });
    } catch {
      // Closed without sharing (AbortError), or refused: nothing to say.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Link copied');
  } catch {
    toast.error(`The link could not be copied: ${url}`);
  }
}

interface JobPageActionsProps {
  job: { _id: string; jobTitle: string; companyName: string };
  /** Signed out: null (only Share; saving needs an account). */
  userId: string | null;
}

/** Beside the job page's title: the heart (signed in) and Share. */
export function JobPageActions({ job, userId }: JobPageActionsProps) {
  const saved = useQuery(savedJobQueries.which(userId, [job._id]));
  return (
    <div className="rf-job__page-actions">
      {userId && (
        <SaveJobButton
          job={job}
          saved={saved.data ? saved.data.has(job._id) : undefined}
          size="md"
        />
      )}
      <Button
        variant="secondary"
        className="rf-job__share"
        aria-label={`Share ${job.jobTitle} at ${job.companyName}`}
        onClick={() => void shareJob(job)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        Share
      </Button>
    </div>
  );
}
