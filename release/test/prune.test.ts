// Retention: `prune --keep N` keeps the newest N releases and never removes the live one, a canary, the rollback
// target or one that was live in the last 24 hours.
import { getRelease, listReleases, publish } from '../src/releases';
import { canary, deploy, recordQuarantine, rollback } from '../src/pointer';
import { prune } from '../src/prune';
import { cleanTmp, localStore, makeDist } from './fixtures';

afterAll(cleanTmp);

const by = 'ci';
const day = 24 * 60 * 60 * 1000;

it('keeps the newest N, the live one, the canary, the rollback target and any live in the last 24 h', async () => {
  const store = localStore();
  const start = Date.UTC(2026, 0, 1);
  const v: string[] = [];
  for (let i = 0; i < 8; i++) {
    const { record } = await publish(store, {
      app: 'mfe-referrer',
      dist: makeDist({ name: 'mfe_referrer', text: `build ${i}` }),
      semver: `0.1.${i}`,
      by,
      now: new Date(start + i * day),
    });
    v.push(record.version);
  }
  // v0 live long ago; v1 live until 3 days ago; v2 live until 2 h ago (rolled back from); v3 live now; v5 canary.
  await deploy(store, 'mfe-referrer', v[0]!, { by, now: new Date(start + 1 * day) });
  await deploy(store, 'mfe-referrer', v[1]!, { by, now: new Date(start + 2 * day) });
  await deploy(store, 'mfe-referrer', v[2]!, { by, now: new Date(start + 5 * day) });
  await deploy(store, 'mfe-referrer', v[4]!, {
    by,
    now: new Date(start + 10 * day - 3 * 3600_000),
  });
  await rollback(store, 'mfe-referrer', { by, now: new Date(start + 10 * day - 2 * 3600_000) });
  await deploy(store, 'mfe-referrer', v[3]!, {
    by,
    now: new Date(start + 10 * day - 1 * 3600_000),
  });
  await canary(store, 'mfe-referrer', v[5]!, 20, {
    by,
    now: new Date(start + 10 * day - 1800_000),
  });
  const now = new Date(start + 10 * day);

  const dry = await prune(store, 'mfe-referrer', 1, { now, dryRun: true });
  expect((await listReleases(store, 'mfe-referrer')).length).toBe(8);
  const result = await prune(store, 'mfe-referrer', 1, { now });
  expect(result).toEqual(dry);
  // Kept: v7 (newest), v3 (live), v5 (canary), v2 (rollback target, live 2 h ago), v4 (live 3 h ago).
  expect(result.removed.sort()).toEqual([v[0], v[1], v[6]].sort());
  expect(result.kept.sort()).toEqual([v[2], v[3], v[4], v[5], v[7]].sort());
  expect(await getRelease(store, 'mfe-referrer', v[0]!)).toBeNull();
  expect(await store.list(`releases/mfe-referrer/${v[0]}/`)).toEqual([]);
  expect(await store.list(`sourcemaps/mfe-referrer/${v[0]}/`)).toEqual([]);
  expect((await store.list(`releases/mfe-referrer/${v[3]}/`)).length).toBeGreaterThan(0);

  // A day later v4 was no longer live in the last 24 h and goes; the rest are still protected.
  const later = await prune(store, 'mfe-referrer', 1, { now: new Date(now.getTime() + 2 * day) });
  expect(later.removed).toEqual([v[4]]);
  await expect(prune(store, 'mfe-referrer', 0)).rejects.toThrow('--keep must be 1 or more');
});

it("a shell server's quarantine of a release in the history does not count as that release being live", async () => {
  const store = localStore();
  const v: string[] = [];
  for (let i = 0; i < 3; i++) {
    const dist = makeDist({ name: 'mfe_referrer', text: `q ${i}` });
    const { record } = await publish(store, { app: 'mfe-referrer', dist, semver: `0.1.${i}`, by });
    v.push(record.version);
  }
  await deploy(store, 'mfe-referrer', v[2]!, { by });
  // v0 was only ever a visitor's override, whose server render a shell server quarantined.
  await recordQuarantine(store, {
    app: 'mfe-referrer',
    version: v[0]!,
    page: './Dashboard',
    action: 'quarantine',
    note: '3 failed server renders',
    by: 'shell server',
  });
  expect((await prune(store, 'mfe-referrer', 1)).removed).toEqual([v[0], v[1]]);
});
