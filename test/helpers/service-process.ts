import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../scripts/pg-cluster';
import { Api } from './api';

// The service as `npm start` runs it: the built entry point in its own process.
export const MAIN = join(__dirname, '..', '..', 'dist', 'src', 'main.js');

export interface Running {
  child: ChildProcess;
  port: number;
  api: Api;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * The services started here and still running. Should the test process end without stopping one
 * (a test timed out past its afterAll, jest was interrupted), it is killed on the way out, so no
 * test leaves a service behind holding its port and database connections.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

/**
 * Starts the built service in a process of its own and waits for /health; on `port` when given
 * (a restart where a load balancer expects the instance), otherwise on a free one.
 */
export async function start(env: Record<string, string>, port?: number): Promise<Running> {
  port ??= await freePort();
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const api = new Api(`http://127.0.0.1:${port}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const health = await api.get<{ status: string }>('/health').catch(() => null);
    if (health?.status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`service did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, api, output: () => output, exited };
}
