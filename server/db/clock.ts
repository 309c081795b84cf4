/** The time as the database keeps it: ISO 8601 text in UTC, e.g. '2026-11-25T10:00:00.000Z'. */
export const now = () => new Date().toISOString();

/** The time `ms` milliseconds before now, as the database keeps it. */
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Milliseconds of a monotonic clock that fake timers leave alone (read at load). */
export const monotonic = (
  (hrtime) => () =>
    Number(hrtime()) / 1e6
)(process.hrtime.bigint);
