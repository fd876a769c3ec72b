import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync, readFileSync } from 'node:fs';

export interface NodeProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** The environment of the service in production mode on loopback, on `databaseUrl`, with a secrets key of its own. */
export function productionEnv(databaseUrl: string, jwtSecret: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    SECRETS_KEY: randomBytes(32).toString('base64'),
  };
}

/** Starts a Node script in its own process, its output to `logFile`, and waits until `/health` answers 200. */
export async function startNode(
  script: string,
  env: Record<string, string>,
  port: number,
  logFile: string,
  nodeArgs: string[] = [],
): Promise<NodeProcess> {
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`${script} did not answer /health within 120 s; see ${logFile}`);
    try {
      if ((await fetch(`${url}/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, pid: child.pid!, stop: () => stopChild(child, exited) };
}

/** SIGTERM, and SIGKILL when the process has not gone within 20 s. */
async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** The resident set of a process now, in MB (Linux /proc); 0 once it has gone. */
export function rssMb(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0;
  }
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : 0;
}

/** Samples a process's resident set every 100 ms while something runs; `peak` is the highest seen. */
export class RssSampler {
  private timer?: NodeJS.Timeout;
  peak = 0;

  constructor(private readonly pid: number) {}

  start(): this {
    this.peak = rssMb(this.pid);
    this.timer = setInterval(() => {
      this.peak = Math.max(this.peak, rssMb(this.pid));
    }, 100);
    return this;
  }

  stop(): number {
    clearInterval(this.timer);
    this.peak = Math.max(this.peak, rssMb(this.pid));
    return this.peak;
  }
}
