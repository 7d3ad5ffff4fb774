// The compatibility check of two apps' contracts (dist/mf-contract.json, tools/build/contract.js): pure functions
// over the parsed JSON, returning readable problems (an empty list: compatible). Used by each app's pipeline
// (tools/contract/verify.mjs, against the live apps) and by the release guard before a deploy.
//
//   checkCompatibility(host, remote) → string[]
//     - every module the host routes to (host.consumes[remote.name]) is exposed by the remote, and the props
//       the host renders it with are assignable to the props its component takes;
//     - every package the remote shares is provided by the host (the shell loads its copies first:
//       shareStrategy 'loaded-first') in a version inside the range the remote requires.
//   checkSite(host, remotes) → string[]: the same for every remote, and every remote the host routes to exists.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Props texts that take anything a host can pass: a component with no props (or one ignoring them). */
const ACCEPTS_ANY = new Set(['{}', 'any', 'unknown', 'object', 'Record<string, never>']);

/**
 * For each [given, accepted] pair of type texts, null when `given` is assignable to `accepted`, else why not.
 * Texts that are equal, or an `accepted` that takes anything, need no compiler; the rest are checked together
 * in one in-memory TypeScript program (React's types in scope as `React`).
 * @param {[string, string][]} pairs
 * @returns {(string|null)[]}
 */
export function propsAssignable(pairs) {
  const results = pairs.map(([given, accepted]) =>
    given.trim() === accepted.trim() || ACCEPTS_ANY.has(accepted.trim()) ? null : undefined,
  );
  const todo = results.flatMap((r, i) => (r === undefined ? [i] : []));
  if (todo.length === 0) return results;
  const ts = require('typescript');
  const file = path.join(root, '__contract_props__.ts');
  const lines = [`import type * as React from 'react';`, `export {};`];
  const starts = new Map();
  for (const i of todo) {
    const [given, accepted] = pairs[i];
    starts.set(i, lines.length);
    lines.push(
      `type Given${i} = ${given};`,
      `type Accepted${i} = ${accepted};`,
      `declare const given${i}: Given${i};`,
      `export const accepted${i}: Accepted${i} = given${i};`,
    );
  }
  const text = lines.join('\n');
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    types: [],
    typeRoots: [path.join(root, 'node_modules', '@types')],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile;
  host.readFile = (f) => (path.resolve(f) === file ? text : readFile(f));
  host.fileExists = (
    (exists) => (f) =>
      path.resolve(f) === file || exists(f)
  )(host.fileExists);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (f, lang, ...rest) =>
    path.resolve(f) === file
      ? ts.createSourceFile(f, text, lang, true)
      : getSourceFile.call(host, f, lang, ...rest);
  const program = ts.createProgram({ rootNames: [file], options, host });
  const source = program.getSourceFile(file);
  const diagnostics = [
    ...program.getSyntacticDiagnostics(source),
    ...program.getSemanticDiagnostics(source),
  ];
  for (const i of todo) {
    const from = starts.get(i);
    const mine = diagnostics.filter((d) => {
      const line = source.getLineAndCharacterOfPosition(d.start ?? 0).line;
      return line >= from && line < from + 4;
    });
    if (mine.length === 0) results[i] = null;
    else if (mine.some((d) => d.code === 2304 || d.code === 2503 || d.code === 2552)) {
      // A name the contract's text cannot resolve on its own (a type of the app's): compare the texts only.
      results[i] =
        `the props changed (${JSON.stringify(pairs[i][0])} given, ${JSON.stringify(pairs[i][1])} taken) and name types the check cannot see`;
    } else {
      results[i] = mine
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '))
        .join('; ')
        .replace(/Given\d+/g, 'the props given')
        .replace(/Accepted\d+/g, 'the props taken');
    }
  }
  return results;
}

/**
 * @param {object} host    the shell's contract
 * @param {object} remote  a remote's contract
 * @returns {string[]}
 */
export function checkCompatibility(host, remote) {
  const problems = [];
  const at = (c) => `${c.name}@${c.version}`;
  const consumed = host.consumes?.[remote.name] ?? {};
  const pairs = [];
  const pairNames = [];
  for (const [module, { props }] of Object.entries(consumed)) {
    const exposed = remote.exposes?.[module];
    if (!exposed) {
      const known = Object.keys(remote.exposes ?? {});
      problems.push(
        `${at(host)} routes to ${remote.name}/${module.slice(2)}, but ${at(remote)} does not expose ${module}` +
          ` (it exposes ${known.length ? known.join(', ') : 'nothing'})`,
      );
      continue;
    }
    pairs.push([props, exposed.props]);
    pairNames.push(module);
  }
  propsAssignable(pairs).forEach((why, i) => {
    if (why)
      problems.push(
        `${at(remote)} ${pairNames[i]} takes props ${pairs[i][1]}, which the ${at(host)} does not give (it renders it with ${pairs[i][0]}): ${why}`,
      );
  });
  for (const [pkg, need] of Object.entries(remote.shared ?? {})) {
    const offered = host.shared?.[pkg];
    if (!offered) continue; // not shared by the host: the remote loads its own copy
    const range = need.requiredVersion;
    if (range && !semver.satisfies(offered.version, range, { includePrerelease: true })) {
      problems.push(
        `${at(remote)} needs ${pkg} ${range}, but ${at(host)} provides ${pkg} ${offered.version}` +
          (need.strictVersion ? ' (a strict singleton: the page would refuse to load)' : ''),
      );
    }
  }
  return problems;
}

/**
 * @param {object} host
 * @param {object[]} remotes
 * @returns {string[]}
 */
export function checkSite(host, remotes) {
  const problems = [];
  const names = new Set(remotes.map((r) => r.name));
  for (const name of Object.keys(host.consumes ?? {})) {
    if (!names.has(name))
      problems.push(`${host.name}@${host.version} routes to ${name}, which the site does not have`);
  }
  for (const remote of remotes) problems.push(...checkCompatibility(host, remote));
  return problems;
}
