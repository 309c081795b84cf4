/**
 * A throw-away PostgreSQL cluster for tests, benches and the cluster check: Debian's
 * `postgresql` binaries, a temporary folder, a free loopback port, no password (trust on
 * loopback). Under root the cluster runs as the `postgres` user (PostgreSQL refuses root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The environment variable through which jest's workers find the cluster globalSetup started. */
export const TEST_POSTGRES_ENV = 'IMMOSUITE_TEST_POSTGRES_URL';

/** The folder of `initdb` and `pg_ctl`: on PATH, else Debian's newest /usr/lib/postgresql/N/bin. */
export function postgresBinaries(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')))
      return dir;
  }
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TestCluster {
  /** URL of the cluster's `postgres` database, as its superuser `immosuite`. */
  url: string;
  dir: string;
  stop(): void;
}

/**
 * Starts a cluster; null when PostgreSQL is not installed. Tests run it without durability
 * (fsync off: quick to write); `durable` keeps PostgreSQL's own settings, for benches.
 */
export async function startTestCluster(
  options: { durable?: boolean } = {},
): Promise<TestCluster | null> {
  const bin = postgresBinaries();
  if (!bin) return null;
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immosuite-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'immosuite', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=200',
    ...(options.durable
      ? []
      : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://immosuite@127.0.0.1:${port}/postgres`,
    dir,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A new, empty database on the cluster at `clusterUrl`; its URL. */
export async function createTestDatabase(clusterUrl: string): Promise<string> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Resolves once `count` statements of the database wait for a lock (asked through `client`,
 * a connection of the test's own): the moment a test has lined its writers up.
 */
export async function untilWaitingForLocks(client: pg.Client, count: number) {
  for (;;) {
    const { rows } = await client.query(
      `SELECT count(*) AS n FROM pg_locks WHERE NOT granted
       AND pid IN (SELECT pid FROM pg_stat_activity WHERE datname = current_database())`,
    );
    if (Number(rows[0].n) >= count) return;
  }
}

/** The cluster jest's globalSetup started, or null (PostgreSQL not installed). */
export const testPostgresUrl = (): string | null => process.env[TEST_POSTGRES_ENV] || null;
