import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the PostgreSQL server binaries are: PG_BIN, pg_config --bindir, or Debian's folder. */
export function findPgBin(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config on PATH
  }
  if (existsSync('/usr/lib/postgresql')) {
    for (const version of readdirSync('/usr/lib/postgresql').sort().reverse())
      candidates.push(`/usr/lib/postgresql/${version}/bin`);
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  url: string;
  dir: string;
  bin: string;
  stop(): void;
  start(): void;
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder, listening on a loopback port. PostgreSQL
 * refuses to run as root, so as root the server runs as the `postgres` system user.
 */
export async function startCluster(bin: string): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'talent-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    bin,
    start,
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
  };
}

export function removeCluster(cluster: Pick<Cluster, 'dir' | 'stop'>): void {
  try {
    // A test that stopped its server and failed before starting it again leaves none running.
    if (existsSync(join(cluster.dir, 'data', 'postmaster.pid'))) cluster.stop();
  } finally {
    rmSync(cluster.dir, { recursive: true, force: true });
  }
}

/** Where the postgres test project's global setup records its cluster, named after jest's pid. */
export const clusterFile = (pid: number): string => join(tmpdir(), `talent-pg-cluster-${pid}.json`);

/** Where the pglite test project's global setup writes its migrated database (a PGlite dump), named after jest's pid. */
export const embeddedTemplateFile = (pid: number): string => join(tmpdir(), `talent-pglite-template-${pid}.tar`);

/**
 * Stops (immediately) and removes the cluster recorded in `file`, and the record: the test
 * project's teardown, and the test command after a run that never reached it. Its folder, or null
 * when nothing was recorded.
 */
export function stopRecordedCluster(file: string): string | null {
  if (!existsSync(file)) return null;
  const { dir, bin } = JSON.parse(readFileSync(file, 'utf8')) as { dir: string; bin: string };
  const stop = [join(bin, 'pg_ctl'), '-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop'];
  if (process.getuid?.() === 0) spawnSync('runuser', ['-u', 'postgres', '--', ...stop]);
  else spawnSync(stop[0], stop.slice(1));
  rmSync(dir, { recursive: true, force: true });
  rmSync(file, { force: true });
  return dir;
}
