import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Drain } from './drain';
import type { FanOut } from './fanout';
import type { Measured } from './load';
import type { Soak } from './soak';
import { NAMES, type Scenario } from './scenarios';

export interface Run {
  date: string;
  machine: string;
  settings: string;
  seeded: Record<string, number>;
  /** The run's connections, for scenarios that do not set their own. */
  connections: number;
  rows: { scenario: Scenario; measured: Measured }[];
  fanOut: FanOut;
  /** The deliveries' capacity on a backlog (drain.ts). */
  drain: Drain;
  /** The service's peak resident set over the whole run, seeding included. */
  peakRssMb: number;
  /** How many requests each baseline answered as the service does, checked before any load. */
  checkedAnswers: number;
}

export interface Target {
  scenario: string;
  goal: string;
  measured: string;
  /** The raw baselines the goal is relative to, with their requests/s. */
  baselines: string;
  met: boolean;
}

const END = '<!-- generated: end -->';
const ms = (value: number) => `${value.toFixed(1)} ms`;
const perSecond = (m: Measured) => `${m.perSecond.toFixed(0)} req/s`;
const count = (n: number) => n.toLocaleString('en-US');

function find(run: Run, name: string): { scenario: Scenario; measured: Measured } | undefined {
  return run.rows.find((r) => r.scenario.name === name);
}

/** The baselines a scenario is compared with that ran, fastest first. */
function baselinesOf(run: Run, scenario: Scenario): { scenario: Scenario; measured: Measured }[] {
  return (scenario.versus ?? [])
    .map((name) => find(run, name))
    .filter((r): r is { scenario: Scenario; measured: Measured } => r !== undefined)
    .sort((a, b) => b.measured.perSecond - a.measured.perSecond);
}

/** "0.36 of 9 statements": the scenario's requests/s over the best baseline's. */
function ratio(run: Run, scenario: Scenario, measured: Measured): { share: number; text: string } | undefined {
  const best = baselinesOf(run, scenario)[0];
  if (!best) return undefined;
  const share = measured.perSecond / best.measured.perSecond;
  return { share, text: `${share.toFixed(2)} of ${best.scenario.short ?? best.scenario.name}` };
}

/** The goals of the performance issue (issue 20's table, a row each), judged against this run. */
export function targets(run: Run): Target[] {
  const list: Target[] = [];
  const judged = (
    scenario: string,
    goal: string,
    name: string,
    judge: (m: Measured, s: Scenario) => { measured: string; met: boolean },
  ) => {
    const row = find(run, name);
    if (!row) {
      list.push({ scenario, goal, measured: 'not run', baselines: '', met: false });
      return;
    }
    const baselines = baselinesOf(run, row.scenario)
      .map((b) => `${b.scenario.short ?? b.scenario.name}: ${perSecond(b.measured)}`)
      .join('; ');
    list.push({ scenario, goal, baselines, ...judge(row.measured, row.scenario) });
  };
  const share = (goal: number) => (m: Measured, s: Scenario) => {
    const r = ratio(run, s, m);
    return r
      ? { measured: `${perSecond(m)}, ${(100 * r.share).toFixed(0)}% of the best`, met: r.share >= goal }
      : { measured: `${perSecond(m)}, no baseline ran`, met: false };
  };
  const c = run.connections;
  judged(`REST GET /idp/{id}, ${c} connections`, '≥ 60% of the best raw baseline’s requests/s', NAMES.get, share(0.6));
  judged(`GraphQL idp(id), ${c} connections`, 'within 10% of REST’s requests/s', NAMES.getGraphql, (m) => {
    const rest = find(run, NAMES.get)?.measured;
    if (!rest) return { measured: `${perSecond(m)}, REST not run`, met: false };
    const near = Math.min(m.perSecond, rest.perSecond) / Math.max(m.perSecond, rest.perSecond);
    return {
      measured: `${perSecond(m)} vs REST ${perSecond(rest)} (${(100 * (m.perSecond / rest.perSecond - 1)).toFixed(0)}%)`,
      met: near >= 0.9,
    };
  });
  judged('GET /idp/{id}, 10 connections', 'p99 < 20 ms', NAMES.get10, (m) => ({
    measured: `p99 ${ms(m.p99)}`,
    met: m.p99 < 20,
  }));
  judged(
    `100-plan list, ${c} connections`,
    '0 errors and 0 timeouts (503 + Retry-After allowed, counted)',
    NAMES.list,
    (m) => ({
      measured: `${m.errors} errors (${m.timeouts} timeouts), ${m.rejected} × 503 + Retry-After`,
      met: m.errors === 0,
    }),
  );
  judged(`100-plan list, ${c} connections`, '≥ 50% of the best raw list baseline’s requests/s', NAMES.list, share(0.5));
  judged('100-plan list, 1 connection', 'p50 < 25 ms', NAMES.list1, (m) => ({
    measured: `p50 ${ms(m.p50)}`,
    met: m.p50 < 25,
  }));
  judged(
    `search over ${count(run.seeded.messages ?? 0)} messages, 10 connections`,
    'p95 < 100 ms',
    NAMES.search,
    (m) => ({ measured: `p95 ${ms(m.p95)}`, met: m.p95 < 100 }),
  );
  judged(`local ask at ${count(run.seeded.chunks ?? 0)} chunks, 10 connections`, 'p95 < 150 ms', NAMES.ask, (m) => ({
    measured: `p95 ${ms(m.p95)}`,
    met: m.p95 < 150,
  }));
  judged(
    `local ask at ${count(run.seeded.chunks ?? 0)} chunks, one after another`,
    'p95 < 150 ms',
    NAMES.ask1,
    (m) => ({ measured: `p95 ${ms(m.p95)}`, met: m.p95 < 150 }),
  );
  const f = run.fanOut;
  const d = run.drain;
  const all = f.delivered === f.expected;
  const drained = d.delivered === d.expected;
  list.push(
    {
      scenario: 'webhook fan-out under the write load',
      goal: '≥ 1,500 deliveries/s',
      measured:
        `${d.perSecond.toFixed(0)}/s on a backlog of ${count(d.expected)} (one ROLE=worker process)${drained ? '' : `, ${count(d.delivered)} arrived`}; ` +
        `${f.perSecond.toFixed(0)}/s under the write load${all ? '' : ` (${count(f.delivered)} of ${count(f.expected)} arrived)`}, which is 3 × the writes’ ${f.writes.perSecond.toFixed(0)}/s at most`,
      baselines: '',
      met: d.perSecond >= 1500 && drained && all,
    },
    {
      scenario: 'webhook fan-out under the write load',
      goal: 'commit-to-receipt p99 < 2 s',
      measured: ms(f.p99),
      baselines: '',
      met: f.p99 < 2000 && all,
    },
    {
      scenario: 'service peak RSS over the whole bench run',
      goal: '< 400 MB',
      measured: `${run.peakRssMb.toFixed(0)} MB`,
      baselines: '',
      met: run.peakRssMb < 400,
    },
  );
  return list;
}

