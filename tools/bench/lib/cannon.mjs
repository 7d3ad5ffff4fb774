// autocannon runs as the load benchmarks size them: CONNECTIONS connections (default 32), a WARMUP-second
// warm-up (2) before each DURATION-second measured run (5). How many rounds is each benchmark's own.
import autocannon from 'autocannon';

export const CONNECTIONS = Number(process.env.CONNECTIONS || 32);
/** Seconds per measured run. */
export const DURATION = Number(process.env.DURATION || 5);
export const WARMUP = Number(process.env.WARMUP || 2);

/** One autocannon run of `opts` over CONNECTIONS connections (10 s request timeout). */
export function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, timeout: 10, ...opts }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
  });
}

/** A WARMUP-second run of `opts`, `between()`, then the DURATION-second run whose result counts. */
export async function warmThenMeasure(opts, between = () => {}) {
  await cannon({ ...opts, duration: WARMUP });
  between();
  return cannon({ ...opts, duration: DURATION });
}
