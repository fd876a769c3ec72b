import { tokenize, valuesOf } from '../src/modules/agent/specialists/directory-lexicon';
import { parseDirectoryQuery, readLexicon } from '../src/modules/agent/specialists/directory-query';
import { isSpace, trimEndOf, trimEndWhere } from '../src/common/trim-end';
import { chunkText } from '../src/modules/agent/knowledge/chunk';
import { messageText } from '../src/modules/agent/language/message-text';
import { closest, editDistance } from '../src/modules/agent/language/edit-distance';
import { questionWords } from '../src/modules/agent/language/question-words';
import { mendedWord } from '../src/modules/agent/language/spelling';
import {
  broader,
  derived,
  englishWordsLike,
  isEnglishWord,
  isMainlyNoun,
  namesAPerson,
  opposites,
  synonyms,
} from '../src/modules/agent/language/wordnet';
import { type AgentMessage, MessageType } from '../src/modules/agent/agent-message.entity';
import { searchStatement } from '../src/modules/agent/conversation-search';
import { nameFrom } from '../src/modules/agent/conversation.service';
import { isNo, isYes, lastRequest } from '../src/modules/agent/planner/assignment';
import { planRequest } from '../src/modules/agent/planner/plan-request';
import { readDate } from '../src/modules/agent/planner/read-date';
import { readDays, readMonthDays } from '../src/modules/agent/planner/read-days';
import { readNamedDay } from '../src/modules/agent/planner/read-named-day';
import { readDelivery } from '../src/modules/agent/planner/read-delivery';
import { readTime } from '../src/modules/agent/planner/read-time';
import { isRequestToAct, isScheduleOnly } from '../src/modules/agent/planner/request-intent';
import { mendScheduleWords } from '../src/modules/agent/planner/schedule-words';
import { readZone } from '../src/modules/agent/planner/time-zones';
import {
  directoryIntent,
  directoryIntents,
  isRole,
  normalizedQuestion,
} from '../src/modules/agent/specialists/directory-intents';
import {
  departmentAsked,
  groupName,
  hasInitials,
  initialsPattern,
  managedOne,
  roleWords,
  titlePattern,
} from '../src/modules/agent/specialists/directory-subjects';
import { bestSentence } from '../src/modules/agent/specialists/passage-scoring';
import { quoted } from '../src/modules/agent/specialists/question-weights';
import { literal } from '../src/modules/agent/specialists/specialist';

// Every reader of the agent's (each function that reads a user's text with regular expressions
// or loops over it) fed 10,000 characters of one kind, or of kinds that make a backtracking
// pattern try every split ("who is" + 9,990 spaces + "Ana"), must answer within BOUND_MS. A
// pattern with cubic backtracking took seconds at 2,000 characters and minutes at 10,000, blocking
// every other request; the lint rule regexp/no-super-linear-backtracking (eslint.config.js) keeps
// such patterns out of the literals it can read, and this test covers the rest (patterns built at
// run time, and the libraries the readers call). Pure: no database.

/** The input limit of a question (agent.inputs.ts QUESTION_MAX): what a caller may send. */
const LENGTH = 10_000;
/** Far above a linear reader's CPU time, far below what a cubic one takes. */
const BOUND_MS = 250;
/** Readings of an input over the bound before it counts as slow. */
const RETRIES = 4;
/** Slow inputs listed before a reader's test stops. */
const MAX_SLOW = 3;

const NOW = new Date('2026-11-25T09:00:00Z');
const message = (text: string, messageType = MessageType.USER_REQUEST) =>
  ({ message: text, messageType }) as AgentMessage;
const WORDS = [{ text: 'holiday', weight: 1, alternatives: [] }];

/** The readers, each called with the text as a user could send it. */
/** An organization's names and values for the query reader to read against. */
const FUZZ_PEOPLE = ['Ana Silva', 'Ben Carter', 'Dev Patel'].map((name, n) => ({
  id: String(n),
  name,
  title: 'Software Engineer',
  department: 'Engineering',
  location: 'Oslo',
  email: null,
  startDate: null,
  managerId: null,
  active: true,
}));
const FUZZ_LEXICON = readLexicon({
  people: FUZZ_PEOPLE,
  values: valuesOf(FUZZ_PEOPLE),
  groups: [{ id: 'g', name: 'Platform Guild', description: null }],
});

