import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The migrated database on the postgres project's cluster that test apps' databases are copies of. */
export const PG_TEMPLATE = 'talent_template';

/** Runs scripts/test-template.ts (built by scripts/test.js before jest starts) with `args`. */
export async function makeTemplate(...args: string[]): Promise<void> {
  await promisify(execFile)(process.execPath, [
    join(__dirname, '..', '..', 'dist', 'scripts', 'test-template.js'),
    ...args,
  ]);
}
