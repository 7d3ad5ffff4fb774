#!/usr/bin/env node
// The version policy of @referio/shared: its public API (every entry of its package.json `exports` that the
// apps import at run time) is recorded in shared/api.json with the version it belongs to. A change to that API
// needs a version bump that says what it is (semver): an added export or member a minor bump, a removed or
// changed one a major bump. A remote that uses the new API then requires the new range in its own
// package.json, and the contract check refuses it against a live shell that provides an older shared.
//   node tools/contract/shared-api.mjs --check    CI: the API matches shared/api.json, and api.json's change
//                                                 since the base commit (CI_BASE_REF, else HEAD~1) fits the bump
//   node tools/contract/shared-api.mjs --write    record the API (refused when the bump does not fit the change)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const API_FILE = path.join(root, 'shared', 'api.json');
/** A long type text (a store, a schema) is kept as its hash: the file stays small, a change still shows. */
const MAX_TEXT = 240;
const compact = (text) =>
  text.length <= MAX_TEXT
    ? text
    : `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)} (${text.length} chars)`;
/** Entries that are not run-time API of the apps: test helpers and the stylesheet. */
const NOT_API = new Set(['./test-utils', './styles.css']);

/**
 * The public API of the package in `dir`: { entry: { exportName: typeText } }; an interface's or object
 * type's members are rows of their own (`Name.member`, `?` when optional), so adding a member is an addition.
 */
export function extractApi(dir = path.join(root, 'shared')) {
  const ts = require('typescript');
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const entries = Object.entries(pkg.exports)
    .filter(([key]) => !NOT_API.has(key))
    .map(([key, target]) => {
      const file =
        typeof target === 'string' ? target : (target['referio-source'] ?? target.default);
      return [key, path.resolve(dir, file)];
    });
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(dir, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  const program = ts.createProgram({
    rootNames: entries.map(([, f]) => f),
    options: { ...parsed.options, noEmit: true },
  });
  const checker = program.getTypeChecker();
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias;
  const api = {};
  for (const [key, file] of entries) {
    const source = program.getSourceFile(file);
    const rows = {};
    for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(source))) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const name = exported.name;
      if (symbol.flags & ts.SymbolFlags.Value) {
        rows[name] = checker.typeToString(
          checker.getTypeOfSymbolAtLocation(symbol, source),
          undefined,
          flags,
        );
      }
      if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
        const type = checker.getDeclaredTypeOfSymbol(symbol);
        const members =
          type.isUnion() || type.isIntersection() || symbol.flags & ts.SymbolFlags.TypeAlias
            ? []
            : type.getProperties();
        rows[`type ${name}`] = members.length
          ? 'interface'
          : checker.typeToString(type, undefined, flags);
        for (const member of members) {
          const optional = member.flags & ts.SymbolFlags.Optional ? '?' : '';
          rows[`type ${name}.${member.name}${optional}`] = checker.typeToString(
            checker.getTypeOfSymbolAtLocation(member, source),
            undefined,
            flags,
          );
        }
      }
    }
    api[key] = Object.fromEntries(
      Object.entries(rows)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, text]) => [name, compact(text)]),
    );
  }
  return api;
}

/** What changed between two APIs: rows added, removed, changed (`entry name`). */
export function diffApi(before, after) {
  const added = [];
  const removed = [];
  const changed = [];
  for (const entry of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[entry] ?? {};
    const b = after[entry] ?? {};
    const label = (name) =>
      `${entry === '.' ? '@referio/shared' : `@referio/shared/${entry.slice(2)}`} ${name}`;
    for (const name of Object.keys(b)) if (!(name in a)) added.push(label(name));
    for (const name of Object.keys(a)) {
      if (!(name in b)) removed.push(label(name));
      else if (a[name] !== b[name]) changed.push(label(name));
    }
  }
  return { added, removed, changed };
}

/** 'major' for a removal or a change, 'minor' for an addition, else 'none'. */
export function requiredBump(diff) {
  if (diff.removed.length || diff.changed.length) return 'major';
  return diff.added.length ? 'minor' : 'none';
}