/**
 * What the quick run checks, never a timing: every scenario completed at least `atLeast`
 * successful requests and had no error (503 with Retry-After is not one), and every delivery arrived.
 */
export function failures(rows: Run['rows'], fanOut: FanOut | undefined, atLeast: number, drain?: Drain): string[] {
  const problems = rows
    .filter((r) => r.measured.errors > 0 || r.measured.requests < atLeast)
    .map(
      (r) =>
        `${r.scenario.name}: ${r.measured.requests} successful requests (at least ${atLeast} needed) in ${r.measured.seconds} s, ${r.measured.errors} errors (${r.measured.timeouts} timeouts)`,
    );
  if (fanOut?.writes.errors) problems.push(`fan-out writes: ${fanOut.writes.errors} errors`);
  if (fanOut && fanOut.delivered !== fanOut.expected)
    problems.push(`fan-out: ${fanOut.delivered} of ${fanOut.expected} deliveries arrived`);
  if (drain && drain.delivered !== drain.expected)
    problems.push(`drain: ${drain.delivered} of ${drain.expected} deliveries arrived`);
  return problems;
}

/** The generated part of RESULTS.md: the machine, the data, one row per scenario, the targets. */
export function report(run: Run): string {
  const lines = [
    '# Benchmark results',
    '',
    `Run ${run.date} on ${run.machine}. ${run.settings}`,
    '',
    `Seeded: ${Object.entries(run.seeded)
      .map(([k, v]) => `${count(v)} ${k}`)
      .join(', ')}.`,
    '',
    'Two raw baselines (`bench/baseline-server.ts`, `node:http` + `pg`, each in its own process) answer the read scenarios: one sends the ' +
      'service’s statements and builds the JSON in Node, the other sends one statement that builds the JSON in PostgreSQL. ' +
      `Before any load, ${count(run.checkedAnswers)} requests were answered by the service and both baselines with the same JSON, byte for byte once keys are ordered. ` +
      '“÷ best raw” is requests/s over the faster baseline’s. Requests/s and latencies are of 2xx answers; a 503 with Retry-After (admission control) is counted apart from errors; errors include timeouts.',
    '',
    '| scenario | connections | requests/s | p50 | p95 | p99 | errors (timeouts) | 503 + Retry-After | peak RSS | ÷ best raw |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const { scenario, measured: m } of run.rows) {
    const r = ratio(run, scenario, m);
    lines.push(
      `| ${scenario.name} | ${scenario.connections ?? run.connections} | ${m.perSecond.toFixed(0)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.errors} (${m.timeouts}) | ${m.rejected} | ${m.peakRssMb.toFixed(0)} MB | ${r?.text ?? ''} |`,
    );
  }
  const f = run.fanOut;
  const w = f.writes;
  lines.push(
    `| REST PATCH /api/v1/employee/{id} (the fan-out’s ${count(f.changes)} changes) | ${run.connections} | ${w.perSecond.toFixed(0)} | ${ms(w.p50)} | ${ms(w.p95)} | ${ms(w.p99)} | ${w.errors} (${w.timeouts}) | ${w.rejected} | ${w.peakRssMb.toFixed(0)} MB | |`,
    '',
    `Webhook fan-out: ${count(f.changes)} changes × 3 matching webhooks = ${count(f.expected)} deliveries expected, ` +
      `${count(f.delivered)} arrived (${f.duplicates} duplicates), **${f.perSecond.toFixed(0)} deliveries/s** from the first write to the last receipt, ` +
      `commit-to-receipt p50 ${ms(f.p50)}, p99 ${ms(f.p99)}; service peak RSS ${f.peakRssMb.toFixed(0)} MB. ` +
      `That rate is bounded by the writes (3 deliveries each); the deliveries’ own capacity: after the run, ${count(run.drain.changes)} more changes taken by a ` +
      `ROLE=api process and then drained by one ROLE=worker process, ${count(run.drain.delivered)} of ${count(run.drain.expected)} deliveries arrived ` +
      `(${run.drain.duplicates} duplicates) in ${run.drain.seconds.toFixed(1)} s: **${run.drain.perSecond.toFixed(0)} deliveries/s**.`,
    '',
    `Service peak RSS over the whole run (seeding, every scenario, the fan-out): **${run.peakRssMb.toFixed(0)} MB**.`,
    '',
    '## Targets',
    '',
    '| scenario | target | measured | raw baselines | met |',
    '|---|---|---:|---|:---:|',
    ...targets(run).map(
      (t) => `| ${t.scenario} | ${t.goal} | ${t.measured} | ${t.baselines} | ${t.met ? 'met' : '**missed**'} |`,
    ),
    '',
    END,
  );
  return lines.join('\n');
}

