// The deploy guard: a release that cannot work with what is live is refused before the pointer moves.
// - A remote's release: every shared package it requires (its mf-manifest.json `shared[].requiredVersion`, or
//   its mf-contract.json `shared`) that the live shell provides must be provided in a version in that range; and
//   every module the live shell routes to this remote must be exposed by the release (and so for a shell canary).
// - A shell release: the same checks the other way round, against every live remote and every remote canary.
// What the shell routes to comes from its mf-contract.json `consumes`; a shell built without one has the
// list its release record derived from its server bundle (`derivedConsumes`).
import semver from 'semver';
import { getRelease, releaseJson } from './releases';
import type { Store } from './store';
import type { Pointer } from './pointer';

interface ManifestShared {
  name: string;
  version?: string;
  requiredVersion?: string | false;
}
interface Manifest {
  name: string;
  shared?: ManifestShared[];
  exposes?: { path: string }[];
}
export interface Contract {
  name: string;
  version: string;
  exposes?: Record<string, unknown>;
  consumes?: Record<string, Record<string, unknown>>;
  shared?: Record<string, { version?: string; requiredVersion?: string }>;
}

/** What a release offers and needs, from its manifest, its contract and its record. */
export interface Side {
  app: string;
  version: string;
  /** Its federation name (mfe_referrer, shell). */
  name: string;
  exposes: Set<string>;
  /** package -> version it provides */
  provides: Map<string, string>;
  /** package -> range it requires */
  requires: Map<string, string>;
  /** remote federation name -> modules routed to (the shell) */
  consumes: Record<string, string[]>;
}

export async function sideOf(store: Store, app: string, version: string): Promise<Side> {
  const [manifest, contract, record] = await Promise.all([
    releaseJson<Manifest>(store, app, version, 'mf-manifest.json'),
    releaseJson<Contract>(store, app, version, 'mf-contract.json'),
    getRelease(store, app, version),
  ]);
  if (!manifest) throw new Error(`${app} ${version} has no mf-manifest.json in the store`);
  const provides = new Map<string, string>();
  const requires = new Map<string, string>();
  for (const s of manifest.shared ?? []) {
    if (s.version) provides.set(s.name, s.version);
    if (s.requiredVersion) requires.set(s.name, s.requiredVersion);
  }
  for (const [pkg, s] of Object.entries(contract?.shared ?? {})) {
    if (s.version) provides.set(pkg, s.version);
    if (s.requiredVersion) requires.set(pkg, s.requiredVersion);
  }
  const exposes = new Set<string>([
    ...(manifest.exposes ?? []).map((e) => e.path),
    ...Object.keys(contract?.exposes ?? {}),
  ]);
  const consumes: Record<string, string[]> = contract?.consumes
    ? Object.fromEntries(Object.entries(contract.consumes).map(([k, v]) => [k, Object.keys(v)]))
    : (record?.derivedConsumes ?? {});
  return { app, version, name: manifest.name, exposes, provides, requires, consumes };
}

const label = (s: Side): string => `${s.app} ${s.version}`;

/**
 * Which of its app's releases the side already there is: the live one, its canary, or one a browser pinned (the
 * shell server's override page). The guard's words name it: a remote checked against the shell's canary says so.
 */
export type Standing = 'live' | 'canary' | 'pinned';

/** The words for the side already there (`standing`), the one not being deployed. */
function standingWords(s: Side, standing: Standing): string {
  if (standing === 'canary')
    return `${s.app === 'shell' ? "the shell's" : `${s.app}'s`} canary (${label(s)})`;
  const which = standing === 'live' ? 'live' : 'pinned';
  return s.app === 'shell' ? `the ${which} shell (${label(s)})` : `the ${which} ${label(s)}`;
}

/**
 * The problems of `remote` with `shell` (empty: they work together); `standing` is the other side's, not deploying.
 * Each says what to deploy first, but next to a pinned release (a browser's choice, not a deploy).
 */
export function problemsBetween(
  shell: Side,
  remote: Side,
  deploying: 'shell' | 'remote',
  standing: Standing = 'live',
): string[] {
  const problems: string[] = [];
  const shellWords = deploying === 'remote' ? standingWords(shell, standing) : label(shell);
  const remoteWords = deploying === 'shell' ? standingWords(remote, standing) : label(remote);
  const advise = (text: string) => (standing === 'pinned' || !text ? '' : `: ${text}`);
  const sharedAdvice = advise(
    deploying === 'remote'
      ? 'deploy the shell first'
      : `deploy a ${remote.app} that accepts it first`,
  );
  const moduleAdvice = advise(deploying === 'remote' ? '' : `deploy ${remote.app} first`);
  for (const [pkg, range] of remote.requires) {
    const provided = shell.provides.get(pkg);
    if (!provided || !semver.validRange(range)) continue;
    if (!semver.satisfies(provided, range, { includePrerelease: true }))
      problems.push(
        `${remoteWords} requires ${pkg} ${range}, ${shellWords} provides ${provided}${sharedAdvice}`,
      );
  }
  for (const module of shell.consumes[remote.name] ?? []) {
    if (!remote.exposes.has(module))
      problems.push(
        `${shellWords} routes to ${remote.name} ${module}, which ${remoteWords} does not expose${moduleAdvice}`,
      );
  }
  return problems;
}

/** An app's releases a candidate is checked against: the pinned one, else the live one and its canary. */
function standingReleases(
  pointer: Pointer,
  app: string,
  pinned: string | undefined,
): { version: string; standing: Standing }[] {
  if (pinned) return [{ version: pinned, standing: 'pinned' }];
  const p = pointer.apps[app];
  if (!p) return [];
  const canary = p.canary && p.canary.version !== p.live ? [p.canary.version] : [];
  return [
    { version: p.live, standing: 'live' },
    ...canary.map((version) => ({ version, standing: 'canary' as const })),
  ];
}

export interface CheckOptions {
  /** Releases a browser pinned (app -> version): checked against in place of that app's live release and canary. */
  pins?: Record<string, string>;
  /** How a release's side is read (a server caches them: releases never change). */
  sideOf?: (app: string, version: string) => Promise<Side>;
}

/** Why `app` `version` cannot go live next to what the pointer has live now (empty: it can). */
export async function checkRelease(
  store: Store,
  pointer: Pointer,
  app: string,
  version: string,
  { pins = {}, sideOf: read = (a, v) => sideOf(store, a, v) }: CheckOptions = {},
): Promise<string[]> {
  const candidate = await read(app, version);
  const problems: string[] = [];
  if (app !== 'shell') {
    // The live shell and its canary (each serves some visitors). No shell release in the store (a shell served
    // from its own dist): nothing to check against.
    for (const s of standingReleases(pointer, 'shell', pins.shell))
      problems.push(
        ...problemsBetween(await read('shell', s.version), candidate, 'remote', s.standing),
      );
    return problems;
  }
  for (const other of new Set([...Object.keys(pointer.apps), ...Object.keys(pins)])) {
    if (other === 'shell') continue;
    for (const s of standingReleases(pointer, other, pins[other]))
      problems.push(
        ...problemsBetween(candidate, await read(other, s.version), 'shell', s.standing),
      );
  }
  return problems;
}
