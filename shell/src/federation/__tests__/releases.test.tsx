// Open tabs across releases: a chunk of a replaced release reloads its remote from /remotes.json, Retry
// recovers, and a newer release of a loaded remote is announced (never reloaded on its own).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  fakeRemotePage,
  mockedLoadRemote,
  mockedRegisterRemotes,
  REMOTES_JSON,
  renderApp,
  resetApp,
} from '../../test/helpers';
import { checkForNewRelease, ensureRemotes, isChunkLoadError, loadPageModule } from '../remotes';
import { keepServerHtmlOf } from '../RemotePage';
import { NEW_RELEASE_MESSAGE, NewReleaseNotice } from '../NewReleaseNotice';
import { newRelease, resetReleaseWatchForTests, startReleaseWatch } from '../releaseWatch';
import { api } from '@referio/shared/test-utils';

// A loaded machine renders slowly: each test may take a while (the waits inside are for a page to show).
jest.setTimeout(30_000);

const MESSAGE = 'This part of Referio could not be loaded.';
const NEXT_PUBLIC = 'http://localhost:3001/releases/2/mf-manifest.json';

function chunkError(): Error {
  const err = new Error('Loading chunk 412 failed.\n(error: http://localhost:3001/412.js)');
  err.name = 'ChunkLoadError';
  return err;
}

/** /remotes.json answers with mfe_public moved to `entry`. */
function pointerAt(entry: string): jest.Mock {
  const list = REMOTES_JSON.map((r) => (r.name === 'mfe_public' ? { ...r, entry } : r));
  const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => list }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

