import { Link } from 'react-router-dom';
import {
  CARD_SKILL_COUNT,
  cutSkill,
  formatLpa,
  ResponsivenessLine,
  relativeTime,
  visibleSkills,
  VerifiedBadge,
  type JobPost,
} from '@referio/shared';
import './JobCard.css';

export interface JobCardProps {
  job: JobPost;
  /** The moment relative times count from (tests pin it). */
  now?: Date;
}

/** One job in the company/job list, with exactly the fields the spec lists for a card. */
export function JobCard({ job, now }: JobCardProps) {
  const titleId = `rf-job-${job._id}-title`;
  const { shown, more } = visibleSkills(job.requiredSkills, CARD_SKILL_COUNT);
  const location = [job.address, job.jobLocation].filter(Boolean).join(' · ');
  return (
    <article className="rf-job-card rf-card" aria-labelledby={titleId}>
      <div className="rf-job-card__top">
        {job.companyLogo ? (
          <img
            className="rf-job-card__logo"
            src={job.companyLogo}
            alt=""
            width={40}
            height={40}
            loading="lazy"
          />
        ) : (
          <span className="rf-job-card__logo rf-job-card__logo--initial" aria-hidden="true">
            {job.companyName.slice(0, 1).toUpperCase()}
          </span>
        )}
        {job.isApplied && <span className="rf-badge rf-badge--success">Applied</span>}
      </div>
      <h2 id={titleId} className="rf-job-card__title">
        {job.jobTitle}
      </h2>
      <p className="rf-job-card__company">{job.companyName}</p>
      <VerifiedBadge
        className="rf-job-card__verified"
        companyName={job.companyName}
        status={job.verifiedAtCompany}
      />
      <ResponsivenessLine value={job.responsiveness} className="rf-job-card__responsiveness" />
      <p className="rf-job-card__time">
        Posted{' '}
        {/* A server-rendered page counts from the moment it was made and React takes it over seconds later
            ("12 seconds ago" against "13 seconds ago"): the text may differ once, without a re-render. */}
        <time dateTime={job.createdAt} suppressHydrationWarning>
          {relativeTime(job.createdAt, now)}
        </time>
      </p>
      <dl className="rf-job-card__facts">
        <div>
          <dt>Job type</dt>
          <dd>{job.jobType}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{location}</dd>
        </div>
        <div>
          <dt>Salary</dt>
          <dd>{formatLpa(job.salaryRange)}</dd>
        </div>
      </dl>
      {(shown.length > 0 || more > 0) && (
        <ul className="rf-job-card__skills" aria-label="Skills">
          {shown.map((skill) => {
            const cut = cutSkill(skill);
            return (
              <li key={skill} className="rf-chip" title={skill}>
                {cut === skill ? (
                  skill
                ) : (
                  <>
                    <span aria-hidden="true">{cut}</span>
                    <span className="rf-visually-hidden">{skill}</span>
                  </>
                )}
              </li>
            );
          })}
          {more > 0 && <li className="rf-chip rf-job-card__more">+{more} more</li>}
        </ul>
      )}
      <Link
        to={`/job-details/${encodeURIComponent(job._id)}`}
        className="rf-btn rf-btn--primary rf-btn--sm rf-job-card__details"
        aria-describedby={titleId}
      >
        See Details
      </Link>
    </article>
  );
}
