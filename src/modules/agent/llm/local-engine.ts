import { type AgentEngine, DONT_KNOW, type EngineAnswer, type EngineRequest, sourcesOf } from './engine';

/** Words per streamed chunk: small enough to look live, large enough not to flood the socket. */
const WORDS_PER_CHUNK = 4;

/**
 * The embedded engine: no model and no network. It composes the reply from what the specialist
 * found, word for word: facts as they are, retrieved passages quoted with their source. With
 * nothing found it says it does not know; it never adds anything of its own.
 */
export class LocalEngine implements AgentEngine {
  readonly kind = 'local';

  async answer(request: EngineRequest, onChunk: (chunk: string) => void): Promise<EngineAnswer> {
    const { briefing } = request;
    const reply = compose(request);
    // The reply is complete at once; it is still sent in pieces so that live UIs behave the same
    // with either engine.
    const words = reply.split(/(?<=\s)/);
    for (let i = 0; i < words.length; i += WORDS_PER_CHUNK) onChunk(words.slice(i, i + WORDS_PER_CHUNK).join(''));
    return { reply, tokenUsage: 0, sources: sourcesOf(briefing) };
  }
}

function compose({ briefing }: EngineRequest): string {
  if (briefing.passages.length === 0) return briefing.unknown ?? DONT_KNOW;
  if (briefing.style === 'facts') return briefing.passages.map((p) => p.text).join('\n');
  const lines = briefing.passages.map((p) => `- ${p.text} (source: ${p.source.name})`);
  return `Here is what I found:\n${lines.join('\n')}`;
}
