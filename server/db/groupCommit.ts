/**
 * Group commit: the writes queued in one turn of the event loop commit together in one
 * transaction, each in a savepoint of its own, so a job that throws rolls back alone and its
 * caller gets the error. A caller's promise settles only after the commit: nothing is
 * acknowledged before it is stored. Concurrent submissions share the cost of a commit.
 */
import type { Db } from './database';

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function groupCommit(db: Db) {
  let queue: Job[] = [];

  function flush() {
    const jobs = queue;
    queue = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      db.transaction(() => {
        for (const job of jobs) {
          try {
            // Nested: better-sqlite3 runs it as a savepoint inside the batch.
            outcomes.push({ ok: true, value: db.transaction(job.work)() });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      })();
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  return function commit<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (queue.length === 1) setImmediate(flush);
    });
  };
}

export type GroupCommit = ReturnType<typeof groupCommit>;
