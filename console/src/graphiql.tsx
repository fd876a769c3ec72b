import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import type { Fetcher, FetcherOpts, FetcherParams } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { type Client, createClient } from 'graphql-ws';
import { createRoot } from 'react-dom/client';
import { socketUrl } from './api';
import { devSignInOffered, devToken, storedToken } from './session';

const EXAMPLE = `# The current organization and a few employees; subscriptions run over graphql-ws:
#   subscription { changes { type objectId changedFields } }
query Start {
  organization { id name alias }
  employees(first: 5) { totalCount nodes { id name title } }
}
`;

/** The authorization header of the header editor, whatever its spelling. */
function authorizationOf(opts?: FetcherOpts): string | undefined {
  const entry = Object.entries(opts?.headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization');
  return typeof entry?.[1] === 'string' ? entry[1] : undefined;
}

/** One graphql-ws client per authorization value: editing the header's token opens a new socket. */
const sockets = new Map<string, Client>();
function socketFor(authorization: string | undefined): Client {
  const key = authorization ?? '';
  let client = sockets.get(key);
  if (!client) {
    client = createClient({ url: socketUrl(), connectionParams: authorization ? { authorization } : {}, lazy: true });
    sockets.set(key, client);
  }
  return client;
}

/** Whether a line of the document, comments aside, starts with `subscription`: read line by line, in one pass. */
const isSubscription = (params: FetcherParams) =>
  params.query.split(/\r\n?|\n/).some((line) => /^\s*subscription\b/.test(line.replace(/#.*/, '')));

/**
 * Queries and mutations go over HTTP with the header editor's headers; subscriptions over
 * graphql-ws, with the same authorization as connection parameters.
 */
const fetcher: Fetcher = (params, opts) => {
  if (isSubscription(params)) {
    return {
      subscribe(sink: { next: (value: never) => void; error: (error: unknown) => void; complete: () => void }) {
        const stop = socketFor(authorizationOf(opts)).subscribe(params as { query: string }, {
          next: (v) => sink.next(v as never),
          error: sink.error,
          complete: sink.complete,
        });
        return { unsubscribe: stop };
      },
    } as ReturnType<Fetcher>;
  }
  return fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...opts?.headers },
    body: JSON.stringify(params),
  }).then((res) => res.json());
};

/** The console's token, or in development a fresh development token, for the header editor. */
async function initialToken(): Promise<string | null> {
  const saved = storedToken.get();
  if (saved) return saved;
  return (await devSignInOffered()) ? devToken() : null;
}

void initialToken().then((token) => {
  const headers = JSON.stringify(
    token
      ? { Authorization: `Bearer ${token}` }
      : { Authorization: 'Bearer <paste a token: npm run token -- --email ana@example.com>' },
    null,
    2,
  );
  createRoot(document.getElementById('ide')!).render(
    <GraphiQL
      fetcher={fetcher}
      defaultQuery={EXAMPLE}
      initialHeaders={headers}
      defaultEditorToolsVisibility="headers"
    />,
  );
});
