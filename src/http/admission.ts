import type { Response } from 'express';
import { type DocumentNode, getOperationAST, GraphQLError, type GraphQLSchema } from 'graphql';
import { HTTP_STATUS } from '../graphql/errors';
import { type OperationCost, operationCostOf } from '../graphql/operation-cost';

/** How much work runs at once, and how long work beyond that may wait (src/config.ts, ADMISSION_*). */
export interface AdmissionLimits {
  /** Work running at once, in the units of operationCostOf (ADMISSION_MAX_COST). */
  maxCost: number;
  /** Operations calling the language model or reading a document at once (ADMISSION_EXPENSIVE_CONCURRENCY). */
  expensiveConcurrency: number;
  /** Longest wait for room before answering 503 (ADMISSION_MAX_WAIT_MS). */
  maxWaitMs: number;
  /** Operations waiting in each lane; one more answers 503 at once (ADMISSION_MAX_QUEUE). */
  maxQueue: number;
}

/** What an admitted operation holds until it is over; release() gives it back once, however often it is called. */
export interface Permit {
  release(): void;
}

/** A 503 whose Retry-After reaches the client on /graphql (Apollo reads extensions.http) and on REST (see routeAdmission). */
function busy(message: string, retryAfterSeconds: number): GraphQLError {
  return new GraphQLError(message, {
    extensions: {
      code: 'SERVICE_UNAVAILABLE',
      http: { status: HTTP_STATUS.SERVICE_UNAVAILABLE, headers: new Map([['retry-after', String(retryAfterSeconds)]]) },
    },
  });
}

const once = (run: () => void): (() => void) => {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    run();
  };
};

interface Waiter {
  cost: number;
  grant(): void;
}

interface LaneWords {
  /** The variable bounding the lane. */
  variable: string;
  /** What fills it, for refusals: "work of cost 1000", "3 language-model or document operations". */
  describe(capacity: number): string;
}

/**
 * A counting semaphore with a FIFO queue: an operation runs when its cost fits beside what runs,
 * and nothing overtakes an operation waiting before it (so large lists are not starved by small
 * reads). A cost above the whole capacity takes all of it, running alone. Waiting ends in a 503
 * when the queue is full, after maxWaitMs, or when the client goes away.
 */
class Lane {
  private used = 0;
  private readonly queue: Waiter[] = [];
  private readonly retryAfter: number;

  constructor(
    private readonly capacity: number,
    private readonly limits: AdmissionLimits,
    private readonly words: LaneWords,
  ) {
    this.retryAfter = Math.max(1, Math.ceil(limits.maxWaitMs / 1000));
  }

  get inUse(): number {
    return this.used;
  }

  get waiting(): number {
    return this.queue.length;
  }

