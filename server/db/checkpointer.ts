/**
 * WAL checkpoints off the request path: a worker thread with a connection of its own copies
 * the write-ahead log back into the database file every CHECKPOINT_EVERY_MS (a PASSIVE
 * checkpoint, which never blocks the server's writes), so the file syncs of a checkpoint do
 * not stall the event loop. The server's own connection keeps a large auto-checkpoint as a
 * safety net should the worker stop.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './sqlite';

const CHECKPOINT_EVERY_MS = 200;
/** Pages (4 KB) after which the server's connection checkpoints itself: 40 MB. */
const SAFETY_NET_PAGES = 10_000;

// Plain JavaScript, evaluated in the worker: no TypeScript loader needed there.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); }
  catch (error) { parentPort.postMessage(String(error)); }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); checkpoint(); db.close(); parentPort.close(); });
`;

export function startCheckpointer(db: Db, onError: (message: string) => void) {
  if (db.memory) return { stop: async () => {} };
  db.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  // The WAL file is cut back to 64 MB whenever it restarts.
  db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  const driver = createRequire(__filename).resolve('better-sqlite3');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { driver, file: db.name, everyMs: CHECKPOINT_EVERY_MS },
  });
  worker.unref();
  worker.on('message', (message: string) => onError(message));
  worker.on('error', (error) => onError(String(error)));
  let stopped: Promise<void> | null = null;
  return {
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        // Held until it has finished: an unreferenced worker would let the process end first.
        worker.ref();
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      })),
  };
}
