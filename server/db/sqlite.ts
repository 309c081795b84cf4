/**
 * The embedded database: SQLite in a file (WAL mode), opened only when it is ours to use,
 * checked at start-up, and migrated (migrations.ts, the step recorded in PRAGMA user_version).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { StartupError } from '../startupError';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

/** Files up to this size are checked at start-up (PRAGMA quick_check). */
export const QUICK_CHECK_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * Opens the database, refusing what is not ours to use, each with one line that says what to
 * do: a file this process cannot write, a file that is not SQLite, another program's database,
 * a schema newer than this server's, and a damaged file (PRAGMA quick_check).
 */
export function openDatabase(file: string, log: (message: string) => void = () => {}): Db {
  if (file !== ':memory:') {
    const folder = path.dirname(file);
    try {
      // Contacts' data: the folder is the server's alone (0700), the file too (0600; SQLite
      // gives its journal files the file's mode).
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      fs.closeSync(fs.openSync(file, 'a', 0o600));
      fs.accessSync(folder, fs.constants.W_OK);
    } catch (error) {
      throw new StartupError(
        `this process (uid ${process.getuid?.() ?? '?'}) cannot write the database ${file} or its folder (${(error as NodeJS.ErrnoException).code}): give it write access to both, or set DATA_DIR to a folder it owns`,
      );
    }
  }
  const db = new Database(file);
  try {
    checkDatabase(db, file, log);
  } catch (error) {
    db.close();
    if (error instanceof StartupError) throw error;
    const code = (error as { code?: string }).code ?? 'unknown';
    throw new StartupError(
      `the database ${file} cannot be read (${code}): it is not a SQLite database or it is damaged; restore it from a backup, or set DATA_DIR to another folder`,
    );
  }
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // Deleted rows and freed pages are overwritten with zeros: an erasure leaves no copy in the
  // file (docs/security.md#erasure).
  db.pragma('secure_delete = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  // Submissions land on random pages of several indexes (uuids, hashed keys, e-mail
  // addresses): a 64 MB page cache keeps them in memory as the tables grow.
  db.pragma('cache_size = -65536');
  migrate(db);
  return db;
}

function checkDatabase(db: Db, file: string, log: (message: string) => void) {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length)
    throw new StartupError(
      `the database ${file} has schema version ${version}, newer than this server's ${MIGRATIONS.length}: run the server version that wrote it, or restore a backup made for this one`,
    );
  if (version === 0) {
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' LIMIT 3`)
      .pluck()
      .all() as string[];
    if (tables.length)
      throw new StartupError(
        `the database ${file} is not Immosuite's (it holds tables of another program: ${tables.join(', ')}): set DATA_DIR to a folder of its own`,
      );
  }
  if (file === ':memory:') return;
  const size = fs.statSync(file).size;
  if (size > QUICK_CHECK_MAX_BYTES) {
    log(
      `the database ${file} (${Math.round(size / 1e6)} MB) was not checked at start-up (PRAGMA quick_check reads every page of it); run it while the server is stopped`,
    );
    return;
  }
  const problems = db.pragma('quick_check(3)', { simple: false }) as { quick_check: string }[];
  if (problems[0]?.quick_check !== 'ok')
    throw new StartupError(
      `the database ${file} is damaged (PRAGMA quick_check: ${problems.map((p) => p.quick_check).join('; ')}): restore it from a backup`,
    );
}

/** Runs the migrations the database has not had, up to `target` (all by default). */
export function migrate(db: Db, target = MIGRATIONS.length) {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < target; version += 1) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!.sqlite);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
