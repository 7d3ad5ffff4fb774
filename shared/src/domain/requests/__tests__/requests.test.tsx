import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ListedReferralStatus, ReferralRequest } from '../../../contract/browser';
import {
  DeclineReasonFields,
  EMPTY_DECLINE_CHOICE,
  RequestCard,
  RequestStatusTabs,
  declineChoiceError,
  declineDetails,
  type DeclineChoice,
} from '..';

const request = (overrides: Partial<ReferralRequest> = {}): ReferralRequest => ({
  _id: 'r1',
  status: 'pending',
  createdAt: '2026-03-05T10:00:00.000Z',
  expiresAt: '2026-03-12T10:00:00.000Z',
  declineReason: null,
  declineNote: null,
  jobPostId: {
    _id: 'j1',
    userId: 'u2',
    jobTitle: 'Platform Engineer',
    companyName: 'Globex',
    jobLocation: 'Remote',
    address: 'Pune',
    companyLogo: '',
    industry: 'it',
    experience: '3-6',
    jobType: 'Full-time',
    salaryRange: '10-20',
    requiredSkills: [],
    jobDescription: [],
    notes: [],
    status: 'active',
    totalReferrals: 0,
    referralBonus: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    isApplied: true,
    verifiedAtCompany: 'confirmed',
  },
  senderId: {
    _id: 'u1',
    fullName: 'Ana Rao',
    email: 'ana@example.com',
    overAllExperience: 4,
    resumeLink: '/api/documentsUpload/resume/u1?requestId=r1',
    skills: ['React'],
  },
  recipientId: { _id: 'u2', fullName: 'Ravi Kumar', email: 'ravi@globex.test' },
  ...overrides,
});

describe('RequestStatusTabs', () => {
  function Harness({ side }: { side: 'candidate' | 'referrer' }) {
    const [v, setV] = useState<ListedReferralStatus>('pending');
    return (
      <RequestStatusTabs
        side={side}
        value={v}
        onChange={setV}
        counts={{ total: 6, pending: 1, approved: 2, declined: 0, expired: 3 }}
      >
        <p>{v} list</p>
      </RequestStatusTabs>
    );
  }

  it("shows each side's labels with counts, the fourth 'No response' tab and the candidate's fifth 'Withdrawn'", async () => {
    const { unmount } = render(<Harness side="candidate" />);
    const tabs = screen.getByRole('tablist', { name: 'Requests by status' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'Pending Requests1',
      'Approved Requests2',
      'Declined Requests0',
      'No response3',
      'Withdrawn0',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'No response 3' }));
    expect(screen.getByText('expired list')).toBeInTheDocument();
    unmount();
    render(<Harness side="referrer" />);
    expect(
      within(screen.getByRole('tablist', { name: 'Referral requests by status' }))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Pending1', 'Approved2', 'Declined0', 'No response3']);
  });
});

describe('RequestStatusTabs on the candidate side', () => {
  it('counts the withdrawn requests in their own tab, not in "No response"', () => {
    render(
      <RequestStatusTabs
        side="candidate"
        value="expired"
        onChange={() => {}}
        counts={{ total: 7, pending: 1, approved: 2, declined: 0, expired: 3, withdrawn: 1 }}
      />,
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Pending Requests1',
      'Approved Requests2',
      'Declined Requests0',
      'No response3',
      'Withdrawn1',
    ]);
  });
});

