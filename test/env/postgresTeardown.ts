/** jest's globalTeardown: stops the cluster globalSetup started and removes its folder. */
import type { TestCluster } from '../server/postgres';

export default async function postgresTeardown() {
  const holder = globalThis as { immosuiteTestCluster?: TestCluster };
  holder.immosuiteTestCluster?.stop();
  delete holder.immosuiteTestCluster;
}
