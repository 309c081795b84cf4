/**
 * Group commit: the writes queued in one turn of the event loop commit together in one
 * transaction. A caller's promise settles only after the commit: nothing is acknowledged
 * before it is stored. Concurrent submissions share the cost of a commit.
 *
 * The batch runs without a savepoint per job (SQLite copies every page a savepoint touches
 * into its sub-journal, which doubled the cost of each insert). When a job throws, the whole
 * batch rolls back and each job runs again in a transaction of its own, so the failing one
 * rolls back alone and its caller gets the error. A job may therefore run twice: it must
 * only write through the database and assign its results.
 */
import type { Db } from './database';

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function groupCommit(db: Db) {
  let queue: Job[] = [];

  /** Each job in a transaction of its own. */
  function oneByOne(jobs: Job[]) {
    for (const job of jobs) {
      let value: unknown;
      try {
        value = db.transaction(job.work)();
      } catch (error) {
        job.reject(error);
        continue;
      }
      job.resolve(value);
    }
  }

  function flush() {
    const jobs = queue;
    queue = [];
    let values: unknown[];
    try {
      values = db.transaction(() => jobs.map((job) => job.work()))();
    } catch {
      oneByOne(jobs);
      return;
    }
    jobs.forEach((job, i) => job.resolve(values[i]));
  }

  return function commit<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (queue.length === 1) setImmediate(flush);
    });
  };
}

export type GroupCommit = ReturnType<typeof groupCommit>;
