import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { print } from 'graphql';
import { createBus } from '../src/graphql/pubsub';
import { buildApiSchema } from '../src/graphql/schema';
import { RESOLVERS, ROUTES } from '../src/modules';
import { prepareRoute } from '../src/rest/documents';

// The REST interface's answers are a fixed contract (docs/rest.md): every key, its nesting and
// its order. The facade derives each route's GraphQL document from the schema, so a field added
// to a GraphQL type would silently appear in REST answers. This file keeps the document of every
// route as committed; a change to one fails here, naming the route. Fields meant for GraphQL
// only carry `@GraphOnly()` (src/graphql/rest-fields.ts) and stay out of these documents.
// To accept a deliberate change: UPDATE_REST_SHAPES=1 npm test -- --selectProjects unit test/rest-shapes

const FILE = join(__dirname, 'fixtures', 'rest-documents.json');

it('derives the same document for every REST route as committed', async () => {
  const schema = await buildApiSchema(
    RESOLVERS.map((r) => r.type),
    [],
    createBus(),
  );
  const documents = Object.fromEntries(
    ROUTES.map((route) => [
      `${route.method.toUpperCase()} ${route.path}`,
      print(prepareRoute(schema, route).document).replace(/\s+/g, ' '),
    ]),
  );
  if (process.env.UPDATE_REST_SHAPES) writeFileSync(FILE, `${JSON.stringify(documents, null, 2)}\n`);
  const committed = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, string>;
  expect(documents).toEqual(committed);
});
