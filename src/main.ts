import { createApp } from './app';
import { adminToken } from './auth/dev-tokens';
import { ConfigError, loadConfig } from './config';
import { seedDemo } from './demo/seed-demo';
import { createLogger } from './logger';

/** Process entry: read the configuration, start, and shut down cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  const app = await createApp(config, logger);
  const where = config.databaseUrl ? 'PostgreSQL server' : `embedded database in ${config.dataDir}`;
  logger.info({ url: app.url, database: app.db.mode, role: config.role }, 'service started');
  const lines =
    config.role === 'worker'
      ? [
          `Talent directory worker (webhook deliveries, workflow runs; ROLE=worker) on ${where}`,
          `  Health    ${app.url}/health`,
        ]
      : [
          `Talent directory service${config.role === 'api' ? ' (ROLE=api: deliveries and workflow runs are left to ROLE=worker processes)' : ''} on ${where}`,
          `  Console   ${app.url}/`,
          `  GraphQL   ${app.url}/graphql${config.env === 'development' ? '  (GraphiQL IDE in a browser)' : ''}`,
          `  REST docs ${app.url}/docs  (OpenAPI: ${app.url}/api/v1/openapi.json)`,
          `  Health    ${app.url}/health`,
        ];
  if (config.jwtSecretGenerated && config.env === 'development' && config.role !== 'worker') {
    // A generated development secret: hand the developer a ready administrator token, living as
    // long as tokens may (JWT_MAX_LIFETIME_SECONDS); restarting prints a fresh one.
    const lifetime = config.jwtMaxLifetimeSeconds;
    const token = adminToken(config, lifetime);
    const valid = lifetime % 3600 === 0 ? `${lifetime / 3600} hours` : `${lifetime} seconds`;
    lines.push(
      '',
      `Development token (ADMIN, valid ${valid}):`,
      `  ${token}`,
      'Use it as the header "Authorization: Bearer <token>", or sign in to the console as the development user.',
      'Tokens for other users and organizations: npm run token -- --email ana@example.com [--org <id|alias>] [--admin] [--ttl 1h]',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  if (config.seedDemo && config.role !== 'worker' && !config.jwtJwksUrl) {
    // Through the service's own API, as `npm run seed:demo` does; a failure is reported, not fatal.
    seedDemo(app.url, (org) => adminToken(config, 300, org)).then(
      ({ organization }) =>
        process.stdout.write(
          `Demo organization ready (alias demo, ${organization}): npm run --silent token -- --email ana@example.com --org demo\n`,
        ),
      (error: unknown) => logger.error({ err: error }, 'demo data could not be created'),
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
