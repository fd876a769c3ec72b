import { EngineError } from './engine';

interface CompletionChunk {
  choices?: { delta?: { content?: string | null }; message?: { content?: string | null } }[];
  usage?: { total_tokens?: number } | null;
  error?: { message?: string };
}

/**
 * Reads a chat-completions answer: a server-sent event stream of `data: {json}` lines ending with
 * `data: [DONE]`, or a plain JSON completion from a server that does not stream. Each piece of
 * content goes to `onChunk`; the token count is the server's `usage.total_tokens`.
 */
export async function readCompletion(
  response: Response,
  onChunk: (chunk: string) => void,
): Promise<{ text: string; tokens: number }> {
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const completion = (await response.json()) as CompletionChunk;
    const text = completion.choices?.[0]?.message?.content ?? '';
    if (text) onChunk(text);
    return nonEmpty({ text, tokens: completion.usage?.total_tokens ?? 0 });
  }
  if (!response.body) throw new EngineError('BAD_GATEWAY', 'the language model server sent an empty answer');
  let text = '';
  let tokens = 0;
  let pending = '';
  let done = false;
  const decoder = new TextDecoder();
  const take = (line: string) => {
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (data === '[DONE]') {
      done = true;
      return;
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
  };
  for await (const bytes of response.body) {
    pending += decoder.decode(bytes as Uint8Array, { stream: true });
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) take(line);
    if (done) break;
  }
  take(pending);
  if (!done) throw new EngineError('BAD_GATEWAY', 'the language model server broke off its answer before [DONE]');
  return nonEmpty({ text, tokens });
}

/** A completion without any text is no answer. */
function nonEmpty(completion: { text: string; tokens: number }): { text: string; tokens: number } {
  if (!completion.text.trim()) throw new EngineError('BAD_GATEWAY', 'the language model server sent an empty answer');
  return completion;
}
