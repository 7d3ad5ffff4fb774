// `referio-release <command>` (release/README.md, docs/releases.md).
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { openStore, repoRoot, type Store } from './store';
import { checkApp, listApps, listReleases, publish, RefusedError } from './releases';
import {
  abort,
  canary,
  deploy,
  history,
  promote,
  quarantinedNow,
  readPointer,
  resolveVersion,
  rollback,
  whoAmI,
  type HistoryEvent,
} from './pointer';
import { prune } from './prune';

const USAGE = `usage: referio-release <command>
  release [app] [--skip-build] [--deploy] [--note …]  build the app (default: the package run from) and keep it
  publish <app> [--dist dir] [--version v] [--deploy]  keep an already-built dist as a release
  list <app>                                          the app's releases (live / canary marked)
  deploy <app> <version|latest> --note "…"            make a release live (the guard checks it first)
  rollback <app> [--note "…"]                         back to the release live before
  canary <app> <version> --percent N                  serve a release to N % of visitors
  promote <app> / abort <app>                         end the canary: for everyone / for no one
  history [app] [--limit N]                           who deployed what, when, from which, why (and the
                                                      shell servers' quarantines of server renders)
  status                                              what is live and in canary now, and which of their
                                                      pages' server renders are quarantined
  prune <app|--all> --keep N [--dry-run]              remove old releases (never live, canary or recent)
options: --by NAME (else RELEASE_BY, git user, $USER), --store DIR|s3://bucket/prefix (else RELEASE_STORE),
         --json (machine-readable output)`;

const git = (args: string[]): string | null => {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
};

