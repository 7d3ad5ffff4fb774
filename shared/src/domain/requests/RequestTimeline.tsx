import { Fragment } from 'react';
import {
  REQUEST_TIMELINE,
  TRUST_MESSAGES,
  formatDate,
  type ReferralRequest,
  type RequestTimelineState,
} from '@referio/shared';
import type { RequestSide } from './RequestStatusTabs';

/** One step: its words with a marker where each date goes, and those dates (ISO), in order. */
interface TimelineStep {
  key: 'sent' | 'opened' | 'decided';
  state: RequestTimelineState;
  text: string;
  times: string[];
}

/** Stands for a date in a step's words (never in a name or a text). */
const AT = '\u0000';

/** When the request stopped waiting: an expired one at its expiry, the others when the status changed. */
export function decidedAt(request: ReferralRequest): string | null {
  if (request.status === 'pending') return null;
  return request.status === 'expired' ? request.expiresAt : (request.updatedAt ?? null);
}

/**
 * The steps of a request as its side sees it: the candidate's sent, resume opened and decided; the
 * referrer's sent and decided (who opened the resume is the candidate's to know).
 */
function timelineSteps(request: ReferralRequest, side: RequestSide): TimelineStep[] {
  const sent: TimelineStep = {
    key: 'sent',
    state: 'done',
    text: REQUEST_TIMELINE.sent(AT),
    times: [request.createdAt],
  };
  const decided = decidedStep(request, side);
  return side === 'candidate' ? [sent, openedStep(request), decided] : [sent, decided];
}

/** Opened: by whom and first when (and last when, on a later day); not yet while pending. */
function openedStep(request: ReferralRequest): TimelineStep {
  const opened = request.resumeOpened;
  const pending = request.status === 'pending';
  if (!opened) {
    const text = pending ? REQUEST_TIMELINE.notOpenedYet : REQUEST_TIMELINE.notOpened;
    return { key: 'opened', state: pending ? 'current' : 'skipped', text, times: [] };
  }
  const first = opened.firstAt ?? opened.at;
  const text = TRUST_MESSAGES.resumeOpened(opened.name, AT);
  if (formatDate(first) === formatDate(opened.at))
    return { key: 'opened', state: 'done', text, times: [first] };
  return {
    key: 'opened',
    state: 'done',
    text: REQUEST_TIMELINE.openedAgain(text, AT),
    times: [first, opened.at],
  };
}

/** Decided: the answer (or expiry, withdrawal, end) and when; while pending, until when it waits. */
function decidedStep(request: ReferralRequest, side: RequestSide): TimelineStep {
  if (request.status === 'pending') {
    const waiting =
      side === 'candidate' ? REQUEST_TIMELINE.waiting : REQUEST_TIMELINE.waitingForYou;
    // The candidate's request waits for its resume to be opened first.
    const state = side === 'candidate' && !request.resumeOpened ? 'upcoming' : 'current';
    return { key: 'decided', state, text: waiting(AT), times: [request.expiresAt] };
  }
  const decision = REQUEST_TIMELINE.decided[request.status];
  const at = decidedAt(request);
  return at
    ? { key: 'decided', state: 'done', text: REQUEST_TIMELINE.decidedOn(decision, AT), times: [at] }
    : { key: 'decided', state: 'done', text: decision, times: [] };
}

/** A step's words with each date as a `<time>`. */
function Dated({ text, times }: { text: string; times: string[] }) {
  return (
    <>
      {text.split(AT).map((part, i) => (
        <Fragment key={i}>
          {part}
          {times[i] && <time dateTime={times[i]}>{formatDate(times[i])}</time>}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The request's timeline as an ordered list, one line a step, each read out with its state ("Done:",
 * "Current step:", "Not yet:", "Not done:"); the current step is also `aria-current="step"`.
 */
export function RequestTimeline({
  request,
  side,
}: {
  request: ReferralRequest;
  side: RequestSide;
}) {
  return (
    <ol className="rf-timeline" aria-label={REQUEST_TIMELINE.label}>
      {timelineSteps(request, side).map((step) => (
        <li
          key={step.key}
          className={`rf-timeline__step rf-timeline__step--${step.state}`}
          data-outcome={step.key === 'decided' ? request.status : undefined}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="rf-visually-hidden">{REQUEST_TIMELINE.states[step.state]}: </span>
          <Dated text={step.text} times={step.times} />
        </li>
      ))}
    </ol>
  );
}
