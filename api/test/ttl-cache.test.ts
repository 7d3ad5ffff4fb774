import { TtlCache } from '../src/lib/ttl-cache';

describe('TtlCache', () => {
  it('answers a stored value until its time is up, then computes it again', async () => {
    let now = 0;
    const cache = new TtlCache<number>(1000, 10, () => now);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.getOrCompute('a', compute)).toBe(1);
    now = 999;
    expect(await cache.getOrCompute('a', compute)).toBe(1);
    now = 1000;
    expect(await cache.getOrCompute('a', compute)).toBe(2);
  });

  it('shares one computation between concurrent misses on a key', async () => {
    const cache = new TtlCache<string>(1000, 10, () => 0);
    let calls = 0;
    let release: (v: string) => void = () => {};
    const compute = () => {
      calls += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const both = Promise.all([cache.getOrCompute('k', compute), cache.getOrCompute('k', compute)]);
    release('done');
    expect(await both).toEqual(['done', 'done']);
    expect(calls).toBe(1);
  });

  it('forgets a failed computation so the next call tries again', async () => {
    const cache = new TtlCache<number>(1000, 10, () => 0);
    await expect(cache.getOrCompute('k', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.getOrCompute('k', async () => 7)).toBe(7);
  });

  it('drops the oldest entry past its size, forgets all on clear, and computes every time with a TTL of 0', async () => {
    const cache = new TtlCache<number>(1000, 2, () => 0);
    await cache.getOrCompute('a', async () => 1);
    await cache.getOrCompute('b', async () => 2);
    await cache.getOrCompute('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.getOrCompute('a', async () => 10)).toBe(10);
    cache.clear();
    expect(cache.size).toBe(0);

    const off = new TtlCache<number>(0, 2, () => 0);
    let n = 0;
    await off.getOrCompute('a', async () => ++n);
    expect(await off.getOrCompute('a', async () => ++n)).toBe(2);
    expect(off.size).toBe(0);
  });
});
