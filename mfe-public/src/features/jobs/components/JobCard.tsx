import { Link } from 'react-router-dom';
import { CARD_SKILL_COUNT, formatLpa, paths, relativeTime, type JobPost } from '@referio/shared';
import { JobCard as SharedJobCard, JobFacts, SkillChips } from '@referio/shared/jobs';
import { CompanyLogo } from '../../../components/CompanyLogo';
import './JobCard.css';

export interface JobCardProps {
  job: JobPost;
  /** The moment relative times count from (tests pin it). */
  now?: Date;
  /** The company's name links to its page (not on the company's own page). */
  companyLink?: boolean;
  /** 3 under a section's h2 (the company page); 2 under the page's h1 (the default). */
  headingLevel?: 2 | 3;
}

/** One job in the company/job list, with exactly the fields the spec lists for a card. */
export function JobCard({ job, now, companyLink = true, headingLevel = 2 }: JobCardProps) {
  const location = [job.address, job.jobLocation].filter(Boolean).join(' · ');
  return (
    <SharedJobCard
      job={job}
      trust
      headingLevel={headingLevel}
      company={
        companyLink && job.companyId ? (
          <Link to={paths.company(job.companyId, job.companyName)} className="rf-job-card__company">
            {job.companyName}
          </Link>
        ) : undefined
      }
      top={
        <div className="rf-job-card__top">
          <CompanyLogo name={job.companyName} logo={job.companyLogo} />
          {job.isApplied && <span className="rf-badge rf-badge--success">Applied</span>}
        </div>
      }
      actions={(titleId) => (
        <Link
          to={paths.jobDetails(job._id)}
          className="rf-btn rf-btn--primary rf-btn--sm"
          aria-describedby={titleId}
        >
          See Details
        </Link>
      )}
    >
      <p className="rf-job-card__time">
        Posted{' '}
        {/* A server-rendered page counts from the moment it was made and React takes it over seconds later
            ("12 seconds ago" against "13 seconds ago"): the text may differ once, without a re-render. */}
        <time dateTime={job.createdAt} suppressHydrationWarning>
          {relativeTime(job.createdAt, now)}
        </time>
      </p>
      <JobFacts
        layout="rows"
        facts={[
          { label: 'Job type', value: job.jobType },
          { label: 'Location', value: location },
          { label: 'Salary', value: formatLpa(job.salaryRange) },
        ]}
      />
      <SkillChips skills={job.requiredSkills} max={CARD_SKILL_COUNT} cut />
    </SharedJobCard>
  );
}