function packageVersion(app: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, app, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** The app a command run inside a package's folder (npm run -w) is about. */
function appFromCwd(): string | undefined {
  const dir = path.basename(process.cwd());
  if (path.dirname(process.cwd()) !== repoRoot || dir === 'release') return undefined;
  return fs.existsSync(path.join(repoRoot, dir, 'package.json')) ? dir : undefined;
}

const when = (iso: string): string => iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');

/** What an event did, in a few words. */
function eventWhat(e: HistoryEvent): string {
  switch (e.action) {
    case 'canary':
      return `canary ${e.to} to ${e.percent} % (live ${e.from})`;
    case 'abort':
      return `canary aborted (live ${e.from})`;
    case 'quarantine':
      return `server render of ${e.to} ${e.page ?? ''} quarantined (the page renders in the browser)`;
    case 'lift':
      return `server render of ${e.to} ${e.page ?? ''} back (quarantine lifted)`;
    default:
      return `${e.action} ${e.from ?? '(none)'} -> ${e.to}`;
  }
}

function formatEvent(e: HistoryEvent): string {
  const what = eventWhat(e);
  return `${when(e.at)}  ${e.app.padEnd(13)} ${what}  by ${e.by}${e.note ? `  "${e.note}"` : ''}`;
}

const OPTIONS = {
  note: { type: 'string' },
  by: { type: 'string' },
  store: { type: 'string' },
  dist: { type: 'string' },
  version: { type: 'string' },
  percent: { type: 'string' },
  keep: { type: 'string' },
  limit: { type: 'string' },
  all: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  'skip-build': { type: 'boolean' },
  deploy: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

/** What a command runs with: its name and arguments, the options, the store, and how to print. */
interface Run {
  command: string;
  args: string[];
  values: Values;
  store: Store;
  /** Who acts and why, for the pointer's history. */
  act: { by: string | undefined; note: string | undefined };
  /** Prints `text`, or `json` with --json. */
  print: (text: string, json: unknown) => void;
}

/** The app named first, else (where allowed) the package the command runs from. */
const appArg = (run: Run, fromCwd = false): string =>
  checkApp(run.args[0] ?? (fromCwd ? appFromCwd() : undefined) ?? '');

function build(app: string, quiet: boolean): void {
  const built = spawnSync('npm', ['run', 'build', '--silent', '-w', `@referio/${app}`], {
    cwd: repoRoot,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  if (built.status !== 0) throw new Error(`${app}: the build failed`);
}

/** release / publish: (build and) keep the app's dist as a release; with --deploy also make it live. */
async function releaseCommand(run: Run): Promise<void> {
  const { command, values, store, act } = run;
  const app = appArg(run, true);
  if (command === 'release' && !values['skip-build']) build(app, Boolean(values.json));
  const { status, record } = await publish(store, {
    app,
    dist: path.resolve(values.dist ?? path.join(repoRoot, app, 'dist')),
    semver: packageVersion(app),
    version: values.version,
    by: whoAmI(values.by),
    commit: git(['rev-parse', 'HEAD']),
    dirty: Boolean(git(['status', '--porcelain', '--', app, 'shared', 'tools/build'])),
  });
  let deployed: HistoryEvent | null = null;
  const live = (await readPointer(store)).apps[app]?.live;
  if (values.deploy && live !== record.version) {
    deployed = await deploy(store, app, record.version, {
      ...act,
      note: act.note ?? `${command} ${record.version}`,
    });
  }
  run.print(
    `${status === 'released' ? 'released' : 'already released (identical)'} ${app} ${record.version} (${record.files.length} files, ${record.sourceMaps.length} source maps) in ${store.location}${deployed ? '\ndeployed: it is live' : ''}`,
    { status, app, version: record.version, deployed: Boolean(deployed) },
  );
}

async function listCommand(run: Run): Promise<void> {
  const app = appArg(run, true);
  const p = (await readPointer(run.store)).apps[app];
  const rows = await listReleases(run.store, app);
  run.print(
    rows
      .map(
        (r) =>
          `${r.version === p?.live ? 'live  ' : r.version === p?.canary?.version ? `canary ${p.canary.percent}% ` : '      '}${r.version}  ${when(r.createdAt)}  by ${r.createdBy}${r.commit ? `  ${r.commit.slice(0, 10)}${r.dirty ? '+changes' : ''}` : ''}`,
      )
      .join('\n') || `${app} has no releases in ${run.store.location}`,
    rows.map((r) => ({ ...r, live: r.version === p?.live })),
  );
}

async function deployCommand(run: Run): Promise<void> {
  const app = appArg(run);
  if (!run.args[1]) throw new RefusedError('usage: deploy <app> <version|latest> --note "…"');
  const version = await resolveVersion(run.store, app, run.args[1]);
  const e = await deploy(run.store, app, version, run.act);
  run.print(`deployed: ${formatEvent(e)}`, e);
}

async function rollbackCommand(run: Run): Promise<void> {
  const e = await rollback(run.store, appArg(run), run.act);
  run.print(`rolled back: ${formatEvent(e)}`, e);
}

async function canaryCommand(run: Run): Promise<void> {
  const app = appArg(run);
  if (!run.args[1] || !run.values.percent)
    throw new RefusedError('usage: canary <app> <version> --percent N');
  const version = await resolveVersion(run.store, app, run.args[1]);
  const e = await canary(run.store, app, version, Number(run.values.percent), run.act);
  run.print(`canary: ${formatEvent(e)}`, e);
}

/** promote / abort: end the canary, for everyone or for no one. */
async function endCanaryCommand(run: Run): Promise<void> {
  const app = appArg(run);
  const end = run.command === 'promote' ? promote : abort;
  const e = await end(run.store, app, run.act);
  run.print(`${run.command}: ${formatEvent(e)}`, e);
}

async function historyCommand(run: Run): Promise<void> {
  const events = await history(run.store, run.args[0]);
  const shown = events.slice(-Number(run.values.limit ?? 50));
  run.print(shown.map(formatEvent).join('\n') || 'no deploys yet', shown);
}

async function statusCommand(run: Run): Promise<void> {
  const pointer = await readPointer(run.store);
  const quarantines = await quarantinedNow(run.store, pointer);
  const lines = Object.entries(pointer.apps).map(
    ([app, p]) =>
      `${app.padEnd(13)} live ${p.live} since ${when(p.since)}${p.canary ? `; canary ${p.canary.version} at ${p.canary.percent} %` : ''}`,
  );
  for (const q of quarantines)
    lines.push(`${q.app.padEnd(13)} ${eventWhat(q)} since ${when(q.at)}  "${q.note}"`);
  run.print(lines.join('\n') || `nothing deployed from ${run.store.location}`, {
    ...pointer,
    quarantines,
  });
}

async function pruneCommand(run: Run): Promise<void> {
  const { values, store } = run;
  const keep = Number(values.keep);
  const apps = values.all ? await listApps(store) : [appArg(run)];
  const results: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const app of apps) {
    const r = await prune(store, app, keep, { dryRun: values['dry-run'] });
    results[app] = r;
    lines.push(
      `${app}: ${values['dry-run'] ? 'would remove' : 'removed'} ${r.removed.length ? r.removed.join(', ') : 'nothing'}; kept ${r.kept.length}`,
    );
  }
  run.print(lines.join('\n'), results);
}

const COMMANDS: Record<string, (run: Run) => Promise<void>> = {
  release: releaseCommand,
  publish: releaseCommand,
  list: listCommand,
  deploy: deployCommand,
  rollback: rollbackCommand,
  canary: canaryCommand,
  promote: endCanaryCommand,
  abort: endCanaryCommand,
  history: historyCommand,
  status: statusCommand,
  prune: pruneCommand,
};

/** Runs a command; the exit code: 0 done, 2 usage, 3 refused (the reason on stderr). */
export async function main(
  argv: string[],
  out: (text: string) => void = (text) => process.stdout.write(`${text}\n`),
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: OPTIONS,
  });
  const [command, ...args] = positionals;
  if (!command || values.help) {
    out(USAGE);
    return command ? 0 : 2;
  }
  const store: Store = openStore(values.store);
  // Own entries only: `constructor` is no command.
  const handler = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!handler) {
    out(USAGE);
    return 2;
  }
  try {
    await handler({
      command,
      args,
      values,
      store,
      act: { by: values.by, note: values.note },
      print: (text, json) => out(values.json ? JSON.stringify(json) : text),
    });
    return 0;
  } catch (err) {
    if (err instanceof RefusedError) {
      console.error(err.message);
      return 3;
    }
    throw err;
  }
}
