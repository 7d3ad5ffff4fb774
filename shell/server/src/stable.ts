// A remote's stable URLs: `/mf-manifest.json`, `/remoteEntry.js` (and `/ssr-manifest.json`, `/mf-contract.json`)
// answer the live release's (the release store's pointer) with 200 and `no-cache`, and every file they name is in
// that release's own folder (`/<version>/…`, immutable). A host that knows only the remote's origin (a site no one
// here wrote, the dev loop's shell, a CDN in front of this server) loads the live release; a deploy or a rollback
// shows at its next load, and a tab keeps the files of the release it started with.
// - mf-manifest.json: `publicPath` stays 'auto' (the federation runtime resolves the manifest's files against the
//   URL it fetched it from) and every path in it gets the version in front, so one answer serves any origin or CDN
//   name. An absolute publicPath would need this server to know the name it is reached by.
// - remoteEntry.js: webpack's 'auto' public path is the folder of the script's URL, `/` here; the served copy ends
//   it with `<version>/`, so its chunks load from the release's folder.
// - ssr-manifest.json (the shell's server renders with it): its server module's path, likewise; mf-contract.json as
//   it is.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileKey, readPointer, type Store } from '@referio/release';

/** The answers of the stable URLs, by file name: their type and how a release's copy is rewritten. */
interface StableFile {
  type: string;
  rewrite: (text: string, version: string) => string;
}

type Files = string[] | undefined;
interface Assets {
  js?: { sync?: Files; async?: Files };
  css?: { sync?: Files; async?: Files };
}
interface FileRef {
  path?: string;
  name?: string;
  [key: string]: unknown;
}
/** The parts of mf-manifest.json that name files (the rest is passed on as it is). */
export interface Manifest {
  metaData?: {
    publicPath?: string;
    getPublicPath?: string;
    remoteEntry?: FileRef;
    ssrRemoteEntry?: FileRef;
    [key: string]: unknown;
  };
  shared?: { assets?: Assets; [key: string]: unknown }[];
  exposes?: { assets?: Assets; [key: string]: unknown }[];
  [key: string]: unknown;
}

/** A path relative to the release's folder, as a path relative to the remote's root: `<version>/<path>`. */
const underVersion = (version: string, file: string): string =>
  /^([a-z][a-z0-9+.-]*:)?\/\//i.test(file) || file.startsWith('/')
    ? file
    : `${version}/${file.replace(/^\.\//, '')}`;

function versionedAssets(assets: Assets | undefined, version: string): Assets | undefined {
  if (!assets) return assets;
  const files = (list: Files) => list?.map((f) => underVersion(version, f));
  const group = (g: Assets['js']) => g && { ...g, sync: files(g.sync), async: files(g.async) };
  return { ...assets, js: group(assets.js), css: group(assets.css) };
}

const versionedRef = (ref: FileRef | undefined, version: string): FileRef | undefined =>
  ref && { ...ref, path: ref.path ? underVersion(version, ref.path) : version };

/**
 * A release's manifest as its stable URL serves it: every file it names (the remote entry, the exposed modules'
 * and shared packages' assets) under `<version>/`, resolved by the runtime against the stable URL's folder. A
 * manifest with a fixed public path names its files itself and is served as it is.
 */
export function versionedManifest(manifest: Manifest, version: string): Manifest {
  const meta = manifest.metaData;
  const auto = meta && (meta.publicPath === 'auto' || meta.publicPath === '');
  if (!meta || !auto || meta.getPublicPath !== undefined) return manifest;
  return {
    ...manifest,
    metaData: {
      ...meta,
      remoteEntry: versionedRef(meta.remoteEntry, version),
      ...(meta.ssrRemoteEntry
        ? { ssrRemoteEntry: versionedRef(meta.ssrRemoteEntry, version) }
        : {}),
    },
    shared: manifest.shared?.map((s) => ({ ...s, assets: versionedAssets(s.assets, version) })),
    exposes: manifest.exposes?.map((e) => ({ ...e, assets: versionedAssets(e.assets, version) })),
  };
}

