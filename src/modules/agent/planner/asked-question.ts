import type { Plan } from './plan-request';

/**
 * Whether a message asks rather than tells, for the messages the question patterns of
 * request-intent.ts do not open with a question word: "valentina araya email pls", "kristins email
 * adress?", "i need the e-mail of the recruiter", "meal allowance per day when travelling?",
 * "i forgot to claim a callout from 3 months ago will it still be paid". The planner's reader
 * finds schedule or delivery words in these (a rate "per day", a past "3 months ago", "email"),
 * so a message that asks is a request only when it also says a schedule or a delivery as one
 * ("every Friday", "at 9", "tomorrow at", "email me", "send … to", "remind me").
 *
 * Every pattern here is a plain alternation or a bounded run: linear on any input (issue 26).
 */

/** A question word anywhere, or a verb-first clause inside the message ("… will it still be paid"). */
const ASKS = new RegExp(
  [
    '\\?',
    "\\b(?:what|what's|whats|when|where|which|who|who's|whos|whom|whose|why|how)\\b",
    '\\b(?:will|would|can|could|does|do|did|is|are|was|were|should|shall|am|has|have)\\s+(?:it|i|they|we|there|he|she|this|that)\\b',
    // "I need / want to know", "i'd like the …", "wondering", "any idea".
    "\\bi(?:'d|\\s+would)?\\s+(?:need|want|like|wanna)\\b",
    '\\b(?:wondering|any\\s+idea|do\\s+you\\s+know)\\b',
    // An attribute asked for in note form: "email adress", "e-mail of", "… email pls" at the end.
    '\\be-?mail\\s+(?:address|adress|addres|addr|id|of|for)\\b',
    '\\be-?mail(?:\\s+(?:pls|plz|please|thanks|thx))?[\\s.!]*$',
  ].join('|'),
  'i',
);

/**
 * A schedule said as one: a frequency word, a run a number of units from now ("in 3 days"), or a
 * day with "at" ("tomorrow at", "friday at"). A time the reader found ("at 9", "8.30am", "0800")
 * is read from the plan, so misspelt times count too.
 */
const SCHEDULE_SAID =
  /\b(?:every|evry|each|everyday|daily|dialy|weekly|monthly|quarterly|yearly|annually|fortnightly|biweekly|hourly|nightly|weekdays|weekends)\b|\bin\s+(?:\d+|an?|one|two|three|four|five|six|ten|a\s+few|a\s+couple\s+of)\s+(?:min(?:ute)?s?|hours?|hrs?|days?|weeks?|months?)\b|\b(?:today|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+at\b/i;

/**
 * A delivery said as one: a delivery verb with whom or where it goes ("email me", "send it to",
 * "post in #ops"), one asked of the assistant ("could you email Ruth …"), a verb that only delivers ("remind", "ping", "notify"), a channel or an address.
 */
const DELIVERY_SAID =
  /\b(?:could|can|would|will)\s+you\s+(?:please\s+)?(?:e-?mail|send|forward|text|message|dm)\s+\w|\b(?:e-?mail|mail|send|post|message|text|forward|dm|slack|share|drop)\s+(?:me|us|him|her|them|it|this|that|to|everyone|the\s+team)\b|\b(?:send|post|forward|share)\s+(?:the|my|our|a|an|all)\b|\b(?:remind|reminder|nudge|ping|notify|alert)\b|\b(?:by|via|over|through)\s+e-?mail\b|#[\w-]+|\w@[\w-]+\.\w/i;

/**
 * The asker supposing or asking about themselves ("if i put my claim in 2 months late will i still
 * get paid"): a time in it is part of what they suppose, so only a time of day or a delivery
 * makes the message a request.
 */
const SUPPOSES = /\bif\s+(?:i|we)\b|\b(?:will|would|can|could|do|did|should|shall|am)\s+(?:i|we)\b/i;

/** Whether a message asks a question and says no schedule or delivery as one: not a request to act. */
export function asksWithoutSchedule(text: string, plan: Plan): boolean {
  if (!ASKS.test(text)) return false;
  if (plan.hour !== null || (SCHEDULE_SAID.test(text) && !SUPPOSES.test(text))) return false;
  return !DELIVERY_SAID.test(text);
}
