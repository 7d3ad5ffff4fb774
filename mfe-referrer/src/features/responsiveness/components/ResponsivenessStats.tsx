import { useQuery } from '@tanstack/react-query';
import {
  answeredPercent,
  answerTimePhrase,
  isNewReferrer,
  NEW_REFERRER_BELOW_ANSWERED,
  RESPONSIVENESS_WINDOW_DAYS,
  responsivenessQueries,
} from '@referio/shared';

/**
 * The referrer's own response record on their dashboard: what candidates see on this referrer's job
 * cards, and the counts behind it (docs/responsiveness.md).
 */
export function ResponsivenessStats({ userId }: { userId: string }) {
  const figures = useQuery(responsivenessQueries.mine(userId));
  const r = figures.data;
  return (
    <section className="rf-card rr-responsiveness" aria-labelledby="rr-responsiveness-title">
      <h2 id="rr-responsiveness-title" className="rr-responsiveness__title">
        Your response record
      </h2>
      {figures.isPending ? (
        <p className="rr-responsiveness__line">Loading…</p>
      ) : figures.isError || !r ? (
        <p className="rr-responsiveness__line">Your response record could not be loaded.</p>
      ) : isNewReferrer(r) ? (
        <p className="rr-responsiveness__line" data-testid="own-responsiveness">
          Candidates see you as a <strong>New referrer</strong> until you have answered{' '}
          {NEW_REFERRER_BELOW_ANSWERED} requests ({r.answered} answered in the last{' '}
          {RESPONSIVENESS_WINDOW_DAYS} days).
        </p>
      ) : (
        <p className="rr-responsiveness__line" data-testid="own-responsiveness">
          You usually answer <strong>{answerTimePhrase(r.medianAnswerSeconds!)}</strong> ·{' '}
          <strong>{answeredPercent(r)}% answered</strong> ({r.answered} of {r.received} requests in
          the last {RESPONSIVENESS_WINDOW_DAYS} days). Candidates see this on your job cards.
        </p>
      )}
    </section>
  );
}
