import { ApolloServer } from '@apollo/server';
import { buildSchema, type GraphQLFormattedError } from 'graphql';
import { CompiledExecution, compiledGateway } from '../src/graphql/compiled-execution';

// A query runs compiled by graphql-jit from its second run on (src/graphql/compiled-execution.ts).
// An error a resolver throws must reach formatError (which masks and logs it, src/app.ts) on
// every run: compiled, graphql-jit wraps it in a GraphQLError without extensions, on which
// Apollo's own formatting threw, answering its bare "Internal server error" with nothing logged.

const schema = buildSchema('type Query { broken: String! }');
const root = {
  broken: () => {
    throw new Error('the database said no');
  },
};
for (const [name, field] of Object.entries(schema.getQueryType()!.getFields()))
  field.resolve = root[name as keyof typeof root];

it('hands an error a resolver throws to formatError, compiled or not', async () => {
  const seen: unknown[] = [];
  const apollo = new ApolloServer({
    gateway: compiledGateway(schema, new CompiledExecution(schema, { maxItems: 1_000, maxMs: 10_000 })),
    formatError(formatted: GraphQLFormattedError, error: unknown) {
      seen.push((error as { originalError?: Error }).originalError?.message);
      return { message: 'masked', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    },
  });
  await apollo.start();
  try {
    const answers = [];
    for (let run = 0; run < 3; run++) {
      const res = await apollo.executeOperation({ query: '{ broken }' });
      answers.push(res.body.kind === 'single' ? res.body.singleResult.errors : undefined);
    }
    expect(answers).toEqual(Array(3).fill([{ message: 'masked', extensions: { code: 'INTERNAL_SERVER_ERROR' } }]));
    expect(seen).toEqual(Array(3).fill('the database said no'));
  } finally {
    await apollo.stop();
  }
});
