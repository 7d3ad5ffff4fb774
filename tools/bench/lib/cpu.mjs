// CPU time from /proc (Linux): a process's own, and every PostgreSQL process's on this machine, so a bench can
// say where a request's CPU goes (the API, the database, the load generator) on cores they all share.
import fs from 'node:fs';
import { procStat } from '../../run/progress.mjs';

const TICKS_PER_SECOND = 100;

/** A process's user + system CPU so far (ms); 0 when it is gone. */
export function cpuMs(pid) {
  return ((procStat(pid)?.ticks ?? 0) * 1000) / TICKS_PER_SECOND;
}

/** Every process named `postgres` (the server and its backends): their CPU so far (ms), summed. */
export function postgresCpuMs() {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let comm;
    try {
      comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm === 'postgres') total += cpuMs(pid);
  }
  return total;
}

/** The CPU of the API (`apiPid`) and PostgreSQL so far (ms), and when (ms). */
export function cpuSnapshot(apiPid) {
  return { at: performance.now(), api: cpuMs(apiPid), pg: postgresCpuMs() };
}

/**
 * CPU per request between two snapshots (ms: API, PostgreSQL, and the generator's `generatorMs` over the run)
 * and how busy the machine's cores were with the three (%). PostgreSQL's figure counts every backend, the
 * ones that ended during the run excepted (the bench's are kept open).
 */
export function cpuPerRequest(before, after, generatorMs, requests, cores) {
  const used = { api: after.api - before.api, pg: after.pg - before.pg, generator: generatorMs };
  const per = (k) => Math.round((used[k] / Math.max(1, requests)) * 100) / 100;
  return {
    api: per('api'),
    pg: per('pg'),
    generator: per('generator'),
    busy: Math.round(
      (100 * (used.api + used.pg + used.generator)) / ((after.at - before.at) * cores),
    ),
  };
}
