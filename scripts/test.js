#!/usr/bin/env node
// Runs the suite on the embedded PGlite and, where the PostgreSQL server binaries exist, on a
// throwaway PostgreSQL server too. Arguments go to jest: files or folders run just those
// (`npm test -- test/employee.test.ts`), `--selectProjects pglite` picks one database.
const { spawn, execFileSync } = require('node:child_process');
const { existsSync, readdirSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { buildOrExit } = require('./build-if-stale');

// `unit` is the fast tier (test/*.unit.test.ts, no database); the others run the rest on a database each.
const PROJECTS = ['unit', 'pglite', 'postgres'];
const DESCRIBED = {
  unit: 'the unit tier (no database)',
  pglite: 'the embedded PGlite',
  postgres: 'a throwaway PostgreSQL server',
};

function hasPgServer() {
  const dirs = [];
  if (process.env.PG_BIN) dirs.push(process.env.PG_BIN);
  try {
    dirs.push(
      execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    );
  } catch {}
  if (existsSync('/usr/lib/postgresql'))
    for (const v of readdirSync('/usr/lib/postgresql')) dirs.push(`/usr/lib/postgresql/${v}/bin`);
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
    else
      for (chosen ??= []; i + 1 < args.length && /^[\w-]+$/.test(args[i + 1]) && !args[i + 1].startsWith('-');)
        chosen.push(args[++i]);
  }
  return { rest, chosen };
}

/**
 * Stops the cluster the postgres project's global setup started when jest did not reach its
 * teardown (interrupted, killed), and removes the pglite project's migrated database; the compiled
 * scripts/pg-cluster.ts knows where they are.
 */
function stopLeftCluster(pid) {
  const { clusterFile, embeddedTemplateFile, stopRecordedCluster } = require('../dist/scripts/pg-cluster');
  const dir = stopRecordedCluster(clusterFile(pid));
  if (dir) console.log(`Stopped the throwaway PostgreSQL server of the interrupted run (${dir}).`);
  rmSync(embeddedTemplateFile(pid), { force: true });
}

const { rest, chosen } = readArguments(process.argv.slice(2));
const available = hasPgServer() ? PROJECTS : ['unit', 'pglite'];
if (chosen && (!chosen.length || chosen.some((p) => !PROJECTS.includes(p)))) {
  console.error(
    `--selectProjects takes ${PROJECTS.slice(0, -1).join(', ')} and/or ${PROJECTS.at(-1)}; got "${chosen.join(' ')}"`,
  );
  process.exit(2);
}
const projects = (chosen ?? available).filter((p) => available.includes(p));
if (!available.includes('postgres'))
  console.log(
    'PostgreSQL server binaries not found (install postgresql-15 or set PG_BIN): running on the embedded PGlite only.',
  );
if (!projects.length) {
  console.error('--selectProjects postgres: no PostgreSQL server binaries here (install postgresql-15 or set PG_BIN)');
  process.exit(2);
}
console.log(
  `Running ${rest.some((a) => !a.startsWith('-')) ? 'the files given' : 'the suite'} on ${projects
    .map((p) => DESCRIBED[p])
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1')}.`,
);

// The browser tests drive Chromium (test/helpers/browser.ts): Debian's package, or CHROMIUM_PATH.
// Without one they are left out, and the run says so; CI installs it (.ci/run) and requires it.
const chromium = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].find((p) => p && existsSync(p));
if (chromium) process.env.CHROMIUM_PATH = chromium;
else if (process.env.CI)
  console.log(
    "Chromium not found: the browser tests will fail (install Debian's chromium package or set CHROMIUM_PATH).",
  );
else {
  process.env.TEST_WITHOUT_BROWSER = '1';
  console.log(
    'Chromium not found (apt-get install chromium, or set CHROMIUM_PATH): the browser tests under test/browser are not run.',
  );
}

// Tests that run the compiled commands (scripts/token.ts) need a current build; the browser tests, the built console.
buildOrExit();
const jest = require.resolve('jest/bin/jest');
// PGlite loads its WASM parts with import(), which jest's module sandbox allows only with this flag.
const child = spawn(
  process.execPath,
  ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, ...rest, '--selectProjects', ...projects],
  { stdio: 'inherit' },
);
// Ctrl-C reaches jest through the terminal's process group; a signal sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  stopLeftCluster(child.pid);
  process.exit(code ?? (signal ? 1 : 0));
});
