import { useQuery } from '@tanstack/react-query';
import { matchQueries } from '@referio/shared';
import { MatchSummaryView } from '@referio/shared/jobs';

export interface MatchSummaryProps {
  jobId: string;
  /** One of the candidate's named resumes (its `_id`). */
  resumeId: string;
}

/**
 * How the chosen resume meets the job, before the candidate sends it (the referrer's card shows the same;
 * docs/decisions-candidate.md). Self-contained: the request dialog places one per chosen resume.
 */
export function MatchSummary({ jobId, resumeId }: MatchSummaryProps) {
  const match = useQuery(matchQueries.preview(jobId, resumeId));
  return <MatchSummaryView summary={match.data} failed={match.isError} live />;
}
