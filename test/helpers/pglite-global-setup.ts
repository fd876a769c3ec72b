import { embeddedTemplateFile } from '../../scripts/pg-cluster';
import { makeTemplate } from './test-template';

export const TEMPLATE_FILE = embeddedTemplateFile(process.pid);

/**
 * A migrated in-memory PGlite, dumped for the pglite project: every test app starts from the dump
 * (EMBEDDED_TEMPLATE) in well under a second instead of creating an empty cluster and migrating
 * it, seconds each. A start on an empty data directory is still run by the tests that start the
 * built service (test/main.test.ts, test/faults/sigkill.test.ts).
 */
export default async function setup(): Promise<void> {
  await makeTemplate('--dump', TEMPLATE_FILE);
  process.env.TEST_PGLITE_TEMPLATE = TEMPLATE_FILE;
}
