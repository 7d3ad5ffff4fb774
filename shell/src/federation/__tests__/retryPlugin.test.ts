import {
  backoff,
  createRetryPlugin,
  DEFAULT_REMOTE_TIMEOUT_MS,
  REMOTE_TIMEOUT_META,
  RemoteTimeoutError,
  remoteTimeoutMs,
} from '../retryPlugin';

type Plugin = ReturnType<typeof createRetryPlugin>;
type LoadEntryErrorArgs = Parameters<NonNullable<Plugin['loadEntryError']>>[0];

const answer = (status: number) => ({ ok: status >= 200 && status < 300, status }) as Response;

function setup(fetchImpl: jest.Mock, retries = 2) {
  const sleep = jest.fn(async () => undefined);
  const plugin = createRetryPlugin({ retries, baseDelayMs: 100, sleep, fetchImpl });
  return { plugin, sleep };
}

const ENTRY = 'http://localhost:3001/remoteEntry.js';

/** What the runtime hands the plugin when mfe_public's entry (ENTRY) failed to load. */
function entryFailed(
  plugin: Plugin,
  getRemoteEntry: jest.Mock,
  globalLoading: Record<string, Promise<unknown> | undefined>,
) {
  return plugin.loadEntryError!({
    getRemoteEntry,
    globalLoading,
    uniqueKey: 'mfe_public:entry',
    remoteInfo: { name: 'mfe_public', entry: ENTRY },
  } as unknown as LoadEntryErrorArgs);
}

describe('the retry runtime plugin', () => {
  it('waits longer before each new attempt', () => {
    expect([1, 2, 3].map((n) => backoff(n, 100))).toEqual([100, 200, 400]);
  });

  it('retries a manifest fetch that failed on the network, then hands over the answer', async () => {
    const fetchImpl = jest
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(503))
      .mockResolvedValueOnce(answer(200));
    const { plugin, sleep } = setup(fetchImpl);
    const res = await plugin.fetch!('http://localhost:3001/mf-manifest.json', {});
    expect(res).toMatchObject({ status: 200 });
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[100], [200]]);
  });

  it('gives up after the last retry with the last error, so the runtime reports the failure', async () => {
    const fetchImpl = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const { plugin } = setup(fetchImpl);
    await expect(plugin.fetch!('http://localhost:3001/mf-manifest.json', {})).rejects.toThrow(
      'Failed to fetch',
    );
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('does not retry an answer that will not change, such as 404', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(answer(404));
    const { plugin } = setup(fetchImpl);
    await expect(plugin.fetch!('http://localhost:3001/mf-manifest.json', {})).rejects.toThrow(
      'http://localhost:3001/mf-manifest.json answered 404',
    );
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('reloads a remote entry that failed, forgetting the failed attempt first', async () => {
    const exportsOfEntry = { get: jest.fn(), init: jest.fn() };
    const globalLoading: Record<string, Promise<unknown> | undefined> = {
      'mfe_public:entry': Promise.resolve(),
    };
    const getRemoteEntry = jest.fn(async () => {
      expect(globalLoading['mfe_public:entry']).toBeUndefined();
      if (getRemoteEntry.mock.calls.length === 1) throw new Error('ScriptNetworkError');
      return exportsOfEntry;
    });
    const { plugin, sleep } = setup(jest.fn());
    const result = await entryFailed(plugin, getRemoteEntry, globalLoading);
    expect(result).toBe(exportsOfEntry);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect(sleep.mock.calls).toEqual([[100], [200]]);
  });

  it('lets the error through when the entry still fails, leaving nothing cached', async () => {
    const globalLoading: Record<string, Promise<unknown> | undefined> = {};
    const getRemoteEntry = jest.fn(async () => {
      globalLoading['mfe_public:entry'] = Promise.resolve();
      throw new Error('ScriptNetworkError');
    });
    const { plugin } = setup(jest.fn());
    const result = await entryFailed(plugin, getRemoteEntry, globalLoading);
    expect(result).toBeUndefined();
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect(globalLoading).not.toHaveProperty('mfe_public:entry');
  });
});

describe('time limits', () => {
  afterEach(() => {
    jest.useRealTimers();
    document.head.innerHTML = '';
  });

  it('gives up on a manifest that never arrives after the time limit, without retrying', async () => {
    jest.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetchImpl = jest.fn((_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    });
    const plugin = createRetryPlugin({ timeoutMs: 3000, fetchImpl: fetchImpl as typeof fetch });
    const result = plugin.fetch!('http://localhost:3001/mf-manifest.json', {});
    const outcome = expect(result).rejects.toThrow(
      'http://localhost:3001/mf-manifest.json did not answer within 3000 ms',
    );
    await jest.advanceTimersByTimeAsync(2999);
    expect(signal?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await outcome;
    await expect(result).rejects.toBeInstanceOf(RemoteTimeoutError);
    expect(signal?.aborted).toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('gives each remote entry <script> the same time limit', () => {
    const plugin = createRetryPlugin({ timeoutMs: 2500 });
    expect(plugin.createScript!({ url: 'http://localhost:3001/remoteEntry.js' })).toEqual({
      timeout: 2500,
    });
  });

  it('does not load again an entry whose <script> ran out of time', async () => {
    jest.useFakeTimers();
    const plugin = createRetryPlugin({ timeoutMs: 2000, sleep: async () => undefined });
    plugin.createScript!({ url: ENTRY });
    await jest.advanceTimersByTimeAsync(2000);
    const getRemoteEntry = jest.fn();
    const result = await entryFailed(plugin, getRemoteEntry, {});
    expect(result).toBeUndefined();
    expect(getRemoteEntry).not.toHaveBeenCalled();
  });

  it('reads the time limit from the page, else uses the default', () => {
    expect(remoteTimeoutMs()).toBe(DEFAULT_REMOTE_TIMEOUT_MS);
    const meta = document.createElement('meta');
    meta.name = REMOTE_TIMEOUT_META;
    meta.content = '1500';
    document.head.append(meta);
    expect(remoteTimeoutMs()).toBe(1500);
    meta.content = 'soon';
    expect(remoteTimeoutMs()).toBe(DEFAULT_REMOTE_TIMEOUT_MS);
  });
});