/** Writes the generated part and keeps what follows its end marker (the notes written by hand). */
export function writeResults(file: string, run: Run): void {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const at = previous.indexOf(END);
  const notes = at >= 0 ? previous.slice(at + END.length) : '\n';
  writeFileSync(file, report(run) + notes);
}

const SOAK_START = '<!-- soak: start -->';
const SOAK_END = '<!-- soak: end -->';

/** The soak's section: a row per minute, the events, and whether memory stayed flat. */
export function soakReport(soak: Soak, date: string, machine: string): string {
  const first = soak.minutes[Math.min(1, soak.minutes.length - 1)];
  const last = soak.minutes[soak.minutes.length - 1];
  const errors = soak.minutes.reduce((sum, m) => sum + m.measured.errors, 0);
  const requests = soak.minutes.reduce((sum, m) => sum + m.measured.requests, 0);
  return [
    SOAK_START,
    '## Soak',
    '',
    `Run ${date} on ${machine}: \`npm run bench -- --soak\`, ${soak.minutes.length} minutes of mixed load at ${soak.connections} connections ` +
      '(40% GET /idp/{id}, 10% GET /idp?limit=20, 10% GET /employee?limit=50, 20% PATCH /employee/{id}, 10% POST /employee, 10% POST /agent/search), ' +
      'with a webhook on every employee event.',
    '',
    '| minute | requests/s | p50 | p99 | errors | peak RSS | RSS at the end |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...soak.minutes.map(
      (m) =>
        `| ${m.minute} | ${m.measured.perSecond.toFixed(0)} | ${ms(m.measured.p50)} | ${ms(m.measured.p99)} | ${m.measured.errors} | ${m.measured.peakRssMb.toFixed(0)} MB | ${m.rssEndMb.toFixed(0)} MB |`,
    ),
    '',
    `${requests.toLocaleString('en-US')} requests, ${errors} errors. Events: ${soak.events.toLocaleString('en-US')} committed, ${soak.delivered.toLocaleString('en-US')} delivered ` +
      `(${soak.events - soak.delivered} lost, ${soak.duplicates} duplicates), the last ${soak.drainSeconds.toFixed(1)} s after the load ended. ` +
      `RSS at the end of minute ${first.minute}: ${first.rssEndMb.toFixed(0)} MB; of minute ${last.minute}: ${last.rssEndMb.toFixed(0)} MB ` +
      `(${Math.round(last.rssEndMb - first.rssEndMb)} MB; the first minute is warm-up).`,
    SOAK_END,
  ].join('\n');
}

/** What makes a soak fail: errors, lost events. */
export function soakFailures(soak: Soak): string[] {
  const problems = soak.minutes
    .filter((m) => m.measured.errors > 0)
    .map((m) => `minute ${m.minute}: ${m.measured.errors} errors`);
  if (soak.delivered !== soak.events)
    problems.push(`${soak.events - soak.delivered} of ${soak.events} events not delivered`);
  return problems;
}

/** Puts the soak section into RESULTS.md, replacing the previous one (it lives among the notes, after the generated part). */
export function writeSoak(file: string, section: string): void {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = previous.indexOf(SOAK_START);
  const end = previous.indexOf(SOAK_END);
  const next =
    start >= 0 && end > start
      ? previous.slice(0, start) + section + previous.slice(end + SOAK_END.length)
      : `${previous.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}
