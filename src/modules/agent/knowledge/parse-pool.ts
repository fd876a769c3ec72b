import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import type { Kind } from './extract';
import type { ParseLimits } from './parse-limits';
import type { ParseOutcome, ParseTask } from './parse-worker';

export interface ParsePoolOptions extends ParseLimits {
  parseTimeoutMs: number;
  parseMemoryMb: number;
  parseConcurrency: number;
}

/** A parse that did not produce chunks, with the status the caller gets and why. */
export type ParseRefusal = { ok: false; status: 400 | 413 | 503; message: string };

/** Parses waiting for a free worker, per worker; beyond this the service says it is busy (503). */
const QUEUE_PER_WORKER = 8;

/**
 * Reads documents into chunks off the event loop, in a pool of worker threads (piscina): each
 * worker's heap is capped at `parseMemoryMb`, each parse has `parseTimeoutMs` of wall-clock time
 * after which its worker is terminated (which returns the worker's memory; the pool starts a fresh
 * one), and at most `parseConcurrency` parses run at once. Waiting parses queue here, not in
 * piscina, so that a parse's deadline starts when it starts running; the queue is bounded too.
 */
export class ParsePool {
  private readonly pool: Piscina;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly limits: ParseLimits;

  constructor(private readonly options: ParsePoolOptions) {
    const { maxInflatedBytes, maxCompressionRatio, maxPdfPages, maxDepth, maxRows, maxTextBytes } = options;
    this.limits = { maxInflatedBytes, maxCompressionRatio, maxPdfPages, maxDepth, maxRows, maxTextBytes };
    this.pool = new Piscina({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: options.parseConcurrency,
      idleTimeout: 30_000,
      concurrentTasksPerWorker: 1,
      resourceLimits: {
        maxOldGenerationSizeMb: options.parseMemoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(options.parseMemoryMb / 8))),
        stackSizeMb: 4,
      },
    });
  }

  async parse(bytes: Buffer, kind: Kind): Promise<ParseOutcome | ParseRefusal> {
    if (this.running >= this.options.parseConcurrency) {
      if (this.waiting.length >= this.options.parseConcurrency * QUEUE_PER_WORKER) {
        return {
          ok: false,
          status: 503,
          message: `too many documents are being read (KNOWLEDGE_PARSE_CONCURRENCY is ${this.options.parseConcurrency}); try again shortly`,
        };
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      return await this.run(bytes, kind);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private async run(bytes: Buffer, kind: Kind): Promise<ParseOutcome | ParseRefusal> {
    // A copy of its own is moved to the worker (not cloned a second time).
    const copy = new ArrayBuffer(bytes.length);
    new Uint8Array(copy).set(bytes);
    const task: ParseTask = { bytes: new Uint8Array(copy), kind, limits: this.limits };
    const signal = AbortSignal.timeout(this.options.parseTimeoutMs);
    try {
      return (await this.pool.run(task, { signal, transferList: [copy] })) as ParseOutcome;
    } catch (error) {
      if (signal.aborted) {
        return {
          ok: false,
          status: 400,
          message: `file could not be read within ${this.options.parseTimeoutMs} ms (the limit, KNOWLEDGE_PARSE_TIMEOUT_MS)`,
        };
      }
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        return {
          ok: false,
          status: 413,
          message: `file needs more than ${this.options.parseMemoryMb} MB of memory to read (the limit, KNOWLEDGE_PARSE_MEMORY_MB)`,
        };
      }
      throw error;
    }
  }

  /** Ends the workers (a parse still running is terminated). */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}

/**
 * The worker's script: the compiled parse-worker.js beside this file in the built service; when
 * this file runs as TypeScript (under ts-jest), a bootstrap that compiles the worker's sources.
 */
function workerFile(): string {
  if (__filename.endsWith('.ts')) return join(__dirname, 'parse-worker-ts.js');
  const compiled = join(__dirname, 'parse-worker.js');
  if (!existsSync(compiled))
    throw new Error(`the document parse worker ${compiled} is missing: build the service (npm run build)`);
  return compiled;
}
