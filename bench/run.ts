import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { findPgBin, freePort, removeCluster, startCluster } from '../scripts/pg-cluster';
import { Api } from '../test/helpers/api';
import { type Drain, drainBacklog } from './drain';
import { type FanOut, fanOut, Receiver } from './fanout';
import { load } from './load';
import { type NodeProcess, productionEnv, RssSampler, startNode } from './processes';
import { failures, type Run, report, soakFailures, soakReport, writeResults, writeSoak } from './results';
import { sameAnswers } from './same-answer';
import { type Scenario, type ServerKind, scenarios } from './scenarios';
import { seed, type SeedSize } from './seed';
import { soak } from './soak';

/**
 * `npm run bench`: a throwaway PostgreSQL server, the service in production mode and the two raw
 * baselines in their own processes, seeded data, then each scenario driven by autocannon from this
 * process. Writes bench/RESULTS.md. `--quick` runs small data and checks that the benchmark code
 * works, never a timing: each scenario runs until it has both its seconds and `--at-least`
 * successful requests (up to a generous cap), and the run fails on any error or missing delivery
 * (CI runs it so this code cannot rot). `--profile` writes the service's CPU profile; `--soak`
 * runs only the soak (`--minutes=5` of mixed load with deliveries) and writes its section.
 */
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const profile = args.includes('--profile');
const soaking = args.includes('--soak');
const option = (name: string, fallback: number) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

const FULL: SeedSize = {
  employees: 10_000,
  plans: 1_000,
  tasksPerPlan: 10,
  notesPerPlan: 5,
  conversations: 1_000,
  messagesPerConversation: 100,
  documents: 100,
  chunksPerDocument: 100,
};
const QUICK: SeedSize = {
  employees: 200,
  plans: 120,
  tasksPerPlan: 10,
  notesPerPlan: 5,
  conversations: 20,
  messagesPerConversation: 50,
  documents: 10,
  chunksPerDocument: 20,
};
const size = quick ? QUICK : FULL;
const seconds = option('seconds', quick ? 3 : 15);
const warmup = quick ? 1 : 3;
const connections = option('connections', quick || soaking ? 10 : 50);
const changes = option('changes', quick ? 200 : 10_000);
/**
 * The quick run's deadline is a count, not a time: a busy machine once completed no 100-plan list
 * in 2 s at 10 connections. Each scenario runs until it has its seconds and this many successful
 * requests, within `--cap` seconds, with requests timing out only after 2 minutes.
 */
const atLeast = option('at-least', 20);
const cap = option('cap', 300);
const paced = quick ? { atLeast, capSeconds: cap, timeoutSeconds: 120 } : {};
/** `--only=text`: just the scenarios whose name contains it (for profiling one path); `--only=webhook` runs the fan-out and the drain. */
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
/** Requests of each compared scenario whose answers the baselines must match before any load. */
const CHECKED = 5;