/**
 * The end of webpack's 'auto' public path (webpack/lib/runtime/AutoPublicPathRuntimeModule.js, minified or not):
 * the script's URL without blob:, query and fragment, cut after its last `/`.
 */
const AUTO_PUBLIC_PATH =
  /(\.replace\(\/\^blob:\|\[\?#\]\.\*\$\/g,\s*""\)\.replace\(\/\\\/\[\^\/\]\+\$\/,\s*)"\/"\)/g;

/**
 * A release's remoteEntry.js as its stable URL serves it: its public path (the folder its chunks load from) is the
 * script's folder and then `<version>/`. An entry without webpack's 'auto' public path (a fixed one) is served as
 * it is; one with it more than once is refused (which one loads the chunks cannot be told).
 */
export function versionedEntry(code: string, version: string): string {
  const found = code.match(AUTO_PUBLIC_PATH)?.length ?? 0;
  if (found > 1) throw new Error(`remoteEntry.js has ${found} automatic public paths`);
  return code.replace(
    AUTO_PUBLIC_PATH,
    (_all, head: string) => `${head}${JSON.stringify(`/${version}/`)})`,
  );
}

const json = (rewrite: (value: never, version: string) => unknown) => (text: string, v: string) =>
  `${JSON.stringify(rewrite(JSON.parse(text) as never, v), null, 2)}\n`;

export const STABLE_FILES: Record<string, StableFile> = {
  'mf-manifest.json': {
    type: 'application/json; charset=utf-8',
    rewrite: json((m: Manifest, v) => versionedManifest(m, v)),
  },
  'remoteEntry.js': { type: 'text/javascript; charset=utf-8', rewrite: versionedEntry },
  // The live contract (docs/teams.md), for the contract check's "running site" and anyone who asks; it names no file.
  'mf-contract.json': { type: 'application/json; charset=utf-8', rewrite: (text) => text },
  'ssr-manifest.json': {
    type: 'application/json; charset=utf-8',
    rewrite: json((m: { render?: unknown }, v) =>
      typeof m.render === 'string' ? { ...m, render: underVersion(v, m.render) } : m,
    ),
  },
};

/** Changes when the rewriting does: a copy cached under an older one is not taken for the new. */
const REWRITE = 's1';

/** Rewritten copies by `<version>/<file>` (a release never changes); the few newest are kept. */
const KEPT = 24;

/** Serves the stable URLs of `app` from `store`. */
export function registerStableRoutes(server: FastifyInstance, app: string, store: Store): void {
  const kept = new Map<string, string | null>();
  const copyOf = async (version: string, file: string): Promise<string | null> => {
    const key = `${version}/${file}`;
    if (kept.has(key)) return kept.get(key)!;
    const bytes = await store.get(fileKey(app, version, file));
    const text = bytes && STABLE_FILES[file]!.rewrite(bytes.toString('utf8'), version);
    kept.set(key, text);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return text;
  };
  for (const file of Object.keys(STABLE_FILES)) {
    server.get(`/${file}`, async (req, reply) => {
      const live = (await readPointer(store)).apps[app]?.live;
      if (!live) return notFound(reply, `${app}: no live release`);
      const text = await copyOf(live, file);
      if (text === null) return notFound(reply, 'Not found');
      return answer(req, reply, { text, type: STABLE_FILES[file]!.type, version: live });
    });
  }
}

const notFound = (reply: FastifyReply, message: string) =>
  reply.code(404).header('Cache-Control', 'no-cache').type('text/plain').send(message);

/** 200 with the copy (or 304 to a client that has it): asked again before each use, readable by any origin. */
function answer(
  req: FastifyRequest,
  reply: FastifyReply,
  a: { text: string; type: string; version: string },
): FastifyReply {
  const etag = `W/"${a.version}-${REWRITE}"`;
  reply
    .header('Cache-Control', 'no-cache')
    .header('ETag', etag)
    .header('Access-Control-Allow-Origin', '*')
    .header('Timing-Allow-Origin', '*');
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(a.type).send(a.text);
}