beforeEach(() => {
  resetApp();
  resetReleaseWatchForTests();
  api.getMe.mockRejectedValue(new Error('not signed in'));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('a chunk that does not load', () => {
  it('is told apart from a remote that does not answer', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 7 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('RUNTIME-008 ScriptNetworkError'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed.')).toBe(false);
  });

  it('reloads its remote from the current /remotes.json once and loads the page from there', async () => {
    await ensureRemotes();
    const pointer = pointerAt(NEXT_PUBLIC);
    mockedLoadRemote.mockRejectedValueOnce(chunkError());
    const page = await loadPageModule('mfe_public/CompanyList');
    expect(page.default).toBeInstanceOf(Function);
    expect(pointer).toHaveBeenCalledWith(
      '/remotes.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(mockedRegisterRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mfe_public', entry: NEXT_PUBLIC }],
      { force: true },
    );
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
  });

  it('shows the failure card when the reload fails too, and Retry recovers once the pointer is right', async () => {
    mockedLoadRemote.mockRejectedValueOnce(chunkError()).mockRejectedValueOnce(chunkError());

    renderApp('/company-list');
    expect(await screen.findByText(MESSAGE, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);

    pointerAt(NEXT_PUBLIC);
    mockedLoadRemote.mockRejectedValueOnce(chunkError());
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole(
        'heading',
        { name: 'mfe_public/CompanyList page' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(mockedRegisterRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mfe_public', entry: NEXT_PUBLIC }],
      { force: true },
    );
  });

  it('does not read the pointer again for a remote that does not answer at all', async () => {
    mockedLoadRemote.mockRejectedValueOnce(new Error('RUNTIME-008 ScriptNetworkError'));
    const fetchMock = pointerAt(NEXT_PUBLIC);
    await ensureRemotes();
    fetchMock.mockClear();
    await expect(loadPageModule('mfe_public/Premium')).rejects.toThrow('ScriptNetworkError');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a newer release', () => {
  it('of a remote the tab runs is reported; one it has not loaded is quietly moved to the new entry', async () => {
    await ensureRemotes();
    pointerAt(REMOTES_JSON[0]!.entry);
    await expect(checkForNewRelease()).resolves.toBe(false);
    // mfe_public not loaded yet: moved, nothing to announce.
    pointerAt(NEXT_PUBLIC);
    await expect(checkForNewRelease()).resolves.toBe(false);
    expect(mockedRegisterRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mfe_public', entry: NEXT_PUBLIC }],
      { force: true },
    );
    await loadPageModule('mfe_public/Landing');
    await expect(checkForNewRelease()).resolves.toBe(false);
    pointerAt('http://localhost:3001/releases/3/mf-manifest.json');
    await expect(checkForNewRelease()).resolves.toBe(true);
  });

  it('of the shell is reported when the server names another shell release than the tab runs', async () => {
    await ensureRemotes();
    const answer = (release: string | null) => {
      const headers = {
        get: (name: string) => (/^referio-shell-release$/i.test(name) ? release : null),
      };
      globalThis.fetch = jest.fn(async () => ({
        ok: true,
        status: 200,
        headers,
        json: async () => REMOTES_JSON,
      })) as unknown as typeof fetch;
    };
    answer('0.1.0+aaaaaaaaaa');
    await expect(checkForNewRelease('0.1.0+aaaaaaaaaa')).resolves.toBe(false);
    // A page from a server that does not say which shell it runs: nothing to compare.
    await expect(checkForNewRelease(null)).resolves.toBe(false);
    answer(null);
    await expect(checkForNewRelease('0.1.0+aaaaaaaaaa')).resolves.toBe(false);
    answer('0.1.0+bbbbbbbbbb');
    await expect(checkForNewRelease('0.1.0+aaaaaaaaaa')).resolves.toBe(true);
  });

  it('is checked on focus, on the tab coming into view, on a route change (not too often) and on a timer', async () => {
    jest.useFakeTimers();
    try {
      await ensureRemotes();
      await loadPageModule('mfe_public/Landing');
      let clock = 0;
      const check = jest.fn(async () => false);
      const watch = startReleaseWatch({
        intervalMs: 60_000,
        minGapMs: 10_000,
        check,
        now: () => clock,
      });
      window.dispatchEvent(new Event('focus'));
      expect(check).toHaveBeenCalledTimes(1);
      await watch.checkNow(); // joins the check under way
      await watch.checkNow();
      expect(check).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(0);
      document.dispatchEvent(new Event('visibilitychange'));
      expect(check).toHaveBeenCalledTimes(3);
      await jest.advanceTimersByTimeAsync(0);
      watch.routeChanged();
      expect(check).toHaveBeenCalledTimes(3);
      clock = 10_000;
      watch.routeChanged();
      expect(check).toHaveBeenCalledTimes(4);
      await jest.advanceTimersByTimeAsync(60_000 - 0);
      expect(check).toHaveBeenCalledTimes(5);
      check.mockResolvedValueOnce(true);
      await watch.checkNow();
      expect(newRelease.get()).toBe(true);
      watch.stop();
      await jest.advanceTimersByTimeAsync(120_000);
      expect(check).toHaveBeenCalledTimes(6);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows "A new version of Referio is available · Reload" in a polite live region; typed text stays; Reload reloads', async () => {
    function FormPage() {
      return <input aria-label="Message" />;
    }
    mockedLoadRemote.mockImplementation(async (id: string) =>
      id === 'mfe_public/ContactUs' ? { default: FormPage } : fakeRemotePage(id),
    );
    renderApp('/contact-us');
    const field = await screen.findByRole('textbox', { name: 'Message' }, { timeout: 5000 });
    await userEvent.type(field, 'Half a sentence');
    expect(screen.queryByText(NEW_RELEASE_MESSAGE)).not.toBeInTheDocument();

    pointerAt(NEXT_PUBLIC);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    const text = await screen.findByText(NEW_RELEASE_MESSAGE, {}, { timeout: 5000 });
    expect(text.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Half a sentence');
  });

  it('reloads the page only when Reload is pressed', async () => {
    const reload = jest.fn();
    render(
      <MemoryRouter>
        <NewReleaseNotice reload={reload} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    act(() => newRelease.set(true));
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('a page the server rendered', () => {
  it("keeps the server's HTML when its code does not load, and fails as usual on the next visit", async () => {
    mockedLoadRemote.mockRejectedValue(new Error('RUNTIME-008 ScriptNetworkError'));
    keepServerHtmlOf(
      'mfe_public/Landing',
      '<h1>Server landing</h1><a href="/company-list">Get Referred Now</a>',
    );
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Server landing' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('mfe_public/Landing');
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
    // Its links are the plain links the server sent (a page load, rendered by the server again).
    expect(screen.getByRole('link', { name: 'Get Referred Now' })).toHaveAttribute(
      'href',
      '/company-list',
    );
    // A route change and back: a new visit, which shows the failure card.
    await userEvent.click(screen.getAllByRole('link', { name: 'Get Premium' })[0]!);
    expect(await screen.findByText(MESSAGE, {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('link', { name: 'Referio home' })[0]!);
    expect(await screen.findByText(MESSAGE, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Server landing' })).not.toBeInTheDocument();
  });
});
