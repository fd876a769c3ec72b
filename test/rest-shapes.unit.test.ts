import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createBus } from '../src/graphql/pubsub';
import { buildApiSchema } from '../src/graphql/schema';
import { RESOLVERS, ROUTES } from '../src/modules';
import { pickedType, selectAll } from '../src/rest/documents';

// The REST interface's answers are a fixed contract (docs/rest.md): every key, its nesting and
// its order. The facade derives each route's selection from the schema, so a field added to a
// GraphQL type would silently appear in REST answers. This file keeps what every route answers
// with, as committed; a change to one fails here, naming the route. Fields meant for GraphQL only
// carry `@GraphOnly()` (src/graphql/rest-fields.ts) and stay out of these selections. Arguments
// (new query parameters) and what feeds headers (a connection's totalCount) are not answers; nor
// are new routes' answers, until someone commits them here.
// To accept a deliberate change: UPDATE_REST_SHAPES=1 npm test -- --selectProjects unit test/rest-shapes

const FILE = join(__dirname, 'fixtures', 'rest-answers.json');

it('answers every REST route with the same selection as committed', async () => {
  const schema = await buildApiSchema(
    RESOLVERS.map((r) => r.type),
    [],
    createBus(),
  );
  const answers = Object.fromEntries(
    ROUTES.map((route) => {
      const root = route.operation === 'query' ? schema.getQueryType() : schema.getMutationType();
      const type = root!.getFields()[route.field].type;
      return [
        `${route.method.toUpperCase()} ${route.path}`,
        selectAll(route.pick ? pickedType(type, route.pick) : type),
      ];
    }),
  );
  if (process.env.UPDATE_REST_SHAPES) writeFileSync(FILE, `${JSON.stringify(answers, null, 2)}\n`);
  const committed = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, string>;
  // Every committed route answers as it did (and still exists); a route added since is not part of
  // the fixed contract until its answer is committed here.
  expect(Object.fromEntries(Object.keys(committed).map((route) => [route, answers[route]]))).toEqual(committed);
});