const READERS: Record<string, (text: string) => unknown> = {
  // Where a message enters the agent (AgentService): what every reader below then reads.
  messageText,
  trimEndOf: (text) => trimEndOf(text, '.!? '),
  trimEndWhere: (text) => trimEndWhere(text, isSpace),
  // The directory specialist: the question (specialists/directory-intents.ts), then its subject
  // (directory-subjects.ts), each read alone here on the whole text.
  directoryIntents,
  directoryIntent,
  normalizedQuestion,
  isRole,
  departmentAsked,
  groupName,
  managedOne,
  roleWords,
  titlePattern,
  hasInitials,
  initialsPattern,
  // The directory's query reader (directory-query.ts), on an organization's lexicon.
  tokenize,
  parseDirectoryQuery: (text) => parseDirectoryQuery(text, FUZZ_LEXICON),
  // The planner (planner/): a request read into a plan, and its parts read alone.
  planRequest: (text) => planRequest(text, { timeZone: 'Europe/Paris', email: 'ana@example.com', now: NOW }),
  isRequestToAct,
  readTime: (text) => {
    try {
      return readTime(text);
    } catch {
      return null; // NotATime: an answer too
    }
  },
  readDate: (text) => {
    try {
      return readDate(text, NOW, 'Europe/Paris');
    } catch {
      return null; // NotADate or AmbiguousDate: an answer too
    }
  },
  readDays,
  readMonthDays,
  readNamedDay: (text) => readNamedDay(text.toLowerCase()),
  readDelivery: (text) => readDelivery(text.toLowerCase(), text, 'ana@example.com'),
  readZone,
  mendScheduleWords,
  isYes,
  isNo,
  lastRequest: (text) =>
    lastRequest([message(text), message('ok'), message(text)], isRequestToAct, isScheduleOnly)?.text ?? null,
  // The words of a question (language/) and how they are weighed and matched (specialists/).
  questionWords,
  mendedWord,
  isEnglishWord,
  isMainlyNoun,
  namesAPerson,
  synonyms,
  broader,
  derived,
  opposites,
  englishWordsLike: (text) => englishWordsLike(text, 2),
  editDistance: (text) => editDistance(text, 'holiday', 2),
  closest: (text) => closest(text, ['holiday', 'sick leave', 'parental'], 2),
  bestSentence: (text) => bestSentence([[text, ['holiday']]], WORDS),
  quoted,
  literal,
  // Conversations: a name from the first question, the search statement from a query.
  nameFrom,
  searchStatement: (text) => searchStatement({ orgId: 'o', accountId: 'a' }, text, 20, 0),
  // Knowledge documents (their text is a user's too; parsing also runs off the event loop).
  chunkText,
};

/** `unit` repeated to `length` characters (whole units: an emoji is never cut in half). */
const fill = (unit: string, length: number) => unit.repeat(Math.max(1, Math.floor(length / unit.length)));

/** One character (or a short unit) of each kind. */
const KINDS: Record<string, string> = {
  spaces: ' ',
  tabs: '\t',
  newlines: '\n',
  'carriage returns': '\r\n',
  'no-break spaces': '\u00a0',
  letters: 'a',
  capitals: 'A',
  digits: '1',
  'question marks': '?',
  commas: ',',
  'full stops': '.',
  apostrophes: "'",
  'curly apostrophes': '’',
  hyphens: '-',
  dashes: '—',
  colons: ':',
  'at signs': '@',
  hashes: '#',
  slashes: '/',
  'unicode letters': 'é',
  'cyrillic letters': 'ж',
  'unicode minus': '\u2212',
  emoji: '😀',
  'zero-width spaces': '\u200b',
  'control characters': '\u0007',
};

/** Words the readers' patterns start at, put before a run so that they try every split of it. */
const PREFIXES = ['', 'who is ', "what is Ana's ", 'every ', 'at 9', 'how many people in '];
const SUFFIXES = ['', ' Ana Silva?', ' manager x'];

