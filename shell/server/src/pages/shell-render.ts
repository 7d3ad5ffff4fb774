// The shell's server render, from its build (shell/src/server/render.tsx → dist/server/render.js, with
// stylesheets.json and islands-preloads.json beside it): loaded here for its route table and head; the renders
// themselves run in the render pool's workers. RENDER_BUDGET_MS per render, RENDER_MEMORY_MB per worker,
// RENDER_WORKERS workers.
import fs from 'node:fs';
import path from 'node:path';
import { positiveNumber } from '../env';
import { RenderPool } from '../render/render-pool';
import type { PageHead } from '../render/tasks';

/** What a URL shows, as far as the server needs to know (render.tsx `PageMatch`). */
export type PageMatch =
  | { kind: 'remote'; module: string; remote: string; expose: string; forEveryone?: boolean }
  | { kind: 'notFound' }
  | { kind: 'browser' };

/** The parts of the shell's server bundle this process uses. */
export interface ShellBundle {
  matchPage(pathname: string): PageMatch;
  defaultHead?: PageHead;
}

export interface ShellRender {
  bundle: ShellBundle;
  pool: RenderPool;
  /** The stylesheets of the shell's own lazy pages (the not-found page), by chunk group. */
  stylesheets: Record<string, string[] | undefined>;
  /** The scripts of the shell's islands chunk group (a page taken over as islands preloads these instead). */
  islandsPreloads: string[] | null;
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** The shell's server render of the build in `dist`, or null when it has none (every page renders in the browser). */
export function loadShellRender(
  dist: string,
  apiUrl: string,
  env = process.env,
): ShellRender | null {
  const serverBundle = path.join(dist, 'server', 'render.js');
  if (!fs.existsSync(serverBundle)) {
    console.warn(
      `shell: no ${path.relative(process.cwd(), serverBundle)}; every page renders in the browser`,
    );
    return null;
  }
  // React's production build on the server too (its development build is several times slower).
  env.NODE_ENV ??= 'production';
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build's file, found at run time
  const bundle = require(serverBundle) as ShellBundle;
  const pool = new RenderPool({
    workerData: { serverBundle, apiBaseUrl: `${apiUrl.replace(/\/$/, '')}/api` },
    size: positiveNumber(env.RENDER_WORKERS),
    budgetMs: positiveNumber(env.RENDER_BUDGET_MS, 4000),
    memoryMb: positiveNumber(env.RENDER_MEMORY_MB, 256),
  });
  const islandsFile = path.join(dist, 'server', 'islands-preloads.json');
  return {
    bundle,
    pool,
    stylesheets: readJson(path.join(dist, 'server', 'stylesheets.json')),
    islandsPreloads: fs.existsSync(islandsFile) ? readJson<string[]>(islandsFile) : null,
  };
}
