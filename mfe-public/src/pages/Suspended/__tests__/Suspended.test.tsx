import { act, screen } from '@testing-library/react';
import { forgetSuspension, noteSuspension } from '@referio/shared';
import { renderPage } from '@referio/shared/test-utils';
import Suspended from '..';

afterEach(() => forgetSuspension());

describe('/suspended', () => {
  it("says since when and the operator's reason, and links to the contact page to appeal", () => {
    noteSuspension({ reason: 'Asked candidates for money', suspendedAt: '2026-01-02T10:00:00Z' });
    renderPage(<Suspended />, { url: '/suspended' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your account is suspended' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Our team suspended this account on /)).toBeInTheDocument();
    expect(screen.getByRole('definition')).toHaveTextContent('Asked candidates for money');
    expect(screen.getByRole('link', { name: 'Appeal on the contact page' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
  });

  it('says so when no reason was recorded, and follows a suspension told to another tab', () => {
    renderPage(<Suspended />, { url: '/suspended' });
    expect(screen.getByText(/This browser is not signed in/)).toBeInTheDocument();
    act(() => noteSuspension({ reason: null, suspendedAt: '2026-01-02T10:00:00Z' }));
    expect(screen.getByRole('definition')).toHaveTextContent('No reason was recorded.');
  });
});
