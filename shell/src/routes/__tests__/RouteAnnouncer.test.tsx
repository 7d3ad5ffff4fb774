// Every page has its own title, and moving to another page is announced and moves the focus into it.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useSessionStore } from '@referio/shared';
import { api } from '@referio/shared/test-utils';
import {
  findPage,
  mockedLoadRemote,
  pageText,
  renderApp,
  resetApp,
  signInAs,
} from '../../test/helpers';

/** A remote page that names itself as the public pages do, with a link to move on. */
function titledPage(id: string, title: string, to: string) {
  return {
    default: function Page() {
      useEffect(() => {
        document.title = title;
      }, []);
      return (
        <>
          <h1>{pageText(id)}</h1>
          <Link to={to}>Move on</Link>
        </>
      );
    },
  };
}

beforeEach(() => {
  resetApp();
  api.getMe.mockImplementation(async () => useSessionStore.getState().applicantUser!);
  api.getReferrerChats.mockResolvedValue([]);
  api.getNotifications.mockResolvedValue({ items: [], unread: 0 });
});

const status = () => document.querySelector<HTMLElement>('[data-route-announcer]')!;

describe('page titles and the route announcer', () => {
  it('announces the new page title and focuses its heading after a move', async () => {
    const user = userEvent.setup();
    mockedLoadRemote.mockImplementation(async (id: string) =>
      id === 'mfe_public/CompanyList'
        ? titledPage(id, 'Browse companies and jobs — Referio', '/premium')
        : titledPage(id, 'Premium — Referio', '/company-list'),
    );
    renderApp('/company-list');
    await findPage('mfe_public/CompanyList');
    // Nothing is announced for the page the browser loaded.
    expect(status()).toHaveTextContent('');

    await user.click(screen.getByRole('link', { name: 'Move on' }));
    const heading = await findPage('mfe_public/Premium');
    await waitFor(() => expect(status()).toHaveTextContent('Premium — Referio'));
    expect(document.title).toBe('Premium — Referio');
    expect(heading).toHaveFocus();
  });

  it.each([
    ['myReferralRequests', 'My referral requests — Referio'],
    ['explore', 'Explore jobs — Referio'],
    ['chat', 'Chat — Referio'],
  ])('names the dashboard page %s "%s"', async (page, title) => {
    signInAs();
    renderApp(`/dashboard/${page}`);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('names the signed-in pages of the referrer mode and the not-found page', async () => {
    signInAs();
    renderApp('/nowhere-at-all');
    await screen.findByRole('heading', { name: 'Page not found' });
    await waitFor(() => expect(document.title).toBe('Page not found — Referio'));
  });

  it('moves between dashboard pages with an announcement of the new title', async () => {
    const user = userEvent.setup();
    signInAs();
    renderApp('/dashboard/userdashboard');
    await waitFor(() => expect(document.title).toBe('Dashboard — Referio'));
    const nav = await screen.findByRole('link', { name: 'My Referral Requests' });
    await user.click(nav);
    await waitFor(() => expect(status()).toHaveTextContent('My referral requests — Referio'));
    await act(async () => undefined);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: pageText('mfe_candidate/MyReferralRequests') }),
    );
  });
});
