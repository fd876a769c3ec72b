// Builds only what has a source newer than its last build: the service (tsc, incremental) and the
// browser console (Vite, console/vite.config.mjs). A start with nothing changed skips both
// compilers altogether (a no-change incremental tsc build still takes 4 s, a Vite build 6 s).
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync, utimesSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const BUILD_INFO = join(ROOT, 'dist', '.tsbuildinfo');
const SOURCES = [
  'src',
  'scripts',
  'bench',
  'mikro-orm.config.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'package-lock.json',
];
const CONSOLE_PAGE = join(ROOT, 'dist', 'console', 'index.html');
const CONSOLE_SOURCES = ['console', 'package-lock.json'];

/** The newest modification time under `path` (a file or a folder of .ts sources). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** True when `output` is missing or older than one of `sources`. */
function stale(output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return !built || sources.some((source) => newest(join(ROOT, source)) > built);
}

/** Runs a build step; throws when it fails, and marks `output` as built when it succeeds. */
function run(what, args, output) {
  // On stderr: `TOKEN=$(npm run --silent token …)` captures standard output only.
  console.error(`Building ${what} (sources changed since the last build)…`);
  const step = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: ROOT });
  if (step.status !== 0) throw new Error(`the build of ${what} failed (see the errors above)`);
  // tsc leaves its build info alone when no output changed (a file saved unchanged): mark the build done.
  const now = new Date();
  utimesSync(output, now, now);
}

/** Builds what changed since the last build; throws when a build fails. True when anything was built. */
function buildIfStale() {
  const service = !existsSync(join(ROOT, 'dist', 'src', 'main.js')) || stale(BUILD_INFO, SOURCES);
  if (service)
    run('the service', [require.resolve('typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], BUILD_INFO);
  const browser = stale(CONSOLE_PAGE, CONSOLE_SOURCES);
  if (browser)
    run(
      'the console',
      [
        join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--config',
        join(ROOT, 'console', 'vite.config.mjs'),
      ],
      CONSOLE_PAGE,
    );
  return service || browser;
}

/** buildIfStale for the commands: a failed build ends the process. */
function buildOrExit() {
  try {
    buildIfStale();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

module.exports = { buildOrExit };

if (require.main === module) buildOrExit();
