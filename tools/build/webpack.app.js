// One webpack configuration factory for the shell and the four remotes.
// A remote: exposes page modules through remoteEntry.js + mf-manifest.json, publicPath 'auto'.
// The shell: no remotes at build time; it reads /remotes.json at start-up (see shell/src/federation).
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDeps, isSharedName } = require('./federation');
const { ContractPlugin } = require('./contract');
// An ES module (require(esm), Node ≥ 20.19): the table of apps, their names and ports.
const { appByDir } = require('../run/apps.mjs');

function reactRouterProduction() {
  const dir = path.dirname(
    require.resolve('react-router/package.json', { paths: [path.resolve(__dirname, '..', '..')] }),
  );
  return {
    'react-router$': path.join(dir, 'dist', 'production', 'index.mjs'),
    'react-router/dom$': path.join(dir, 'dist', 'production', 'dom-export.mjs'),
  };
}

function injectExternalRuntimePlugin() {
  const main = require.resolve('@module-federation/inject-external-runtime-core-plugin', {
    paths: [path.resolve(__dirname, '..', '..')],
  });
  return path.join(path.dirname(main), 'index.js');
}

/**
 * The files a chunk group needs to run: its own chunks and the shared modules it consumes (the shell provides
 * every shared module itself and takes what is loaded first, so a consumed module's code is the chunk of the
 * shell's own provided copy, not the consume's fallback chunk), followed through the consumed modules' own
 * fallbacks. Lazy imports (routes, forms, toasts) are not followed.
 */
function groupFiles(compilation, name) {
  const startup = compilation.namedChunkGroups.get(name);
  if (!startup) return null;
  const { chunkGraph } = compilation;
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type === 'provide-module' && module.blocks[0]) {
      provided.set(module._name, chunkGraph.getBlockChunkGroup(module.blocks[0]));
    }
  }
  const files = new Set();
  const seenGroups = new Set();
  const visitGroup = (group) => {
    if (!group || seenGroups.has(group)) return;
    seenGroups.add(group);
    for (const chunk of group.chunks) {
      for (const file of chunk.files) files.add(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        const own = provided.get(module.options?.shareKey);
        if (own) visitGroup(own);
        else for (const block of module.blocks) visitGroup(chunkGraph.getBlockChunkGroup(block));
      }
    }
  };
  visitGroup(startup);
  return [...files]
    .filter((f) => /\.(js|css)$/.test(f))
    .sort((a, b) => Number(b.endsWith('.css')) - Number(a.endsWith('.css')));
}

/**
 * The shell's start-up chunks, as <link rel="preload"> in index.html: the `bootstrap` chunk group (behind the
 * async boundary) and the shared modules it consumes (React, the router, @referio/shared, …). Without them the
 * browser learns of these files only once main.js has run: one more round trip before the first paint.
 */
class PreloadStartupChunks {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadStartupChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'PreloadStartupChunks',
        (data) => {
          const files = groupFiles(compilation, 'bootstrap');
          if (!files) return data;
          const publicPath = compilation.outputOptions.publicPath;
          const links = files.map((f) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: 'PreloadStartupChunks' },
            // Low priority, like the scripts webpack would request itself: discovered early, without
            // competing with main.js (the federation runtime that runs everything else).
            attributes: {
              rel: 'preload',
              as: f.endsWith('.css') ? 'style' : 'script',
              href: `${publicPath}${f}`,
              ...(f.endsWith('.js') ? { fetchpriority: 'low' } : {}),
            },
          }));
          data.headTags.push(...links);
          return data;
        },
      );
    });
  }
}

const API_TARGET = process.env.API_URL || 'http://localhost:4000';

/** The JavaScript esbuild-loader emits: that of tsconfig.base.json (`target`), as ts-loader did. */
const TARGET = 'es2022';

/**
 * TypeScript and TSX, transpiled only (`npm run typecheck` checks the types): esbuild-loader, several times
 * faster than ts-loader. Under the dev server ts-loader with react-refresh-typescript instead, which adds React
 * Fast Refresh's registrations (esbuild has no such transform).
 */
function typescriptLoader(dir, refresh) {
  const configFile = path.join(dir, 'tsconfig.json');
  if (refresh) {
    return {
      loader: 'ts-loader',
      options: {
        transpileOnly: true,
        configFile,
        getCustomTransformers: () => ({ before: [require('react-refresh-typescript').default()] }),
      },
    };
  }
  return { loader: 'esbuild-loader', options: { tsconfig: configFile, target: TARGET } };
}

/**
 * The options with the app's federation name, dev-server port and whether it is the host, from the one table
 * of apps (tools/run/apps.mjs), found by the app's folder name.
 */