  acquire(cost: number, signal?: AbortSignal): Promise<() => void> {
    const taken = Math.min(cost, this.capacity);
    const release = once(() => {
      this.used -= taken;
      this.pump();
    });
    if (this.queue.length === 0 && this.used + taken <= this.capacity) {
      this.used += taken;
      return Promise.resolve(release);
    }
    const { variable, describe } = this.words;
    if (this.queue.length >= this.limits.maxQueue) {
      return Promise.reject(
        busy(
          `the service is busy: ${describe(this.capacity)} are running and ${this.queue.length} operations wait (ADMISSION_MAX_QUEUE=${this.limits.maxQueue}); retry after ${this.retryAfter} s, or raise ${variable} or ADMISSION_MAX_QUEUE`,
          this.retryAfter,
        ),
      );
    }
    if (signal?.aborted) return Promise.reject(busy('the client went away before the operation ran', this.retryAfter));
    return new Promise((resolve, reject) => {
      const leave = () => {
        this.queue.splice(this.queue.indexOf(waiter), 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', abandon);
      };
      const waiter: Waiter = {
        cost: taken,
        grant: () => {
          leave();
          this.used += taken;
          resolve(release);
        },
      };
      const timer = setTimeout(() => {
        leave();
        reject(
          busy(
            `the service is busy: this operation (cost ${cost}) waited ${this.limits.maxWaitMs} ms while ${describe(this.capacity)} ran (${variable}=${this.capacity}); retry after ${this.retryAfter} s, or raise ${variable} or ADMISSION_MAX_WAIT_MS`,
            this.retryAfter,
          ),
        );
        // Operations behind this one may fit now.
        this.pump();
      }, this.limits.maxWaitMs);
      // A client that is gone needs no answer: its place goes to the next.
      const abandon = () => {
        leave();
        reject(busy('the client went away before the operation ran', this.retryAfter));
        this.pump();
      };
      signal?.addEventListener('abort', abandon, { once: true });
      this.queue.push(waiter);
    });
  }

  private pump(): void {
    while (this.queue.length > 0 && this.used + this.queue[0].cost <= this.capacity) this.queue[0].grant();
  }
}

/**
 * Admission control for HTTP operations (/graphql and the REST facade alike): concurrent work is
 * bounded by cost (operationCostOf), and operations with EXPENSIVE_FIELDS (language-model calls,
 * document parsing) take a lane of their own, so slow upstreams never hold the room reads need.
 * Per instance; graphql-ws operations are not admitted.
 */
export class Admission {
  private readonly work: Lane;
  private readonly expensive: Lane;

  constructor(readonly limits: AdmissionLimits) {
    this.work = new Lane(limits.maxCost, limits, {
      variable: 'ADMISSION_MAX_COST',
      describe: (capacity) => `operations of cost ${capacity} in all`,
    });
    this.expensive = new Lane(limits.expensiveConcurrency, limits, {
      variable: 'ADMISSION_EXPENSIVE_CONCURRENCY',
      describe: (capacity) => `${capacity} language-model or document operations`,
    });
  }

  /** Work and expensive-lane slots in use, and operations waiting, now. */
  get state(): { work: number; expensive: number; waiting: number } {
    return {
      work: this.work.inUse,
      expensive: this.expensive.inUse,
      waiting: this.work.waiting + this.expensive.waiting,
    };
  }

  /**
   * Resolves when the operation may run, with the permit its caller releases when the response is
   * sent or the request fails; rejects with a 503 (Retry-After) when it may not. `signal` aborts
   * when the client goes away (clientGone), which ends its wait.
   */
  async admit(cost: OperationCost, signal?: AbortSignal): Promise<Permit> {
    const held: (() => void)[] = [];
    try {
      // The slow lane first: an operation waiting for it holds no work room meanwhile.
      if (cost.expensive > 0) held.push(await this.expensive.acquire(cost.expensive, signal));
      if (cost.work > 0) held.push(await this.work.acquire(cost.work, signal));
    } catch (error) {
      for (const release of held) release();
      throw error;
    }
    return { release: once(() => held.forEach((release) => release())) };
  }
}

/** Aborts when the response's connection closes: sent, or given up by the client. */
export function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => controller.abort());
  return controller.signal;
}

/** Admits one request to a REST route: the cost of the route's prepared document with the request's variables. */
export type RouteAdmission = (variables: Record<string, unknown>, res: Response) => Promise<Permit>;

/**
 * The admission of a REST route, costed exactly as /graphql costs the same document. A refusal
 * throws the 503 for the facade to send, with its Retry-After already on the response.
 */
export function routeAdmission(admission: Admission, schema: GraphQLSchema, document: DocumentNode): RouteAdmission {
  const operation = getOperationAST(document);
  if (!operation) throw new Error('a REST document has one operation');
  return async (variables, res) => {
    try {
      return await admission.admit(operationCostOf(schema, operation, document, variables), clientGone(res));
    } catch (error) {
      const headers =
        error instanceof GraphQLError
          ? (error.extensions.http as { headers?: Map<string, string> } | undefined)?.headers
          : undefined;
      for (const [name, value] of headers ?? []) res.set(name, value);
      throw error;
    }
  };
}
