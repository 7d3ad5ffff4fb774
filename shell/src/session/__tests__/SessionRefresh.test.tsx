import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, useSessionStore } from '@referio/shared';
import { api } from '@referio/shared/test-utils';
import { findPage, makeSession, renderApp, resetApp, signInAs } from '../../test/helpers';

beforeEach(() => resetApp());

describe('at start-up', () => {
  it('asks nothing of the server when nobody is signed in', async () => {
    renderApp('/');
    await findPage('mfe_public/Landing');
    expect(api.getMe).not.toHaveBeenCalled();
  });

  it('replaces the stored user with the fresh one from the server', async () => {
    signInAs(makeSession({ fullName: 'Ana Rao' }));
    api.getMe.mockResolvedValue(makeSession({ fullName: 'Anita Rao', skills: ['Go'] }));
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('button', { name: 'Hi, Anita' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('currentUserInfo')!).data.skills).toEqual(['Go']);
  });

  it('signs out here when the server says the session has ended (401)', async () => {
    signInAs();
    api.getMe.mockRejectedValue(new ApiError('Not signed in', 401, 'Not signed in'));
    renderApp('/');
    await waitFor(() => expect(useSessionStore.getState().applicantUser).toBeNull());
    expect(window.localStorage.getItem('applicantUser')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('keeps the session when the server cannot be reached', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    signInAs();
    api.getMe.mockRejectedValue(new ApiError('Network error', 0));
    renderApp('/');
    await waitFor(() => expect(api.getMe).toHaveBeenCalled());
    await findPage('mfe_public/Landing');
    expect(useSessionStore.getState().applicantUser).not.toBeNull();
  });
});
