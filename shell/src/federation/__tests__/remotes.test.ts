import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { ensureRemotes, loadPageModule, resetRemotesForTests } from '../remotes';
import { INLINE_REMOTES_CONFIG_ID, inlineRemotesConfig } from '../remotesConfig';

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

describe('a remote refused for its @referio/shared range', () => {
  const refusal = new Error(
    '[ Federation Runtime ]: Version 2.0.0 from shell of shared singleton module @referio/shared does not satisfy the requirement of mfe_public which needs ^3.0.0)',
  );

  it('is never loaded again in the tab: every later page of it gets the same refusal', async () => {
    putInPage(JSON.stringify(inPage));
    const Page = () => null;
    // The runtime refuses once, then (as it does in a browser) hands out the module with the dependency missing.
    jest.mocked(loadRemote).mockRejectedValueOnce(refusal).mockResolvedValue({ default: Page });
    await expect(loadPageModule('mfe_public/Premium')).rejects.toBe(refusal);
    await expect(loadPageModule('mfe_public/Premium')).rejects.toBe(refusal);
    await expect(loadPageModule('mfe_public/Landing')).rejects.toBe(refusal);
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('another remote still loads', async () => {
    putInPage(JSON.stringify(inPage));
    const Page = () => null;
    jest.mocked(loadRemote).mockRejectedValueOnce(refusal).mockResolvedValue({ default: Page });
    await expect(loadPageModule('mfe_public/Premium')).rejects.toBe(refusal);
    await expect(loadPageModule('mfe_chat/Chat')).resolves.toEqual({ default: Page });
  });
});
