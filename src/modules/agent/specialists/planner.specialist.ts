import { AGENTS } from '../agent-profiles';
import type { Briefing } from '../llm/engine';
import { describeSchedule, isComplete, isNo, isYes, summarize } from '../planner/assignment';
import type { WorkflowService } from '../planner/workflow.service';
import type { Question, Specialist } from './specialist';

/** The planner spoke last: the user's message answers it (a yes, a no, or a missing detail). */
export function answersPlanner(question: Question): boolean {
  const lastAgent = [...question.earlier].reverse().find((m) => m.messageType === 'agent_response');
  return lastAgent?.agent === AGENTS.planner.name;
}

/**
 * Takes requests to act ("every Monday at 9am email me my overdue tasks"): it reads them into a
 * plan, asks for what is missing, restates a complete plan and asks for a "yes"; on "yes" the
 * plan becomes a scheduled workflow.
 */
export class PlannerSpecialist implements Specialist {
  readonly name = 'planner';

  constructor(private readonly workflows: WorkflowService) {}

  async brief(question: Question): Promise<Briefing> {
    const source = {
      name: 'This conversation',
      type: 'conversation',
      url: `/api/v1/agent/conversations/${question.conversation.id}`,
    };
    const said = (text: string, confirming = false): Briefing => ({
      style: 'facts',
      passages: [{ text, source }],
      confirming,
    });
    const replying = answersPlanner(question);
    if (replying && isNo(question.text)) return said('All right, I will not schedule it.');
    const plan = await this.workflows.planOf(question.ctx, question.owner, question.conversation);
    if (!plan) return said('I could not find a request to plan in this conversation. Say what to do and when.');
    if (replying && isYes(question.text) && isComplete(plan)) {
      const workflow = await this.workflows.create(
        question.ctx,
        question.owner,
        question.conversation,
        plan,
        plan.task,
      );
      const first = workflow.nextRunAt ? ` The first run is at ${workflow.nextRunAt.toISOString()}.` : '';
      return said(`Scheduled: I will run “${plan.task}” ${describeSchedule(plan)}.${first} Workflow ${workflow.id}.`);
    }
    return said(summarize(plan), isComplete(plan));
  }
}
