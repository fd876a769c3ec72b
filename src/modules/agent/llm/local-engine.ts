import { AnswerConfidence } from '../answer-confidence';
import {
  type AgentEngine,
  DONT_KNOW,
  type EngineAnswer,
  type EngineRequest,
  NOT_SURE,
  sourcesOf,
  titleOf,
} from './engine';
import { factsReply } from './facts-check';

/** Words per streamed chunk: small enough to look live, large enough not to flood the socket. */
const WORDS_PER_CHUNK = 4;

/**
 * The embedded engine: no model and no network. It composes the reply from what the specialist
 * found, word for word: facts as they are, retrieved passages led by their answering sentence and
 * quoted with their source. With nothing found it says it does not know; it never adds anything
 * of its own.
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

/**
 * Facts as they are. Unsure retrieval: "I’m not sure" and the passages by title. Retrieved passages: the sentence that answers most of the question first,
 * citing its source, then the passages themselves (the best one only when it says more than that
 * sentence), each with its source. The specialist has already left out passages far below the best.
 */
function compose({ briefing }: EngineRequest): string {
  if (briefing.passages.length === 0) return briefing.unknown ?? DONT_KNOW;
  // Unsure: say so first, and name the closest passages rather than quote one as the answer.
  if (briefing.confidence === AnswerConfidence.UNSURE)
    return [NOT_SURE, ...briefing.passages.map((p) => `- ${titleOf(p)} (source: ${p.source.name})`)].join('\n');
  if (briefing.style === 'facts') return factsReply(briefing);
  const [best, ...others] = briefing.passages;
  const lead = best.lead?.trim();
  const quoted = (lead && best.text.trim() === lead ? others : briefing.passages).map(
    (p) => `- ${p.text} (source: ${p.source.name})`,
  );
  if (!lead) return quoted.join('\n');
  return [`${lead} (source: ${best.source.name})`, ...(quoted.length ? ['', ...quoted] : [])].join('\n');
}