describe('RequestCard', () => {
  it('candidate side: a withdrawn card says so and when, without Withdraw, and keeps its next step', () => {
    const onWithdraw = jest.fn();
    render(
      <RequestCard
        side="candidate"
        request={request({ status: 'withdrawn', updatedAt: '2026-03-06T08:00:00.000Z' })}
        onWithdraw={onWithdraw}
      >
        <button type="button">Ask another referrer at Globex</button>
      </RequestCard>,
    );
    const card = screen.getByRole('article', { name: 'Platform Engineer at Globex' });
    expect(within(card).getByText('Withdrawn', { selector: '.rf-badge' })).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'Withdrawn: you took this request back on 06 Mar 2026. You can request this job again.',
    );
    expect(card).not.toHaveTextContent('Expires on');
    expect(within(card).queryByRole('button', { name: /Withdraw/ })).toBeNull();
    expect(
      within(card).getByRole('button', { name: 'Ask another referrer at Globex' }),
    ).toBeInTheDocument();
  });

  it('candidate side: Withdraw while pending, with the expiry date', async () => {
    const onWithdraw = jest.fn();
    render(<RequestCard side="candidate" request={request()} onWithdraw={onWithdraw} />);
    const card = screen.getByRole('article', { name: 'Platform Engineer at Globex' });
    expect(card).toHaveTextContent('Waiting for an answer, expires on 12 Mar 2026');
    await userEvent.click(
      within(card).getByRole('button', {
        name: 'Withdraw the request for Platform Engineer at Globex',
      }),
    );
    expect(onWithdraw).toHaveBeenCalledWith(expect.objectContaining({ _id: 'r1' }));
  });

  it('referrer side: Approve and Decline while pending; the reason and no resume once declined', async () => {
    const onApprove = jest.fn();
    const onDecline = jest.fn();
    const { rerender } = render(
      <RequestCard
        side="referrer"
        request={request()}
        onApprove={onApprove}
        onDecline={onDecline}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve Ana Rao' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline Ana Rao' }));
    expect(onApprove).toHaveBeenCalledTimes(1);
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'View Resume of Ana Rao' })).toBeInTheDocument();

    rerender(
      <RequestCard
        side="referrer"
        request={request({
          status: 'declined',
          declineReason: 'experience_mismatch',
          senderId: { ...request().senderId, resumeLink: null },
        })}
      />,
    );
    const card = screen.getByRole('article', { name: 'Request from Ana Rao' });
    expect(card).toHaveTextContent('Your reason: Experience does not match');
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();

    rerender(<RequestCard side="referrer" request={request({ status: 'expired' })} />);
    expect(screen.getByRole('article')).toHaveTextContent(
      'Expired without an answer on 12 Mar 2026',
    );
  });
});

