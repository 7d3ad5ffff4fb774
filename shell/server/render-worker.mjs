// One render worker of the shell server's pool (render-pool.mjs): the page renders run here, off the server's
// event loop. It loads the shell's server bundle (dist/server/render.js) and evaluates each remote's server
// module in this thread, so a remote whose code spins, leaks or crashes takes down this worker only: the pool
// ends it (time budget), Node ends it (resourceLimits, the memory budget), and the pool starts another.
// Messages in: { id, kind: 'page' | 'notFound' | 'sitemap' | 'shareImage' | 'ping', … }; out: { id, ok, result | error }.
import { parentPort, workerData } from 'node:worker_threads';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import federation from '../../tools/build/federation.js';

const { serverBundle, apiBaseUrl } = workerData;
// React's production build on the server too (its development build is several times slower).
process.env.NODE_ENV ??= 'production';
const shell = createRequire(import.meta.url)(serverBundle);
shell.configure?.({ apiBaseUrl });

// The shared singletons a remote's server module receives: the shell's own copies (bundled, or from Node
// beside the shell's bundle), so a page renders with the same React, router and stores as the chrome.
const nodeRequire = createRequire(serverBundle);
const sharedRequire = (name) => {
  if (shell.bundledShared && name in shell.bundledShared) return shell.bundledShared[name];
  if (federation.isSharedName(name)) return nodeRequire(name);
  throw new Error(`a remote's server module asked for '${name}', which the site does not share`);
};

/** The newest server module of each remote: { url, exports } by remote name (older versions are dropped). */
const modules = new Map();

/** `remote` = { name, url, code? }: the code comes along the first time this worker needs that version. */
function serverModule(remote) {
  const known = modules.get(remote.name);
  if (known && known.url === remote.url) return known.exports;
  if (typeof remote.code !== 'string') throw new Error(`no code for ${remote.url}`);
  const wrapper = vm.runInThisContext(`(function (exports, require, module) {${remote.code}\n})`, {
    filename: remote.url,
  });
  const mod = { exports: {} };
  wrapper(mod.exports, sharedRequire, mod);
  modules.set(remote.name, { url: remote.url, exports: mod.exports });
  return mod.exports;
}

async function run(task) {
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
      // Loaded on first use: satori and resvg stay out of workers that never draw one.
      const { renderShareImage } = await import('./share-image.mjs');
      return { png: await renderShareImage(task.job) };
    }
    case 'sitemap': {
      const mod = serverModule(task.remote);
      return { paths: typeof mod.sitemap === 'function' ? [...(await mod.sitemap())] : [] };
    }
    default:
      throw new Error(`unknown task ${task.kind}`);
  }
}

const fail = (task, err) => {
  if (task.remote) modules.delete(task.remote.name);
  parentPort.postMessage({ id: task.id, ok: false, error: String(err?.message ?? err) });
};

parentPort.on('message', (task) => {
  run(task).then(
    (result) => {
      try {
        parentPort.postMessage({ id: task.id, ok: true, result });
      } catch (err) {
        fail(task, err); // something in the result that cannot be sent (a function in the page's data)
      }
    },
    (err) => fail(task, err),
  );
});
parentPort.postMessage({ ready: true });
