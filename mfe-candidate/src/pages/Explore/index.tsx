import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  EmptyState,
  JOBS_PAGE_SIZE,
  MESSAGES,
  Pagination,
  SEARCH_DEBOUNCE_MS,
  SearchBox,
  Spinner,
  getAllJobPost,
  toast,
  useCurrentUser,
  useDebouncedValue,
  type JobPost,
} from '@referio/shared';
import { JobCard } from '../../features/jobs/JobCard';
import { JobDetailsModal } from '../../features/jobs/JobDetailsModal';
import '../candidate.css';

/** Explore: job search (debounced), 9 jobs per page paged on the server, details in a modal. */
export default function Explore() {
  const user = useCurrentUser();
  const userId = user?._id;
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<JobPost | null>(null);

  // A new search starts again at its first page.
  const [lastSearch, setLastSearch] = useState(search);
  if (lastSearch !== search) {
    setLastSearch(search);
    setPage(1);
  }

  const jobs = useQuery({
    queryKey: ['candidate', 'explore', userId, search, page],
    queryFn: () =>
      getAllJobPost({
        search,
        start: (page - 1) * JOBS_PAGE_SIZE,
        limit: JOBS_PAGE_SIZE,
        ...(userId ? { userId } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  const failed = jobs.isError;
  useEffect(() => {
    if (failed) toast.error(MESSAGES.fetchJobsError, { toastId: 'explore-jobs-failed' });
  }, [failed]);

  const list = jobs.data?.data ?? [];
  const pageCount = Math.max(1, Math.ceil((jobs.data?.total ?? 0) / JOBS_PAGE_SIZE));

  return (
    <section className="cand-page" aria-labelledby="cand-explore-title">
      <header className="cand-page__header">
        <h1 id="cand-explore-title">Explore</h1>
        <p className="cand-page__welcome">Find a job and ask its referrer for a referral.</p>
      </header>
      <SearchBox
        value={text}
        onChange={setText}
        placeholder="Browse companies & Job Roles"
        label="Search jobs"
        className="cand-search"
      />
      {jobs.isPending ? (
        <Spinner label="Loading jobs" />
      ) : list.length === 0 ? (
        <EmptyState title={failed ? MESSAGES.fetchJobsError : MESSAGES.noJobsMatch} />
      ) : (
        <div className="cand-grid" aria-busy={jobs.isFetching || undefined}>
          {list.map((job) => (
            <JobCard key={job._id} job={job} onSeeDetails={setSelected} headingLevel={2} />
          ))}
        </div>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        label="Job pages"
        className="cand-pagination"
      />
      <JobDetailsModal job={selected} onClose={() => setSelected(null)} />
    </section>
  );
}
