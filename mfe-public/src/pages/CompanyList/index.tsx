import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  EmptyState,
  JOBS_PAGE_SIZE,
  MESSAGES,
  Pagination,
  SearchBox,
  Spinner,
  toast,
  useCurrentUser,
  useDebouncedValue,
  useDocumentHead,
} from '@referio/shared';
import { JobCard } from '../../features/jobs/components/JobCard';
import { useJobListParams } from '../../features/jobs/hooks/useJobListParams';
import { fetchJobPage, jobKeys } from '../../features/jobs/api';
import { companyListHead } from '../../ssr/heads';
import './CompanyList.css';

/** /company-list: every open job, searched and paged on the server; the page lives in `?page=`. */
export default function CompanyList() {
  const user = useCurrentUser();
  const userId = user?._id ?? null;
  const { page, search, setPage, setSearch } = useJobListParams();
  useDocumentHead(companyListHead(search));

  const [input, setInput] = useState(search);
  const debounced = useDebouncedValue(input);
  const lastSearch = useRef(search);

  // The typed text, once it rests for 500 ms, becomes the search (and page 1).
  useEffect(() => {
    const term = debounced.trim();
    if (term === lastSearch.current) return;
    lastSearch.current = term;
    setSearch(term);
  }, [debounced, setSearch]);

  // The URL changed under us (back/forward, a link with ?search=): show its search in the box.
  useEffect(() => {
    if (search === lastSearch.current) return;
    lastSearch.current = search;
    setInput(search);
  }, [search]);

  const query = useQuery({
    queryKey: jobKeys.list(search, page, userId),
    queryFn: () => fetchJobPage(search, page, userId),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (query.isError) toast.error(MESSAGES.fetchJobsError, { toastId: 'fetch-jobs-error' });
  }, [query.isError]);

  const jobs = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const pageCount = Math.ceil(total / JOBS_PAGE_SIZE);

  const goToPage = (next: number) => {
    setPage(next);
    if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') {
      try {
        window.scrollTo({ top: 0 });
      } catch {
        /* jsdom */
      }
    }
  };

  return (
    <section className="rf-jobs" aria-labelledby="rf-jobs-title">
      <header className="rf-jobs__header">
        <h1 id="rf-jobs-title">Browse Companies</h1>
        <p className="rf-jobs__intro">
          Find a role, then ask the employee who posted it for a referral.
        </p>
        <SearchBox
          value={input}
          onChange={setInput}
          onSubmit={(value) => {
            const term = value.trim();
            lastSearch.current = term;
            setSearch(term);
          }}
          placeholder="Browse companies & Job Roles"
          label="Search companies and job roles"
          className="rf-jobs__search"
        />
      </header>

      <div className="rf-jobs__status" role="status" aria-live="polite">
        {query.isSuccess && !query.isPlaceholderData && total > 0
          ? `${total} ${total === 1 ? 'job' : 'jobs'} found`
          : ''}
      </div>

      {query.isPending ? (
        <div className="rf-jobs__loading">
          <Spinner label="Loading jobs" />
        </div>
      ) : query.isError && !query.data ? (
        <EmptyState title="Jobs could not be loaded" description={MESSAGES.fetchJobsError} />
      ) : jobs.length === 0 ? (
        <EmptyState title={MESSAGES.noJobsMatch} />
      ) : (
        <ul
          className="rf-jobs__grid"
          aria-label="Jobs"
          aria-busy={query.isPlaceholderData || undefined}
        >
          {jobs.map((job) => (
            <li key={job._id}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      )}

      <Pagination page={page} pageCount={pageCount} onPageChange={goToPage} label="Job pages" />
    </section>
  );
}
