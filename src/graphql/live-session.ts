import { GraphQLError } from 'graphql';
import { canRead } from '../auth/access';
import type { Caller } from '../auth/caller';
import type { LiveCheck, LiveRights } from '../auth/live-rights';
import type { ChangeEvent } from '../events/change-event.entity';
import { apiError, forbidden, unauthenticated } from './errors';

/** A caller resolved less than this long ago is current enough to deliver an event to. */
const RECHECK_MS = 1_000;
/** setTimeout's longest delay; a later expiry re-arms the timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The authentication of one graphql-ws connection, kept current while it is open. The caller is
 * re-resolved from the connection's token (at most once a second, or at once when a change to the
 * caller's account or organization is announced); the connection ends when its token expires
 * (JWT_CLOCK_SKEW_SECONDS after exp, as over HTTP) or its caller can no longer be resolved (key
 * deleted, account deactivated, grant of the token's organization revoked). Its live operations
 * then end with that error, and `onEnd` closes the socket.
 */
export class LiveSession {
  private caller: Caller;
  private resolvedAt = Date.now();
  /** Bumped by every announced change that may concern the caller; 0 when the caller is current. */
  private generation = 0;
  private resolving?: { generation: number; promise: Promise<Caller> };
  private endedWith?: GraphQLError;
  private timer?: NodeJS.Timeout;
  private recheckQueued = false;
  private readonly operations = new Set<LiveOperation>();

  constructor(
    private readonly resolve: () => Promise<Caller>,
    caller: Caller,
    private readonly skewSeconds: number,
    private readonly onEnd: (error: GraphQLError) => void,
  ) {
    this.caller = caller;
    this.armExpiry();
  }

  /** Why the session ended, once it has. */
  get ended(): GraphQLError | undefined {
    return this.endedWith;
  }

  /** The rights of a new operation whose context resolved `caller`. */
  operation(caller: Caller): LiveOperation {
    return new LiveOperation(this, caller);
  }

  /** The caller as of now; rejects with the error that ended the session once it has ended. */
  async current(): Promise<Caller> {
    if (this.endedWith) throw this.endedWith;
    if (this.expired()) throw this.end(unauthenticated('token expired'));
    if (this.generation === 0 && this.resolvedAt + RECHECK_MS > Date.now()) return this.caller;
    if (this.resolving?.generation === this.generation) return this.resolving.promise;
    const generation = this.generation;
    const promise = this.resolve().then(
      (caller) => {
        // A change announced while resolving leaves the caller stale: the next call resolves again.
        if (this.generation === generation) {
          this.generation = 0;
          this.resolvedAt = Date.now();
        }
        this.caller = caller;
        return caller;
      },
      (error: unknown) => {
        throw this.end(
          error instanceof GraphQLError && error.extensions?.code
            ? error
            : apiError('SERVICE_UNAVAILABLE', 'access could not be checked again: subscribe again'),
        );
      },
    );
    this.resolving = { generation, promise };
    void promise
      .finally(() => {
        if (this.resolving?.promise === promise) this.resolving = undefined;
      })
      .catch(() => undefined);
    return promise;
  }

  /** A change was announced: re-check at once when it may concern this caller. */
  announced(event: ChangeEvent): void {
    if (this.endedWith || !this.concerns(event)) return;
    this.generation += 1;
    if (this.recheckQueued) return;
    this.recheckQueued = true;
    setImmediate(() => {
      this.recheckQueued = false;
      void this.recheck();
    });
  }

  /** Stops the expiry timer (the socket closed). */
  close(): void {
    clearTimeout(this.timer);
    this.endedWith ??= unauthenticated('connection closed');
    this.operations.clear();
  }

  /** @internal for LiveOperation */
  started(operation: LiveOperation): void {
    this.operations.add(operation);
  }

  /** @internal for LiveOperation */
  finished(operation: LiveOperation): void {
    this.operations.delete(operation);
  }

  /** Re-resolves the caller and ends every operation whose rights are gone. */
  private async recheck(): Promise<void> {
    let caller: Caller;
    try {
      caller = await this.current();
    } catch {
      return; // the session ended: its operations with it
    }
    for (const operation of [...this.operations]) {
      try {
        operation.verify(caller);
      } catch {
        // verify ended that operation with its error
      }
    }
  }

