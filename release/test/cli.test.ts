// `referio-release`: the commands a team types, their answers, and a refusal's exit status (3) and message.
import { main } from '../src/cli';
import { readPointer } from '../src/pointer';
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
