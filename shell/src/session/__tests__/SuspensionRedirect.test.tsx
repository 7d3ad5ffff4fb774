import { act, waitFor } from '@testing-library/react';
import { noteSuspension, useSessionStore, useSuspensionStore } from '@referio/shared';
import { api } from '@referio/shared/test-utils';
import { findPage, makeSession, renderApp, resetApp, signInAs } from '../../test/helpers';

const suspension = { reason: 'Asked candidates for money', suspendedAt: '2026-01-02T03:04:05Z' };

/** A suspension this browser knew of before the site opened (read from storage at the start, not news). */
const knownBefore = () => useSuspensionStore.setState({ suspension });

beforeEach(() => {
  resetApp();
  api.getMe.mockResolvedValue(makeSession());
});

describe('when the server ends the session', () => {
  it.each(['/create-job-post', '/company-list'])(
    'shows the suspended page instead of %s for a suspension, signed out',
    async (path) => {
      signInAs();
      renderApp(path);
      await findPage(
        path === '/company-list' ? 'mfe_public/CompanyList' : 'mfe_referrer/CreateJobPost',
      );
      act(() => useSessionStore.getState().sessionEnded({ why: 'suspended', suspension }));
      expect(await findPage('mfe_public/Suspended')).toBeInTheDocument();
      expect(window.location.pathname).toBe('/suspended');
      expect(window.localStorage.getItem('applicantUser')).toBeNull();
    },
  );

  it('shows the sign-in page for a logout elsewhere', async () => {
    signInAs();
    renderApp('/create-job-post');
    await findPage('mfe_referrer/CreateJobPost');
    act(() => useSessionStore.getState().sessionEnded({ why: 'signed_out' }));
    expect(await findPage('mfe_public/SignIn')).toBeInTheDocument();
  });

  it('shows the suspended page to a tab told while it was still loading', async () => {
    signInAs();
    noteSuspension(suspension);
    useSessionStore.getState().signOut();
    renderApp('/company-list');
    expect(await findPage('mfe_public/Suspended')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/suspended');
  });

  it('shows the suspended page again when a new sign-in is refused for the same suspension', async () => {
    knownBefore();
    renderApp('/sign-in');
    await findPage('mfe_public/SignIn');
    act(() => noteSuspension(suspension));
    expect(await findPage('mfe_public/Suspended')).toBeInTheDocument();
  });

  it('leaves a visitor where they are for a suspension known before the site opened', async () => {
    knownBefore();
    renderApp('/contact-us');
    await findPage('mfe_public/ContactUs');
    await waitFor(() => expect(window.location.pathname).toBe('/contact-us'));
  });
});