  private concerns(event: ChangeEvent): boolean {
    const caller = this.caller;
    if (event.object === 'account') return event.objectId === caller.accountId;
    if (event.object === 'organization') {
      const org = event.organization ?? event.objectId;
      return org === caller.orgId || caller.memberships.has(org);
    }
    return false;
  }

  private expired(): boolean {
    const expiresAt = this.caller.expiresAt;
    return expiresAt !== undefined && Date.now() >= (expiresAt + this.skewSeconds) * 1000;
  }

  private armExpiry(): void {
    const expiresAt = this.caller.expiresAt;
    if (expiresAt === undefined) return;
    const delay = (expiresAt + this.skewSeconds) * 1000 - Date.now();
    this.timer = setTimeout(
      () => {
        if (this.expired()) this.end(unauthenticated('token expired'));
        else this.armExpiry();
      },
      Math.max(0, Math.min(delay, MAX_TIMER_MS)),
    );
    this.timer.unref();
  }

  private end(error: GraphQLError): GraphQLError {
    if (this.endedWith) return this.endedWith;
    this.endedWith = error;
    clearTimeout(this.timer);
    for (const operation of [...this.operations]) operation.fail(error);
    this.onEnd(error);
    return error;
  }
}

/**
 * The rights of one live operation of a session. It keeps the organization it started in (a
 * token without an `org` claim must not slide into another organization as grants change), the
 * caller must still belong to it, and every check a resolver registered must still pass.
 */
export class LiveOperation implements LiveRights {
  private readonly checks: LiveCheck[];
  private failWith!: (error: GraphQLError) => void;
  /** Rejects with the error that ends the operation. */
  readonly ended: Promise<never>;

  constructor(
    private readonly session: LiveSession,
    start: Caller,
  ) {
    this.ended = new Promise<never>((_, reject) => (this.failWith = reject));
    this.ended.catch(() => undefined);
    const orgId = start.orgId;
    this.checks = [
      (caller) => {
        if (caller.orgId !== orgId)
          throw forbidden('the current organization of this subscription changed: subscribe again');
        if (orgId && !canRead(caller, orgId)) throw forbidden('no access to the organization of this subscription');
      },
    ];
  }

  require(check: LiveCheck): void {
    this.checks.push(check);
  }

  /** Before an event is delivered: the session's current caller must pass every check. */
  async authorize(): Promise<void> {
    const caller = await this.session.current();
    this.verify(caller);
  }

  /** Ends the operation (and throws) when `caller` fails a check. */
  verify(caller: Caller): void {
    try {
      for (const check of this.checks) check(caller);
    } catch (error) {
      const ended = error instanceof GraphQLError ? error : forbidden();
      this.fail(ended);
      throw ended;
    }
  }

  fail(error: GraphQLError): void {
    this.failWith(error);
    this.session.finished(this);
  }

  started(): void {
    this.session.started(this);
  }

  finished(): void {
    this.session.finished(this);
  }
}

/**
 * `source` (a subscription's results) delivered only while `live` holds: each result waits for
 * the rights to be checked against the current caller, and the stream ends with the error the
 * moment the rights are lost, whether or not an event is waiting. Written as a plain iterator, not
 * an async generator: a generator waiting for the next event could not be returned by a client
 * that unsubscribes.
 */
export function guardStream<T>(source: AsyncIterable<T>, live: LiveOperation): AsyncIterableIterator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let done = false;
  live.started();
  const finish = async () => {
    if (done) return;
    done = true;
    live.finished();
    await iterator.return?.();
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next(): Promise<IteratorResult<T>> {
      if (done) return { done: true, value: undefined };
      try {
        const result = await Promise.race([iterator.next(), live.ended]);
        if (result.done) {
          await finish();
          return result;
        }
        await Promise.race([live.authorize(), live.ended]);
        return result;
      } catch (error) {
        await finish();
        throw error;
      }
    },
    async return(): Promise<IteratorResult<T>> {
      await finish();
      return { done: true, value: undefined };
    },
    async throw(error?: unknown): Promise<IteratorResult<T>> {
      await finish();
      throw error;
    },
  };
}
