import { AGENTS, type SpecialistName } from './agent-profiles';
import { directoryIntent } from './specialists/directory.specialist';
import { isRequestToAct } from './planner/request-intent';
import { answersPlanner } from './specialists/planner.specialist';
import type { Question, Routed, Router, Specialist } from './specialists/specialist';

/**
 * The coordinator agent: sends requests to act to the planner, directory questions to the
 * directory specialist and everything else to the knowledge specialist. A directory question
 * about someone the directory does not know goes on to the knowledge specialist before the
 * directory's "I don't know" is given.
 */
export class Coordinator implements Router {
  /** Without a planner (the workflow runner's own coordinator), requests to act are answered as questions. */
  constructor(private readonly specialists: Record<Exclude<SpecialistName, 'planner'>, Specialist> & { planner?: Specialist }) {}

  async route(question: Question): Promise<Routed> {
    const name = this.choose(question);
    const briefing = await this.specialists[name]!.brief(question);
    if (name === 'directory' && briefing.passages.length === 0) {
      const fallback = await this.specialists.knowledge.brief(question);
      if (fallback.passages.length) return { agent: AGENTS.knowledge, briefing: fallback };
    }
    return { agent: AGENTS[name], briefing };
  }

  private choose(question: Question): SpecialistName {
    if (this.specialists.planner && (answersPlanner(question) || isRequestToAct(question.text))) return 'planner';
    if (directoryIntent(question.text)) return 'directory';
    return 'knowledge';
  }
}
