// `npm run dev`'s console: one readable line per request instead of JSON objects. Production (`npm start`,
// the servers themselves) keeps writing JSON lines; only the dev runner formats what it prints.
//   the API (pino):        "incoming request" is held, "request completed" prints
//                          `12:01:02 api    GET /api/jobs 200 12ms  7f3c…` (with the method and URL held);
//                          other entries: `12:01:02 api    WARN message`
//   the static servers:    `12:01:02 shell  GET / 200 3ms  7f3c…`
// Lines that are not JSON pass through as they are.
const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

const clock = (t) => {
  const d = new Date(t ?? Date.now());
  return Number.isNaN(d.getTime()) ? '' : d.toTimeString().slice(0, 8);
};

/** A formatter keeping the API's open requests (reqId → method and URL) between lines. */
export function createDevLogFormatter(label) {
  const open = new Map();
  const name = label.padEnd(13);
  return (line) => {
    if (!line.startsWith('{')) return line;
    let e;
    try {
      e = JSON.parse(line);
    } catch {
      return line;
    }
    const ms = (v) => (typeof v === 'number' ? `${Math.round(v * 10) / 10}ms` : '');
    const short = (id) => (typeof id === 'string' ? id.slice(0, 8) : '');
    if (e.msg === 'incoming request' && e.req) {
      open.set(e.reqId, `${e.req.method} ${e.req.url}`);
      if (open.size > 1000) open.delete(open.keys().next().value);
      return null;
    }
    if (e.msg === 'request completed') {
      const what = open.get(e.reqId) ?? '?';
      open.delete(e.reqId);
      return `${clock(e.time)} ${name} ${what} ${e.res?.statusCode ?? ''} ${ms(e.responseTime)}  ${short(e.reqId)}`;
    }
    if (e.method && e.url && e.status !== undefined) {
      return `${clock(e.time)} ${name} ${e.method} ${e.url} ${e.status} ${ms(e.ms)}  ${short(e.reqId)}`;
    }
    if (e.msg !== undefined) {
      const level = LEVELS[e.level] ?? String(e.level ?? '');
      const err = e.err?.message ? ` (${e.err.message})` : '';
      return `${clock(e.time)} ${name} ${level} ${e.msg}${err}`;
    }
    return line;
  };
}
