import { existsSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { CLUSTER_FILE } from './pg-global-setup';

export default async function teardown(): Promise<void> {
  if (!existsSync(CLUSTER_FILE)) return;
  const { dir, bin } = JSON.parse(readFileSync(CLUSTER_FILE, 'utf8')) as { dir: string; bin: string };
  const pgCtl = join(bin, 'pg_ctl');
  const args = ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop'];
  if (process.getuid?.() === 0) spawnSync('runuser', ['-u', 'postgres', '--', pgCtl, ...args]);
  else spawnSync(pgCtl, args);
  rmSync(dir, { recursive: true, force: true });
  rmSync(CLUSTER_FILE, { force: true });
}
