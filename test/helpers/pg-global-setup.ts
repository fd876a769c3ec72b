import { writeFileSync } from 'node:fs';
import { clusterFile, findPgBin, startCluster } from '../../scripts/pg-cluster';

export const CLUSTER_FILE = clusterFile(process.pid);

/** Starts one PostgreSQL cluster for the postgres project; each test file makes its own database in it. */
export default async function setup(): Promise<void> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (set PG_BIN or install postgresql-15)');
  const cluster = await startCluster(bin);
  process.env.TEST_PG_URL = cluster.url;
  writeFileSync(CLUSTER_FILE, JSON.stringify({ dir: cluster.dir, bin }));
}
