import {
  isNewReferrer,
  responsivenessText,
  type ReferrerResponsiveness as Figures,
} from '@referio/shared';
import '../cards.css';

export interface ResponsivenessLineProps {
  /** The job's `responsiveness` (nothing is shown when the API did not send it). */
  value: Figures | null | undefined;
  className?: string;
}

/**
 * How a referrer answers requests, on job cards and the job details' referrer panel: "Usually answers
 * within 2 days · 80% answered", or "New referrer" under 3 answered requests (docs/responsiveness.md).
 */
export function ResponsivenessLine({ value, className }: ResponsivenessLineProps) {
  if (!value) return null;
  const classes = ['rf-responsiveness', className].filter(Boolean).join(' ');
  if (isNewReferrer(value)) {
    return (
      <p className={`${classes} rf-responsiveness--new`} data-testid="referrer-responsiveness">
        New referrer
      </p>
    );
  }
  return (
    <p
      className={classes}
      data-testid="referrer-responsiveness"
      title={`Over the last 90 days: ${value.answered} of ${value.received} requests answered in time`}
    >
      {responsivenessText(value)}
    </p>
  );
}
