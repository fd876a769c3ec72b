import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestApp } from './test-app';

/**
 * A graphql-ws client authenticated with `token`, of the service reached by `t.api` (the test
 * service, or one started as a process) or of an App started in this process.
 */
export function connect(t: Pick<TestApp, 'api'> | Pick<TestApp, 'app'>, token: string): Client {
  const base = 'api' in t ? t.api.baseUrl : t.app.url;
  return createClient({
    url: `${base.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: true,
  });
}

export interface Live<T> {
  /** Everything received so far. */
  received: T[];
  /** Resolves once a received value satisfies `done` (or rejects with the subscription's error). */
  until(done: (value: T) => boolean): Promise<T[]>;
  /** Resolves when the server has acknowledged the subscription and set it up. */
  ready: Promise<void>;
  stop(): void;
}

/**
 * Subscribes and collects results. `ready` waits a moment after the start so that the server
 * has run the subscription's setup (graphql-ws sends no acknowledgement per subscription).
 */
export function subscribe<T>(client: Client, query: string, variables: Record<string, unknown>): Live<T> {
  const received: T[] = [];
  const waiters: { done: (value: T) => boolean; resolve: (all: T[]) => void; reject: (error: unknown) => void }[] = [];
  let failure: unknown;
  const fail = (error: unknown) => {
    failure = error;
    for (const w of waiters.splice(0)) w.reject(error);
  };
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next(result) {
        if (result.errors) return fail(result.errors[0]);
        const value = result.data as T;
        received.push(value);
        for (const w of [...waiters]) {
          if (w.done(value)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve([...received]);
          }
        }
      },
      error: fail,
      complete: () => fail(new Error('the subscription completed')),
    },
  );
  return {
    received,
    until(done) {
      if (failure) return Promise.reject(failure);
      const hit = received.find(done);
      if (hit) return Promise.resolve([...received]);
      return new Promise((resolve, reject) => waiters.push({ done, resolve, reject }));
    },
    ready: new Promise((resolve) => setTimeout(resolve, 300)),
    stop,
  };
}
