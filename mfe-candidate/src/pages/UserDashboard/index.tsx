import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  EmptyState,
  MESSAGES,
  SUGGESTED_JOB_COUNT,
  Spinner,
  toast,
  useCurrentUser,
  jobQueries,
  referralKeys,
  type JobPost,
} from '@referio/shared';
import { useSavedAmong } from '@referio/shared/jobs';
import { useLiveInvalidation } from '@referio/shared/live';
import { JobCard } from '../../features/jobs/components/JobCard';
import { JobDetailsModal } from '../../features/jobs/components/JobDetailsModal';
import { useCandidateCounts } from '../../features/referrals/hooks/useCandidateCounts';
import '../candidate.css';

/** The candidate's dashboard: welcome, four request counts and 'Jobs You May Like'. */
export default function UserDashboard() {
  const user = useCurrentUser();
  const userId = user?._id;
  const counts = useCandidateCounts(userId);
  // A referrer's answer changes the counts while the page is open.
  useLiveInvalidation(['referrals'], [referralKeys.all]);
  const jobs = useQuery({
    ...jobQueries.forCandidate(userId, SUGGESTED_JOB_COUNT),
    // Suggestions drop a job once it is requested: refresh whenever the page opens.
    staleTime: 0,
  });
  const savedAmong = useSavedAmong(userId, jobs.data ?? []);
  const jobsFailed = jobs.isError;
  useEffect(() => {
    if (jobsFailed) toast.error(MESSAGES.fetchJobsError, { toastId: 'candidate-jobs-failed' });
  }, [jobsFailed]);
  const [selected, setSelected] = useState<JobPost | null>(null);

  const name = user?.fullName || user?.displayName || '';
  const c = counts.data;
  const cards: [label: string, value: number | undefined, tone: string][] = [
    ['Total Requests', c?.total, 'total'],
    ['Approved Requests', c?.approved, 'approved'],
    ['Pending Requests', c?.pending, 'pending'],
    ['Rejected Requests', c?.declined, 'rejected'],
  ];

  return (
    <section className="cand-page" aria-labelledby="cand-dashboard-title">
      <header className="cand-page__header">
        <h1 id="cand-dashboard-title">Dashboard</h1>
        <p className="cand-page__welcome">{name ? `Welcome, ${name}!` : 'Welcome!'}</p>
      </header>

      <ul className="rf-card-grid rf-tiles" aria-label="Your referral requests">
        {cards.map(([label, value, tone]) => (
          <li key={label} className={`rf-card rf-tile cand-count cand-count--${tone}`}>
            <span className="rf-tile__label cand-count__label">{label}</span>
            <span className="rf-tile__value" aria-live="polite">
              {value ?? (counts.isPending ? '…' : '–')}
            </span>
          </li>
        ))}
      </ul>

      <section aria-labelledby="cand-like-title" className="cand-section">
        <h2 id="cand-like-title">Jobs You May Like</h2>
        {jobs.isPending && userId ? (
          <Spinner label="Loading jobs" />
        ) : jobs.data && jobs.data.length > 0 ? (
          <div className="rf-card-grid">
            {jobs.data.map((job) => (
              <JobCard
                key={job._id}
                job={job}
                onSeeDetails={setSelected}
                saved={savedAmong(job._id)}
              />
            ))}
          </div>
        ) : (
          <EmptyState title="No jobs to suggest yet" description="Add skills to your profile." />
        )}
      </section>
      <JobDetailsModal job={selected} onClose={() => setSelected(null)} />
    </section>
  );
}
