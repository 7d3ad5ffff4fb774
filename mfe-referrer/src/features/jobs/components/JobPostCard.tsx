import {
  Button,
  DASHBOARD_SKILL_COUNT,
  formatDate,
  isJobActive,
  type JobPost,
} from '@referio/shared';
import { JobCard, JobFacts, SkillChips } from '@referio/shared/jobs';

export interface JobPostCardProps {
  job: JobPost;
  onToggle: (job: JobPost, active: boolean) => void;
  onDetails: (job: JobPost) => void;
  /** While its status is being saved. */
  saving?: boolean;
}

/** A job post of the referrer: the active switch (saved at once), facts, 3 skills, 'See Details'. */
export function JobPostCard({ job, onToggle, onDetails, saving = false }: JobPostCardProps) {
  const active = isJobActive(job.status);
  const switchId = `rr-switch-${job._id}`;
  return (
    <JobCard
      job={job}
      headingLevel={2}
      label={job.jobTitle}
      asideBelow
      aside={
        <div className="rr-switch">
          <button
            id={switchId}
            type="button"
            role="switch"
            aria-checked={active}
            aria-label={`Active: ${job.jobTitle}`}
            disabled={saving}
            className={active ? 'rr-switch__track rr-switch__track--on' : 'rr-switch__track'}
            onClick={() => onToggle(job, !active)}
          >
            <span className="rr-switch__thumb" aria-hidden="true" />
          </button>
          <span className="rr-muted" aria-hidden="true">
            {active ? 'Active' : 'Inactive'}
          </span>
        </div>
      }
      actions={
        <Button
          variant="secondary"
          aria-label={`See Details: ${job.jobTitle}`}
          onClick={() => onDetails(job)}
        >
          See Details
        </Button>
      }
    >
      <JobFacts
        facts={[
          { label: 'Created', value: formatDate(job.createdAt) },
          { label: 'Location', value: job.jobLocation },
          { label: 'Type', value: job.jobType },
          {
            label: 'Referrals available',
            value: job.totalReferrals > 0 ? job.totalReferrals : 'No',
          },
        ]}
      />
      <SkillChips skills={job.requiredSkills} max={DASHBOARD_SKILL_COUNT} />
    </JobCard>
  );
}
