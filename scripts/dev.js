#!/usr/bin/env node
// `npm run dev`: the compiler in watch mode, the service restarted by Node whenever what it runs
// is rebuilt, and Vite rebuilding the console on change (served from disk: reload the page).
// Ctrl-C stops all three.
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const { buildOrExit } = require('./build-if-stale');

const ROOT = join(__dirname, '..');
buildOrExit();
const children = [
  spawn(
    process.execPath,
    [
      require.resolve('typescript/bin/tsc'),
      '-p',
      join(ROOT, 'tsconfig.build.json'),
      '--watch',
      '--preserveWatchOutput',
    ],
    { stdio: 'inherit' },
  ),
  spawn(process.execPath, ['--watch', join(ROOT, 'dist', 'src', 'main.js')], { stdio: 'inherit' }),
  spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--watch',
      '--config',
      join(ROOT, 'console', 'vite.config.mjs'),
    ],
    { stdio: 'inherit' },
  ),
];
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
for (const child of children) child.on('exit', () => stop('SIGTERM'));
