import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { testDatabase } from './helpers/test-app';

// The test command (scripts/test.js, what `npm test` runs after building): it runs exactly the
// files asked for, on the databases asked for, and an interrupted run leaves no PostgreSQL server.

const ROOT = resolve(__dirname, '..');
const runner = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/test.js', ...args], { cwd: ROOT, encoding: 'utf8' });
/** The test files jest would run, relative to the project. */
const listed = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith(ROOT))
    .map((line) => line.slice(ROOT.length + 1))
    .sort();

// What the command lists and refuses does not depend on the database: checked in one project.
if (testDatabase() === 'pglite') {
  it('runs the files given, on one database when one is selected, wherever the option stands', () => {
    for (const args of [
      ['--selectProjects', 'pglite', 'test/group.test.ts'],
      ['test/group.test.ts', '--selectProjects', 'pglite'],
    ]) {
      const run = runner(...args, '--listTests');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('on the embedded PGlite.');
      expect(listed(run.stdout)).toEqual(['test/group.test.ts']);
    }
    const unit = runner('--selectProjects', 'unit', '--listTests');
    expect(unit.stdout).toContain('on the unit tier (no database).');
    expect(listed(unit.stdout).length).toBeGreaterThan(5);
    expect(listed(unit.stdout).every((file) => file.endsWith('.unit.test.ts'))).toBe(true);
    const folder = runner('--selectProjects', 'pglite', 'test/e2e', '--listTests');
    expect(listed(folder.stdout).length).toBeGreaterThan(10);
    expect(listed(folder.stdout).every((file) => file.startsWith('test/e2e/'))).toBe(true);
  });

  it('refuses a project that does not exist, naming the choices', () => {
    const run = runner('--selectProjects', 'pglit', 'test/group.test.ts');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--selectProjects takes unit, pglite and/or postgres; got "pglit"');
  });
}

// Only where the server exists: in the postgres project.
if (testDatabase() === 'postgres') {
  it('stops the throwaway PostgreSQL server of an interrupted run', async () => {
    const clusters = () => new Set(readdirSync(tmpdir()).filter((name) => /^talent-pg-cluster-\d+\.json$/.test(name)));
    const before = clusters();
    // A file that takes seconds, so that the run is interrupted while it works.
    const child = spawn(
      process.execPath,
      ['scripts/test.js', '--selectProjects', 'postgres', 'test/agent-questions.test.ts'],
      { cwd: ROOT, detached: true },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let started: string | undefined;
    for (let i = 0; i < 300 && !started; i++) {
      await new Promise((r) => setTimeout(r, 100));
      started = [...clusters()].find((name) => !before.has(name));
    }
    expect(started).toBeDefined();
    process.kill(-child.pid!, 'SIGINT');
    await new Promise((r) => child.on('exit', r));
    expect(output).toContain('Stopped the throwaway PostgreSQL server of the interrupted run');
    expect(existsSync(join(tmpdir(), started!))).toBe(false);
  }, 60_000);
}
