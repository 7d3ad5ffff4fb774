import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import {
  EmptyState,
  JOBS_PAGE_SIZE,
  JobFilterBar,
  MESSAGES,
  Pagination,
  SearchBox,
  Spinner,
  Tabs,
  jobCountLabel,
  toast,
  useCurrentUser,
  useJobListParams,
  useSearchInput,
  jobQueries,
  type JobPost,
} from '@referio/shared';
import { SaveAlertButton, useSavedAmong } from '@referio/shared/jobs';
import { JobCard } from '../../features/jobs/components/JobCard';
import { JobDetailsModal } from '../../features/jobs/components/JobDetailsModal';
import { SavedJobs } from '../../features/jobs/components/SavedJobs';
import '../candidate.css';

type ExploreTab = 'all' | 'saved';
const TABS = [
  { key: 'all', label: 'All jobs' },
  { key: 'saved', label: 'Saved jobs' },
] as const;

/**
 * Explore: two tabs. All jobs: job search (debounced) and filters, 9 jobs per page paged on the server,
 * details in a modal; search, filters and page live in the URL (`/dashboard/explore?search=&jobType=&page=`).
 * Saved jobs (`?tab=saved&page=`): the jobs the candidate saved with the heart.
 */
export default function Explore() {
  const [params, setParams] = useSearchParams();
  const tab: ExploreTab = params.get('tab') === 'saved' ? 'saved' : 'all';
  // Each tab starts on its first page, without the other's search.
  const choose = (next: ExploreTab) => setParams(next === 'saved' ? { tab: 'saved' } : {});
  return (
    <section className="cand-page" aria-labelledby="cand-explore-title">
      <header className="cand-page__header">
        <h1 id="cand-explore-title">Explore</h1>
        <p className="cand-page__welcome">Find a job and ask its referrer for a referral.</p>
      </header>
      <Tabs tabs={TABS} value={tab} onChange={choose} label="Jobs" className="cand-explore__tabs">
        {tab === 'saved' ? <SavedJobs /> : <AllJobs />}
      </Tabs>
    </section>
  );
}

function AllJobs() {
  const user = useCurrentUser();
  const userId = user?._id;
  const { page, search, filters, setPage, setSearch, setFilter, clearFilters } = useJobListParams();
  const { input, setInput, submit } = useSearchInput(search, setSearch);
  const [selected, setSelected] = useState<JobPost | null>(null);

  const jobs = useQuery({
    ...jobQueries.list({ search, page, userId: userId ?? null, filters }),
    placeholderData: keepPreviousData,
  });
  const failed = jobs.isError;
  useEffect(() => {
    if (failed) toast.error(MESSAGES.fetchJobsError, { toastId: 'explore-jobs-failed' });
  }, [failed]);

  const list = jobs.data?.data ?? [];
  const savedAmong = useSavedAmong(userId, list);
  const total = jobs.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / JOBS_PAGE_SIZE));

  return (
    <>
      <SearchBox
        value={input}
        onChange={setInput}
        onSubmit={submit}
        placeholder="Browse companies & Job Roles"
        label="Search jobs"
        className="cand-search"
      />
      <JobFilterBar
        filters={filters}
        onChange={setFilter}
        onClearAll={clearFilters}
        companyName={jobs.data?.company?.companyName}
      />
      <SaveAlertButton
        search={search}
        filters={filters}
        companyName={jobs.data?.company?.companyName}
      />
      <p className="cand-explore__count" role="status" aria-live="polite">
        {jobs.isSuccess && !jobs.isPlaceholderData && total > 0
          ? `${jobCountLabel(total, jobs.data.totalCapped ?? false)} found`
          : ''}
      </p>
      {jobs.isPending ? (
        <Spinner label="Loading jobs" />
      ) : list.length === 0 ? (
        <EmptyState title={failed ? MESSAGES.fetchJobsError : MESSAGES.noJobsMatch} />
      ) : (
        <div className="rf-card-grid" aria-busy={jobs.isFetching || undefined}>
          {list.map((job) => (
            <JobCard
              key={job._id}
              job={job}
              onSeeDetails={setSelected}
              headingLevel={2}
              saved={savedAmong(job._id)}
            />
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
    </>
  );
}
