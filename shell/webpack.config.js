// The host. It knows no remote at build time: bootstrap reads /remotes.json at start-up.
// The runtime plugin retries a failed manifest fetch or remote entry before the error boundary shows.
const fs = require('node:fs');
const path = require('node:path');

const { createAppConfigs, groupFiles } = require('../tools/build/webpack.app.js');
const { sharedDeps } = require('../tools/build/federation.js');
// An ES module (require(esm), Node ≥ 20.19).
const { defaultRemotes } = require('../tools/run/apps.mjs');

const base = createAppConfigs({
  dir: __dirname,
  runtimePlugins: [path.join(__dirname, 'src', 'federation', 'retryPlugin.ts')],
  // The server render of the site's pages (dist/server/render.js, loaded by server/src/pages/shell-render.ts).
  serverEntry: './src/server/render.tsx',
  // Its contract's `consumes`: every module of the route table, rendered as `<Page />` (no props).
  consumes: { file: './src/routes/paths.ts', exportName: 'remoteModules', props: '{}' },
});

/** A plugin that adds files to the build's output at `stage` (a Compilation.PROCESS_ASSETS_STAGE_* name). */
function emitAssets(name, stage, emit) {
  return {
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap(name, (compilation) => {
        compilation.hooks.processAssets.tap({ name, stage: Compilation[stage] }, () =>
          emit(compilation, sources),
        );
      });
    },
  };
}

// Copies files of public/ into dist/ unchanged: the web manifest and its icons beside it. And remotes.json, the
// remotes on their ports of this machine (tools/run/apps.mjs), for the dev servers and a shell served without a
// release store; it stays a plain file there: moving a remote is an edit of dist/remotes.json, not a rebuild.
const PUBLIC_FILES = [
  'manifest.webmanifest',
  'icon-192.png',
  'icon-512.png',
  'icon-maskable-512.png',
  'apple-touch-icon.png',
  // The scripts' loader of the pages the server rendered (server/src/pages/document.ts).
  'after-paint.js',
];
const emitPublicFiles = () =>
  emitAssets('EmitPublicFiles', 'PROCESS_ASSETS_STAGE_ADDITIONAL', (compilation, sources) => {
    for (const name of PUBLIC_FILES) {
      const file = path.join(__dirname, 'public', name);
      compilation.fileDependencies.add(file);
      compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)));
    }
    const remotes = `${JSON.stringify(defaultRemotes(), null, 2)}\n`;
    compilation.emitAsset('remotes.json', new sources.RawSource(remotes));
  });

// What the shell's server needs to know of the browser build, in dist/server/:
// - stylesheets.json: the stylesheets of the shell's own lazy pages (the not-found page), for the server render's
//   HTML: a page the server rendered links every stylesheet it shows, so it paints styled before any script runs;
// - islands-preloads.json: the scripts of the `islands` chunk group (src/islands.tsx and the shared modules it
//   consumes), which a page taken over as islands preloads instead of the app's (docs/islands.md);
// - shared-names.json: the names the site shares (federation.js), the only modules a remote's server module may
//   require in the render workers (server/src/render/render-worker.ts).
const emitServerFiles = () =>
  emitAssets('EmitServerFiles', 'PROCESS_ASSETS_STAGE_REPORT', (compilation, sources) => {
    const { publicPath } = compilation.outputOptions;
    const json = (value) => new sources.RawSource(`${JSON.stringify(value, null, 2)}\n`);
    const css = {};
    for (const [name, group] of compilation.namedChunkGroups) {
      const files = group.chunks.flatMap((c) => [...c.files].filter((f) => f.endsWith('.css')));
      if (files.length) css[name] = files.map((f) => `${publicPath}${f}`);
    }
    compilation.emitAsset('server/stylesheets.json', json(css));
    const islands = (groupFiles(compilation, 'islands') ?? []).filter((f) => f.endsWith('.js'));
    compilation.emitAsset(
      'server/islands-preloads.json',
      json(islands.map((f) => `${publicPath}${f}`)),
    );
    compilation.emitAsset('server/shared-names.json', json(Object.keys(sharedDeps())));
  });

module.exports = (env, argv) => {
  const configs = base(env, argv);
  const browser = Array.isArray(configs) ? configs[0] : configs;
  browser.plugins.push(emitPublicFiles());
  if (Array.isArray(configs)) browser.plugins.push(emitServerFiles());
  return configs;
};
