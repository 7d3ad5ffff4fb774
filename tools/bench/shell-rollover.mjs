#!/usr/bin/env node
// A shell deploy, rollback, canary and abort under a request loop, in both layouts (one shell server as `npm start`
// runs it; two behind HAProxy): refused and failed requests, and how long each handover took
// (tools/deploy/shell-rollover.mjs; docs/releases.md). Needs the shell built, and HAProxy (HAPROXY_PATH).
import path from 'node:path';
import { measureLayout } from '../deploy/shell-rollover.mjs';
import { root } from '../run/apps.mjs';
import { printTable, writeResult } from './common.mjs';

process.env.HAPROXY_PATH ||= '/usr/sbin/haproxy';
const layouts = [];
for (const layout of ['start', 'haproxy']) layouts.push(await measureLayout(layout));

const rows = layouts.flatMap((l) =>
  l.steps.map((s) => ({
    layout: l.layout,
    step: s.step,
    requests: s.requests,
    refused: s.refused,
    failed: s.failed,
    resent: s.resent,
    'command → all new ms': s.handoverMs,
    'ready ms (per server)': s.servers.map((x) => x.readyMs).join(', '),
    'drain ms': s.servers.map((x) => x.drainMs).join(', '),
  })),
);
printTable(rows);
console.log(
  `→ ${path.relative(root, writeResult('shell-rollover', { at: new Date().toISOString(), layouts }))}`,
);
const bad = rows.reduce((n, r) => n + r.refused + r.failed, 0);
process.exit(bad ? 1 : 0);
