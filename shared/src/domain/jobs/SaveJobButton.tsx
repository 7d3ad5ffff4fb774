import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  afterSavedJobChange,
  cx,
  errorMessage,
  saveJob,
  savedJobQueries,
  toast,
  unsaveJob,
} from '@referio/shared';
import './SaveJobButton.css';

export interface SaveJobButtonProps {
  job: { _id: string; jobTitle: string; companyName: string };
  /** Whether the job is saved now (the page's "which" query); undefined while it loads. */
  saved: boolean | undefined;
  /** 'md' beside a job page's title; 'sm' on a card (the default). */
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * The heart: saves the job for the signed-in user or removes it, a toggle button (aria-pressed) named after
 * the job. The heart fills at once; a refusal puts it back and says why.
 */
export function SaveJobButton({ job, saved, size = 'sm', className }: SaveJobButtonProps) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const pressed = Boolean(saved);

  const toggle = async () => {
    const next = !pressed;
    setBusy(true);
    afterSavedJobChange(client, job._id, next);
    try {
      await (next ? saveJob(job._id) : unsaveJob(job._id));
    } catch (err) {
      afterSavedJobChange(client, job._id, !next);
      toast.error(
        errorMessage(err, next ? 'The job could not be saved.' : 'The job could not be removed.'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={cx('rf-save-job', `rf-save-job--${size}`, 'rf-pill-button', className)}
      aria-pressed={pressed}
      aria-label={`Save ${job.jobTitle} at ${job.companyName}`}
      title={pressed ? 'Saved' : 'Save job'}
      disabled={saved === undefined || busy}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
      </svg>
      {size === 'md' && <span className="rf-save-job__text">{pressed ? 'Saved' : 'Save'}</span>}
    </button>
  );
}

/**
 * Whether each of a list's jobs is saved, for its hearts: one question for the list. Signed out, or while
 * it loads: undefined (the heart waits).
 */
export function useSavedAmong(
  userId: string | null | undefined,
  jobs: readonly { _id: string }[],
): (jobId: string) => boolean | undefined {
  const query = useQuery(
    savedJobQueries.which(
      userId,
      jobs.map((j) => j._id),
    ),
  );
  return (jobId) => (query.data ? query.data.has(jobId) : undefined);
}
