// Builds (tsc, incremental) only when a source is newer than the last build: a start with nothing
// changed skips the compiler altogether (a no-change incremental build still takes 4 s).
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync, utimesSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const BUILD_INFO = join(ROOT, 'dist', '.tsbuildinfo');
const SOURCES = ['src', 'scripts', 'bench', 'mikro-orm.config.ts', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

/** The newest modification time under `path` (a file or a folder of .ts sources). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Compiles the project when a source changed since the last build; throws when it does not compile. */
function buildIfStale() {
  const built = existsSync(BUILD_INFO) && existsSync(join(ROOT, 'dist', 'src', 'main.js')) ? statSync(BUILD_INFO).mtimeMs : 0;
  if (built && SOURCES.every((source) => newest(join(ROOT, source)) <= built)) return false;
  console.log('Building (sources changed since the last build)…');
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error('the build failed (see the compiler errors above)');
  // tsc leaves its build info alone when no output changed (a file saved unchanged): mark the build done.
  const now = new Date();
  utimesSync(BUILD_INFO, now, now);
  return true;
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
