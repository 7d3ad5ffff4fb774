import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  EmptyState,
  Pagination,
  SAVED_JOBS_PAGE_SIZE,
  Spinner,
  dashboardPath,
  savedJobKeys,
  savedJobQueries,
  useCurrentUser,
  type JobPost,
} from '@referio/shared';
import { useLiveInvalidation } from '@referio/shared/live';
import { JobCard } from './JobCard';
import { JobDetailsModal } from './JobDetailsModal';

/**
 * The candidate's saved jobs, newest save first, paged on the server (`?tab=saved&page=`). A heart taken
 * back empties at once and the list is read again without it; a job its poster changes, live.
 */
export function SavedJobs() {
  const userId = useCurrentUser()?._id ?? '';
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [selected, setSelected] = useState<JobPost | null>(null);
  const saved = useQuery({
    ...savedJobQueries.page(userId, page),
    placeholderData: keepPreviousData,
  });
  // A saved job its poster closes, reopens or edits shows as it is now while the list is open.
  useLiveInvalidation(['savedJobs'], [savedJobKeys.all]);
  const list = saved.data?.data ?? [];
  const pageCount = Math.max(1, Math.ceil((saved.data?.total ?? 0) / SAVED_JOBS_PAGE_SIZE));
  const stillSaved = useQuery(
    savedJobQueries.which(
      userId,
      list.map((s) => s.job._id),
    ),
  );

  if (saved.isPending) return <Spinner label="Loading your saved jobs" />;
  if (saved.isError) return <EmptyState title="Your saved jobs could not be loaded." />;
  if (list.length === 0)
    return (
      <EmptyState
        title="No saved jobs yet"
        description="Tap the heart on a job to keep it here."
        action={
          <Link to={dashboardPath('explore')} className="rf-btn rf-btn--secondary rf-btn--md">
            Browse jobs
          </Link>
        }
      />
    );
  return (
    <>
      <p className="cand-explore__count" role="status">
        {saved.data.total === 1 ? '1 saved job' : `${saved.data.total} saved jobs`}
      </p>
      <div className="rf-card-grid" aria-busy={saved.isFetching || undefined}>
        {list.map(({ job }) => (
          <JobCard
            key={job._id}
            job={job}
            onSeeDetails={setSelected}
            headingLevel={2}
            saved={stillSaved.data ? stillSaved.data.has(job._id) : true}
          />
        ))}
      </div>
      <Pagination
        page={page}
        pageCount={pageCount}
        onPageChange={(p) => setParams({ tab: 'saved', page: String(p) })}
        label="Saved job pages"
        className="cand-pagination"
      />
      <JobDetailsModal job={selected} onClose={() => setSelected(null)} />
    </>
  );
}
