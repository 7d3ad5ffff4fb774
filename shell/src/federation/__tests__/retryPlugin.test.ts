import { backoff, createRetryPlugin } from '../retryPlugin';

type Plugin = ReturnType<typeof createRetryPlugin>;
type LoadEntryErrorArgs = Parameters<NonNullable<Plugin['loadEntryError']>>[0];

const answer = (status: number) => ({ ok: status >= 200 && status < 300, status }) as Response;

function setup(fetchImpl: jest.Mock, retries = 2) {
  const sleep = jest.fn(async () => undefined);
  const plugin = createRetryPlugin({ retries, baseDelayMs: 100, sleep, fetchImpl });
  return { plugin, sleep };
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
    const result = await plugin.loadEntryError!({
      getRemoteEntry,
      globalLoading,
      uniqueKey: 'mfe_public:entry',
      remoteInfo: { name: 'mfe_public', entry: 'http://localhost:3001/remoteEntry.js' },
    } as unknown as LoadEntryErrorArgs);
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
    const result = await plugin.loadEntryError!({
      getRemoteEntry,
      globalLoading,
      uniqueKey: 'mfe_public:entry',
      remoteInfo: { name: 'mfe_public', entry: 'http://localhost:3001/remoteEntry.js' },
    } as unknown as LoadEntryErrorArgs);
    expect(result).toBeUndefined();
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect(globalLoading).not.toHaveProperty('mfe_public:entry');
  });
});
