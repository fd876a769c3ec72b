import { AGENTS, type SpecialistName } from './agent-profiles';
import { directoryIntents, directoryText } from './specialists/directory.specialist';
import type { Intent } from './specialists/directory-intents';
import { isRequestToAct } from './planner/request-intent';
import { answersPlanner } from './specialists/planner.specialist';
import type { Question, Routed, Router, Specialist } from './specialists/specialist';

/** The intents about the caller's own plan tasks, which are not questions about people. */
const OWN_TASKS: ReadonlySet<Intent> = new Set<Intent>(['myTasksOverdue', 'myTasksDue']);

/**
 * The coordinator agent: sends requests to act to the planner, directory questions to the
 * directory specialist and everything else to the knowledge specialist. A directory question
 * about someone (or a department or group) the directory does not know goes on to the knowledge
 * specialist, whose passages answer it only when they name them ("how many people work in
 * Astronautics" is not answered by a card of someone in People); else the directory's "I don't
 * know" is given.
 */
export class Coordinator implements Router {
  /** Without a planner (the workflow runner's own coordinator), requests to act are answered as questions. */
  constructor(
    private readonly specialists: Record<Exclude<SpecialistName, 'planner'>, Specialist> & { planner?: Specialist },
  ) {}

  async route(question: Question): Promise<Routed> {
    const name = await this.choose(question);
    const briefing = await this.specialists[name]!.brief(question);
    if (name === 'directory' && briefing.passages.length === 0) {
      const fallback = await this.specialists.knowledge.brief(question);
      const named = (text: string) =>
        !briefing.notFound || text.toLowerCase().includes(briefing.notFound.toLowerCase());
      const passages = fallback.passages.filter((p) => named(p.text));
      if (passages.length) return { agent: AGENTS.knowledge, briefing: { ...fallback, passages } };
    }
    return { agent: AGENTS[name], briefing };
  }

  private async choose(question: Question): Promise<SpecialistName> {
    if (this.specialists.planner && (answersPlanner(question) || isRequestToAct(question.text))) return 'planner';
    const asked = directoryIntents(directoryText(question));
    // The intents table reads a few patterns; the rest of a question about people must be the
    // directory's too. The caller's own plan tasks ("my IDP tasks due this month") are read whole by their patterns.
    const subjects = asked?.map((a) => a.subject) ?? [];
    if (asked?.every((a) => OWN_TASKS.has(a.intent))) return 'directory';
    if (asked && ((await this.specialists.directory.accounts?.(question, subjects)) ?? true)) return 'directory';
    // A question the patterns miss may still be a query over the organization's own names and
    // values ("how many people in Oslo", "is Priya in Finance").
    if (await this.specialists.directory.claims?.(question)) return 'directory';
    return 'knowledge';
  }
}
