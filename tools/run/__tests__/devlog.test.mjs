import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createDevLogFormatter } from '../devlog.mjs';

it("prints one line per API request, with the method and URL of pino's incoming line", () => {
  const format = createDevLogFormatter('api');
  const time = Date.UTC(2026, 0, 1, 12, 1, 2);
  assert.equal(
    format(
      JSON.stringify({
        level: 30,
        time,
        reqId: 'abcdef123456',
        req: { method: 'GET', url: '/api/jobs' },
        msg: 'incoming request',
      }),
    ),
    null,
  );
  const done = format(
    JSON.stringify({
      level: 30,
      time,
      reqId: 'abcdef123456',
      res: { statusCode: 200 },
      responseTime: 12.34,
      msg: 'request completed',
    }),
  );
  assert.match(done, /^\d\d:\d\d:\d\d api +GET \/api\/jobs 200 12\.3ms {2}abcdef12$/);
});

it("formats the static servers' JSON request lines and leaves other lines alone", () => {
  const format = createDevLogFormatter('shell');
  const line = format(
    JSON.stringify({
      time: '2026-01-01T12:01:02.000Z',
      app: 'shell',
      reqId: 'r1',
      method: 'GET',
      url: '/',
      status: 200,
      ms: 3,
    }),
  );
  assert.match(line, /^\d\d:\d\d:\d\d shell +GET \/ 200 3ms {2}r1$/);
  assert.equal(
    format('shell serving dist on http://localhost:3000'),
    'shell serving dist on http://localhost:3000',
  );
  assert.match(
    format(JSON.stringify({ level: 40, time: 0, msg: 'slow query' })),
    /api|shell +WARN slow query$/,
  );
});
