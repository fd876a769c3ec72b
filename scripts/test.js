#!/usr/bin/env node
// Runs the suite on the embedded PGlite and, where the PostgreSQL server binaries exist, on a
// throwaway PostgreSQL server too. Arguments go to jest: files or folders run just those
// (`npm test -- test/employee.test.ts`), `--selectProjects pglite` picks one database.
const { spawn, execFileSync } = require('node:child_process');
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { buildOrExit } = require('./build-if-stale');

const PROJECTS = ['pglite', 'postgres'];

function hasPgServer() {
  const dirs = [];
  if (process.env.PG_BIN) dirs.push(process.env.PG_BIN);
  try {
    dirs.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {}
  if (existsSync('/usr/lib/postgresql')) for (const v of readdirSync('/usr/lib/postgresql')) dirs.push(`/usr/lib/postgresql/${v}/bin`);
  return dirs.some((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')));
}

/**
 * The projects asked for and the other arguments. jest's `--selectProjects` takes every word after
 * it as a project name, a test path too ("--selectProjects pglite test/e2e" ran everything): only
 * project names are taken here, and the option is passed last.
 */
function readArguments(args) {
  const rest = [];
  let chosen = null;
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '--selectProjects') rest.push(args[i]);
    else for (chosen ??= []; i + 1 < args.length && /^[\w-]+$/.test(args[i + 1]) && !args[i + 1].startsWith('-'); ) chosen.push(args[++i]);
  }
  return { rest, chosen };
}

/**
 * Stops the cluster the postgres project's global setup started when jest did not reach its
 * teardown (interrupted, killed); the compiled scripts/pg-cluster.ts knows where it is recorded.
 */
function stopLeftCluster(pid) {
  const { clusterFile, stopRecordedCluster } = require('../dist/scripts/pg-cluster');
  const dir = stopRecordedCluster(clusterFile(pid));
  if (dir) console.log(`Stopped the throwaway PostgreSQL server of the interrupted run (${dir}).`);
}

const { rest, chosen } = readArguments(process.argv.slice(2));
const available = hasPgServer() ? PROJECTS : ['pglite'];
if (chosen && (!chosen.length || chosen.some((p) => !PROJECTS.includes(p)))) {
  console.error(`--selectProjects takes ${PROJECTS.join(' and/or ')}; got "${chosen.join(' ')}"`);
  process.exit(2);
}
const projects = (chosen ?? available).filter((p) => available.includes(p));
if (available.length === 1) console.log('PostgreSQL server binaries not found (install postgresql-15 or set PG_BIN): running on the embedded PGlite only.');
if (!projects.length) {
  console.error('--selectProjects postgres: no PostgreSQL server binaries here (install postgresql-15 or set PG_BIN)');
  process.exit(2);
}
console.log(`Running ${rest.some((a) => !a.startsWith('-')) ? 'the files given' : 'the suite'} on ${projects.map((p) => (p === 'pglite' ? 'the embedded PGlite' : 'a throwaway PostgreSQL server')).join(' and ')}.`);

// Tests that run the compiled commands (scripts/token.ts) need a current build.
buildOrExit();
const jest = require.resolve('jest/bin/jest');
// PGlite loads its WASM parts with import(), which jest's module sandbox allows only with this flag.
const child = spawn(process.execPath, ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, ...rest, '--selectProjects', ...projects], { stdio: 'inherit' });
// Ctrl-C reaches jest through the terminal's process group; a signal sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  stopLeftCluster(child.pid);
  process.exit(code ?? (signal ? 1 : 0));
});
