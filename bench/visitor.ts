/**
 * A normal visitor beside whatever a bench puts on the server (CSV exports, slow readers): one
 * timed request for the saved-search wizard's regions from another loopback address, and the
 * percentiles of many.
 */
import http from 'node:http';
import { PREFIX } from '../scripts/serverProcess';

/** The visitor's request from 127.0.0.2, timed in ms; `agent` keeps its connection. */
export function visitorRequest(port: number, agent: http.Agent): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: `${PREFIX}/v1/wizard/locations`,
          localAddress: '127.0.0.2',
          agent,
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            response.statusCode === 200
              ? resolve(performance.now() - started)
              : reject(new Error(`visitor: status ${response.statusCode}`)),
          );
        },
      )
      .on('error', reject);
  });
}

/** The `p`th percentile of `values` (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/**
 * `once` run `warm` times unmeasured (the statement and page caches warm up), then `runs` times
 * measured: the median and p99 in ms to two decimals, and the last run's result.
 */
export async function timed<T>(
  runs: number,
  warm: number,
  once: () => Promise<T>,
): Promise<{ medianMs: number; p99Ms: number; last: T }> {
  const times: number[] = [];
  let last!: T;
  for (let i = 0; i < warm + runs; i += 1) {
    const started = performance.now();
    last = await once();
    if (i >= warm) times.push(performance.now() - started);
  }
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { medianMs: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), last };
}
