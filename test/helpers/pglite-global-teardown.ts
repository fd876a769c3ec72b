import { rmSync } from 'node:fs';
import { TEMPLATE_FILE } from './pglite-global-setup';

export default async function teardown(): Promise<void> {
  rmSync(TEMPLATE_FILE, { force: true });
}
