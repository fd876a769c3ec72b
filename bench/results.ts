import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { FanOut } from './fanout';
import type { Measured } from './load';
import type { Soak } from './soak';
import type { Scenario } from './scenarios';

export interface Run {
  date: string;
  machine: string;
  settings: string;
  seeded: Record<string, number>;
  rows: { scenario: Scenario; measured: Measured }[];
  fanOut: FanOut;
  peakRssMb: number;
}

export interface Target {
  goal: string;
  measured: string;
  met: boolean;
}

const END = '<!-- generated: end -->';
const ms = (value: number) => `${value.toFixed(1)} ms`;

function find(run: Run, name: string): Measured {
  const row = run.rows.find((r) => r.scenario.name === name);
  if (!row) throw new Error(`no scenario ${name}`);
  return row.measured;
}

/** The goals of the performance issue, judged against this run. */
export function targets(run: Run): Target[] {
  const get = find(run, 'REST GET /api/v1/idp/{id}');
  const raw = find(run, 'raw GET /api/v1/idp/{id}');
  const gqlGet = find(run, 'GraphQL idp(id)');
  const list = find(run, 'REST GET /api/v1/idp?limit=100');
  const gqlList = find(run, 'GraphQL idps(first: 100)');
  const search = find(run, 'REST POST /api/v1/agent/search');
  const ask = find(run, 'REST POST /api/v1/agent/ask (local)');
  const f = run.fanOut;
  return [
    { goal: 'REST get-by-id ≥ 50% of the raw baseline’s requests/s', measured: `${((100 * get.perSecond) / raw.perSecond).toFixed(0)}%`, met: get.perSecond >= 0.5 * raw.perSecond },
    { goal: 'REST get-by-id p99 < 25 ms', measured: ms(get.p99), met: get.p99 < 25 },
    { goal: 'REST get-by-id within 10% of the same query on /graphql', measured: `${((100 * get.perSecond) / gqlGet.perSecond).toFixed(0)}% of its requests/s`, met: get.perSecond >= 0.9 * gqlGet.perSecond },
    { goal: 'REST 100-plan list within 10% of the same query on /graphql', measured: `${((100 * list.perSecond) / gqlList.perSecond).toFixed(0)}% of its requests/s`, met: list.perSecond >= 0.9 * gqlList.perSecond },
    { goal: '100-plan list p99 < 50 ms', measured: ms(list.p99), met: list.p99 < 50 },
    { goal: 'webhook fan-out ≥ 500 deliveries/s', measured: `${f.perSecond.toFixed(0)}/s`, met: f.perSecond >= 500 && f.delivered === f.expected },
    { goal: 'webhook commit-to-receipt p99 < 1 s', measured: ms(f.p99), met: f.p99 < 1000 },
    { goal: 'agent search p95 < 50 ms', measured: ms(search.p95), met: search.p95 < 50 },
    { goal: 'local ask p95 < 150 ms', measured: ms(ask.p95), met: ask.p95 < 150 },
    { goal: 'service peak RSS < 400 MB', measured: `${run.peakRssMb.toFixed(0)} MB`, met: run.peakRssMb < 400 },
  ];
}

/** Zero errors in every scenario and every delivery arrived: what the quick run checks. */
export function failures(run: Run): string[] {
  const problems = run.rows.filter((r) => r.measured.errors > 0 || r.measured.requests === 0).map((r) => `${r.scenario.name}: ${r.measured.errors} errors of ${r.measured.requests}`);
  if (run.fanOut.writes.errors) problems.push(`fan-out writes: ${run.fanOut.writes.errors} errors`);
  if (run.fanOut.delivered !== run.fanOut.expected) problems.push(`fan-out: ${run.fanOut.delivered} of ${run.fanOut.expected} deliveries arrived`);
  return problems;
}

/** The generated part of RESULTS.md: the machine, the data, one row per scenario, the targets. */
export function report(run: Run): string {
  const byName = new Map(run.rows.map((r) => [r.scenario.name, r.measured]));
  const lines = [
    '# Benchmark results',
    '',
    `Run ${run.date} on ${run.machine}. ${run.settings}`,
    '',
    `Seeded: ${Object.entries(run.seeded)
      .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
      .join(', ')}.`,
    '',
    '| scenario | requests/s | p50 | p95 | p99 | errors | peak RSS | ours / raw |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { scenario, measured: m } of run.rows) {
    const base = scenario.versus ? byName.get(scenario.versus) : undefined;
    const ratio = base ? `${(m.perSecond / base.perSecond).toFixed(2)}` : '';
    lines.push(`| ${scenario.name} | ${m.perSecond.toFixed(0)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.errors} | ${m.peakRssMb.toFixed(0)} MB | ${ratio} |`);
  }
  const f = run.fanOut;
  const w = f.writes;
  lines.push(
    `| REST PATCH /api/v1/employee/{id} (the fan-out’s ${f.changes.toLocaleString('en-US')} changes) | ${w.perSecond.toFixed(0)} | ${ms(w.p50)} | ${ms(w.p95)} | ${ms(w.p99)} | ${w.errors} | ${w.peakRssMb.toFixed(0)} MB | |`,
    '',
    `Webhook fan-out: ${f.changes.toLocaleString('en-US')} changes × 3 matching webhooks = ${f.expected.toLocaleString('en-US')} deliveries expected, ` +
      `${f.delivered.toLocaleString('en-US')} arrived (${f.duplicates} duplicates), **${f.perSecond.toFixed(0)} deliveries/s** from the first write to the last receipt, ` +
      `commit-to-receipt p50 ${ms(f.p50)}, p99 ${ms(f.p99)}; service peak RSS ${f.peakRssMb.toFixed(0)} MB.`,
    '',
    '## Targets',
    '',
    '| target | measured | met |',
    '|---|---:|:---:|',
    ...targets(run).map((t) => `| ${t.goal} | ${t.measured} | ${t.met ? 'yes' : '**no**'} |`),
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
    ...soak.minutes.map((m) => `| ${m.minute} | ${m.measured.perSecond.toFixed(0)} | ${ms(m.measured.p50)} | ${ms(m.measured.p99)} | ${m.measured.errors} | ${m.measured.peakRssMb.toFixed(0)} MB | ${m.rssEndMb.toFixed(0)} MB |`),
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
  const problems = soak.minutes.filter((m) => m.measured.errors > 0).map((m) => `minute ${m.minute}: ${m.measured.errors} errors`);
  if (soak.delivered !== soak.events) problems.push(`${soak.events - soak.delivered} of ${soak.events} events not delivered`);
  return problems;
}

/** Puts the soak section into RESULTS.md, replacing the previous one (it lives among the notes, after the generated part). */
export function writeSoak(file: string, section: string): void {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = previous.indexOf(SOAK_START);
  const end = previous.indexOf(SOAK_END);
  const next = start >= 0 && end > start ? previous.slice(0, start) + section + previous.slice(end + SOAK_END.length) : `${previous.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}
