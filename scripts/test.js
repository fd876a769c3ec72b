#!/usr/bin/env node
// Runs the suite on the embedded PGlite and, where the PostgreSQL server binaries exist, on a
// throwaway PostgreSQL server too. Extra arguments go to jest.
const { spawnSync, execFileSync } = require('node:child_process');
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

function hasPgServer() {
  const dirs = [];
  if (process.env.PG_BIN) dirs.push(process.env.PG_BIN);
  try {
    dirs.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {}
  if (existsSync('/usr/lib/postgresql')) for (const v of readdirSync('/usr/lib/postgresql')) dirs.push(`/usr/lib/postgresql/${v}/bin`);
  return dirs.some((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')));
}

const args = process.argv.slice(2);
const projects = hasPgServer() ? ['pglite', 'postgres'] : ['pglite'];
if (projects.length === 1) {
  console.log('PostgreSQL server binaries not found (install postgresql-15 or set PG_BIN): running on the embedded PGlite only.');
} else {
  console.log('Running the suite on the embedded PGlite and on a throwaway PostgreSQL server.');
}
const jest = require.resolve('jest/bin/jest');
const select = args.includes('--selectProjects') ? [] : ['--selectProjects', ...projects];
// PGlite loads its WASM parts with import(), which jest's module sandbox allows only with this flag.
const result = spawnSync(process.execPath, ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, ...select, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
