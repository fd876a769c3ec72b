import type { AnswerConfidence } from '../answer-confidence';
import type { AgentProfile, ContentSource } from '../agent.types';

/** An earlier message of the conversation, as context for the next answer. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A piece of text the answer may use, and where it comes from. */
export interface Passage {
  text: string;
  source: ContentSource;
  /** Retrieved passages: the score as a share of the best passage's (1 for the best). */
  score?: number;
  /** Retrieved passages: the sentence that answers most of the question, to lead the answer with. */
  lead?: string;
  /** Retrieved chunks: the heading of the document's section the passage is in. */
  section?: string;
}

/** A content word of the question and its weight (its rarity in the organization's knowledge). */
export interface WeightedTerm {
  text: string;
  weight: number;
}

/**
 * What the specialist that took the question found for it. `facts` are statements the
 * specialist worked out itself (from the directory, say) and are the answer; `excerpts` are
 * retrieved passages the answer is drawn from.
 */
export interface Briefing {
  style: 'facts' | 'excerpts';
  passages: Passage[];
  /** Further records a fact rests on (say, each person a headcount names), cited after the passages' own. */
  cited?: ContentSource[];
  /** The specialist asks the user to confirm an action. */
  confirming?: boolean;
  /** What to say when there are no passages: the specialist's own "I don't know". */
  unknown?: string;
  /** The name a specialist looked for and did not find ("Astronautics", "Zed Nobody"). */
  notFound?: string;
  /** Retrieval: the question's content words as weighed. */
  terms?: WeightedTerm[];
  /**
   * How sure the specialist is. Left out: ANSWERED with passages, UNKNOWN without. A specialist
   * that answers from the records sets it; one that only found close passages says UNSURE.
   */
  confidence?: AnswerConfidence;
}

export interface EngineRequest {
  agent: AgentProfile;
  question: string;
  /** Earlier messages of the conversation, oldest first. */
  history: ChatTurn[];
  instructions?: string | null;
  briefing: Briefing;
}

export interface EngineAnswer {
  reply: string;
  tokenUsage: number;
  sources: ContentSource[];
}

/** Writes the agent's reply; `onChunk` receives it piece by piece as it is written. */
export interface AgentEngine {
  readonly kind: 'local' | 'openai';
  answer(request: EngineRequest, onChunk: (chunk: string) => void): Promise<EngineAnswer>;
}

/** The language-model server failed: a bad answer (502) or none at all (503). */
export class EngineError extends Error {
  constructor(
    readonly code: 'BAD_GATEWAY' | 'SERVICE_UNAVAILABLE',
    message: string,
  ) {
    super(message);
  }
}

/** The first words of an unsure answer (docs/agent.md, "Confidence"). */
export const NOT_SURE = 'I’m not sure. These passages may help:';

/** A passage by its title: the document's name and, for a chunk, its section's heading. */
export const titleOf = (passage: Passage): string =>
  passage.section && passage.section !== passage.source.name
    ? `${passage.source.name} — ${passage.section}`
    : (passage.source.name ?? '');

export const DONT_KNOW =
  'I don’t know. I found nothing about that in the directory, the development plans or the knowledge base.';

/** The distinct sources of a briefing, in order. */
export function sourcesOf(briefing: Briefing): ContentSource[] {
  const seen = new Set<string>();
  const sources: ContentSource[] = [];
  for (const source of [...briefing.passages.map((p) => p.source), ...(briefing.cited ?? [])]) {
    const key = `${source.type}|${source.url ?? source.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sources.push(source);
  }
  return sources;
}
