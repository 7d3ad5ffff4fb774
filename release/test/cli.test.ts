// `referio-release`: the commands a team types, their answers, and a refusal's exit status (3) and message.
import { main } from '../src/cli';
import { readPointer, recordQuarantine } from '../src/pointer';
import { LocalStore } from '../src/store';
import { cleanTmp, makeDist, remoteShared, shellShared, tmpDir } from './fixtures';

afterAll(cleanTmp);

async function run(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const spy = jest.spyOn(console, 'error').mockImplementation((m: string) => void err.push(m));
  try {
    const code = await main(args, (t) => out.push(t));
    return { code, out, err };
  } finally {
    spy.mockRestore();
  }
}

it('publishes, deploys, refuses what the guard refuses (status 3, pointer unchanged) and shows the history', async () => {
  const dir = tmpDir('store');
  const s = ['--store', dir, '--by', 'Ada'];
  const shell = makeDist({ name: 'shell', host: true, shared: shellShared('0.2.0') });
  const published = await run('publish', 'shell', '--dist', shell, '--deploy', '--json', ...s);
  expect(published.code).toBe(0);
  const { version: shellVersion } = JSON.parse(published.out[0]!) as { version: string };
  expect(JSON.parse(published.out[0]!)).toEqual({
    status: 'released',
    app: 'shell',
    version: shellVersion,
    deployed: true,
  });

  const remote = makeDist({ name: 'mfe_referrer', shared: remoteShared('^0.3.0') });
  const kept = await run('publish', 'mfe-referrer', '--dist', remote, ...s);
  expect(kept.out[0]).toMatch(
    /^released mfe-referrer 0\.1\.0\+[0-9a-f]{10} \(5 files, 1 source maps\) in /,
  );
  const before = await readPointer(new LocalStore(dir));
  const refused = await run('deploy', 'mfe-referrer', 'latest', '--note', 'x', ...s);
  expect(refused.code).toBe(3);
  expect(refused.err[0]).toMatch(
    /^refused: mfe-referrer 0\.1\.0\+[0-9a-f]{10} requires @referio\/shared \^0\.3\.0, the live shell \(shell .*\) provides 0\.2\.0: deploy the shell first$/,
  );
  expect(await readPointer(new LocalStore(dir))).toEqual(before);

  const history = await run('history', ...s);
  expect(history.out[0]).toMatch(
    new RegExp(
      `shell +deploy \\(none\\) -> ${shellVersion.replace('+', '\\+')}  by Ada  "publish ${shellVersion.replace('+', '\\+')}"$`,
    ),
  );
  expect((await run('rollback', 'shell', ...s)).err[0]).toBe(
    'refused: shell has no earlier release to roll back to',
  );
  expect((await run('frobnicate', ...s)).code).toBe(2);
});

it("shows the shell servers' quarantines of a release's server render in the history and, while in force, the status", async () => {
  const dir = tmpDir('store');
  const s = ['--store', dir, '--by', 'Ada'];
  const store = new LocalStore(dir);
  const remote = makeDist({ name: 'mfe_public', shared: remoteShared('^0.2.0') });
  const { out } = await run('publish', 'mfe-public', '--dist', remote, '--deploy', '--json', ...s);
  const { version } = JSON.parse(out[0]!) as { version: string };
  const by = 'shell server web-1 (pid 42)';
  const note = '3 failed server renders within 5 min (last: boom)';
  const at = new Date(Date.now() + 1000);
  const page = './Landing';
  await recordQuarantine(store, {
    app: 'mfe-public',
    version,
    page,
    action: 'quarantine',
    note,
    by,
    now: at,
  });
  const v = version.replace('+', '\\+');

  const history = await run('history', 'mfe-public', ...s);
  expect(history.out[0]!.split('\n')[1]).toMatch(
    new RegExp(
      `mfe-public +server render of ${v} \\./Landing quarantined \\(the page renders in the browser\\)  by shell server web-1 \\(pid 42\\)  "${note.replace(/[()]/g, '\\$&')}"$`,
    ),
  );
  const status = await run('status', ...s);
  expect(status.out[0]!.split('\n')).toEqual([
    expect.stringMatching(new RegExp(`^mfe-public +live ${v} since `)),
    expect.stringMatching(
      new RegExp(`^mfe-public +server render of ${v} \\./Landing quarantined .* since `),
    ),
  ]);
  const json = JSON.parse((await run('status', '--json', ...s)).out[0]!) as {
    quarantines: { to: string; page: string }[];
  };
  expect(json.quarantines).toEqual([expect.objectContaining({ to: version, page: './Landing' })]);

  // Lifted: in the history, no longer in the status.
  const lifted = new Date(at.getTime() + 1000);
  const liftNote = 'a probe render succeeded';
  await recordQuarantine(store, {
    app: 'mfe-public',
    version,
    page,
    action: 'lift',
    note: liftNote,
    by,
    now: lifted,
  });
  expect((await run('history', 'mfe-public', ...s)).out[0]!.split('\n')[2]).toMatch(
    new RegExp(`server render of ${v} \\./Landing back \\(quarantine lifted\\)`),
  );
  expect((await run('status', ...s)).out[0]!.split('\n')).toHaveLength(1);
});
