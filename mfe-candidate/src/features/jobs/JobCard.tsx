import {
  DASHBOARD_SKILL_COUNT,
  formatLpa,
  relativeTime,
  ResponsivenessLine,
  VerifiedBadge,
  type JobPost,
} from '@referio/shared';
import { SkillList } from './SkillList';

export interface JobCardProps {
  job: JobPost;
  onSeeDetails: (job: JobPost) => void;
  /** 2 on a page whose next heading up is the h1 (Explore), 3 under a section's h2 (the default). */
  headingLevel?: 2 | 3;
}

/** A job on the candidate's dashboard pages: 3 skills, the rest as '+N more', and a details button. */
export function JobCard({ job, onSeeDetails, headingLevel = 3 }: JobCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="rf-card cand-job" aria-label={`${job.jobTitle} at ${job.companyName}`}>
      <header className="cand-job__head">
        <div>
          <Heading className="cand-job__title">{job.jobTitle}</Heading>
          <p className="cand-job__company">{job.companyName}</p>
          <VerifiedBadge companyName={job.companyName} status={job.verifiedAtCompany} />
          <ResponsivenessLine value={job.responsiveness} />
        </div>
        {job.isApplied && <span className="rf-badge rf-badge--success">Applied</span>}
      </header>
      <ul className="cand-meta" aria-label="Job facts">
        <li>{job.jobType}</li>
        <li>{job.jobLocation}</li>
        {job.address && <li>{job.address}</li>}
        {job.salaryRange && <li>{formatLpa(job.salaryRange)}</li>}
        <li>
          <time dateTime={job.createdAt}>{relativeTime(job.createdAt)}</time>
        </li>
      </ul>
      <SkillList skills={job.requiredSkills} count={DASHBOARD_SKILL_COUNT} />
      <div className="cand-job__actions">
        <button
          type="button"
          className="rf-btn rf-btn--secondary rf-btn--sm"
          onClick={() => onSeeDetails(job)}
          aria-label={`See Details: ${job.jobTitle} at ${job.companyName}`}
        >
          See Details
        </button>
      </div>
    </article>
  );
}
