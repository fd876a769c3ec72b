// `npm run seed:demo`: fills the running service (--url, default http://localhost:PORT) with the
// demo organization (alias "demo"): an org chart, groups, plans with tasks and handbook pages.
// Run it again at will: only what is missing is created. `SEED_DEMO=true npm start` does the same
// at start.
import { adminToken } from '../src/auth/dev-tokens';
import { loadConfig } from '../src/config';
import { seedDemo } from '../src/demo/seed-demo';

async function main(): Promise<void> {
  const config = loadConfig();
  const at = process.argv.indexOf('--url');
  const url = at >= 0 ? process.argv[at + 1] : `http://localhost:${config.port}`;
  if (!url || !/^https?:\/\//.test(url)) throw new Error('--url needs the service address, e.g. http://localhost:4000');
  try {
    await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new Error(`could not reach the service at ${url}: start it (npm start) or pass --url`);
  }
  const { organization, created } = await seedDemo(url, (org) => adminToken(config, 300, org));
  const made = Object.entries(created).filter(([, n]) => n > 0);
  console.log(
    `Demo organization ${organization} (alias demo): ${made.length ? `created ${made.map(([kind, n]) => `${n} ${kind}`).join(', ')}` : 'already complete'}.`,
  );
  console.log('Work in it as its owner: npm run --silent token -- --email ana@example.com --org demo');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
