// The release store of the release-routing tests (remotes/): a folder of their own, kept releases with their
// manifests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileKey, putJson, recordKey, type LocalStore } from '@referio/release';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A new temporary folder, removed after the test file. */
export function tmpDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A manifest's shared list: the @referio/shared it provides and the range it requires. */
export const sharedOf = (version: string, requiredVersion: string) => ({
  shared: [{ name: '@referio/shared', version, requiredVersion }],
});

/** A kept release: its record and its manifest (what the deploy guard reads). */
export async function keepRelease(
  store: LocalStore,
  app: string,
  version: string,
  manifest: object,
): Promise<void> {
  await putJson(store, recordKey(app, version), {});
  await putJson(store, fileKey(app, version, 'mf-manifest.json'), manifest);
}
