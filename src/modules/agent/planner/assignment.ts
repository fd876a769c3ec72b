import { AGENTS } from '../agent-profiles';
import { type AgentMessage, MessageType } from '../agent-message.entity';
import { directoryIntents } from '../specialists/directory.specialist';
import { BaseAssignmentHolder, BaseAssignmentResponse } from './assignment.types';
import { NotificationChannel, SCHEDULED, ScheduleFrequency } from './plan-enums';
import type { Plan } from './plan-request';

const YES = /^\s*(?:yes|yep|yeah|sure|ok|okay|confirm(?:ed)?|go ahead|do it|please do)\b/i;
const NO = /^\s*(?:no|nope|cancel|stop|don['’]t)\b/i;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const isYes = (text: string) => YES.test(text);
export const isNo = (text: string) => NO.test(text);

/** A plan that can be stored and scheduled as it is. */
export const isComplete = (plan: Plan) => SCHEDULED.has(plan.frequency) && plan.missing.length === 0;

/** The user's last request and the details they gave for it. */
export interface LastRequest {
  /** The request with every detail after it, in the order said. */
  text: string;
  /** The message the planner took as the request, alone. */
  request: string;
  /** The details given after it, in the order said (the last answers the planner's last question). */
  details: string[];
}

/**
 * The user's last request in a conversation: the last message the planner took as a request,
 * with the details the user added in answer to its questions (not the yes or no). A schedule with
 * no work ("at 7:15am") after a request not yet confirmed is one of its details, not a new request.
 */
export function lastRequest(
  messages: readonly AgentMessage[],
  isRequest: (text: string) => boolean,
  isScheduleOnly: (text: string) => boolean,
): LastRequest | null {
  const users = messages.filter((m) => m.messageType === MessageType.USER_REQUEST);
  let found = -1;
  for (let i = users.length - 1; i >= 0; i--) {
    const text = users[i].message;
    if (found !== -1 && isYes(text)) break;
    if (!isRequest(text)) continue;
    found = i;
    if (!isScheduleOnly(text)) break;
  }
  if (found === -1) return null;
  const details = users
    .slice(found + 1)
    .map((m) => m.message)
    .filter((text) => !isYes(text) && !isNo(text));
  const request = users[found].message;
  return { text: [request, ...details].join(' '), request, details };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const ORDINAL_WORDS: Record<string, string> = {
  '1': 'first',
  '2': 'second',
  '3': 'third',
  '4': 'fourth',
  '-1': 'last',
};

/** "every Monday at 09:00 (Europe/Paris)", "on Tuesday and Thursday of every week at 09:00 (UTC)" */
export function describeSchedule(
  plan: Pick<Plan, 'frequency' | 'hour' | 'minute' | 'day' | 'recurrence' | 'date' | 'timeZone'>,
): string {
  const time =
    plan.hour === null ? '' : ` at ${String(plan.hour).padStart(2, '0')}:${String(plan.minute ?? 0).padStart(2, '0')}`;
  const zone = ` (${plan.timeZone})`;
  if (plan.frequency === ScheduleFrequency.ONCE)
    return `once, ${plan.date ? `on ${describeDate(plan.date)}` : 'today'}${time}${zone}`;
  if (plan.frequency === ScheduleFrequency.YEARLY && plan.date)
    return `every year on ${describeDate(plan.date, false)}${time}${zone}`;
  if (!SCHEDULED.has(plan.frequency)) return 'not scheduled';
  if (plan.frequency === ScheduleFrequency.WEEKDAY) return `every weekday${time}${zone}`;
  return `${plan.recurrence ? describeRule(plan.recurrence) : describeFields(plan)}${time}${zone}`;
}

/** "Friday 27 November 2026", or without the weekday and year for a yearly date. */
function describeDate(date: string, full = true): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
  return full ? `${weekday} ${d} ${MONTHS[m - 1]} ${y}` : `${d} ${MONTHS[m - 1]}`;
}

/** A rule in words: "every 2 weeks on Tuesday and Thursday", "on the last Friday of every month". */
function describeRule(rule: string): string {
  const parts = Object.fromEntries(rule.split(';').map((p) => p.split('=') as [string, string]));
  const every = Number(parts.INTERVAL ?? 1);
  const days = (parts.BYDAY ?? '').split(',').filter(Boolean);
  const names = (list: string[]) => list.join(', ').replace(/, ([^,]*)$/, ' and $1');
  const weekday = (code: string) => WEEKDAYS[['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].indexOf(code.slice(-2))];
  const monthDays = (parts.BYMONTHDAY ?? '')
    .split(',')
    .filter(Boolean)
    .map((d) => (d === '-1' ? 'the last day' : `day ${d}`));
  const unit = (name: string) => (every > 1 ? `every ${every} ${name}s` : `every ${name}`);
  switch (parts.FREQ) {
    case 'MINUTELY':
      return unit('minute');
    case 'HOURLY':
      return unit('hour');
    case 'DAILY':
      return unit('day');
    case 'WEEKLY':
      if (every === 1 && days.length) return `every ${names(days.map(weekday))}`;
      return `${unit('week')}${days.length ? ` on ${names(days.map(weekday))}` : ''}`;
    case 'MONTHLY': {
      const nth = days.map((d) => `the ${ORDINAL_WORDS[String(parseInt(d, 10))] ?? d} ${weekday(d)}`);
      const on = nth.length
        ? nth
        : parts.BYSETPOS
          ? [`day ${monthDays.at(-1)?.replace('day ', '')} (or the last day)`]
          : monthDays;
      return `${on.length ? `on ${names(on)} of ` : ''}${unit('month')}`;
    }
    case 'YEARLY': {
      const months = (parts.BYMONTH ?? '')
        .split(',')
        .filter(Boolean)
        .map((m) => MONTHS[Number(m) - 1]);
      return `${monthDays.length ? `on ${names(monthDays)} of ` : ''}${names(months) || 'the same date'}, ${unit('year')}`;
    }
    default:
      return rule;
  }
}

/** Workflows stored before rules were. */
function describeFields(plan: Pick<Plan, 'frequency' | 'day'>): string {
  switch (plan.frequency) {
    case ScheduleFrequency.DAILY:
      return 'every day';
    case ScheduleFrequency.WEEKDAY:
      return 'every weekday';
    case ScheduleFrequency.WEEKLY:
      return `every ${plan.day ? WEEKDAYS[plan.day - 1] : 'week'}`;
    case ScheduleFrequency.MONTHLY:
      return `on day ${plan.day ?? '?'} of every month`;
    case ScheduleFrequency.QUARTERLY:
      return `on day ${plan.day ?? 1} of every quarter`;
    case ScheduleFrequency.YEARLY:
      return 'every year on today’s date';
    default:
      return 'on its schedule';
  }
}

function describeDelivery(plan: Plan): string {
  switch (plan.channel) {
    case NotificationChannel.EMAIL:
      return plan.notifyTo ? `, and the result is e-mailed to ${plan.notifyTo}` : '';
    case NotificationChannel.CHAT:
      return plan.notifyTo ? `, and the result is posted in ${plan.notifyTo}` : '';
    case NotificationChannel.IMMEDIATE:
      return ', and you are notified as soon as it has run';
    default:
      return '';
  }
}

/** What the planner says of a plan: the reason it cannot be scheduled, what is missing, or the plan to confirm. */
export function summarize(plan: Plan): string {
  if (plan.problem && !SCHEDULED.has(plan.frequency)) return plan.problem;
  if (plan.missing.length) return `To schedule “${plan.task}” I still need ${plan.missing.join(' and ')}.`;
  return `I will run “${plan.task}” ${describeSchedule(plan)}${describeDelivery(plan)}. Reply “yes” to schedule it.`;
}

/** The plan as the BaseAssignmentHolder assign answers: the schedule, the notification and the ordered steps. */
export function holderOf(plan: Plan, userId: string): BaseAssignmentHolder {
  const steps = SCHEDULED.has(plan.frequency) || plan.frequency === ScheduleFrequency.NONE ? stepsOf(plan) : [];
  return Object.assign(new BaseAssignmentHolder(), {
    response: summarize(plan),
    needsConfirmation: plan.missing.length > 0,
    newWorkflow: isComplete(plan),
    scheduleFrequency: plan.frequency,
    hourOfWorkflow: plan.hour,
    minuteOfWorkflow: plan.minute,
    dayOfWorkflow: plan.day,
    timeZone: plan.timeZone,
    recurrence: plan.recurrence,
    date: plan.date,
    agents: steps,
    // This service has no subscription plans that could limit execution.
    subscriptionActive: true,
    notificationChannel: plan.channel,
    notificationTo: plan.notifyTo,
    userId,
  });
}

/**
 * The steps: the workflow itself (step 0), the work (answered by the directory or knowledge
 * specialist), and the delivery of the result when a channel is named, which depends on the work.
 */
function stepsOf(plan: Plan): BaseAssignmentResponse[] {
  const step = (fields: Partial<BaseAssignmentResponse>) =>
    Object.assign(new BaseAssignmentResponse(), {
      tasksDependingOnThis: [],
      workflowAssignment: false,
      dependsOn: -1,
      ...fields,
    });
  const workflow = step({
    agent: AGENTS.planner,
    specificTask: `Run “${plan.task}” ${describeSchedule(plan)}`,
    step: 0,
    workflowAssignment: true,
  });
  const worker = directoryIntents(plan.task) ? AGENTS.directory : AGENTS.knowledge;
  const work = step({ agent: worker, specificTask: `Answer: ${plan.task}`, step: 1, dependsOn: 0 });
  workflow.tasksDependingOnThis = [work];
  const steps = [workflow, work];
  if (plan.channel !== NotificationChannel.NONE) {
    const target = plan.notifyTo ? ` to ${plan.notifyTo}` : '';
    const notify = step({
      agent: AGENTS.planner,
      specificTask: `Send the result by ${plan.channel}${target}`,
      step: 2,
      dependsOn: 1,
    });
    work.tasksDependingOnThis = [notify];
    steps.push(notify);
  }
  return steps;
}
