import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  DEFAULT_REFERRAL_BONUS,
  EmptyState,
  JOBS_PAGE_SIZE,
  JobFilterBar,
  MESSAGES,
  Modal,
  Pagination,
  SearchBox,
  Spinner,
  formatLpa,
  relativeTime,
  useCurrentUser,
  useDashboardNavigate,
  useJobListParams,
  useSearchInput,
  jobQueries,
  filterFields,
  type JobPost,
} from '@referio/shared';
import { JobCard, JobFacts, SkillChips } from '@referio/shared/jobs';
import { experienceLabel, industryLabel } from '../../lib/labels';
import '../../referrer.css';

const bonusOf = (job: JobPost) =>
  `₹${(job.referralBonus > 0 ? job.referralBonus : DEFAULT_REFERRAL_BONUS).toLocaleString('en-IN')}`;

/**
 * 'giverefferal': the referrer's own active jobs, to give referrals on (requests are answered there),
 * searched, filtered and paged on the server; search, filters and page live in the URL.
 */
export default function GiveReferral() {
  const user = useCurrentUser();
  const userId = user?._id ?? '';
  const go = useDashboardNavigate();
  const { page, search, filters, setPage, setSearch, setFilter, clearFilters } = useJobListParams();
  const { input, setInput, submit } = useSearchInput(search, setSearch);
  const [details, setDetails] = useState<JobPost | null>(null);
  const filtered = Object.keys(filterFields(filters)).length > 0;

  const list = useQuery({
    ...jobQueries.own({ userId, search, page, status: 'active', filters }),
    placeholderData: keepPreviousData,
  });
  const shown = list.data?.data ?? [];
  const pageCount = Math.max(1, Math.ceil((list.data?.total ?? 0) / JOBS_PAGE_SIZE));

  return (
    <section className="rr-page" aria-labelledby="rr-give-title">
      <h1 id="rr-give-title">Give Referral</h1>
      <SearchBox
        value={input}
        onChange={setInput}
        onSubmit={submit}
        placeholder="Browse companies & Job Roles"
      />
      <JobFilterBar
        filters={filters}
        onChange={setFilter}
        onClearAll={clearFilters}
        companyName={shown[0]?.companyName}
      />
      {list.isPending ? (
        <Spinner label="Loading jobs" />
      ) : list.isError ? (
        <EmptyState title={MESSAGES.fetchJobsError} />
      ) : shown.length === 0 ? (
        <EmptyState
          title={
            search || filtered ? 'No jobs match your search.' : 'You have no active job posts yet.'
          }
        />
      ) : (
        <div className="rf-card-grid rr-grid">
          {shown.map((job) => (
            <JobCard
              key={job._id}
              job={job}
              headingLevel={2}
              label={job.jobTitle}
              aside={
                <span className="rf-badge rf-badge--success">Referral Bonus: {bonusOf(job)}</span>
              }
              actions={
                <>
                  <Button
                    variant="secondary"
                    aria-label={`See Details: ${job.jobTitle}`}
                    onClick={() => setDetails(job)}
                  >
                    See Details
                  </Button>
                  <Button
                    aria-label={`Give Referral: ${job.jobTitle}`}
                    onClick={() =>
                      go('referralRequests', { search: { job: job._id, title: job.jobTitle } })
                    }
                  >
                    Give Referral
                  </Button>
                </>
              }
            >
              <p className="rf-meta">
                <time dateTime={job.createdAt}>{relativeTime(job.createdAt)}</time>
                <span>{job.jobLocation}</span>
                <span>{experienceLabel(job.experience)}</span>
                <span>{job.jobType}</span>
              </p>
              <SkillChips skills={job.requiredSkills} />
            </JobCard>
          ))}
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Jobs pages" />

      <Modal
        open={!!details}
        onClose={() => setDetails(null)}
        title={details?.jobTitle ?? ''}
        size="lg"
      >
        {details && (
          <div className="rr-details">
            <p className="rr-muted">{details.companyName}</p>
            <JobFacts
              facts={[
                { label: 'Location', value: details.jobLocation },
                { label: 'Address', value: details.address },
                { label: 'Job Type', value: details.jobType },
                { label: 'Salary', value: formatLpa(details.salaryRange) },
                { label: 'Industry', value: industryLabel(details.industry) },
                { label: 'Experience', value: experienceLabel(details.experience) },
              ]}
            />
            <h3>Required Skills</h3>
            {details.requiredSkills.length > 0 ? (
              <SkillChips skills={details.requiredSkills} label="Required skills" />
            ) : (
              <p>No skills specified</p>
            )}
            <h3>Description</h3>
            <ul className="rr-bullets">
              {details.jobDescription.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
            <h3>Notes</h3>
            <ul className="rr-bullets">
              {details.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </div>
        )}
      </Modal>
    </section>
  );
}
