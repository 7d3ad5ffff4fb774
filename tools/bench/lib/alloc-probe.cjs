// Bench-only probe, preloaded into the API by `tools/bench/search-alloc.mjs` (--require, with --expose-gc and an
// IPC channel): how many bytes of JavaScript heap the API allocates between two marks, and where (V8's sampling
// heap profiler). The API runs with a young generation large enough that no collection happens between the marks,
// so the growth of the used heap is what was allocated; `gcs` says whether that held (0 expected).
//   { probe: 'mark' }   → collect twice, remember the used heap; answers { ok }
//   { probe: 'read' }   → answers { heapBytes, externalBytes, gcs } since the mark
//   { probe: 'sample' } → starts the sampling heap profiler; { probe: 'top' } stops it and answers its
//                         heaviest allocating functions and packages ({ functions, packages, sampledBytes })
'use strict';
const inspector = require('node:inspector');
const v8 = require('node:v8');

if (typeof process.send === 'function' && typeof global.gc === 'function') {
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
    );
  let start = null;
  let gcProfiler = null;

  /** `node_modules/<pkg>/…` → the package; the API's own files by their path under api/. */
  const where = (url) => {
    if (!url) return '(native)';
    const nm = url.lastIndexOf('node_modules/');
    if (nm >= 0) {
      const rest = url.slice(nm + 'node_modules/'.length).split('/');
      return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    }
    if (url.startsWith('node:')) return 'node';
    return /\/api\/dist[^/]*\//.test(url) ? 'api' : url.replace(/^file:\/\//, '');
  };
  const shortUrl = (url) => {
    const nm = url.lastIndexOf('node_modules/');
    if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
    const api = url.search(/\/api\/dist[^/]*\//);
    return api >= 0 ? url.slice(api + 1) : url;
  };

  /** Self sizes of the sampled profile, by function (name, file, line) and by package. */
  function summarise(profile) {
    const byFunction = new Map();
    const byPackage = new Map();
    let total = 0;
    const walk = (node) => {
      const f = node.callFrame;
      if (node.selfSize > 0) {
        const key = `${f.functionName || '(anonymous)'} ${f.url ? `${shortUrl(f.url)}:${f.lineNumber + 1}` : ''}`;
        byFunction.set(key, (byFunction.get(key) ?? 0) + node.selfSize);
        const pkg = where(f.url);
        byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.selfSize);
        total += node.selfSize;
      }
      for (const c of node.children) walk(c);
    };
    walk(profile.head);
    const top = (m, n) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([what, bytes]) => ({ what, bytes }));
    return { sampledBytes: total, functions: top(byFunction, 30), packages: top(byPackage, 12) };
  }

  process.on('message', (msg) => {
    const answer = async () => {
      switch (msg?.probe) {
        case 'mark':
          global.gc();
          global.gc();
          gcProfiler = new v8.GCProfiler();
          gcProfiler.start();
          start = v8.getHeapStatistics();
          return { ok: true };
        case 'read': {
          const end = v8.getHeapStatistics();
          const gcs = gcProfiler.stop().statistics.length;
          return {
            heapBytes: end.used_heap_size - start.used_heap_size,
            externalBytes: end.external_memory - start.external_memory,
            gcs,
          };
        }
        case 'sample':
          await post('HeapProfiler.enable');
          await post('HeapProfiler.startSampling', {
            samplingInterval: 512,
            includeObjectsCollectedByMajorGC: true,
            includeObjectsCollectedByMinorGC: true,
          });
          return { ok: true };
        case 'top': {
          const { profile } = await post('HeapProfiler.stopSampling');
          return summarise(profile);
        }
        default:
          return { error: `unknown probe message ${JSON.stringify(msg)}` };
      }
    };
    answer().then(
      (a) => process.send({ probeAnswer: msg.probe, ...a }),
      (err) => process.send({ probeAnswer: msg.probe, error: String(err) }),
    );
  });
}
