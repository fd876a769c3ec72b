import { cappedLines, ReplyTooLargeError, readCappedJson } from '../../../common/capped-read';
import { EngineError } from './engine';

interface CompletionChunk {
  choices?: { delta?: { content?: string | null }; message?: { content?: string | null } }[];
  usage?: { total_tokens?: number } | null;
  error?: { message?: string };
}

/** How much of a model's answer is read: in all (JSON or stream), and in one server-sent event line. */
export interface ReplyCaps {
  maxBytes: number;
  maxEventBytes: number;
}

/**
 * Reads a chat-completions answer: a server-sent event stream of `data: {json}` lines ending with
 * `data: [DONE]`, or a plain JSON completion from a server that does not stream. Each piece of
 * content goes to `onChunk`; the token count is the server's `usage.total_tokens`. An answer past
 * its caps is a bad answer (502): the read stops there and the connection is closed.
 */
export async function readCompletion(
  response: Response,
  onChunk: (chunk: string) => void,
  caps: ReplyCaps,
): Promise<{ text: string; tokens: number }> {
  try {
    return await readWithin(response, onChunk, caps);
  } catch (error) {
    if (!(error instanceof ReplyTooLargeError)) throw error;
    throw new EngineError(
      'BAD_GATEWAY',
      error.part === 'body'
        ? `the language model server sent an answer larger than ${error.limit} bytes`
        : `the language model server sent an event longer than ${error.limit} bytes`,
    );
  }
}

async function readWithin(
  response: Response,
  onChunk: (chunk: string) => void,
  caps: ReplyCaps,
): Promise<{ text: string; tokens: number }> {
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const completion = (await readCappedJson(response.body, caps.maxBytes)) as CompletionChunk;
    const text = completion.choices?.[0]?.message?.content ?? '';
    if (text) onChunk(text);
    return nonEmpty({ text, tokens: completion.usage?.total_tokens ?? 0 });
  }
  if (!response.body) throw new EngineError('BAD_GATEWAY', 'the language model server sent an empty answer');
  let text = '';
  let tokens = 0;
  let done = false;
  for await (const line of cappedLines(response.body, caps.maxBytes, caps.maxEventBytes)) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '[DONE]') {
      done = true;
      break;
    }
    const chunk = JSON.parse(data) as CompletionChunk;
    if (chunk.error)
      throw new EngineError(
        'BAD_GATEWAY',
        `the language model server reported an error: ${chunk.error.message ?? 'unknown'}`,
      );
    const piece = chunk.choices?.[0]?.delta?.content;
    if (piece) {
      text += piece;
      onChunk(piece);
    }
    if (chunk.usage?.total_tokens) tokens = chunk.usage.total_tokens;
  }
  if (!done) throw new EngineError('BAD_GATEWAY', 'the language model server broke off its answer before [DONE]');
  return nonEmpty({ text, tokens });
}

/** A completion without any text is no answer. */
function nonEmpty(completion: { text: string; tokens: number }): { text: string; tokens: number } {
  if (!completion.text.trim()) throw new EngineError('BAD_GATEWAY', 'the language model server sent an empty answer');
  return completion;
}
