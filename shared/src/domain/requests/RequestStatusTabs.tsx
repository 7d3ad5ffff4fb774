import type { ReactNode } from 'react';
import type { ListedReferralStatus, ReferralCounts } from '@referio/shared';
import { Tabs } from '@referio/shared';

export type RequestSide = 'candidate' | 'referrer';

/**
 * The tab labels: the spec's three on each side, and "No response" for requests that expired unanswered
 * (a fourth tab on both sides; on the candidate's, with the requests they withdrew:
 * docs/referral-lifecycle.md).
 */
export const REQUEST_TAB_LABELS: Readonly<
  Record<RequestSide, Readonly<Record<ListedReferralStatus, string>>>
> = {
  candidate: {
    pending: 'Pending Requests',
    approved: 'Approved Requests',
    declined: 'Declined Requests',
    expired: 'No response',
  },
  referrer: {
    pending: 'Pending',
    approved: 'Approved',
    declined: 'Declined',
    expired: 'No response',
  },
};

const ORDER: readonly ListedReferralStatus[] = ['pending', 'approved', 'declined', 'expired'];

/** A tab's count: "No response" counts the withdrawn requests too where the counts carry them. */
export function tabCount(
  counts: ReferralCounts | undefined,
  key: ListedReferralStatus,
): number | undefined {
  if (!counts) return undefined;
  return key === 'expired' ? counts.expired + (counts.withdrawn ?? 0) : counts[key];
}

export interface RequestStatusTabsProps {
  side: RequestSide;
  value: ListedReferralStatus;
  onChange: (status: ListedReferralStatus) => void;
  /** Each tab's count as a badge; left out (e.g. beside one job's list) shows none. */
  counts?: ReferralCounts;
  /** The selected tab's panel. */
  children?: ReactNode;
}

/** Requests by status, for the candidate's and the referrer's request pages alike. */
export function RequestStatusTabs({
  side,
  value,
  onChange,
  counts,
  children,
}: RequestStatusTabsProps) {
  return (
    <Tabs
      label={side === 'candidate' ? 'Requests by status' : 'Referral requests by status'}
      value={value}
      onChange={onChange}
      tabs={ORDER.map((key) => ({
        key,
        label: REQUEST_TAB_LABELS[side][key],
        count: tabCount(counts, key),
      }))}
    >
      {children}
    </Tabs>
  );
}
