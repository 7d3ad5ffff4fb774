// Test helpers: a fake federation (remote pages are small components named after their id),
// a fake /remotes.json, a signed-in user, and a fresh app state for every test.
import type { JSX } from 'react';
import { render, screen } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  forgetSuspension,
  queryClient,
  useSessionStore,
  type CurrentUser,
  type SessionResponse,
} from '@referio/shared';
import {
  FakeEventSource,
  makeSession as baseMakeSession,
  makeUser as baseMakeUser,
} from '@referio/shared/test-utils';
import { App } from '../App';
import { clearRemotePagesForTests } from '../federation/RemotePage';
import { resetRemotesForTests } from '../federation/remotes';

export const REMOTES_JSON = [
  { name: 'mfe_public', entry: 'http://localhost:3001/mf-manifest.json' },
  { name: 'mfe_candidate', entry: 'http://localhost:3002/mf-manifest.json' },
  { name: 'mfe_referrer', entry: 'http://localhost:3003/mf-manifest.json' },
  { name: 'mfe_chat', entry: 'http://localhost:3004/mf-manifest.json' },
];

/** What a remote page renders in tests: a heading that names the module, e.g. 'mfe_public/Landing page'. */
export const pageText = (id: string) => `${id} page`;

export function fakeRemotePage(id: string): { default: () => JSX.Element } {
  return { default: () => <h1>{pageText(id)}</h1> };
}

export const mockedLoadRemote = jest.mocked(loadRemote);
export const mockedRegisterRemotes = jest.mocked(registerRemotes);

/** A fetch that answers /remotes.json (or fails it, when told so). */
export function mockRemotesJson(answer: 'ok' | 'fail' = 'ok'): jest.Mock {
  const fetchMock = jest.fn(async () => {
    if (answer === 'fail') throw new TypeError('Failed to fetch');
    return { ok: true, status: 200, json: async () => REMOTES_JSON } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The shared test user, with the summary and skills the shell's tests show. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return baseMakeUser({
    summary: 'Frontend engineer who likes design systems.',
    skills: ['React', 'TypeScript'],
    ...overrides,
  });
}

export function makeSession(overrides: Partial<CurrentUser> = {}): SessionResponse {
  return { ...baseMakeSession(), data: makeUser(overrides) };
}

/** A referrer-mode answer of updateRole: the referrer role listed first. */
export function referrerSession(): SessionResponse {
  return makeSession({
    authMode: 'referrer',
    roles: [
      { roleName: 'referer', roleId: 1 },
      { roleName: 'user', roleId: 0 },
    ],
  });
}

export function signInAs(session: SessionResponse = makeSession()): void {
  useSessionStore.getState().signIn(session);
}

/** Fresh state: federation fakes that load, a readable remotes.json, no session, empty caches. */
export function resetApp(): void {
  mockedLoadRemote.mockImplementation(async (id: string) => fakeRemotePage(id));
  mockedRegisterRemotes.mockImplementation(() => undefined);
  mockRemotesJson('ok');
  clearRemotePagesForTests();
  resetRemotesForTests();
  queryClient.clear();
  useSessionStore.getState().signOut();
  forgetSuspension();
  window.scrollTo = jest.fn();
  // The dashboard's live stream (the bell, unread messages) talks to this stand-in.
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
}

/** Renders the real app at `path` (BrowserRouter over jsdom's history). */
export function renderApp(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

/** Waits for the page of module `id` to show. */
export const findPage = (id: string) => screen.findByRole('heading', { name: pageText(id) });
