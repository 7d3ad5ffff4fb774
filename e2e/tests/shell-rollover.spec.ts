// A shell release without downtime (docs/releases.md, "The shell's releases"): a request loop (/api/health, the home
// page, /remotes.json, a hashed script) runs through a shell deploy, a rollback, a canary and its abort, in the two
// layouts of docs/deploy.md: one shell server as `npm start` runs it, and two behind HAProxy with
// tools/deploy/haproxy.cfg. Not one request may be refused or fail. Its own store, ports and stand-in API
// (tools/deploy/shell-rollover.mjs, which `node tools/deploy/shell-rollover.mjs` also runs by hand); no browser.
import { expect, test } from '@playwright/test';

process.env.HAPROXY_PATH ||= '/usr/sbin/haproxy';

for (const layout of ['start', 'haproxy'] as const) {
  test(`a shell deploy, rollback and canary refuse and fail no request (${layout})`, async () => {
    // Each step waits for its handover (a new process started and ready on each server).
    test.setTimeout(600_000);
    const { measureLayout } = await import('../../tools/deploy/shell-rollover.mjs');
    const result = await measureLayout(layout);
    console.log(JSON.stringify(result));
    expect(result.steps.map((s) => s.step)).toEqual([
      'deploy',
      'rollback',
      'canary 50 %',
      'abort canary',
    ]);
    for (const s of result.steps) {
      expect(s.requests, s.step).toBeGreaterThan(0);
      expect({ step: s.step, refused: s.refused, failed: s.failed, errors: s.errors }).toEqual({
        step: s.step,
        refused: 0,
        failed: 0,
        errors: {},
      });
    }
    expect(result.canary).toEqual({ bucket0: result.second, bucket99: result.first });
  });
}
