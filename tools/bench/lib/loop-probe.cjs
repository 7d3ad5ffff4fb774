// Bench-only probe, preloaded into the API by `tools/bench/api-load.mjs` (NODE_OPTIONS=--require …) when
// REFERIO_BENCH_PROBE names a file: what stopped the API's event loop, to tell a slow search from a stalled
// process. Writes one JSON line per event: a timer that fired late by more than STALL_MS (the loop was held:
// `{ kind: 'stall', at, ms }`), a garbage collection pause of more than GC_MS (`{ kind: 'gc', at, ms, type }`)
// and a request it held more than SLOW_MS (`{ kind: 'request', at, ms }`).
// `at` is the event's start, Unix epoch milliseconds (the bench's requests are stamped the same way).
'use strict';
const fs = require('node:fs');
const { PerformanceObserver, performance, constants } = require('node:perf_hooks');

const file = process.env.REFERIO_BENCH_PROBE;
if (file) {
  const TICK_MS = 5;
  const STALL_MS = 10;
  const GC_MS = 5;
  const lines = [];
  const flush = () => {
    if (lines.length) fs.appendFileSync(file, lines.splice(0).join('\n') + '\n');
  };
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - last - TICK_MS;
    if (late > STALL_MS)
      lines.push(
        JSON.stringify({ kind: 'stall', at: performance.timeOrigin + last + TICK_MS, ms: late }),
      );
    last = now;
  }, TICK_MS);
  timer.unref();
  const types = {
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration > GC_MS)
        lines.push(
          JSON.stringify({
            kind: 'gc',
            at: performance.timeOrigin + e.startTime,
            ms: e.duration,
            type: types[e.detail?.kind] ?? String(e.detail?.kind),
          }),
        );
  }).observe({ entryTypes: ['gc'] });
  // A request the API itself held more than SLOW_MS, from its 'request' event to the response's 'finish':
  // `{ kind: 'request', at, ms }`. A slow answer the API did not hold waited outside it (the network, the
  // generator).
  const SLOW_MS = 15;
  const http = require('node:http');
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function probed(event, req, res) {
    if (event === 'request') {
      const start = performance.now();
      res.once('finish', () => {
        const ms = performance.now() - start;
        if (ms > SLOW_MS)
          lines.push(JSON.stringify({ kind: 'request', at: performance.timeOrigin + start, ms }));
      });
    }
    return emit.apply(this, arguments);
  };
  setInterval(flush, 1000).unref();
  process.on('exit', flush);
}
