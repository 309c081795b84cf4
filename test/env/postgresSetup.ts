/**
 * jest's globalSetup: one throw-away PostgreSQL cluster for the whole run, which the backend's
 * tests use beside SQLite (each file makes its own database on it). Without PostgreSQL
 * installed, one line says its runs are skipped. A cluster named in the environment
 * (IMMOSUITE_TEST_POSTGRES_URL) is used as it is.
 */
import { startTestCluster, TEST_POSTGRES_ENV } from '../server/postgres';

export default async function postgresSetup() {
  if (process.env[TEST_POSTGRES_ENV]) return;
  const cluster = await startTestCluster();
  if (!cluster) {
    process.stderr.write(
      '\nPostgreSQL is not installed (no initdb found): the PostgreSQL runs of the backend tests are skipped; `apt-get install postgresql` runs them.\n',
    );
    return;
  }
  process.env[TEST_POSTGRES_ENV] = cluster.url;
  (globalThis as { immosuiteTestCluster?: typeof cluster }).immosuiteTestCluster = cluster;
}
