import { useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  EmptyState,
  JOBS_PAGE_SIZE,
  JobFilterBar,
  MESSAGES,
  Pagination,
  Spinner,
  jobCountLabel,
  jobQueries,
  paths,
  toast,
  useCurrentUser,
  useDocumentHead,
  useJobListParams,
  useSearchInput,
} from '@referio/shared';
import { useSearchParams } from 'react-router-dom';
import type { JobSuggestion } from '@referio/shared/islands';
import { SaveAlertButton } from '@referio/shared/jobs';
import { JobCard } from '../../features/jobs/components/JobCard';
import { SuggestSearch } from '../../features/search/components/SuggestSearch';
import { companyListHead } from '../../ssr/heads';
import './CompanyList.css';

/**
 * /company-list: every open job, searched, filtered and paged on the server; the page, the search and
 * the filters live in the URL (`?search=&page=&jobType=&location=&industry=&experience=&company=`).
 * A search or a filter can be saved as a job alert (`SaveAlertButton`).
 */
export default function CompanyList() {
  const user = useCurrentUser();
  const userId = user?._id ?? null;
  const { page, search, filters, setPage, setSearch, setFilter, clearFilters } = useJobListParams();
  const { input, setInput, submit } = useSearchInput(search, setSearch);
  const pick = usePickSuggestion(setInput, submit);

  const query = useQuery({
    ...jobQueries.list({ search, page, userId, filters }),
    placeholderData: keepPreviousData,
  });
  useDocumentHead(companyListHead(search, query.data?.company?.companyName));

  useEffect(() => {
    if (query.isError) toast.error(MESSAGES.fetchJobsError, { toastId: 'fetch-jobs-error' });
  }, [query.isError]);

  const jobs = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const capped = query.data?.totalCapped ?? false;
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
        <SuggestSearch
          id="rf-jobs-search"
          value={input}
          onChange={setInput}
          onSubmit={submit}
          onPick={pick}
          placeholder="Browse companies & Job Roles"
          label="Search companies and job roles"
          className="rf-jobs__search"
        />
        <JobFilterBar
          filters={filters}
          onChange={setFilter}
          onClearAll={clearFilters}
          companyName={query.data?.company?.companyName}
        />
        {filters.company && query.data?.company && (
          <p className="rf-jobs__company-page">
            <Link to={paths.company(query.data.company._id, query.data.company.companyName)}>
              {query.data.company.companyName}: its page and referrers
            </Link>
          </p>
        )}
        <SaveAlertButton
          search={search}
          filters={filters}
          companyName={query.data?.company?.companyName}
        />
      </header>

      <div className="rf-jobs__status" role="status" aria-live="polite">
        {query.isSuccess && !query.isPlaceholderData && total > 0
          ? `${jobCountLabel(total, capped)} found`
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
          className="rf-job-card-grid"
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

/**
 * A suggestion picked in the list's search box: a word becomes the search at once; a company becomes the
 * `company` filter in place of the search (one change of the URL, the other filters kept, page 1).
 */
function usePickSuggestion(setInput: (value: string) => void, submit: (value: string) => void) {
  const [, setParams] = useSearchParams();
  return (s: JobSuggestion) => {
    const company = s.companyId;
    if (!company) {
      setInput(s.label);
      submit(s.label);
      return;
    }
    setInput('');
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      out.delete('search');
      out.delete('page');
      out.set('company', company);
      return out;
    });
  };
}
