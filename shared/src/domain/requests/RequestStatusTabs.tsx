import type { ReactNode } from 'react';
import type { ListedReferralStatus, ReferralCounts } from '@referio/shared';
import { Tabs } from '@referio/shared';

export type RequestSide = 'candidate' | 'referrer';

/**
 * The tab labels: the spec's three on each side, "No response" for requests that expired unanswered
 * (a fourth tab on both sides), and on the candidate's a fifth, "Withdrawn", for the requests they took
 * back (docs/referral-lifecycle.md). The referrer never sees a withdrawn request.
 */
export const REQUEST_TAB_LABELS: Readonly<
  Record<RequestSide, Readonly<Record<ListedReferralStatus, string>>>
> = {
  candidate: {
    pending: 'Pending Requests',
    approved: 'Approved Requests',
    declined: 'Declined Requests',
    expired: 'No response',
    withdrawn: 'Withdrawn',
  },
  referrer: {
    pending: 'Pending',
    approved: 'Approved',
    declined: 'Declined',
    expired: 'No response',
    withdrawn: 'Withdrawn',
  },
};

const ORDER: Readonly<Record<RequestSide, readonly ListedReferralStatus[]>> = {
  candidate: ['pending', 'approved', 'declined', 'expired', 'withdrawn'],
  referrer: ['pending', 'approved', 'declined', 'expired'],
};

/** A tab's count ('withdrawn' is 0 where the counts leave it out). */
export function tabCount(
  counts: ReferralCounts | undefined,
  key: ListedReferralStatus,
): number | undefined {
  if (!counts) return undefined;
  return counts[key] ?? 0;
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
      tabs={ORDER[side].map((key) => ({
        key,
        label: REQUEST_TAB_LABELS[side][key],
        count: tabCount(counts, key),
      }))}
    >
      {children}
    </Tabs>
  );
}
