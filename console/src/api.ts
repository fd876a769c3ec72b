import { type Client, createClient } from 'graphql-ws';

/** A GraphQL error answered by the service; `code` is its extensions.code (UNAUTHENTICATED, …). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** The address of the service's graphql-ws endpoint, on the page's own host. */
export function socketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
}

/** Turns a GraphQL answer into its data, or throws its first error. */
function dataOf<T>(answer: GraphQLAnswer<T>): T {
  const error = answer.errors?.[0];
  if (error) throw new ApiError(error.message, error.extensions?.code);
  if (!answer.data) throw new ApiError('the service answered without data', undefined);
  return answer.data;
}

/**
 * The service's GraphQL API for one token: operations over HTTP (POST /graphql) and subscriptions
 * over one graphql-ws socket, opened when the first subscription starts.
 */
export class Api {
  private socket: Client | undefined;

  constructor(readonly token: string) {}

  async query<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await res
      .json()
      .catch(() => ({ errors: [{ message: `the service answered ${res.status}` }] }))) as GraphQLAnswer<T>;
    return dataOf(answer);
  }

  /** GET on a REST path of the service (an answer's citation, say), as JSON. */
  async rest(path: string): Promise<unknown> {
    const res = await fetch(path, { headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' } });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok)
      throw new ApiError(typeof body === 'string' ? body : `the service answered ${res.status}`, String(res.status));
    return body;
  }

  /** Starts a subscription; the returned function ends it. */
  subscribe<T>(
    query: string,
    variables: Record<string, unknown>,
    onData: (data: T) => void,
    onError: (error: Error) => void,
  ): () => void {
    this.socket ??= createClient({
      url: socketUrl(),
      connectionParams: { authorization: `Bearer ${this.token}` },
      retryAttempts: 20,
      // A restarted service is reconnected to, whatever the close code said.
      shouldRetry: () => true,
    });
    return this.socket.subscribe<T>(
      { query, variables },
      {
        next: (answer) => {
          try {
            onData(dataOf(answer as GraphQLAnswer<T>));
          } catch (error) {
            onError(error as Error);
          }
        },
        error: (error) => onError(error instanceof Error ? error : new Error(describeClose(error))),
        complete: () => undefined,
      },
    );
  }

  close(): void {
    void this.socket?.dispose();
    this.socket = undefined;
  }
}

/** A socket's refusal (a CloseEvent) or a list of GraphQL errors as one line. */
function describeClose(error: unknown): string {
  if (Array.isArray(error)) return error.map((e: { message?: string }) => e.message).join('; ');
  const close = error as { code?: number; reason?: string };
  if (close && typeof close.code === 'number')
    return `the live connection closed (${close.code}${close.reason ? `: ${close.reason}` : ''})`;
  return String(error);
}
