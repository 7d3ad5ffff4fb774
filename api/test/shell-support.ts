// The shell's server (shell/server/src/serve.ts) started in front of an API URL, on a free port.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Node's arguments that start the shell's server from its source, as the tests need it (no build first): its
 * TypeScript through the shell's test hook, @referio/release from its source too.
 */
export const SHELL_SERVER = [
  '--conditions=referio-source',
  '--require',
  path.join(ROOT, 'shell', 'server', 'src', 'test', 'register-ts.js'),
  path.join(ROOT, 'shell', 'server', 'src', 'serve.ts'),
];

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

export interface ShellServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * Starts the shell's server in front of `apiUrl` with `env` (request logs off unless `env` turns them
 * on), serving a one-page build; `onStdout` hears its output (the request log's JSON lines).
 */
export async function startShell(
  apiUrl: string,
  env: Record<string, string> = {},
  onStdout?: (chunk: string) => void,
): Promise<ShellServer> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-shell-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  const port = await freePort();
  const shell = spawn(
    process.execPath,
    [
      ...SHELL_SERVER,
      '--app',
      'shell',
      '--dist',
      dist,
      '--api',
      apiUrl,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LOG_REQUESTS: 'false', ...env },
    },
  );
  if (onStdout) shell.stdout!.on('data', (chunk: Buffer) => onStdout(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the shell server did not start')), 60_000);
    shell.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('serving')) {
        clearTimeout(timer);
        resolve();
      }
    });
    shell.once('exit', (code) => reject(new Error(`the shell server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((r) => shell.once('exit', r));
      shell.kill('SIGTERM');
      await exited;
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}