/** Repeated units that make a pattern start again at every place ("a ", "1:", "@a."). */
const REPEATS = [
  'a ',
  'A ',
  '1:',
  '1.',
  '1/',
  '@a.',
  'a@',
  'a.',
  'a-',
  '- ',
  "'s ",
  "Ana's ",
  'who is ',
  'who does ',
  'and what ',
  '? ',
  'in ',
  'the ',
  'every ',
  'at 9 ',
  '9:30 ',
  '#a',
  'a1',
  'Tom Ana ',
  'A-',
  'my ',
  'my tasks ',
  'who is who ',
  "Ana's manager's ",
  'what does ',
  'D&I ',
  ' \t\n',
  '😀 ',
];

function inputs(): [string, string][] {
  const all: [string, string][] = [['"who is" + 9,990 spaces + "Ana"', `who is${' '.repeat(9_990)}Ana`]];
  for (const [kind, unit] of Object.entries(KINDS))
    for (const prefix of PREFIXES)
      for (const suffix of SUFFIXES)
        all.push([
          `${JSON.stringify(prefix)} + ${kind} + ${JSON.stringify(suffix)}`,
          prefix + fill(unit, LENGTH - prefix.length - suffix.length) + suffix,
        ]);
  for (const unit of REPEATS) {
    all.push([`repeated ${JSON.stringify(unit)}`, fill(unit, LENGTH)]);
    all.push([`repeated ${JSON.stringify(unit)} + "!x"`, fill(unit, LENGTH - 2) + '!x']);
  }
  return all;
}

const INPUTS = inputs();

beforeAll(() => {
  // Word lists, WordNet and the zone names load on first use: not part of what is measured.
  for (const read of Object.values(READERS)) read('every Monday at 9am email me who is Ana’s manager?');
});

it('reads a message as the agent keeps it: runs of white space one space, control characters out', () => {
  expect(messageText(`  who is${' \t\n\r\u00a0'.repeat(2_000)}Ana\u0007 \u001bSilva?\u0085 \n`)).toBe(
    'who is Ana Silva?',
  );
  expect(messageText('\u0000\u0007\u007f\u009b')).toBe('');
  // The directory reads the long question as it reads the short one.
  expect(directoryIntents(`who is${' '.repeat(9_990)}Ana`)).toEqual([{ intent: 'whoIs', subject: 'Ana' }]);
  expect(directoryIntents(`Who is Ana Silva${' ?'.repeat(4_000)}`)).toEqual([
    { intent: 'whoIs', subject: 'Ana Silva' },
  ]);
});

it('builds inputs of every kind at the length a question may have', () => {
  expect(INPUTS.length).toBeGreaterThan(400);
  for (const [name, text] of INPUTS) {
    expect([name, text.length <= LENGTH]).toEqual([name, true]);
    expect([name, text.length >= LENGTH - 20]).toEqual([name, true]);
  }
});

it.each(Object.keys(READERS))(
  '%s reads every 10,000-character input within the bound',
  (name) => {
    const read = READERS[name];
    const slow: string[] = [];
    // The reader's own CPU time, not the wall clock: the suites beside this one (CI runs the
    // database suites in parallel on two cores) take the CPU from it, and a wall clock counts
    // their time as the reader's; a backtracking reader spends its own.
    const timed = (text: string) => {
      const started = process.cpuUsage();
      read(text);
      const { user, system } = process.cpuUsage(started);
      return (user + system) / 1000;
    };
    for (const [input, text] of INPUTS) {
      // Over the bound, it is read again, up to RETRIES times, and its fastest reading counts: a
      // pause of the machine (another process, a collection, V8 compiling a pattern the first time
      // it meets a long text) is not the reader's, and CI runs other suites beside this one; a
      // reader that backtracks is as slow every time.
      let took = timed(text);
      for (let retry = 0; retry < RETRIES && took > BOUND_MS; retry++) took = Math.min(took, timed(text));
      if (took > BOUND_MS) slow.push(`${input}: ${took.toFixed(0)} ms`);
      // A reader that is slow once is slow on many: a few show it, the rest would take minutes.
      if (slow.length === MAX_SLOW) break;
    }
    expect(slow).toEqual([]);
  },
  // Each input is bounded above; a reader over the bound on many inputs fails on its list, not on this timeout.
  10 * 60_000,
);
