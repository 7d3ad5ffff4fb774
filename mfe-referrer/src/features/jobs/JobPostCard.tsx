import {
  Button,
  DASHBOARD_SKILL_COUNT,
  formatDate,
  isJobActive,
  type JobPost,
} from '@referio/shared';
import { SkillChips } from '../../components/SkillChips';

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
    <article className="rf-card rr-card" aria-label={job.jobTitle}>
      <header className="rr-card__head">
        <div>
          <h2 className="rr-card__title">{job.jobTitle}</h2>
          <p className="rr-card__sub">{job.companyName}</p>
        </div>
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
      </header>
      <dl className="rr-facts rr-facts--compact">
        <div>
          <dt>Created</dt>
          <dd>{formatDate(job.createdAt)}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{job.jobLocation}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{job.jobType}</dd>
        </div>
        <div>
          <dt>Referrals available</dt>
          <dd>{job.totalReferrals > 0 ? job.totalReferrals : 'No'}</dd>
        </div>
      </dl>
      <SkillChips skills={job.requiredSkills} max={DASHBOARD_SKILL_COUNT} />
      <div className="rr-card__actions">
        <Button
          variant="secondary"
          aria-label={`See Details: ${job.jobTitle}`}
          onClick={() => onDetails(job)}
        >
          See Details
        </Button>
      </div>
    </article>
  );
}
