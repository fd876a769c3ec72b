import { asksWithoutSchedule } from './asked-question';
import { ScheduleFrequency } from './plan-enums';
import { withoutCourtesy } from './courtesy';
import { ACTION, MAX_REQUEST, type Plan, planRequest, SCHEDULE_WITHOUT_TASK } from './plan-request';
import { warmZoneRegions } from './zone-regions';

/**
 * Questions: a question word or a verb first ("what is…", "when does…", "is there…"), or asking
 * leave for oneself ("can I…", "do I have to…"), at the start of the message or of a clause after
 * a comma, a dash or another sentence, emoji included ("I am ill today, until what time must I
 * call?", "first day tomorrow! what time should I get there?").
 */
const QUESTION =
  /(?:^|[,;:–—]\s*|\s-\s+|[.!?\p{Extended_Pictographic}]\s+)(?:(?:hey|hi|hello|ok|okay|so|quick question)[,!.]?\s+)?(?:(?:at|on|in|by|for|from|since|until) )?(?:what|what's|whats|when|when's|where|where's|which|who|who's|whom|whose|why|how|how's|is|isn't|are|aren't|was|were|do|does|doesn't|did|am|have|has|should|shall|may|(?:can|could|may|must|should|do|am|will) i)\b/iu;
/** …unless the question is a polite way to ask for something to be done, after a greeting in any language ("Kia ora! Is it possible to …"). */
const POLITE =
  /^(?:(?:hey|hi|hello)[,!.]?\s+|\p{L}{1,20}(?: \p{L}{1,20}){0,2}[,!.]\s+)?(?:is it possible (?:for you )?to|would it be possible (?:for you )?to|do you mind|(?:how|what) about (?:you )?(?:send|e-?mail|mail|post|remind|ping|text|forward)(?:ing)?)\b/iu;

/**
 * A question in note form: a directory field of someone ("email for the financial controller pls",
 * "title of Ana?", "Tom's phone number", "could you share the contact email of Samuel"), with
 * nothing after the person but courtesy. Asked, not
 * a request to send; a schedule in it ("email for the team every Monday") keeps it a request.
 */
const FIELD_OF =
  /^(?:(?:hey|hi|hello|ok|so)[,!.]?\s+)?(?:(?:(?:could|can|would) you\s+(?:please\s+)?|please\s+)?(?:share|give|tell|get|find)(?:\s+me)?\s+)?(?:the\s+|an?\s+)?(?:contact\s+)?(?:e-?mail(?:\s+address)?|mail\s+address|address|title|job\s+title|role|phone(?:\s+number)?|number|location|office|manager|boss|department|dept|start\s+date|extension)\s+(?:for|of)\s+\S/i;

/**
 * A rate: a quantity's unit ("hours per day", "€30 a month", "flight hours in one day", "daily
 * allowance"), not a
 * schedule, unless a count of times comes before it ("twice a week", "3 times per month"). Bounded lookbehind: linear.
 */
const RATE =
  /(?<!\b(?:once|twice|thrice|times)\s{1,3})\b(?:per|an?|in\s+(?:one|an?|1|a\s+single))\s+(?:day|week|month|quarter|year)\b|\b(?:daily|weekly|monthly|yearly|annual)\s+(?:[a-z]+\s+)?(?:allowance|rate|limit|budget|cap|maximum|max|minimum|min|amount|spend|spending|expenses?|per\s+diem)\b/gi;

/**
 * A message whose only schedule is a rate ("max hours per day at the factory"): a question in note
 * form, not a schedule missing its task. Read again without its rates, it says no schedule.
 */
function scheduledOnlyByRate(text: string): boolean {
  RATE.lastIndex = 0;
  if (!RATE.test(text)) return false;
  const plan = planRequest(text.replace(RATE, ' '), { timeZone: 'UTC', email: null });
  return plan.frequency === ScheduleFrequency.NONE || NO_TASK.test(plan.problem ?? '');
}

/** Words a schedule is said in, with the little words around them: what a message of only these holds is no task. */
const SCHEDULE_WORD =
  /^(?:every|each|on|at|in|the|a|an|of|and|per|once|twice|times|one|two|three|four|five|several|multiple|other|second|daily|weekly|monthly|quarterly|yearly|annually|fortnightly|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekdays?|weekends?|mornings?|afternoons?|evenings?|nights?|days?|weeks?|months?|quarters?|years?|\d+(?:st|nd|rd|th)?)$/i;

/** A verb that asks for work at the start, or asked of the assistant ("schedule …", "could you set up …"). */
const ASKS_FOR_WORK = new RegExp(
  String.raw`^\W*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|please\s+|pls\s+)?${ACTION.source}`,
  'i',
);

