import { setTimeout as sleep } from 'node:timers/promises';
import { JOB_EXPIRY_SECONDS } from '../../src/jobs/job-queue';
import { type Running, start } from './service-process';
import { JWT_SECRET, SECRETS_KEY, type TestApp } from './test-app';

// A worker process SIGKILLed in the middle of a job, beside another worker process: the job must
// not run twice while its process lives, and must run again soon after the kill. The workers are
// the built service (ROLE=worker) on the database of `api`, a ROLE=api service of the test's own.

/** The environment of a worker process on the database of `api`. */
export function workerEnv(api: TestApp, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ROLE: 'worker',
    DATABASE_URL: api.app.config.databaseUrl!,
    JWT_SECRET,
    SECRETS_KEY,
    NODE_ENV: 'production',
    ALLOW_PRIVATE_URLS: 'true',
    ...extra,
  };
}

async function until(what: string, holds: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
}

/**
 * Starts worker A, queues the job (`queue`) and waits for A to run it (`runs` counts the job's
 * runs as the outside world sees them: requests to a receiver that holds them open). Then starts
 * worker B, and lets A run the job past its expiry and a maintenance after it: no second run. Then
 * kills A with SIGKILL and waits for B to run the job again. Returns the milliseconds from the
 * kill to that run, and worker B, still running (`workers` has both, to stop at the end).
 */
export async function killMidJob(
  env: Record<string, string>,
  queue: () => Promise<void>,
  runs: () => number,
  workers: Running[],
): Promise<{ recoveryMs: number; survivor: Running }> {
  const first = await start(env);
  workers.push(first);
  await queue();
  await until('worker A runs the job', () => runs() === 1, 30_000);
  const taken = Date.now();
  const survivor = await start(env);
  workers.push(survivor);
  // Past the expiry the job was queued with, and past the maintenance (every 5 s, one turn in
  // two at most skipped) that would then have expired it unbeaten.
  await sleep(Math.max(0, taken + (JOB_EXPIRY_SECONDS + 12) * 1000 - Date.now()));
  expect(runs()).toBe(1);
  const killed = Date.now();
  first.child.kill('SIGKILL');
  await first.exited;
  await until('worker B runs the job again', () => runs() === 2, 60_000);
  return { recoveryMs: Date.now() - killed, survivor };
}

/** Stops the workers still running (SIGTERM), each expected to exit 0. */
export async function stopWorkers(workers: Running[]): Promise<void> {
  for (const worker of workers.splice(0)) {
    if (worker.child.exitCode !== null || worker.child.signalCode !== null) continue;
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  }
}
