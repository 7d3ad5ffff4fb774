// One render worker of the shell server's pool (render-pool.ts): the page renders run here, off the server's event
// loop. It loads the shell's server bundle (dist/server/render.js) and evaluates each remote's server module in
// this thread, so a remote whose code spins, leaks or crashes takes down this worker only: the pool ends it (time
// budget), Node ends it (resourceLimits, the memory budget), and the pool starts another.
// Messages: render/tasks.ts.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { RenderWorkerData } from './render-pool';
import { loadShareImage } from './share-image-loader';
import type { PageHead, Rendered, TaskMessage, WorkerMessage } from './tasks';

/** A remote's page as its server module describes it (shell/src/server/render.tsx `ServerPage`). */
interface ServerPage {
  head(url: URL, state: unknown): PageHead;
  islands?: boolean;
}

interface ServerModule {
  pages?: Record<string, ServerPage | undefined>;
  sitemap?: () => Promise<Iterable<string>> | Iterable<string>;
}

/** The shell's server bundle (shell/src/server/render.tsx), as the worker uses it. */
interface ShellRender {
  bundledShared?: Record<string, unknown>;
  configure?(o: { apiBaseUrl: string }): void;
  renderPage(o: { url: URL; module?: string; page?: ServerPage }): Promise<Rendered>;
}

const { serverBundle, apiBaseUrl } = workerData as RenderWorkerData;
// React's production build on the server too (its development build is several times slower).
process.env.NODE_ENV ??= 'production';
const nodeRequire = createRequire(serverBundle);
const shell = nodeRequire(serverBundle) as ShellRender;
shell.configure?.({ apiBaseUrl });

/**
 * The names the site shares (`react`, `react-dom/`, `@referio/shared/jobs`, …), as the shell's build wrote them
 * beside its bundle (shell/webpack.config.js): a name ending in `/` shares everything under it. None from a build
 * without the file: its remotes' pages then render in the browser.
 */
const sharedNames: string[] = (() => {
  const file = path.join(path.dirname(serverBundle), 'shared-names.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as string[]) : [];
})();
const isShared = (name: string) =>
  sharedNames.some((s) => (s.endsWith('/') ? name.startsWith(s) : name === s));

// The shared singletons a remote's server module receives: the shell's own copies (bundled, or from Node beside
// the shell's bundle), so a page renders with the same React, router and stores as the chrome.
const sharedRequire = (name: string): unknown => {
  if (shell.bundledShared && name in shell.bundledShared) return shell.bundledShared[name];
  if (isShared(name)) return nodeRequire(name);
  throw new Error(`a remote's server module asked for '${name}', which the site does not share`);
};

/** The newest server module of each remote, by remote name (older versions are dropped). */
const modules = new Map<string, { url: string; exports: ServerModule }>();

/** `remote.code` comes along the first time this worker needs that version. */
function serverModule(remote: { name: string; url: string; code?: string }): ServerModule {
  const known = modules.get(remote.name);
  if (known && known.url === remote.url) return known.exports;
  if (typeof remote.code !== 'string') throw new Error(`no code for ${remote.url}`);
  const wrapper = vm.runInThisContext(`(function (exports, require, module) {${remote.code}\n})`, {
    filename: remote.url,
  }) as (exports: object, require: (name: string) => unknown, module: { exports: object }) => void;
  const mod = { exports: {} as ServerModule };
  wrapper(mod.exports, sharedRequire, mod);
  modules.set(remote.name, { url: remote.url, exports: mod.exports });
  return mod.exports;
}

async function run(task: TaskMessage): Promise<unknown> {
  switch (task.kind) {
    case 'ping':
      return 'pong';
    case 'notFound':
      return { rendered: await shell.renderPage({ url: new URL(task.url) }) };
    case 'page': {
      const url = new URL(task.url);
      const page = serverModule(task.remote).pages?.[task.expose];
      if (!page) return { rendered: null };
      const rendered = await shell.renderPage({ url, module: task.module, page });
      // `islands`: the page's owner says it needs nothing of the app but its islands (shell/src/islands.tsx).
      return { rendered, head: page.head(url, rendered.state), islands: page.islands === true };
    }
    case 'shareImage': {
      return { png: await loadShareImage().renderShareImage(task.job) };
    }
    case 'sitemap': {
      const mod = serverModule(task.remote);
      return { paths: typeof mod.sitemap === 'function' ? [...(await mod.sitemap())] : [] };
    }
  }
}

const port = parentPort!;
const post = (msg: WorkerMessage) => port.postMessage(msg);

const fail = (task: TaskMessage, err: unknown) => {
  if ('remote' in task) modules.delete(task.remote.name);
  post({ id: task.id, ok: false, error: String((err as Error)?.message ?? err) });
};

port.on('message', (task: TaskMessage) => {
  run(task).then(
    (result) => {
      try {
        post({ id: task.id, ok: true, result });
      } catch (err) {
        fail(task, err); // something in the result that cannot be sent (a function in the page's data)
      }
    },
    (err: unknown) => fail(task, err),
  );
});
post({ ready: true });
