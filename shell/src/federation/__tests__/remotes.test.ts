import { registerRemotes } from '@module-federation/enhanced/runtime';
import { ensureRemotes, resetRemotesForTests } from '../remotes';
import { INLINE_REMOTES_CONFIG_ID, inlineRemotesConfig } from '../remotesConfig';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const inPage = [{ name: 'mfe_public', entry: 'http://localhost:3001/mf-manifest.json' }];
const inFile = [{ name: 'mfe_public', entry: 'http://cdn.example/public/mf-manifest.json' }];

function putInPage(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = INLINE_REMOTES_CONFIG_ID;
  block.textContent = text;
  document.head.append(block);
}

let fetchMock: jest.Mock;
beforeEach(() => {
  resetRemotesForTests();
  document.getElementById(INLINE_REMOTES_CONFIG_ID)?.remove();
  fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => inFile }));
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe("the page's copy of remotes.json", () => {
  it('registers the copy the page carries without fetching the file', async () => {
    putInPage(JSON.stringify(inPage));
    await expect(ensureRemotes()).resolves.toEqual(inPage);
    expect(registerRemotes).toHaveBeenCalledWith(inPage);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the file when the page has no copy, or one that does not check out', async () => {
    await expect(ensureRemotes()).resolves.toEqual(inFile);
    resetRemotesForTests();
    putInPage('[{"name":"not a name","entry":"http://x/"}]');
    expect(inlineRemotesConfig()).toBeNull();
    await expect(ensureRemotes()).resolves.toEqual(inFile);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('uses the copy once: a retry after a failed registration fetches the file', async () => {
    putInPage(JSON.stringify(inPage));
    jest.mocked(registerRemotes).mockImplementationOnce(() => {
      throw new Error('registration failed');
    });
    await expect(ensureRemotes()).rejects.toThrow('registration failed');
    await expect(ensureRemotes()).resolves.toEqual(inFile);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
