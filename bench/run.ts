import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { findPgBin, freePort, removeCluster, startCluster } from '../scripts/pg-cluster';
import { Api } from '../test/helpers/api';
import { fanOut } from './fanout';
import { load } from './load';
import { type NodeProcess, startNode } from './processes';
import { failures, type Run, report, soakFailures, soakReport, writeResults, writeSoak } from './results';
import { scenarios } from './scenarios';
import { seed, type SeedSize } from './seed';
import { soak } from './soak';

/**
 * `npm run bench`: a throwaway PostgreSQL server, the service in production mode and the raw
 * baseline in their own processes, seeded data, then each scenario driven by autocannon from this
 * process. Writes bench/RESULTS.md. `--quick` runs small data for seconds and fails on any error
 * (CI runs it so this code cannot rot); `--profile` writes the service's CPU profile; `--soak`
 * runs only the soak (`--minutes=5` of mixed load with deliveries) and writes its section.
 */
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const profile = args.includes('--profile');
const soaking = args.includes('--soak');
const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

const FULL: SeedSize = { employees: 10_000, plans: 1_000, tasksPerPlan: 10, notesPerPlan: 5, conversations: 1_000, messagesPerConversation: 100, documents: 100, chunksPerDocument: 100 };
const QUICK: SeedSize = { employees: 200, plans: 120, tasksPerPlan: 10, notesPerPlan: 5, conversations: 20, messagesPerConversation: 50, documents: 10, chunksPerDocument: 20 };
const size = quick ? QUICK : FULL;
// Quick runs long enough that a slow scenario (the 100-plan lists take ~1.5 s at 10 connections)
// completes requests: a scenario with none fails the check.
const seconds = option('seconds', quick ? 5 : 15);
const warmup = quick ? 1 : 3;
const connections = option('connections', quick || soaking ? 10 : 50);
const changes = option('changes', quick ? 200 : 10_000);
/** `--only=text`: just the scenarios whose name contains it (for profiling one path). */
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);

async function main(): Promise<void> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (install postgresql-15 or set PG_BIN)');
  const work = mkdtempSync(join(tmpdir(), 'talent-bench-'));
  const cluster = await startCluster(bin);
  const jwtSecret = randomBytes(32).toString('hex');
  const sign = (claims: object) => jwt.sign(claims, jwtSecret, { algorithm: 'HS256', expiresIn: '2h' });
  const running: NodeProcess[] = [];
  try {
    const dist = join(__dirname, '..');
    const servicePort = await freePort();
    const service = await startNode(
      join(dist, 'src', 'main.js'),
      {
        NODE_ENV: 'production',
        PORT: String(servicePort),
        HOST: '127.0.0.1',
        DATABASE_URL: cluster.url,
        JWT_SECRET: jwtSecret,
        SECRETS_KEY: randomBytes(32).toString('base64'),
        // The fan-out's receiver is on loopback.
        ALLOW_PRIVATE_URLS: 'true',
      },
      servicePort,
      join(work, 'service.log'),
      profile ? ['--cpu-prof', `--cpu-prof-dir=${join(work, 'profile')}`] : [],
    );
    running.push(service);
    console.log(`service ${service.url} (pid ${service.pid}); logs and profiles in ${work}`);
    const started = Date.now();
    const seeded = await seed(new Api(service.url), cluster.url, size, sign);
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(seeded.counts)}`);
    const date = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
    const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, PostgreSQL server from ${bin}`;
    if (soaking) {
      const result = await soak(service, cluster.url, seeded, option('minutes', 5), connections);
      const section = soakReport(result, date, machine);
      console.log(section);
      writeSoak(join(dist, '..', 'bench', 'RESULTS.md'), section);
      const problems = soakFailures(result);
      if (problems.length) throw new Error(`soak failed:\n  ${problems.join('\n  ')}`);
      return;
    }
    const baselinePort = await freePort();
    const baseline = await startNode(join(__dirname, 'baseline-server.js'), { PORT: String(baselinePort), DATABASE_URL: cluster.url, JWT_SECRET: jwtSecret }, baselinePort, join(work, 'baseline.log'));
    running.push(baseline);
    await sameAnswer(service, baseline, seeded.adminToken, seeded.planIds[0]);

    const rows: Run['rows'] = [];
    for (const scenario of scenarios(seeded).filter((s) => !only || s.name.includes(only))) {
      const target = scenario.server === 'service' ? service : baseline;
      const options = { url: target.url, connections: scenario.connections ?? connections, token: seeded.adminToken, request: scenario.request };
      await load({ ...options, seconds: warmup }, target.pid);
      const measured = await load({ ...options, seconds }, target.pid);
      await settle(target);
      console.log(`${scenario.name}: ${measured.perSecond.toFixed(0)} req/s, p50 ${measured.p50} ms, p95 ${measured.p95} ms, p99 ${measured.p99} ms, ${measured.errors} errors, service peak RSS ${measured.peakRssMb.toFixed(0)} MB`);
      rows.push({ scenario, measured });
    }
    if (only && !'webhook fan-out'.includes(only)) return;
    const fan = await fanOut(service, seeded, changes, connections, quick ? 60_000 : 300_000);
    console.log(`fan-out: ${fan.delivered}/${fan.expected} deliveries, ${fan.perSecond.toFixed(0)}/s, p50 ${fan.p50} ms, p99 ${fan.p99} ms`);
    if (only) return;

    const run: Run = {
      date,
      machine,
      settings: `Service with NODE_ENV=production and info logging to a file; ${connections} connections, ${seconds} s per scenario after ${warmup} s of warm-up; PostgreSQL with the tests' settings (fsync off).`,
      seeded: seeded.counts,
      rows,
      fanOut: fan,
      peakRssMb: Math.max(fan.peakRssMb, ...rows.filter((r) => r.scenario.server === 'service').map((r) => r.measured.peakRssMb)),
    };
    if (quick) {
      console.log(report(run));
      const problems = failures(run);
      if (problems.length) throw new Error(`quick benchmark failed:\n  ${problems.join('\n  ')}`);
      console.log('quick benchmark: every scenario completed without errors');
    } else {
      const file = join(dist, '..', 'bench', 'RESULTS.md');
      writeResults(file, run);
      console.log(`wrote ${file}`);
    }
  } finally {
    for (const proc of running.reverse()) await proc.stop();
    removeCluster(cluster);
  }
}

/**
 * Waits until the server has worked off what the last scenario left (requests autocannon gave up
 * on are still served), so that the next scenario starts on an idle server.
 */
async function settle(server: NodeProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = Date.now();
    await fetch(`${server.url}/health`);
    quick = Date.now() - started < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The baseline must answer what the service answers, or its numbers compare nothing. */
async function sameAnswer(service: NodeProcess, baseline: NodeProcess, token: string, planId: string): Promise<void> {
  const [ours, raw] = await Promise.all([service, baseline].map((p) => new Api(p.url).get(`/api/v1/idp/${planId}`, token)));
  if (ours.status !== 200 || raw.status !== 200 || !isDeepStrictEqual(ours.body, raw.body)) {
    throw new Error(`the baseline answers differently:\nservice ${ours.status} ${ours.text.slice(0, 2000)}\nbaseline ${raw.status} ${raw.text.slice(0, 2000)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
