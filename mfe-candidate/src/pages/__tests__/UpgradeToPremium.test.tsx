import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@referio/shared';
import UpgradeToPremium from '../UpgradeToPremium';
import { renderPage, makeSession } from '@referio/shared/test-utils';

describe('Upgrade To Premium', () => {
  it("lists the seeker's five benefits and says premium is free during early access", () => {
    renderPage(<UpgradeToPremium />, { session: makeSession() });
    const list = screen.getByRole('list', { name: 'Premium benefits' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual([
      'Verified referrer access',
      'Request status tracking',
      'Priority profile boost (coming soon)',
      'Upcoming job notifications',
      'Resume auto-preview',
    ]);
    expect(screen.getByRole('note', { name: 'Early access' })).toHaveTextContent(
      'all premium features are free during early access',
    );
  });

  it("goes back to the dashboard with 'Got it'", async () => {
    renderPage(<UpgradeToPremium />, { session: makeSession() });
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/userdashboard');
    expect(useSessionStore.getState().activePage).toBe('userdashboard');
  });
});
