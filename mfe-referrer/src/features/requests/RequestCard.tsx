import type { ReactNode } from 'react';
import { relativeTime, type ReferralRequest } from '@referio/shared';
import { SkillChips } from '../../components/SkillChips';

export interface RequestCardProps {
  request: ReferralRequest;
  /** How many sender skills to show ('+N more' for the rest); all when left out. */
  maxSkills?: number;
  actions?: ReactNode;
  /** 2 on a page whose next heading up is the h1 (Referral Requests), 3 under a section's h2 (the default). */
  headingLevel?: 2 | 3;
}

export const senderName = (r: ReferralRequest): string =>
  r.senderId?.fullName?.trim() || r.senderId?.email || 'Candidate';

/** One incoming referral request: who asks, for which job, experience, when, skills and resume. */
export function RequestCard({ request, maxSkills, actions, headingLevel = 3 }: RequestCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = senderName(request);
  const exp = request.senderId?.overAllExperience;
  const resume = request.senderId?.resumeLink;
  return (
    <article className="rf-card rr-card" aria-label={`Request from ${name}`}>
      <header className="rr-card__head">
        <div>
          <Heading
            className={
              name.includes('@') ? 'rr-card__title rr-card__title--email' : 'rr-card__title'
            }
          >
            {name}
          </Heading>
          <p className="rr-card__sub">{request.jobPostId?.jobTitle}</p>
        </div>
        <time className="rr-muted" dateTime={request.createdAt}>
          {relativeTime(request.createdAt)}
        </time>
      </header>
      <p className="rr-meta">
        <span>Experience: {exp !== null && exp !== undefined ? `${exp} years` : 'Not given'}</span>
        {request.jobPostId?.companyName && <span>{request.jobPostId.companyName}</span>}
      </p>
      <SkillChips skills={request.senderId?.skills} max={maxSkills} label={`Skills of ${name}`} />
      {resume && (
        <p>
          <a href={resume} target="_blank" rel="noreferrer" className="rr-link">
            View Resume<span className="rf-visually-hidden"> of {name}</span>
          </a>
        </p>
      )}
      {actions && <div className="rr-card__actions">{actions}</div>}
    </article>
  );
}
