import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../scripts/pg-cluster';
import { Api } from './api';

// The service as `npm start` runs it: the built entry point in its own process.
export const MAIN = join(__dirname, '..', '..', 'dist', 'src', 'main.js');

export interface Running {
  child: ChildProcess;
  api: Api;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the built service in a process of its own and waits for /health. */
export async function start(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const api = new Api(`http://127.0.0.1:${port}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const health = await api.get<{ status: string }>('/health').catch(() => null);
    if (health?.status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`service did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, api, output: () => output, exited };
}