async function main(): Promise<void> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (install postgresql-15 or set PG_BIN)');
  const work = mkdtempSync(join(tmpdir(), 'talent-bench-'));
  const cluster = await startCluster(bin);
  const jwtSecret = randomBytes(32).toString('hex');
  const sign = (claims: object) => jwt.sign(claims, jwtSecret, { algorithm: 'HS256', expiresIn: '2h' });
  const running: NodeProcess[] = [];
  const receivers: Receiver[] = [];
  let wholeRun: RssSampler | undefined;
  try {
    const dist = join(__dirname, '..');
    const servicePort = await freePort();
    const serviceEnv = {
      ...productionEnv(cluster.url, jwtSecret),
      // The fan-out's receiver is on loopback.
      ALLOW_PRIVATE_URLS: 'true',
      // The GraphQL scenarios send REST's own documents to /graphql, to compare the two paths; their
      // worst case (every plan's parts whole) is far above the default limit, which REST is not held to.
      GRAPHQL_MAX_COST: '1000000000',
    };
    const service = await startNode(
      join(dist, 'src', 'main.js'),
      { ...serviceEnv, PORT: String(servicePort) },
      servicePort,
      join(work, 'service.log'),
      profile ? ['--cpu-prof', `--cpu-prof-dir=${join(work, 'profile')}`] : [],
    );
    running.push(service);
    wholeRun = new RssSampler(service.pid).start();
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
    const baseline = async (kind: 'statements' | 'json') => {
      const port = await freePort();
      const env = { PORT: String(port), DATABASE_URL: cluster.url, JWT_SECRET: jwtSecret, BASELINE: kind };
      const proc = await startNode(
        join(__dirname, 'baseline-server.js'),
        env,
        port,
        join(work, `baseline-${kind}.log`),
      );
      running.push(proc);
      return proc;
    };
    const servers: Record<ServerKind, NodeProcess> = {
      service,
      statements: await baseline('statements'),
      json: await baseline('json'),
    };
    const all = scenarios(seeded);
    const checkedAnswers = await checkBaselines(all, servers, seeded.adminToken);

    const rows: Run['rows'] = [];
    for (const scenario of all.filter((s) => !only || s.name.includes(only))) {
      const target = servers[scenario.server];
      const options = {
        url: target.url,
        connections: scenario.connections ?? connections,
        token: seeded.adminToken,
        request: scenario.request,
        ...paced,
      };
      await load({ ...options, seconds: warmup, ...(quick ? { atLeast: 1 } : {}) }, target.pid);
      const measured = await load({ ...options, seconds }, target.pid);
      await settle(target);
      console.log(
        `${scenario.name}: ${measured.perSecond.toFixed(0)} req/s, p50 ${measured.p50} ms, p95 ${measured.p95} ms, p99 ${measured.p99} ms, ` +
          `${measured.requests} in ${measured.seconds} s, ${measured.errors} errors (${measured.timeouts} timeouts), ${measured.rejected} × 503 + Retry-After, peak RSS ${measured.peakRssMb.toFixed(0)} MB`,
      );
      rows.push({ scenario, measured });
    }
    // The quick run's checks hold for a part of the run too (`--only`).
    const check = (fan?: FanOut, drain?: Drain) => {
      const problems = quick ? failures(rows, fan, atLeast, drain) : [];
      if (problems.length) throw new Error(`quick benchmark failed:\n  ${problems.join('\n  ')}`);
    };
    if (only && !'webhook fan-out and drain'.includes(only)) return check();
    // Deliveries are waited for until all arrived; the quick run's wait is long, as it checks no timing.
    const waitMs = quick ? 600_000 : 300_000;
    const receiver = new Receiver();
    receivers.push(receiver);
    const hooks = { receiver, url: await receiver.listen() };
    const fan = await fanOut(service, seeded, hooks, changes, connections, waitMs, quick ? 120 : undefined);
    console.log(
      `fan-out: ${fan.delivered}/${fan.expected} deliveries, ${fan.perSecond.toFixed(0)}/s, p50 ${fan.p50} ms, p99 ${fan.p99} ms`,
    );
    const peakRssMb = wholeRun.stop();
    // Last, as it stops the service: the deliveries' capacity on a backlog, in a ROLE=worker process.
    const drain = await drainBacklog(service, serviceEnv, seeded, receiver, changes, connections, work, waitMs);
    console.log(
      `drain: ${drain.delivered}/${drain.expected} deliveries in ${drain.seconds.toFixed(1)} s, ${drain.perSecond.toFixed(0)}/s`,
    );
    if (only) return check(fan, drain);

    const run: Run = {
      date,
      machine,
      settings: quick
        ? `Quick run: each scenario for at least ${seconds} s and ${atLeast} successful requests (cap ${cap} s) after a warm-up; timings are not judged.`
        : `Service with NODE_ENV=production and info logging to a file; ${connections} connections unless a row says otherwise, ${seconds} s per scenario after ${warmup} s of warm-up; PostgreSQL with the tests' settings (fsync off).`,
      seeded: seeded.counts,
      connections,
      rows,
      fanOut: fan,
      drain,
      peakRssMb,
      checkedAnswers,
    };
    if (quick) {
      console.log(report(run));
      check(fan, drain);
      console.log(
        `quick benchmark: every scenario completed at least ${atLeast} requests without errors; the baselines answered as the service does`,
      );
    } else {
      const file = join(dist, '..', 'bench', 'RESULTS.md');
      writeResults(file, run);
      console.log(`wrote ${file}`);
    }
  } finally {
    wholeRun?.stop();
    for (const proc of running.reverse()) await proc.stop();
    for (const receiver of receivers) await receiver.close();
    removeCluster(cluster);
  }
}

/**
 * Before any load: the first requests of every scenario that is compared with baselines go to the
 * service and to those baselines, and each baseline must answer the service's JSON byte for byte
 * (keys ordered), or the run stops here: a baseline that answers something else compares nothing.
 * Returns how many requests were checked.
 */
async function checkBaselines(
  all: Scenario[],
  servers: Record<ServerKind, NodeProcess>,
  token: string,
): Promise<number> {
  let checked = 0;
  const problems: string[] = [];
  for (const scenario of all.filter((s) => s.versus?.length)) {
    const kinds = new Set(all.filter((s) => scenario.versus!.includes(s.name)).map((s) => s.server));
    const baselines = [...kinds].map((kind) => ({ name: `the ${kind} baseline`, url: servers[kind].url }));
    const requests = [
      ...new Map(
        Array.from({ length: CHECKED }, (_, n) => scenario.request(n)).map((r) => [JSON.stringify(r), r]),
      ).values(),
    ];
    problems.push(
      ...(await sameAnswers({ name: 'the service', url: servers.service.url }, baselines, token, requests)),
    );
    checked += requests.length;
  }
  if (problems.length)
    throw new Error(`the raw baselines must answer what the service answers:\n  ${problems.join('\n  ')}`);
  console.log(`baselines: ${checked} requests answered as the service answers them`);
  return checked;
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
