import { setTimeout as sleep } from 'node:timers/promises';
import { AnswerConfidence } from '../answer-confidence';
import {
  type AgentEngine,
  type EngineAnswer,
  EngineError,
  type EngineRequest,
  NOT_SURE,
  type Passage,
  sourcesOf,
  titleOf,
} from './engine';
import { factsMissed, factsReply, isCheckedFacts } from './facts-check';
import { type ReplyCaps, readCompletion } from './openai-stream';
import { errorReason } from '../../../common/error-reason';
import { trimEndOf } from '../../../common/trim-end';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The whole answer, retries included, must arrive within this time. */
  timeoutMs: number;
  /** Further attempts after a 429, a 5xx or a lost connection. */
  retries: number;
  /** Most bytes read of one answer, and of one of its server-sent events. */
  caps: ReplyCaps;
}

const BACKOFF_MS = 500;
const MAX_RETRY_AFTER_MS = 10_000;

/**
 * Any OpenAI-compatible chat-completions server. The reply is streamed (server-sent events) and
 * passed on chunk by chunk; 429 and 5xx answers and lost connections are retried with exponential
 * backoff (or the server's Retry-After) until the deadline; token usage is the server's count.
 * The deadline covers the whole answer, body included, and the answer is read up to its caps only.
 */
export class OpenAiEngine implements AgentEngine {
  readonly kind = 'openai';
  private readonly url: string;

  constructor(private readonly options: OpenAiOptions) {
    this.url = `${trimEndOf(options.baseUrl, '/')}/chat/completions`;
  }

  /**
   * The model's answer. For an exact answer from the directory's records, the reply is checked
   * against the facts the query found before anything is sent on (so its chunks are held back):
   * a reply that leaves out one of the names, numbers or e-mail addresses, or gives an address
   * the facts do not hold, is replaced by the facts themselves (docs/agent.md, "Engines").
   */
  async answer(request: EngineRequest, onChunk: (chunk: string) => void): Promise<EngineAnswer> {
    if (!isCheckedFacts(request.briefing)) return this.complete(request, onChunk);
    const answer = await this.complete(request, () => undefined);
    const reply = factsMissed(request.briefing, answer.reply).length ? factsReply(request.briefing) : answer.reply;
    onChunk(reply);
    return { ...answer, reply };
  }

  private async complete(request: EngineRequest, onChunk: (chunk: string) => void): Promise<EngineAnswer> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const body = JSON.stringify({
      model: this.options.model,
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: systemPrompt(request) },
        ...request.history,
        { role: 'user', content: request.question },
      ],
    });
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.options.retries;
      let response: Response;
      try {
        response = await fetch(this.url, { method: 'POST', headers, body, signal: deadline });
      } catch (error) {
        if (deadline.aborted) throw this.timedOut();
        if (last)
          throw new EngineError(
            'SERVICE_UNAVAILABLE',
            `the language model server could not be reached (${errorReason(error)})`,
          );
        await this.wait(attempt, null, deadline);
        continue;
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        if (last)
          throw new EngineError(
            'BAD_GATEWAY',
            `the language model server answered HTTP ${response.status} after ${attempt + 1} attempts`,
          );
        await this.wait(attempt, response.headers.get('retry-after'), deadline);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new EngineError(
          'BAD_GATEWAY',
          `the language model server refused the request with HTTP ${response.status}`,
        );
      }
      try {
        const { text, tokens } = await readCompletion(response, onChunk, this.options.caps);
        return { reply: text.trim(), tokenUsage: tokens, sources: sourcesOf(request.briefing) };
      } catch (error) {
        if (deadline.aborted) throw this.timedOut();
        if (error instanceof EngineError) throw error;
        throw new EngineError('BAD_GATEWAY', `the language model server broke off its answer (${errorReason(error)})`);
      }
    }
  }

  private timedOut(): EngineError {
    return new EngineError(
      'SERVICE_UNAVAILABLE',
      `the language model server did not answer within ${this.options.timeoutMs} ms`,
    );
  }

  /** Exponential backoff, or the server's Retry-After (capped); ends early at the deadline. */
  private async wait(attempt: number, retryAfter: string | null, deadline: AbortSignal): Promise<void> {
    const asked = retryAfter !== null && /^\d+(\.\d+)?$/.test(retryAfter) ? Number(retryAfter) * 1000 : null;
    const delay = asked !== null ? Math.min(asked, MAX_RETRY_AFTER_MS) : BACKOFF_MS * 2 ** attempt;
    try {
      await sleep(delay, undefined, { signal: deadline });
    } catch {
      throw this.timedOut();
    }
  }
}

/** Who the agent is, what it may use, and how to answer: only from the context given. */
function systemPrompt({ agent, briefing, instructions }: EngineRequest): string {
  const parts = [
    `You are ${agent.name}, ${agent.title}. ${agent.persona ?? ''}`.trim(),
    'Answer the user from the context below and the conversation only. If the context does not contain the answer, say plainly that you don’t know; never invent names, numbers or dates. Mention the sources you used by name.',
  ];
  if (briefing.confirming)
    parts.push('You are asking the user to confirm an action: end by asking them to reply "yes" to confirm.');
  // Retrieval's confidence (docs/agent.md, "Confidence"): the model is told when the context only comes close.
  if (briefing.confidence === AnswerConfidence.UNSURE)
    parts.push(
      `The context below only comes close to the question and may not answer it. Begin your reply with "${NOT_SURE}", then name the passages by title as suggestions (${briefing.passages.map(titleOf).join('; ')}); do not present them as the answer.`,
    );
  // With embeddings retrieval keeps passages that cover little of the question, for the model to judge.
  else if (briefing.confidence === AnswerConfidence.UNKNOWN && briefing.passages.length)
    parts.push(
      'No passage below covers much of the question: unless one plainly answers it, say first that you don’t know.',
    );
  parts.push(
    briefing.passages.length
      ? `Context (${briefing.style}):\n${briefing.passages.map(numbered).join('\n')}`
      : 'Context: nothing was found for this question.',
  );
  if (instructions) parts.push(`Additional instructions from the user: ${instructions}`);
  return parts.join('\n\n');
}

function numbered(passage: Passage, index: number): string {
  return `[${index + 1}] ${passage.text} (source: ${passage.source.name})`;
}
