import { writeFileSync } from 'node:fs';
import { Client } from 'pg';
import { clusterFile, findPgBin, startCluster } from '../../scripts/pg-cluster';
import { makeTemplate, PG_TEMPLATE } from './test-template';

export const CLUSTER_FILE = clusterFile(process.pid);

/**
 * Starts one PostgreSQL cluster for the postgres project; each test file makes its own database in
 * it. Test apps copy theirs from a migrated one (PG_TEMPLATE); the tests that start the built
 * service get empty ones, which it migrates.
 */
export default async function setup(): Promise<void> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (set PG_BIN or install postgresql-15)');
  const cluster = await startCluster(bin);
  process.env.TEST_PG_URL = cluster.url;
  writeFileSync(CLUSTER_FILE, JSON.stringify({ dir: cluster.dir, bin }));
  const client = new Client({ connectionString: cluster.url });
  await client.connect();
  await client.query(`create database ${PG_TEMPLATE}`);
  await client.end();
  await makeTemplate(cluster.url.replace(/\/postgres$/, `/${PG_TEMPLATE}`));
}