/** The bump between two versions: 'major', 'minor', 'patch' (or a pre-release of one), 'none' or 'down'. */
export function bumpOf(from, to) {
  if (semver.eq(from, to)) return 'none';
  if (semver.lt(to, from)) return 'down';
  const kind = semver.diff(from, to);
  return kind.replace(/^pre/, '');
}

const RANK = { none: 0, patch: 1, minor: 2, major: 3 };

/**
 * The policy: `after` (a version and its API) may follow `before` only with a bump at least as big as the API
 * change needs. In 0.x a minor bump counts as a major one (caret ranges treat it so). Readable problems.
 */
export function checkVersionPolicy(before, after) {
  const diff = diffApi(before.api, after.api);
  const needed = requiredBump(diff);
  if (needed === 'none') return [];
  let bump = bumpOf(before.version, after.version);
  if (bump === 'down')
    return [`@referio/shared's version went down (${before.version} -> ${after.version})`];
  if (semver.major(before.version) === 0 && bump === 'minor') bump = 'major';
  if (RANK[bump] >= RANK[needed]) return [];
  const list = (label, rows) =>
    rows.length
      ? [
          `${label}: ${rows.slice(0, 12).join(', ')}${rows.length > 12 ? `, … (${rows.length})` : ''}`,
        ]
      : [];
  const next = semver.inc(before.version, needed);
  return [
    `@referio/shared's public API changed ${bump === 'none' ? 'without a version bump' : `with only a ${bump} bump`} (${before.version} -> ${after.version}); ` +
      `this change needs a ${needed} bump (${before.version} -> ${next}) and the remotes that use it must require ^${next}`,
    ...list('added', diff.added),
    ...list('removed', diff.removed),
    ...list('changed', diff.changed),
  ];
}

function readRecorded(text) {
  const json = JSON.parse(text);
  return { version: json.version, api: json.api };
}

function gitShow(ref, file) {
  try {
    return execFileSync('git', ['show', `${ref}:${path.relative(root, file)}`], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
}

async function main() {
  const mode = process.argv[2];
  const version = JSON.parse(
    fs.readFileSync(path.join(root, 'shared', 'package.json'), 'utf8'),
  ).version;
  const current = { version, api: extractApi() };
  const recorded = fs.existsSync(API_FILE) ? readRecorded(fs.readFileSync(API_FILE, 'utf8')) : null;
  if (mode === '--write') {
    const problems = recorded ? checkVersionPolicy(recorded, current) : [];
    if (problems.length) {
      problems.forEach((p) => console.error(`shared-api: ${p}`));
      process.exit(1);
    }
    fs.writeFileSync(API_FILE, `${JSON.stringify({ version, api: current.api }, null, 2)}\n`);
    console.log(
      `shared-api: recorded @referio/shared ${version}'s API in ${path.relative(root, API_FILE)}`,
    );
    return;
  }
  if (mode !== '--check') {
    console.error('usage: node tools/contract/shared-api.mjs --check | --write');
    process.exit(2);
  }
  const problems = [];
  if (!recorded)
    problems.push('shared/api.json is missing: run npm run api:write -w @referio/shared');
  else {
    const policy = checkVersionPolicy(recorded, current);
    if (policy.length) problems.push(...policy);
    else if (
      recorded.version !== version ||
      diffApi(recorded.api, current.api).added.length +
        diffApi(recorded.api, current.api).removed.length +
        diffApi(recorded.api, current.api).changed.length
    )
      problems.push(
        `shared/api.json does not record @referio/shared ${version}'s API: run npm run api:write -w @referio/shared`,
      );
    const baseRef = process.env.CI_BASE_REF || 'HEAD~1';
    const baseText = gitShow(baseRef, API_FILE);
    if (baseText) {
      const base = readRecorded(baseText);
      problems.push(...checkVersionPolicy(base, recorded).map((p) => `since ${baseRef}: ${p}`));
    } else
      console.log(`shared-api: no shared/api.json at ${baseRef}: only the working tree is checked`);
  }
  if (problems.length) {
    problems.forEach((p) => console.error(`shared-api: ${p}`));
    process.exit(1);
  }
  console.log(`shared-api: @referio/shared ${version}: the public API matches shared/api.json`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e.stack || e.message);
    process.exit(1);
  });
}
