import { DASHBOARD_SKILL_COUNT, formatLpa, relativeTime, type JobPost } from '@referio/shared';
import { JobCard as SharedJobCard, SaveJobButton, SkillChips } from '@referio/shared/jobs';

export interface JobCardProps {
  job: JobPost;
  onSeeDetails: (job: JobPost) => void;
  /** 2 on a page whose next heading up is the h1 (Explore), 3 under a section's h2 (the default). */
  headingLevel?: 2 | 3;
  /** Whether the candidate saved it (the heart); undefined while that loads. */
  saved: boolean | undefined;
}

/** A job on the candidate's dashboard pages: 3 skills, the rest as '+N more', and a details button. */
export function JobCard({ job, onSeeDetails, headingLevel = 3, saved }: JobCardProps) {
  return (
    <SharedJobCard
      job={job}
      trust
      headingLevel={headingLevel}
      label={`${job.jobTitle} at ${job.companyName}`}
      aside={job.isApplied && <span className="rf-badge rf-badge--success">Applied</span>}
      actions={
        <>
          <SaveJobButton job={job} saved={saved} />
          <button
            type="button"
            className="rf-btn rf-btn--secondary rf-btn--sm"
            onClick={() => onSeeDetails(job)}
            aria-label={`See Details: ${job.jobTitle} at ${job.companyName}`}
          >
            See Details
          </button>
        </>
      }
    >
      <ul className="rf-meta" aria-label="Job facts">
        <li>{job.jobType}</li>
        <li>{job.jobLocation}</li>
        {job.address && <li>{job.address}</li>}
        {job.salaryRange && <li>{formatLpa(job.salaryRange)}</li>}
        <li>
          <time dateTime={job.createdAt}>{relativeTime(job.createdAt)}</time>
        </li>
      </ul>
      <SkillChips skills={job.requiredSkills} max={DASHBOARD_SKILL_COUNT} />
    </SharedJobCard>
  );
}
