import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Premium from '..';
import { renderPage } from '@referio/shared/test-utils';

const location = () => screen.getByTestId('location').textContent;

describe('the premium page', () => {
  it('lists the seeker and referrer benefits, the advertised plan and the early-access notice', () => {
    renderPage(<Premium />, { url: '/premium' });
    for (const name of [
      'Verified referrer access',
      'Request status tracking',
      'Priority profile boost (coming soon)',
      'Upcoming job notifications',
      'Resume auto-preview',
      'Unlimited job posts',
      'Smart request management',
      'Trust badge (coming soon)',
      'Highlighted referrer tag',
      'Referral analytics',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/14-day free trial, 1 free referral/)).toHaveTextContent('₹500/month');
    expect(screen.getByRole('note')).toHaveTextContent(/every premium feature below is free/);
  });

  it("'Got it' goes back to the page the visitor came from", async () => {
    const user = userEvent.setup();
    renderPage(<Premium />, { url: '/premium', history: ['/company-list'] });
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(location()).toBe('/company-list');
  });

  it("'Got it' goes home when the page was opened directly", async () => {
    const user = userEvent.setup();
    renderPage(<Premium />, { url: '/premium' });
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(location()).toBe('/');
  });
});
