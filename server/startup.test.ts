/**
 * @jest-environment node
 *
 * Start-up (docs/security.md#files-and-start-up): what the server refuses to start on, each in
 * one line naming the file or setting, and the modes of what it makes.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startTestServer } from '../test/server/testServer';
import { buildServer } from './app';
import { configFromEnv } from './config';
import { StartupError } from './startupError';

describe('start-up refuses damaged or foreign state, in one line naming the file', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-start-'));

  const start = (dir: string) =>
    buildServer(configFromEnv({ DATA_DIR: dir, LOG: '0', MIN_FILL_MS: '0' }));

  const dbFile = (dir: string) => path.join(dir, 'immosuite.sqlite');

  it('a SQLite file of another program', async () => {
    const dir = dataDir();
    const foreign = new Database(dbFile(dir));
    foreign.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)');
    foreign.close();
    await expect(start(dir)).rejects.toThrow(
      new StartupError(
        `the database ${dbFile(dir)} is not Immosuite's (it holds tables of another program: invoices): set DATA_DIR to a folder of its own`,
      ),
    );
    // Nothing of ours was added to it.
    const after = new Database(dbFile(dir));
    expect(
      after.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all(),
    ).toEqual(['invoices']);
    after.close();
  });

  it('a schema newer than this server', async () => {
    const dir = dataDir();
    await (await start(dir)).close();
    const db = new Database(dbFile(dir));
    db.pragma('user_version = 99');
    db.close();
    await expect(start(dir)).rejects.toThrow(
      /schema version 99, newer than this server's \d+: run the server version that wrote it/,
    );
  });

  it('a file that is not a database, and a damaged one', async () => {
    const dir = dataDir();
    fs.writeFileSync(dbFile(dir), 'Dies ist keine Datenbank, sondern ein Brief.'.repeat(200));
    await expect(start(dir)).rejects.toThrow(/it is not a SQLite database or it is damaged/);

    const damaged = dataDir();
    const server = await start(damaged);
    await server.close();
    // Garbage over the pages after the first: the header stays, the trees do not.
    const fd = fs.openSync(dbFile(damaged), 'r+');
    const size = fs.fstatSync(fd).size;
    expect(size).toBeGreaterThan(8 * 4096);
    fs.writeSync(fd, Buffer.alloc(size - 4096, 0x5a), 0, size - 4096, 4096);
    fs.closeSync(fd);
    await expect(start(damaged)).rejects.toThrow(StartupError);
    await expect(start(damaged)).rejects.toThrow(
      new RegExp(`${dbFile(damaged)} (is damaged|cannot be read)`),
    );
  });

  it('an empty database file beside the secret of an earlier start', async () => {
    const dir = dataDir();
    await (await start(dir)).close();
    fs.truncateSync(dbFile(dir), 0);
    fs.rmSync(`${dbFile(dir)}-wal`, { force: true });
    await expect(start(dir)).rejects.toThrow(
      new StartupError(
        `the database ${dbFile(dir)} is empty (0 bytes), though ${path.join(dir, 'secret')} shows this folder held one: restore it from your backup, or delete the empty file to start with an empty database`,
      ),
    );
    // Left as it was; once deleted, the server starts anew.
    expect(fs.statSync(dbFile(dir)).size).toBe(0);
    fs.rmSync(dbFile(dir));
    await (await start(dir)).close();
    // A new folder (no secret yet) with an empty file is a new installation.
    const fresh = dataDir();
    fs.writeFileSync(dbFile(fresh), '');
    await (await start(fresh)).close();
  });

  it('an empty or short secret', async () => {
    const dir = dataDir();
    await (await start(dir)).close();
    fs.writeFileSync(path.join(dir, 'secret'), '\n');
    await expect(start(dir)).rejects.toThrow(
      new StartupError(
        `the secret ${path.join(dir, 'secret')} is empty: restore it from your backup, or delete it to have a new one made (every session then ends)`,
      ),
    );
    fs.writeFileSync(path.join(dir, 'secret'), 'abc123');
    await expect(start(dir)).rejects.toThrow(/is too short/);
  });

  it('a database this process cannot write: the server says so in one line and exits', async () => {
    const dir = dataDir();
    await (await start(dir)).close();
    const asRoot = process.getuid?.() === 0;
    // Root writes anything: the server runs as nobody then, the files stay root's.
    if (asRoot) fs.chmodSync(dir, 0o755);
    else fs.chmodSync(dbFile(dir), 0o444);
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'main.ts')],
      {
        env: { ...process.env, DATA_DIR: dir, PORT: '0', LOG: '0' },
        encoding: 'utf8',
        timeout: 15_000,
        ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
      },
    );
    expect(child.status).toBe(1);
    expect(
      child.stderr
        .trim()
        .split('\n')
        .filter((line) => !/npm warn/.test(line)),
    ).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Immosuite: this process \\(uid \\d+\\) cannot write the database ${dbFile(dir)} or its folder \\(EACCES\\)`,
        ),
      ),
    ]);
  });
});

describe('start-up', () => {
  it('refuses to start on a public bind without PUBLIC_URL, unless DEV_MAILBOX=1 says it is a local test', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-bind-'));
    // Should it be built anyway, it is closed again, so the test fails instead of hanging.
    const refused = await buildServer(
      configFromEnv({ HOST: '0.0.0.0', DATA_DIR: dir, LOG: '0' }),
    ).then(
      async (app) => {
        await app.close();
        return null;
      },
      (error: Error) => error,
    );
    expect(refused?.message).toMatch(
      /PUBLIC_URL must be set when the server listens on 0\.0\.0\.0/,
    );
    const local = await buildServer(
      configFromEnv({ HOST: '0.0.0.0', DEV_MAILBOX: '1', DATA_DIR: dir, LOG: '0' }),
    );
    await local.close();
    const published = await buildServer(
      configFromEnv({
        HOST: '0.0.0.0',
        PUBLIC_URL: 'https://makler.example',
        DATA_DIR: dir,
        LOG: '0',
      }),
    );
    await published.close();
  });

  it('the data directory is 0700, the database and the secret 0600', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-modes-')), 'data');
    const server = await startTestServer({}, dir);
    try {
      const mode = (file: string) => fs.statSync(path.join(dir, file)).mode & 0o777;
      expect(mode('.')).toBe(0o700);
      // On PostgreSQL (IMMOSUITE_TEST_DATABASE=postgres) the data are not in this folder.
      if (server.app.sql.dialect === 'sqlite') expect(mode('immosuite.sqlite')).toBe(0o600);
      expect(mode('secret')).toBe(0o600);
    } finally {
      await server.close();
    }
  });
});
