import { useId } from 'react';
import { matchSummaryLines, type MatchSummary } from '@referio/shared';
import './MatchSummaryView.css';

export interface MatchSummaryViewProps {
  /** undefined while it loads. */
  summary: MatchSummary | undefined;
  /** The summary could not be fetched (the rest of the page is unaffected). */
  failed?: boolean;
  /** Announces the summary as it arrives (the request dialog, where it follows the chosen resume). */
  live?: boolean;
}

export const MATCH_VIEW_TEXTS = {
  title: 'Resume match',
  loading: 'Reading the resume…',
  failed: 'The match summary could not be loaded.',
} as const;

/**
 * How a resume meets a job, compactly: the job's skills found and missing, the years of experience beside
 * the job's band; or why the resume could not be read (matchSummaryLines: one text for both sides).
 */
export function MatchSummaryView({ summary, failed = false, live = false }: MatchSummaryViewProps) {
  const titleId = useId();
  const lines = summary ? matchSummaryLines(summary) : null;
  const read = summary?.status === 'read';
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      aria-live={live ? 'polite' : undefined}
      aria-busy={!summary && !failed ? true : undefined}
      className={read ? 'rf-match' : 'rf-match rf-match--quiet'}
    >
      <p id={titleId} className="rf-match__title">
        {MATCH_VIEW_TEXTS.title}
      </p>
      {failed ? (
        <p className="rf-match__line">{MATCH_VIEW_TEXTS.failed}</p>
      ) : !lines ? (
        <p className="rf-match__line">{MATCH_VIEW_TEXTS.loading}</p>
      ) : (
        lines.map((line) => (
          <p key={line} className="rf-match__line">
            {line}
          </p>
        ))
      )}
    </div>
  );
}