function withApp(o) {
  const app = appByDir(path.basename(o.dir));
  return { ...o, name: app.name, port: app.port, host: !!app.host };
}

/**
 * @param {object} options
 * @param {string} options.dir        the app's folder (__dirname of its webpack.config.js); its name, port and
 *   role come from tools/run/apps.mjs
 * @param {Record<string,string>} [options.exposes]  remote page modules
 * @param {string[]} [options.runtimePlugins]
 * @param {{ file: string, exportName: string, props: string }} [options.consumes]  the host's route table, for
 *   its contract (tools/build/contract.js)
 */
function createAppConfig(options) {
  const o = withApp(options);
  return (_env, argv) => {
    const mode = argv.mode || 'production';
    const prod = mode === 'production';
    // `webpack serve` (npm run dev): React Fast Refresh, so an edited component updates in place and keeps its
    // state. A plain development build (no dev server) has no hot runtime to talk to.
    const refresh = !prod && process.env.WEBPACK_SERVE === 'true';
    const plugins = [
      new ModuleFederationPlugin({
        name: o.name,
        filename: o.host ? undefined : 'remoteEntry.js',
        exposes: o.exposes,
        remotes: {},
        shared: sharedDeps(o.dir),
        // Take the shared modules already loaded (the shell's) instead of fetching every registered
        // remote's entry at start-up to compare versions: the landing page loads mfe-public's entry only.
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        // One federation runtime per page: the shell provides it (the inject plugin puts it on the
        // global), the remotes' entries use it; without this each remoteEntry.js carries its own copy
        // (about 19 KB gzip). The plugin is named by its ES module file: `provideExternalRuntime`
        // would add its CommonJS build, which pulls a second (CommonJS) copy of the runtime into the shell.
        runtimePlugins: o.host
          ? [...(o.runtimePlugins ?? []), injectExternalRuntimePlugin()]
          : o.runtimePlugins,
        // Browser-only builds: the runtime drops its Node code paths. The remotes load no remote of their
        // own, so their entries need no manifest (snapshot) code; the shell keeps it for mf-manifest.json.
        experiments: o.host
          ? { optimization: { target: 'web' } }
          : { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
      }),
    ];
    if (prod) {
      // dist/mf-contract.json: the exposed modules and their props, the consumed ones, the shared versions.
      plugins.push(
        new ContractPlugin({ dir: o.dir, name: o.name, exposes: o.exposes, consumes: o.consumes }),
      );
      plugins.push(
        new MiniCssExtractPlugin({
          filename: '[name].[contenthash:8].css',
          chunkFilename: '[name].[contenthash:8].css',
          // Lazy pages bring their own rules; the order in which they arrive does not matter here.
          ignoreOrder: true,
        }),
      );
    }
    if (refresh) {
      const ReactRefreshPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
      // One refresh runtime for the page (react-refresh-runtime.js, aliased below); errors show in webpack's
      // own overlay, not a second one.
      plugins.push(
        new ReactRefreshPlugin({ overlay: false, exclude: [/node_modules/, /tools[\\/]build/] }),
      );
      // Module ids from the repository root (`mfe-public/src/…`): components register with React Refresh by
      // module id, so two apps' modules must never share one (deterministic ids are short hashes of the path
      // from each app's folder: two apps' `src/features/jobs/components/JobCard.tsx` would be one family).
      plugins.push(new webpack.ids.NamedModuleIdsPlugin({ context: path.resolve(o.dir, '..') }));
    }
    if (o.host) {
      plugins.push(
        new HtmlWebpackPlugin({
          template: path.join(o.dir, 'public', 'index.html'),
          favicon: path.join(o.dir, 'public', 'favicon.svg'),
        }),
      );
      if (prod) plugins.push(new PreloadStartupChunks());
    }
    return {
      mode,
      context: o.dir,
      entry: o.host ? './src/index.ts' : { [o.name]: './src/index.ts' },
      // Development: no `eval` source maps, so a dev bundle also runs under the built shell's
      // Content-Security-Policy (no 'unsafe-eval'), e.g. a remote's dev server behind a shell override.
      devtool: prod ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: path.join(o.dir, 'dist'),
        publicPath: o.host ? '/' : 'auto',
        filename: prod ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: o.name,
        clean: true,
        // Always rewrite: `npm start` decides what is stale from the manifest's modification time.
        compareBeforeEmit: false,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        conditionNames: ['referio-source', '...'],
        // react-router 7 exports only its development build; production builds take the minified one
        // (about 35 KB gzip less on every page).
        alias: prod
          ? reactRouterProduction()
          : refresh
            ? { 'react-refresh/runtime$': path.join(__dirname, 'react-refresh-runtime.js') }
            : {},
      },
      module: {
        rules: [
          { test: /\.tsx?$/, exclude: /node_modules/, use: typescriptLoader(o.dir, refresh) },
          // Production: stylesheets are files of their own (parallel, cached, never parsed as JavaScript),
          // fetched with the chunk that imports them; development keeps style-loader's quick reloads.
          {
            test: /\.css$/,
            use: [prod ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
          },
          { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins,
      performance: { hints: false },
      // Minified by webpack's default, terser: esbuild's minifier was faster but left code terser removes
      // (the landing's scripts 11 % larger, over the bundle budget).
      optimization: { moduleIds: refresh ? false : 'deterministic' },
      devServer: {
        port: o.port,
        // Hot updates (Fast Refresh); a change that cannot be applied in place reloads the page.
        hot: true,
        liveReload: true,
        historyApiFallback: !!o.host,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Cache-Control': 'no-cache',
        },
        static: o.host ? { directory: path.join(o.dir, 'public'), publicPath: '/' } : false,
        proxy: o.host
          ? [{ context: ['/api'], target: API_TARGET, changeOrigin: false }]
          : undefined,
        client: { overlay: { warnings: false, errors: true } },
      },
    };
  };
}

/** Writes `<file>` (JSON) into the output with `build(compilation)`'s answer. */
class EmitJson {
  constructor(file, build) {
    this.file = file;
    this.build = build;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmitJson', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitJson', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () =>
          compilation.emitAsset(
            this.file,
            new sources.RawSource(`${JSON.stringify(this.build(compilation), null, 2)}\n`),
          ),
      );
    });
  }
}

