import { act, renderHook } from '@testing-library/react';
import { makeSession, makeUser } from '../../test-utils/fixtures';
import {
  SESSION_STORAGE_KEYS,
  useCurrentUser,
  useIsSignedIn,
  useRole,
  useSessionStore,
} from '../sessionStore';

const store = () => useSessionStore.getState();

beforeEach(() => {
  store().signOut();
  localStorage.clear();
});

describe('session store', () => {
  it('signing in writes the answer and the user info to their own local-storage keys', () => {
    store().signIn(makeSession({ profileLink: '/api/files/me.png' }));

    expect(JSON.parse(localStorage.getItem('applicantUser')!)).toMatchObject({
      message: 'OTP Verified Sucessfully!',
      data: { email: 'ana@example.com' },
    });
    expect(JSON.parse(localStorage.getItem('currentUserInfo')!)).toEqual({
      data: makeUser({ profileLink: '/api/files/me.png' }),
    });
    expect(localStorage.getItem('role')).toBe('user');
    expect(localStorage.getItem('profileImageLink')).toBe('/api/files/me.png');
    expect(localStorage.getItem('referrerUser')).toBeNull();
    expect(Object.keys(localStorage).some((k) => /token/i.test(k))).toBe(false);
  });

  it('signing in as a referrer also stores referrerUser', () => {
    store().signIn(
      makeSession({
        authMode: 'referrer',
        roles: [
          { roleName: 'referer', roleId: 1 },
          { roleName: 'user', roleId: 0 },
        ],
      }),
    );
    expect(localStorage.getItem('role')).toBe('referer');
    expect(JSON.parse(localStorage.getItem('referrerUser')!).data.authMode).toBe('referrer');
  });

  it('signing out removes every key', () => {
    store().signIn(makeSession());
    store().setActivePage('chat');
    store().setActiveChatId('c1');
    store().setSelectedJobId('j1');
    store().signOut();

    for (const key of SESSION_STORAGE_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(store().currentUserInfo).toBeNull();
    expect(store().activePage).toBeNull();
  });

  it('reads back a session already in local storage on start', async () => {
    localStorage.setItem('applicantUser', JSON.stringify(makeSession()));
    localStorage.setItem('currentUserInfo', JSON.stringify({ data: makeUser() }));
    localStorage.setItem('role', 'user');
    localStorage.setItem('activePage', 'explore');
    localStorage.setItem('selectedJobId', 'job-7');

    await useSessionStore.persist.rehydrate();

    expect(store().currentUserInfo?.data.fullName).toBe('Ana Rao');
    expect(store().activePage).toBe('explore');
    expect(store().selectedJobId).toBe('job-7');
    expect(store().role).toBe('user');
  });

  it('a fresh page load starts signed in from the stored keys, before any render', async () => {
    localStorage.setItem('applicantUser', JSON.stringify(makeSession()));
    localStorage.setItem('currentUserInfo', JSON.stringify({ data: makeUser() }));
    localStorage.setItem('role', 'referer');
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('../sessionStore');
      expect(fresh.useSessionStore.getState().currentUserInfo?.data.email).toBe('ana@example.com');
      expect(fresh.useSessionStore.getState().role).toBe('referer');
      expect(fresh.isSignedIn()).toBe(true);
    });
  });

  it('ignores malformed or unknown stored values instead of crashing', async () => {
    localStorage.setItem('currentUserInfo', '{not json');
    localStorage.setItem('role', 'admin');
    localStorage.setItem('activePage', 'nowhere');

    await useSessionStore.persist.rehydrate();

    expect(store().currentUserInfo).toBeNull();
    expect(store().role).toBeNull();
    expect(store().activePage).toBeNull();
  });

  it('switching role updates role and referrerUser together', () => {
    store().signIn(makeSession());
    store().setRole('referer');
    expect(localStorage.getItem('role')).toBe('referer');
    expect(JSON.parse(localStorage.getItem('referrerUser')!).data._id).toBe(makeUser()._id);

    store().setRole('user');
    expect(localStorage.getItem('role')).toBe('user');
    expect(localStorage.getItem('referrerUser')).toBeNull();
  });

  it('updating the user keeps every stored copy in step', () => {
    store().signIn(makeSession());
    store().setRole('referer');
    store().setUser(makeUser({ workEmailAdded: true }));

    expect(JSON.parse(localStorage.getItem('currentUserInfo')!).data.workEmailAdded).toBe(true);
    expect(JSON.parse(localStorage.getItem('referrerUser')!).data.workEmailAdded).toBe(true);
    expect(JSON.parse(localStorage.getItem('applicantUser')!).data.workEmailAdded).toBe(true);
  });

  it('follows a sign-out made in another tab', async () => {
    store().signIn(makeSession());
    localStorage.clear();
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'applicantUser', storageArea: localStorage }),
    );
    await Promise.resolve();
    expect(store().applicantUser).toBeNull();
  });

  it('the hooks give the user, the role (user by default) and whether someone is signed in', () => {
    const { result } = renderHook(() => ({
      user: useCurrentUser(),
      role: useRole(),
      signedIn: useIsSignedIn(),
    }));
    expect(result.current).toEqual({ user: null, role: 'user', signedIn: false });

    act(() => store().signIn(makeSession()));
    expect(result.current.user?.email).toBe('ana@example.com');
    expect(result.current.signedIn).toBe(true);
  });
});
