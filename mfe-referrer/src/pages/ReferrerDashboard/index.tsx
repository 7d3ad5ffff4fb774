import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  DASHBOARD_SKILL_COUNT,
  EmptyState,
  MESSAGES,
  ROLE_REFERRER,
  Spinner,
  toast,
  useCurrentUser,
  useDashboardNavigate,
  referralKeys,
  referralQueries,
  type ReferralCounts,
} from '@referio/shared';
import { SkillChips } from '@referio/shared/jobs';
import { useLiveInvalidation } from '@referio/shared/live';
import { RequestCard, senderName } from '@referio/shared/requests';
import { RequestMatch } from '../../features/requests/components/RequestMatch';
import { ResponsivenessStats } from '../../features/responsiveness/components/ResponsivenessStats';
import '../../referrer.css';

const TILES: { key: keyof ReferralCounts; label: string }[] = [
  { key: 'total', label: 'Total Referrals' },
  { key: 'approved', label: 'Approved Referrals' },
  { key: 'pending', label: 'Pending Referrals' },
  { key: 'declined', label: 'Declined Referrals' },
];

/** 'referrarDashboard': welcome, the four counts and the pending requests. */
export default function ReferrerDashboard() {
  const user = useCurrentUser();
  const userId = user?._id ?? '';
  const go = useDashboardNavigate();
  const name = user?.fullName?.trim() || user?.displayName?.trim() || user?.email || '';

  const counts = useQuery(referralQueries.counts(userId, 'referrer'));
  useEffect(() => {
    if (counts.isError) toast.error(MESSAGES.countsFailed, { toastId: 'rr-counts' });
  }, [counts.isError]);

  const pending = useQuery(
    referralQueries.list({ userId, roleId: ROLE_REFERRER, status: 'pending' }),
  );
  const requests = pending.data ?? [];
  // A request that arrives, is withdrawn or expires changes the counts and the list while the page is open.
  useLiveInvalidation(['referrals'], [referralKeys.all]);

  return (
    <section className="rr-page" aria-labelledby="rr-dashboard-title">
      <h1 id="rr-dashboard-title">Welcome, {name}!</h1>
      <ul className="rf-card-grid rf-tiles" aria-label="Referral counts">
        {TILES.map((t) => (
          <li key={t.key} className="rf-card rf-tile">
            <span className="rf-tile__label">{t.label}</span>
            <span className="rf-tile__value rr-tile__value">
              {counts.data ? counts.data[t.key] : '–'}
            </span>
          </li>
        ))}
      </ul>
      {userId && <ResponsivenessStats userId={userId} />}

      <div className="rr-section-head">
        <h2>Pending Requests</h2>
        <Button variant="ghost" onClick={() => go('referralRequests')}>
          View all
        </Button>
      </div>
      {pending.isPending ? (
        <Spinner label="Loading requests" />
      ) : pending.isError ? (
        <EmptyState title="Requests could not be loaded." />
      ) : requests.length === 0 ? (
        <EmptyState title={MESSAGES.noPendingRequests} />
      ) : (
        <div className="rf-card-grid rr-grid">
          {requests.map((r) => (
            <RequestCard
              key={r._id}
              side="referrer"
              request={r}
              skills={
                <>
                  <SkillChips
                    skills={r.senderId?.skills}
                    max={DASHBOARD_SKILL_COUNT}
                    label={`Skills of ${senderName(r)}`}
                  />
                  <RequestMatch request={r} />
                </>
              }
              actions={
                <Button
                  variant="secondary"
                  aria-label={`Pending: review the request from ${senderName(r)}`}
                  onClick={() => go('referralRequests')}
                >
                  Pending
                </Button>
              }
            />
          ))}
        </div>
      )}
    </section>
  );
}
