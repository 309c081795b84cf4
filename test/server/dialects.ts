/**
 * The databases a backend test runs on: SQLite always, PostgreSQL when jest's globalSetup
 * started a cluster (test/env/postgresSetup.ts). Each open gives a new, migrated database.
 */
import { openDatabase } from '../../server/db/sqlite';
import { openPostgres } from '../../server/db/postgres';
import { sqliteSql, type Sql } from '../../server/db/sql';
import { createTestDatabase, testPostgresUrl } from './postgres';

export type OpenTestDatabase = () => Promise<Sql>;

export function testDialects(): [string, OpenTestDatabase][] {
  const dialects: [string, OpenTestDatabase][] = [
    ['SQLite', async () => sqliteSql(openDatabase(':memory:'))],
  ];
  const cluster = testPostgresUrl();
  if (cluster)
    dialects.push([
      'PostgreSQL',
      async () => openPostgres({ url: await createTestDatabase(cluster), pool: 4 }),
    ]);
  return dialects;
}
