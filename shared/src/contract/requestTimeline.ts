// The request card's timeline (docs/referral-lifecycle.md): sent, resume opened, decided. Each step's
// words, with its date where `{date}` stands; the state is read out before it ("Done: Requested on …").

/** Where a step stands: happened, where the request waits now, still ahead, or passed without happening. */
export type RequestTimelineState = 'done' | 'current' | 'upcoming' | 'skipped';

export const REQUEST_TIMELINE = {
  /** The ordered list's accessible name. */
  label: 'Request timeline',
  /** Read before each step by a screen reader. */
  states: {
    done: 'Done',
    current: 'Current step',
    upcoming: 'Not yet',
    skipped: 'Not done',
  } satisfies Record<RequestTimelineState, string>,
  sent: (date: string) => `Requested on ${date}`,
  /** After "Resume opened by {name} on {first date}" when it was opened again on a later day. */
  openedAgain: (opened: string, lastDate: string) => `${opened}, last on ${lastDate}`,
  notOpenedYet: 'Resume not opened yet',
  notOpened: 'Resume not opened',
  /** The pending request's last step: the candidate's, then the referrer's. */
  waiting: (date: string) => `Waiting for an answer, expires on ${date}`,
  waitingForYou: (date: string) => `Waiting for your answer, expires on ${date}`,
  /** The decision and when (an expired request: its expiry). */
  decided: {
    approved: 'Approved',
    declined: 'Declined',
    expired: 'Expired without an answer',
    withdrawn: 'Withdrawn',
    ended: 'Ended',
  },
  decidedOn: (decision: string, date: string) => `${decision} on ${date}`,
} as const;
