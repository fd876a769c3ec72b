import type { Caller } from '../../../auth/caller';
import type { Context } from '../../../auth/context';
import type { AgentMessage } from '../agent-message.entity';
import type { SpecialistName } from '../agent-profiles';
import type { AgentProfile } from '../agent.types';
import type { Conversation } from '../conversation.entity';
import type { Owner } from '../conversation.service';
import type { Briefing } from '../llm/engine';

/** A question as a specialist receives it. */
export interface Question {
  ctx: Context;
  caller: Caller;
  owner: Owner;
  conversation: Conversation;
  text: string;
  /** Earlier messages of the conversation, oldest first. */
  earlier: AgentMessage[];
  /** At most this many passages. */
  maxResults: number;
}

/** A specialist works out what is known about a question; the engine then words the reply. */
export interface Specialist {
  readonly name: SpecialistName;
  brief(question: Question): Promise<Briefing>;
  /** Whether the specialist takes a question no word pattern routed (the directory reads it against the organization's values). */
  claims?(question: Question): Promise<boolean>;
  /** Whether every word of the question is accounted for, beside the subjects another reader took from it. */
  accounts?(question: Question, subjects: readonly string[]): Promise<boolean>;
}

/** Who answers a question, and what they found for it. */
export interface Routed {
  agent: AgentProfile;
  briefing: Briefing;
}

/** Chooses the specialist for a question (the coordinator); the workflow runner needs no more of it. */
export interface Router {
  route(question: Question): Promise<Routed>;
}

/** A LIKE pattern that matches `text` literally. */
export function literal(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