/**
 * The server render build of an app (production only): one CommonJS file for Node, no stylesheets emitted
 * (the browser build's files are the ones pages link), no chunks (`import()` stays in the file).
 * - A remote (`o.host` false): `dist/ssr/render.<hash>.js` and `dist/ssr-manifest.json` naming it; the shared
 *   singletons stay outside (`require('react')`, …), handed over by the shell's server, so the page renders
 *   with the shell's React, router, query client and session store, exactly as in the browser.
 * - The shell: `dist/server/render.js`; its packages from node_modules stay outside (Node loads them) except
 *   `@referio/shared`, which it bundles and hands to the remotes' modules.
 * @param {object} o
 * @param {string} o.dir
 * @param {string} o.name
 * @param {string} o.entry
 * @param {boolean} [o.host]
 */
function createServerConfig(o) {
  const externals = o.host
    ? ({ request }, callback) =>
        /^[^./!]/.test(request) && !request.startsWith('@referio/')
          ? callback(null, `commonjs ${request}`)
          : callback()
    : ({ request }, callback) =>
        isSharedName(request) ? callback(null, `commonjs ${request}`) : callback();
  return {
    name: 'server',
    dependencies: ['client'],
    mode: 'production',
    target: 'node20',
    context: o.dir,
    entry: { render: o.entry },
    devtool: false,
    output: {
      path: path.join(o.dir, 'dist'),
      filename: o.host ? 'server/render.js' : 'ssr/render.[contenthash:8].js',
      library: { type: 'commonjs2' },
      uniqueName: `${o.name}_server`,
      clean: false,
      compareBeforeEmit: false,
    },
    externals,
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      conditionNames: ['referio-source', 'node', 'require', '...'],
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: typescriptLoader(o.dir, false),
        },
        {
          test: /\.css$/,
          use: [{ loader: MiniCssExtractPlugin.loader, options: { emit: false } }, 'css-loader'],
        },
        {
          test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin(),
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      ...(o.host
        ? []
        : [
            new EmitJson('ssr-manifest.json', (compilation) => ({
              render: compilation
                .getAssets()
                .map((a) => a.name)
                .find((f) => f.startsWith('ssr/render.')),
            })),
          ]),
    ],
    optimization: { minimize: false, moduleIds: 'deterministic' },
    performance: { hints: false },
  };
}

/** The browser build and, in production, the server render build (`o.serverEntry`) after it. */
function createAppConfigs(options) {
  const o = withApp(options);
  const client = createAppConfig(o);
  return (env, argv) => {
    const browser = { ...client(env, argv), name: 'client' };
    if ((argv.mode || 'production') !== 'production' || !o.serverEntry) return browser;
    return [browser, createServerConfig({ ...o, entry: o.serverEntry })];
  };
}

module.exports = { createAppConfig, createAppConfigs, groupFiles };
