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

export async function main(
  argv: string[],
  out: (text: string) => void = (text) => process.stdout.write(`${text}\n`),
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
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
    },
  });
  const [command, ...args] = positionals;
  if (!command || values.help) {
    out(USAGE);
    return command ? 0 : 2;
  }
  const store: Store = openStore(values.store);
  const act = { by: values.by, note: values.note };
  const print = (text: string, json: unknown): void =>
    out(values.json ? JSON.stringify(json) : text);
  try {
    switch (command) {
      case 'release':
      case 'publish': {
        const app = checkApp(args[0] ?? appFromCwd() ?? '');
        if (command === 'release' && !values['skip-build']) {
          const built = spawnSync('npm', ['run', 'build', '--silent', '-w', `@referio/${app}`], {
            cwd: repoRoot,
            stdio: values.json ? ['ignore', 'ignore', 'inherit'] : 'inherit',
          });
          if (built.status !== 0) throw new Error(`${app}: the build failed`);
        }
        const dist = path.resolve(values.dist ?? path.join(repoRoot, app, 'dist'));
        const commit = git(['rev-parse', 'HEAD']);
        const dirty = Boolean(git(['status', '--porcelain', '--', app, 'shared', 'tools/build']));
        const { status, record } = await publish(store, {
          app,
          dist,
          semver: packageVersion(app),
          version: values.version,
          by: whoAmI(values.by),
          commit,
          dirty,
        });
        let deployed: HistoryEvent | null = null;
        const live = (await readPointer(store)).apps[app]?.live;
        if (values.deploy && live !== record.version) {
          deployed = await deploy(store, app, record.version, {
            ...act,
            note: act.note ?? `${command} ${record.version}`,
          });
        }
        print(
          `${status === 'released' ? 'released' : 'already released (identical)'} ${app} ${record.version} (${record.files.length} files, ${record.sourceMaps.length} source maps) in ${store.location}${deployed ? '\ndeployed: it is live' : ''}`,
          { status, app, version: record.version, deployed: Boolean(deployed) },
        );
        return 0;
      }
      case 'list': {
        const app = checkApp(args[0] ?? appFromCwd() ?? '');
        const p = (await readPointer(store)).apps[app];
        const rows = await listReleases(store, app);
        print(
          rows
            .map(
              (r) =>
                `${r.version === p?.live ? 'live  ' : r.version === p?.canary?.version ? `canary ${p.canary.percent}% ` : '      '}${r.version}  ${when(r.createdAt)}  by ${r.createdBy}${r.commit ? `  ${r.commit.slice(0, 10)}${r.dirty ? '+changes' : ''}` : ''}`,
            )
            .join('\n') || `${app} has no releases in ${store.location}`,
          rows.map((r) => ({ ...r, live: r.version === p?.live })),
        );
        return 0;
      }
      case 'deploy': {
        const app = checkApp(args[0] ?? '');
        if (!args[1]) throw new RefusedError('usage: deploy <app> <version|latest> --note "…"');
        const version = await resolveVersion(store, app, args[1]);
        const e = await deploy(store, app, version, act);
        print(`deployed: ${formatEvent(e)}`, e);
        return 0;
      }
      case 'rollback': {
        const e = await rollback(store, checkApp(args[0] ?? ''), act);
        print(`rolled back: ${formatEvent(e)}`, e);
        return 0;
      }
      case 'canary': {
        const app = checkApp(args[0] ?? '');
        if (!args[1] || !values.percent)
          throw new RefusedError('usage: canary <app> <version> --percent N');
        const version = await resolveVersion(store, app, args[1]);
        const e = await canary(store, app, version, Number(values.percent), act);
        print(`canary: ${formatEvent(e)}`, e);
        return 0;
      }
      case 'promote':
      case 'abort': {
        const app = checkApp(args[0] ?? '');
        const e =
          command === 'promote' ? await promote(store, app, act) : await abort(store, app, act);
        print(`${command}: ${formatEvent(e)}`, e);
        return 0;
      }
      case 'history': {
        const events = await history(store, args[0]);
        const limit = Number(values.limit ?? 50);
        const shown = events.slice(-limit);
        print(shown.map(formatEvent).join('\n') || 'no deploys yet', shown);
        return 0;
      }
      case 'status': {
        const pointer = await readPointer(store);
        const quarantines = await quarantinedNow(store, pointer);
        const lines = Object.entries(pointer.apps).map(
          ([app, p]) =>
            `${app.padEnd(13)} live ${p.live} since ${when(p.since)}${p.canary ? `; canary ${p.canary.version} at ${p.canary.percent} %` : ''}`,
        );
        for (const q of quarantines)
          lines.push(`${q.app.padEnd(13)} ${eventWhat(q)} since ${when(q.at)}  "${q.note}"`);
        print(lines.join('\n') || `nothing deployed from ${store.location}`, {
          ...pointer,
          quarantines,
        });
        return 0;
      }
      case 'prune': {
        const keep = Number(values.keep);
        const apps = values.all ? await listApps(store) : [checkApp(args[0] ?? '')];
        const results: Record<string, unknown> = {};
        const lines: string[] = [];
        for (const app of apps) {
          const r = await prune(store, app, keep, { dryRun: values['dry-run'] });
          results[app] = r;
          lines.push(
            `${app}: ${values['dry-run'] ? 'would remove' : 'removed'} ${r.removed.length ? r.removed.join(', ') : 'nothing'}; kept ${r.kept.length}`,
          );
        }
        print(lines.join('\n'), results);
        return 0;
      }
      default:
        out(USAGE);
        return 2;
    }
  } catch (err) {
    if (err instanceof RefusedError) {
      console.error(err.message);
      return 3;
    }
    throw err;
  }
}
