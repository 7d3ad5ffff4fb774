import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@referio/shared';
import BecomeReferrer from '..';
import { renderPage, makeSession } from '@referio/shared/test-utils';

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => useSessionStore.getState().signOut());

describe('become a referrer', () => {
  it('lists the four benefits', () => {
    renderPage(<BecomeReferrer />, { url: '/become-a-referral' });
    for (const name of [
      'Help candidates',
      'Expand your network',
      'Boost your influence',
      'Get rewarded',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
  });

  it("'Get Started' opens the job post wizard for a signed-in user", async () => {
    useSessionStore.getState().signIn(makeSession());
    const user = userEvent.setup();
    renderPage(<BecomeReferrer />, { url: '/become-a-referral' });
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(location()).toBe('/create-job-post');
  });

  it("'Get Started' without a session says 'Please sign in to create a job posts.' and goes to /sign-in 2 s later, to come back here", async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderPage(<BecomeReferrer />, { url: '/become-a-referral' });
      await user.click(screen.getByRole('button', { name: 'Get Started' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Please sign in to create a job posts.',
      );
      act(() => jest.advanceTimersByTime(1900));
      expect(location()).toBe('/become-a-referral');
      act(() => jest.advanceTimersByTime(100));
      expect(location()).toBe('/sign-in?next=%2Fbecome-a-referral');
    } finally {
      jest.useRealTimers();
    }
  });
});