/**
 * A question in note form that names a day or a frequency ("max daily discharge allowed under the
 * consent", "overtime rate on a sunday"): no clock time, no verb that asks for work ("schedule
 * something every friday" asks, with no task), and words of its own
 * besides the schedule's. A schedule alone ("every Monday", "on the 5th") is a detail of a request.
 */
function noteWithSchedule(text: string, plan: Plan): boolean {
  if (plan.problem !== SCHEDULE_WITHOUT_TASK || CLOCK.test(text) || ASKS_FOR_WORK.test(withoutCourtesy(text)))
    return false;
  const own = plan.task.split(/[^\p{L}\p{N}'’-]+/u).filter((w) => w && !SCHEDULE_WORD.test(w));
  return own.length >= 2;
}

/** "Remind me what/when/where …": a question asked again, when nothing schedules or delivers it. */
const REMIND_OF_FACT = /\bremind (?:me|us)(?: again)?,? (?:of )?(?:when|what|where|who|whom|which|how|whether|if)\b/i;

/** A clock time said ("at 9am", "17:30", "at 9"): with it, an impossible date is a schedule asked for, not a past event told. */
const CLOCK = /\b\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b|\bat \d{1,2}\b/i;

/** The reader's problem when it found no task at all, as opposed to a task with an impossible time. */
const NO_TASK = /could not find a task/;

/**
 * Whether a message asks for something to be done rather than asks a question: the planner's own
 * reader finds a schedule (a frequency, a time, a date, or words that look like one), a delivery
 * (a channel, an address, "ping me") or a reminder in it. Questions ("what is the weekly
 * schedule?") are not requests even when they name a day or a frequency.
 */
export function isRequestToAct(text: string): boolean {
  // A long message is a question or a document, never a request to schedule: it is not read.
  if (text.length > MAX_REQUEST) return false;
  if (QUESTION.test(text.trim()) && !POLITE.test(text.trim())) return false;
  const plan = planRequest(text, { timeZone: 'UTC', email: null });
  if (FIELD_OF.test(text.trim()) && plan.frequency === ScheduleFrequency.NONE) return false;
  // An impossible schedule with a clock time is still one said ("could you give me the audit on 30
  // February at 9am?"): asked for, and answered with what is wrong with it, though the plan it was
  // read as is emptied; "i missed a timesheet two weeks ago, will it be approved" tells of the past.
  if (plan.frequency === ScheduleFrequency.INVALID && plan.problem !== SCHEDULE_WITHOUT_TASK && CLOCK.test(text))
    return !NO_TASK.test(plan.problem ?? '');
  if (asksWithoutSchedule(text, plan)) return false;
  if (plan.problem === SCHEDULE_WITHOUT_TASK && (scheduledOnlyByRate(text) || noteWithSchedule(text, plan)))
    return false;
  if (plan.frequency === ScheduleFrequency.INVALID) return !NO_TASK.test(plan.problem ?? '');
  // "could you remind me when the tasting panel meets?": asked to be told again, with no schedule.
  if (REMIND_OF_FACT.test(text) && plan.frequency === ScheduleFrequency.NONE && plan.channel === 'NONE') return false;
  return (
    plan.frequency !== ScheduleFrequency.NONE ||
    plan.missing.length > 0 ||
    plan.channel !== 'NONE' ||
    /\b(?:remind|nudge)\b/i.test(text)
  );
}

/**
 * A schedule with no work in it ("at 7:15am", "every Monday at 9"): the detail of the request
 * before it when one is waiting (assignment.ts lastRequest), else a request the planner asks about.
 */
export function isScheduleOnly(text: string): boolean {
  return planRequest(text, { timeZone: 'UTC', email: null }).problem === SCHEDULE_WITHOUT_TASK;
}

/**
 * Whether assign plans a message: a request to act, or one to do something now with no schedule
 * ("list everyone in the hamburg office"), which is planned as frequency NONE with its task as the
 * work. The coordinator routes only the former to the planner: the latter is the directory's to answer.
 */
export function isRequestToPlan(text: string): boolean {
  if (isRequestToAct(text)) return true;
  if (text.length > MAX_REQUEST || (QUESTION.test(text.trim()) && !POLITE.test(text.trim()))) return false;
  return planRequest(text, { timeZone: 'UTC', email: null }).frequency === ScheduleFrequency.NONE;
}

/** Reads one request at start, so that the word list and the zone tables are loaded before the first user waits for them. */
export function warmPlanner(): void {
  warmZoneRegions();
  isRequestToAct('every Monday at 9am Pacific time email me the open tasks');
}