describe('RequestCard: the timeline', () => {
  /** The timeline's steps as a screen reader reads them, state first. */
  const steps = () =>
    within(screen.getByRole('list', { name: 'Request timeline' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
  const opened = {
    name: 'Ravi Kumar',
    firstAt: '2026-03-06T09:00:00.000Z',
    at: '2026-03-08T15:00:00.000Z',
  };

  it('tells the candidate a pending request waits for the resume to be opened, then for the answer', () => {
    const { rerender } = render(<RequestCard side="candidate" request={request()} />);
    expect(steps()).toEqual([
      'Done: Requested on 05 Mar 2026',
      'Current step: Resume not opened yet',
      'Not yet: Waiting for an answer, expires on 12 Mar 2026',
    ]);
    const list = screen.getByRole('list', { name: 'Request timeline' });
    expect(list.tagName).toBe('OL');
    expect(within(list).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
    expect(within(list).getByText('05 Mar 2026')).toHaveAttribute(
      'datetime',
      '2026-03-05T10:00:00.000Z',
    );

    rerender(<RequestCard side="candidate" request={request({ resumeOpened: opened })} />);
    expect(steps()).toEqual([
      'Done: Requested on 05 Mar 2026',
      'Done: Resume opened by Ravi Kumar on 06 Mar 2026, last on 08 Mar 2026',
      'Current step: Waiting for an answer, expires on 12 Mar 2026',
    ]);
    expect(screen.getAllByRole('listitem')[2]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('06 Mar 2026')).toHaveAttribute('datetime', opened.firstAt);
  });

  it('dates the decision: an answer or a withdrawal when the status changed, an expiry when it was due', () => {
    const decided = { updatedAt: '2026-03-09T11:00:00.000Z' };
    const { rerender } = render(
      <RequestCard
        side="candidate"
        request={request({
          status: 'approved',
          resumeOpened: { ...opened, at: opened.firstAt },
          ...decided,
        })}
      />,
    );
    expect(steps()).toEqual([
      'Done: Requested on 05 Mar 2026',
      'Done: Resume opened by Ravi Kumar on 06 Mar 2026',
      'Done: Approved on 09 Mar 2026',
    ]);
    expect(screen.queryByRole('listitem', { current: 'step' })).toBeNull();

    rerender(
      <RequestCard side="candidate" request={request({ status: 'declined', ...decided })} />,
    );
    expect(steps()).toEqual([
      'Done: Requested on 05 Mar 2026',
      'Not done: Resume not opened',
      'Done: Declined on 09 Mar 2026',
    ]);
    rerender(
      <RequestCard side="candidate" request={request({ status: 'withdrawn', ...decided })} />,
    );
    expect(steps()[2]).toBe('Done: Withdrawn on 09 Mar 2026');
    // The expiry may run after it was due: the card says when it was due.
    const expired = request({ status: 'expired', updatedAt: '2026-03-14T10:00:00.000Z' });
    rerender(<RequestCard side="candidate" request={expired} />);
    expect(steps()[2]).toBe('Done: Expired without an answer on 12 Mar 2026');
    rerender(<RequestCard side="candidate" request={request({ status: 'ended', ...decided })} />);
    expect(steps()[2]).toBe('Done: Ended on 09 Mar 2026');
  });

  it('shows the referrer when it was requested and decided, never who opened the resume', () => {
    const { rerender } = render(
      <RequestCard side="referrer" request={request({ resumeOpened: opened })} />,
    );
    expect(steps()).toEqual([
      'Done: Requested on 05 Mar 2026',
      'Current step: Waiting for your answer, expires on 12 Mar 2026',
    ]);
    rerender(
      <RequestCard
        side="referrer"
        request={request({ status: 'declined', updatedAt: '2026-03-07T12:00:00.000Z' })}
      />,
    );
    expect(steps()).toEqual(['Done: Requested on 05 Mar 2026', 'Done: Declined on 07 Mar 2026']);
  });
});

describe("RequestCard: the candidate's note", () => {
  it("shows the referrer the candidate's note, as written, and nothing without one", () => {
    const { rerender } = render(
      <RequestCard
        side="referrer"
        request={request({ note: 'I built Globex’s API.\nHappy to talk.' })}
      />,
    );
    const card = screen.getByRole('article', { name: 'Request from Ana Rao' });
    const note = within(card).getByRole('figure', { name: 'Note from Ana Rao' });
    expect(within(note).getByText(/I built Globex’s API\.\s+Happy to talk\./)).toBeInTheDocument();
    rerender(<RequestCard side="referrer" request={request({ note: null })} />);
    expect(screen.queryByRole('figure')).toBeNull();
  });
});

describe('RequestCard: Report on the candidate profile', () => {
  it('offers Report only where the page asks for it, with a reason and a note for the profile', async () => {
    const { rerender } = render(<RequestCard side="referrer" request={request()} />);
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
    rerender(<RequestCard side="referrer" request={request()} reportable />);
    await userEvent.click(screen.getByRole('button', { name: "Report Ana Rao's profile" }));
    const dialog = screen.getByRole('dialog', { name: "Report Ana Rao's profile" });
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('textbox', { name: 'Anything our team should know (optional)' }),
    ).toBeInTheDocument();
  });
});

describe('DeclineReasonFields', () => {
  it('offers the five reasons; Other asks for a note of at most 280 characters', async () => {
    function Harness() {
      const [v, setV] = useState<DeclineChoice>(EMPTY_DECLINE_CHOICE);
      return <DeclineReasonFields value={v} onChange={setV} showError />;
    }
    render(<Harness />);
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    expect(screen.getByText('Please write a note for the reason Other.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Note/ }), 'Hiring paused');
    expect(screen.getByText('267 characters left')).toBeInTheDocument();
  });

  it('sends nothing extra without a reason, the reason alone, or Other with its trimmed note', () => {
    expect(declineDetails(EMPTY_DECLINE_CHOICE)).toBeUndefined();
    expect(declineDetails({ reason: 'role_filled', note: 'x' })).toEqual({ reason: 'role_filled' });
    expect(declineDetails({ reason: 'other', note: '  Later  ' })).toEqual({
      reason: 'other',
      note: 'Later',
    });
    expect(declineChoiceError({ reason: 'other', note: 'x'.repeat(281) })).toBe(
      'The note can be at most 280 characters.',
    );
    expect(declineChoiceError({ reason: 'cannot_refer', note: '' })).toBeNull();
  });
});
