// The pinned shell releases a process opens on demand (pinned.ts): one opening per release however many ask, at
// most `max` open (the least recently used closed), one that cannot open not tried again until `retryMs` passes.
import type { FastifyInstance } from 'fastify';
import { PinnedReleases } from './pinned';
import type { SiteRelease } from './site';

function harness(kept = new Set(['a', 'b', 'c', 'broken'])) {
  let now = 0;
  const opened: string[] = [];
  const closed: string[] = [];
  const lines: string[] = [];
  const pinned = new PinnedReleases({
    kept: async (v) => kept.has(v),
    open: async (version) => {
      opened.push(version);
      if (version === 'broken') throw new Error('its render pool could not start');
      const app = { close: async () => void closed.push(version) } as unknown as FastifyInstance;
      return { version, app, handle: () => undefined } satisfies SiteRelease;
    },
    max: 2,
    graceMs: 0,
    retryMs: 60_000,
    now: () => now,
    log: (line) => lines.push(line),
  });
  return { pinned, opened, closed, lines, tick: (ms: number) => (now += ms) };
}

test('opens a kept release once however many visitors ask at once; not a release the store does not keep', async () => {
  const { pinned, opened } = harness();
  const [x, y] = await Promise.all([pinned.get('a'), pinned.get('a')]);
  expect(x?.version).toBe('a');
  expect(y).toBe(x);
  expect(await pinned.get('nope')).toBeNull();
  expect(opened).toEqual(['a']);
  await pinned.close();
});

test('at most `max` open: the least recently used is closed', async () => {
  const { pinned, closed, tick } = harness();
  await pinned.get('a');
  tick(1);
  await pinned.get('b');
  tick(1);
  await pinned.get('a');
  tick(1);
  await pinned.get('c');
  await new Promise((r) => setImmediate(r));
  expect(closed).toEqual(['b']);
  expect(pinned.versions.sort()).toEqual(['a', 'c']);
  await pinned.close();
  expect(closed.sort()).toEqual(['a', 'b', 'c']);
});

test('a release that cannot open: a shell.override-failed line, null, and no new try until retryMs', async () => {
  const { pinned, opened, lines, tick } = harness();
  expect(await pinned.get('broken')).toBeNull();
  expect(JSON.parse(lines[0]!)).toMatchObject({
    event: 'shell.override-failed',
    version: 'broken',
    reason: 'its render pool could not start',
  });
  tick(59_999);
  expect(await pinned.get('broken')).toBeNull();
  expect(opened).toEqual(['broken']);
  tick(1);
  expect(await pinned.get('broken')).toBeNull();
  expect(opened).toEqual(['broken', 'broken']);
  await pinned.close();
});
