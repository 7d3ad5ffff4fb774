// verify.mjs against the release store: what is live is the contract of the release the pointer names.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const verify = path.join(here, '..', 'verify.mjs');

/** A release store folder whose pointer makes `contract` the live shell. */
function storeWithLiveShell(contract) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-contract-store-'));
  const version = '0.1.0+abcdef0123';
  fs.mkdirSync(path.join(dir, 'releases', 'shell', version), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'releases', 'shell', version, 'mf-contract.json'),
    JSON.stringify(contract),
  );
  const since = new Date().toISOString();
  fs.writeFileSync(
    path.join(dir, 'pointer.json'),
    JSON.stringify({ apps: { shell: { live: version, since, past: [] } } }),
  );
  return dir;
}

function run(store, remoteContract) {
  const file = path.join(store, 'remote.json');
  fs.writeFileSync(file, JSON.stringify(remoteContract));
  return spawnSync(process.execPath, [verify, '--app', 'mfe-chat', '--contract', file], {
    encoding: 'utf8',
    env: { ...process.env, RELEASE_STORE: store, REFERIO_LIVE_BASE: '' },
  });
}

const shared = {
  '@referio/shared': { version: '2.0.0', requiredVersion: '^2.0.0', strictVersion: true },
};
const shell = {
  name: 'shell',
  version: '0.1.0',
  exposes: {},
  consumes: { mfe_chat: { './Chat': { props: '{}' } } },
  shared,
};

test('a remote is checked against the shell release the store says is live', () => {
  const store = storeWithLiveShell(shell);
  const ok = run(store, {
    name: 'mfe_chat',
    version: '0.2.0',
    exposes: { './Chat': { props: '{}' } },
    consumes: {},
    shared,
  });
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /shell live from store:shell@0\.1\.0\+abcdef0123/);

  const renamed = run(store, {
    name: 'mfe_chat',
    version: '0.2.0',
    exposes: { './Conversations': { props: '{}' } },
    consumes: {},
    shared,
  });
  assert.equal(renamed.status, 1);
  assert.match(renamed.stderr, /NOT compatible/);
  assert.match(renamed.stderr, /\.\/Chat/);
  fs.rmSync(store, { recursive: true, force: true });
});
