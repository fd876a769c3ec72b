/**
 * The kind of fact a question asks for, and whether a sentence states one (the "expected answer
 * type" of question answering). "How long is the notice period" is answered by a sentence naming a
 * length of time, "how much do we get for meals" by one naming an amount; a sentence sharing the
 * question's words but naming neither ("Leaving the company", "The device is wiped remotely") is
 * close to the subject, not its answer; "what are the rating levels" is answered by one naming
 * several things. Only kinds a sentence shows by its form are read: a person or a place may be
 * named in too many ways to tell from the words alone.
 */
export interface AnswerKind {
  type: 'duration' | 'amount' | 'list';
  /** The unit the question counts in ("how many days"): the answer must count in it too. */
  unit?: string;
}

/** Number words a policy writes out ("two weeks", "half the cost", "twice a year"). */
const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|' +
  'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|half|double|twice|triple|dozen|couple';

/** Units a length of time is counted in. */
const TIME_UNITS = 'minute|min|hour|hr|day|night|shift|week|fortnight|month|year|quarter|term|semester';

/** Questions asking for a length of time: how long, how far ahead, how many days, a period. */
const ASKS_DURATION = new RegExp(
  String.raw`\bhow\s+(?:long|soon|far\s+(?:ahead|in\s+advance|before)|much\s+(?:notice|time|advance|in\s+advance)|` +
    String.raw`many\s+(?:(?:working|business|calendar|paid|unpaid|full|consecutive)\s+)?(?:${TIME_UNITS})s?)\b|` +
    String.raw`\b(?:notice|waiting|probation(?:ary)?|trial|retention|cooling[-\s]off|grace)\s+period\b|\bhow\s+many\s+days?\b`,
  'i',
);

/**
 * Questions asking for an amount: how much, how many, the rate, cap or budget of something, also
 * in note form, the amount's word among the first words ("speed limit on dirt roads?", "max hotel
 * price in hanoi?", "mileage rate if I drive my own truck?").
 */
const ASKS_AMOUNT =
  /\bhow\s+(?:much|many)\b|\bwhat(?:'s|’s|\s+is|\s+are|\s+was)?\s+(?:the\s+|our\s+|my\s+)?(?:\w+\s+)?(?:rate|amount|percentage|percent|cap|limit|maximum|max|minimum|budget|fee|cost|price)s?\b|^(?:(?:the|our|my|a)\s+)?(?:[\w-]+\s+){0,2}(?:rate|amount|percentage|cap|limit|maximum|max|minimum|budget|fee|cost|price|allowance|per\s+diem)s?\b(?!\s+(?:polic(?:y|ies)|rules?|forms?|process|procedure|request)\b)/i;

/** Short forms of units, as the answer may spell them in full. */
const SHORT_UNITS: Record<string, string> = { min: 'minute', hr: 'hour' };

/** "How many days" and the like: a count of a unit of time. */
const ASKS_UNIT = new RegExp(String.raw`\bhow\s+many\s+(?:(?:\w+\s+){0,2})?(${TIME_UNITS})s?\b`, 'i');

/** A count of the unit: "10 working days", "a day", "two days' notice" (one pattern per unit, built once). */
const unitPatterns = new Map<string, RegExp>();
function statesUnit(unit: string): RegExp {
  let pattern = unitPatterns.get(unit);
  if (!pattern) {
    pattern = new RegExp(
      String.raw`(?:\d|\b(?:a|an|${NUMBER_WORDS}|several|few)\b)[\s-]*(?:[a-z']+[\s-]+){0,2}${unit}s?\b`,
      'i',
    );
    unitPatterns.set(unit, pattern);
  }
  return pattern;
}

/** A length of time: a number (or "a", "an") and a unit, or a word that names one. */
const STATES_DURATION = new RegExp(
  String.raw`(?:\d|\b(?:a|an|${NUMBER_WORDS}|several|few)\b)[\s-]*(?:(?:full|working|business|calendar|school|consecutive|paid|unpaid|clear|weeks?'|months?'|days?')[\s-]+)?(?:${TIME_UNITS})s?\b|` +
    String.raw`\b(?:same|next)\s+(?:working\s+|business\s+)?day\b|\bimmediately\b|\bstraight\s+away\b|\bright\s+away\b|\bovernight\b`,
  'i',
);

/** An amount: a digit, a number word, a percentage or a currency sign. */
const STATES_AMOUNT = new RegExp(String.raw`\d|%|[$€£¥₹]|\b(?:${NUMBER_WORDS}|none|nothing|free|unlimited)\b`, 'i');

/** Questions asking for the members of a set: "what are the rating levels", "which leave types are there". */
const ASKS_LIST =
  /\b(?:what|which)(?:'re|’re|\s+are|\s+r)?\s+(?:the\s+|our\s+)?(?:[a-z-]+\s+)?(?:levels|types|kinds|categories|grades|stages|tiers|bands|ratings|options)\b/i;

/** A sentence naming three things or more: "Developing, Solid, Strong and Exceptional" (read without a pattern, in one pass). */
function statesList(sentence: string): boolean {
  const parts = sentence.split(',');
  if (parts.length >= 4) return true;
  return parts.length >= 2 && /\s(?:and|or)\s/.test(parts[parts.length - 1]);
}

/** The kind of fact the question asks for, or null when it asks for none these tell apart. */
export function askedKind(question: string): AnswerKind | null {
  const said = ASKS_UNIT.exec(question)?.[1].toLowerCase();
  const unit = said && (SHORT_UNITS[said] ?? said);
  if (unit) return { type: 'duration', unit };
  if (ASKS_LIST.test(question)) return { type: 'list' };
  if (ASKS_DURATION.test(question)) return { type: 'duration' };
  if (ASKS_AMOUNT.test(question)) return { type: 'amount' };
  return null;
}

/** Whether the sentence states a fact of the kind (any sentence does when no kind is asked for). */
export function statesKind(sentence: string, kind: AnswerKind | null): boolean {
  if (!kind) return true;
  if (kind.unit) return statesUnit(kind.unit).test(sentence);
  if (kind.type === 'list') return statesList(sentence);
  return (kind.type === 'duration' ? STATES_DURATION : STATES_AMOUNT).test(sentence);
}
