import { chunkText } from './chunk';
import { extract, type Kind, UnreadableContentError } from './extract';
import { LimitExceededError, type ParseLimits } from './parse-limits';

// The entry of a parse worker thread (run by piscina from parse-pool.ts): one document in, its
// chunks out. Everything here may be slow or memory-hungry on hostile input; the pool bounds its
// heap and its time and terminates the thread when either runs out.

export interface ParseTask {
  bytes: Uint8Array;
  kind: Kind;
  limits: ParseLimits;
}

export type ParseOutcome =
  | { ok: true; title: string | null; mediaType: string; chunks: string[] }
  /** A refusal the caller is told about: 400 (unreadable, too deep) or 413 (too large). */
  | { ok: false; status: 400 | 413; message: string };

export default async function parse(task: ParseTask): Promise<ParseOutcome> {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  try {
    const extracted = await extract(bytes, task.kind, task.limits);
    return { ok: true, title: extracted.title, mediaType: extracted.mediaType, chunks: chunkText(extracted.text) };
  } catch (error) {
    if (error instanceof LimitExceededError) return { ok: false, status: error.status, message: error.message };
    if (error instanceof UnreadableContentError) return { ok: false, status: 400, message: error.message };
    // A library choking on a hostile file (a stack overflow, a type error deep in a DOM) is still
    // the file's: everything thrown here comes from reading this one document.
    return {
      ok: false,
      status: 400,
      message: `file is not readable as ${task.kind.toUpperCase()} (${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'})`,
    };
  }
}
