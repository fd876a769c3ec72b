import { AGENTS } from '../agent-profiles';
import type { Briefing } from '../llm/engine';
import type { Question, Specialist } from './specialist';

/** Requests to do something, now or on a schedule, rather than questions. */
const REQUEST = /\b(?:remind me|schedule|email me|send me|notify me|post (?:it |them |this )?(?:in|to))\b/i;
/** A frequency alone ("the yearly budget") is no request; with an action it is ("every Monday, report …"). */
const FREQUENCY = /\b(?:every|each|daily|weekly|monthly|quarterly|yearly|annually|hourly|weekdays?)\b/i;
const ACTION = /\b(?:remind|email|send|post|notify|report|run|check|share|message|ping|give me|tell me|list)\b/i;
const YES = /^\s*(?:yes|yep|yeah|sure|ok|okay|confirm(?:ed)?|go ahead|do it|please do)\b/i;
const NO = /^\s*(?:no|nope|cancel|stop|don['’]t)\b/i;

export function isTaskRequest(text: string): boolean {
  return REQUEST.test(text) || (FREQUENCY.test(text) && ACTION.test(text));
}

/** A yes or no to the planner's last question in the conversation. */
export function isConfirmationReply(question: Question): boolean {
  const lastAgent = [...question.earlier].reverse().find((m) => m.messageType === 'agent_response');
  return lastAgent?.agent === AGENTS.planner.name && (YES.test(question.text) || NO.test(question.text));
}

/**
 * Takes requests to act ("every Monday at 9, email me my overdue tasks"): it restates the task
 * and asks the user to confirm before anything is planned; the confirmed request is what assign
 * plans into steps and a schedule.
 */
export class PlannerSpecialist implements Specialist {
  readonly name = 'planner';

  brief(question: Question): Promise<Briefing> {
    const source = { name: 'This conversation', type: 'conversation', url: `/api/v1/agent/history` };
    if (isConfirmationReply(question)) {
      const text = YES.test(question.text)
        ? 'Confirmed. The request is noted in this conversation; assign on this conversation shows its steps and schedule.'
        : 'All right, I will not plan it.';
      return Promise.resolve({ style: 'facts', passages: [{ text, source }] });
    }
    const task = question.text.replace(/\s+/g, ' ').trim().replace(/[.!?]+$/, '');
    const text = `You would like me to: “${task}”. Shall I plan it? Reply “yes” to confirm or “no” to drop it.`;
    return Promise.resolve({ style: 'facts', passages: [{ text, source }], confirming: true });
  }
}
