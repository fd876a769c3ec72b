import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
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

/** The start-up line every role prints once it listens: `  Health    http://host:port/health`. */
const HEALTH_LINE = /Health\s+(http:\/\/\S+?)\/health/;

/**
 * Starts the built service in a process of its own and waits for /health; on `port` when given
 * (a restart where a load balancer expects the instance), otherwise on port 0, the operating
 * system's choice, read back from the start-up lines. Picking a free port here and handing it over
 * would race: another process (a benchmark beside the tests) may take it in between, and /health
 * would then be answered by that process instead.
 */
export async function start(env: Record<string, string>, port?: number): Promise<Running> {
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port ?? 0), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const url = HEALTH_LINE.exec(output)?.[1];
    const health = url ? await new Api(url).get<{ status: string }>('/health').catch(() => null) : null;
    if (url && health?.status === 200) {
      return { child, port: Number(new URL(url).port), api: new Api(url), output: () => output, exited };
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`service did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
