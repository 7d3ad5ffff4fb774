import { useQuery } from '@tanstack/react-query';
import { matchQueries, type ReferralRequest } from '@referio/shared';
import { MatchSummaryView } from '@referio/shared/jobs';

/** Statuses whose card shows the match: those whose resume the referrer may still open. */
const WITH_MATCH: ReferralRequest['status'][] = ['pending', 'approved'];

/**
 * How the request's resume meets its job, on the referrer's card (docs/decisions-referrer.md, "Match
 * summary"). Loaded per card, so a resume that is slow or cannot be read holds up nothing else.
 */
export function RequestMatch({ request }: { request: ReferralRequest }) {
  const shown = WITH_MATCH.includes(request.status);
  const match = useQuery({ ...matchQueries.request(request._id), enabled: shown });
  if (!shown) return null;
  return <MatchSummaryView summary={match.data} failed={match.isError} />;
}
