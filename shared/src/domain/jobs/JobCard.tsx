import { useId, type ReactNode } from 'react';
import { cx, type JobPost } from '@referio/shared';
import '../cards.css';
import { ResponsivenessLine } from './ResponsivenessLine';
import { VerifiedBadge } from './VerifiedBadge';

export interface JobCardProps {
  job: Pick<JobPost, 'jobTitle' | 'companyName'> &
    Partial<Pick<JobPost, 'verifiedAtCompany' | 'verifiedDomain' | 'responsiveness'>>;
  /**
   * Under the company: "Verified at {company}" and the referrer's responsiveness (the cards candidates
   * choose from; a referrer's own job posts leave it out).
   */
  trust?: boolean;
  /** 2 on a page whose next heading up is the h1, 3 under a section's h2 (the default). */
  headingLevel?: 2 | 3;
  /** The card's accessible name; the title when left out. */
  label?: string;
  /** Above the title: e.g. the company logo and the 'Applied' badge. */
  top?: ReactNode;
  /** In place of the company's name: e.g. a link to its page (the name itself when left out). */
  company?: ReactNode;
  /** Beside the title: a badge, a time or a switch. */
  aside?: ReactNode;
  /** Puts `aside` on a line of its own under the title (a switch with its label). */
  asideBelow?: boolean;
  /** The body: facts, time, skills. */
  children?: ReactNode;
  /** The buttons or links at the foot; a function gets the title's id (for aria-describedby). */
  actions?: ReactNode | ((titleId: string) => ReactNode);
  className?: string;
}

/** One job as a card, the same frame in every remote: title and company, what the page adds, actions. */
export function JobCard({
  job,
  headingLevel = 3,
  label,
  top,
  company,
  aside,
  asideBelow = false,
  trust = false,
  children,
  actions,
  className,
}: JobCardProps) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={cx('rf-card', 'rf-job', className)}
      aria-label={label}
      aria-labelledby={label ? undefined : titleId}
    >
      {top}
      <header className={cx('rf-job__head', asideBelow && 'rf-job__head--stacked')}>
        <div>
          <Heading id={titleId} className="rf-job__title">
            {job.jobTitle}
          </Heading>
          <p className="rf-job__company">{company ?? job.companyName}</p>
          {trust && (
            <>
              <VerifiedBadge
                companyName={job.companyName}
                status={job.verifiedAtCompany ?? null}
                domain={job.verifiedDomain}
              />
              <ResponsivenessLine value={job.responsiveness} />
            </>
          )}
        </div>
        {aside}
      </header>
      {children}
      {actions && (
        <div className="rf-job__actions">
          {typeof actions === 'function' ? actions(titleId) : actions}
        </div>
      )}
    </article>
  );
}
