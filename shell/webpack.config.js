// The host. It knows no remote at build time: bootstrap reads /remotes.json at start-up.
// The runtime plugin retries a failed manifest fetch or remote entry before the error boundary shows.
const fs = require('node:fs');
const path = require('node:path');

const base = require('../tools/webpack.app.js').createAppConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  host: true,
  runtimePlugins: [path.join(__dirname, 'src', 'federation', 'retry-plugin.ts')],
});

// Copies public/remotes.json into dist/ unchanged, so the built site serves it beside index.html.
// It stays a plain file: moving or rolling back a remote is an edit of dist/remotes.json, not a rebuild.
class EmitRemotesJson {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const file = path.join(__dirname, 'public', 'remotes.json');
    compiler.hooks.thisCompilation.tap('EmitRemotesJson', (compilation) => {
      compilation.fileDependencies.add(file);
      compilation.hooks.processAssets.tap(
        { name: 'EmitRemotesJson', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset('remotes.json', new sources.RawSource(fs.readFileSync(file))),
      );
    });
  }
}

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(new EmitRemotesJson());
  return config;
};
