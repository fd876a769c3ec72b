/**
 * Writes schema.graphql from the code, or with --check fails when the committed file is stale.
 * The schema is built without a database: resolvers are only looked up when an operation runs.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createBus } from '../src/graphql/pubsub';
import { buildApiSchema, printApiSchema } from '../src/graphql/schema';
import { RESOLVERS } from '../src/modules';

async function main(): Promise<void> {
  const file = join(__dirname, '..', '..', 'schema.graphql');
  const sdl = printApiSchema(
    await buildApiSchema(
      RESOLVERS.map((r) => r.type),
      [],
      createBus(),
    ),
  );
  if (process.argv.includes('--check')) {
    const committed = readFileSync(file, 'utf8');
    if (committed !== sdl) {
      console.error('schema.graphql is stale: run `npm run schema:emit` and commit the result.');
      process.exit(1);
    }
    console.log('schema.graphql is current.');
    return;
  }
  writeFileSync(file, sdl);
  console.log(`wrote ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
