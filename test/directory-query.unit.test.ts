import fc from 'fast-check';
import { foldedSql, foldName } from '../src/common/fold-name';
import { directoryText } from '../src/modules/agent/specialists/directory.specialist';
import { compoundQueries } from '../src/modules/agent/specialists/directory-compound';
import { type Lexicon, type LexPerson, valuesOf } from '../src/modules/agent/specialists/directory-lexicon';
import {
  type DirectoryQuery,
  parseDirectoryQuery,
  readLexicon,
  unaccountedIn,
} from '../src/modules/agent/specialists/directory-query';

// The directory's query reader (src/modules/agent/specialists/directory-query.ts): questions
// composed from independent parts (a name written in any of its ways, a relation or an attribute
// in everyday words, courtesy, a typo), each checked for the query it must read as. Pure: the
// organization's lexicon is built here, as loadLexicon builds it from the records.

const person = (id: string, name: string, extra: Partial<LexPerson> = {}): LexPerson => ({
  id,
  name,
  title: null,
  department: null,
  location: null,
  email: null,
  startDate: null,
  managerId: null,
  active: true,
  ...extra,
});

const PEOPLE = [
  person('p1', 'Priya Raman', { title: 'Chief Financial Officer', department: 'Finance', location: 'Oslo' }),
  person('p2', 'Tomasz Wielgus', { title: 'Accountant', department: 'Finance', location: 'Bergen', managerId: 'p1' }),
  person('p3', 'Leilani Okafor', { title: 'Support Engineer', department: 'Customer Success', location: 'Oslo' }),
  person('p4', 'Marguerite Duval', { title: 'Support Engineer', department: 'Customer Success', managerId: 'p3' }),
];
const LEXICON: Lexicon = {
  people: PEOPLE,
  groups: [{ id: 'g1', name: 'Harbour Choir', description: 'Chaired by Leilani Okafor' }],
  values: valuesOf(PEOPLE),
};
const READ = readLexicon(LEXICON);
const parse = (text: string) => parseDirectoryQuery(text, READ);

/** The ways a person is written: full name, first, last, a misspelling of the last name. */
const NAMES: Record<string, string[]> = {
  p1: ['Priya Raman', 'Priya', 'Raman', 'Priya Ramen'],
  p2: ['Tomasz Wielgus', 'Tomasz', 'Wielgus', 'Tomasz Wielgos', 'Tomas'],
  p3: ['Leilani Okafor', 'Leilani', 'Okafor', 'Leilani Okafro'],
};
const nameOf = fc
  .constantFrom(...Object.keys(NAMES))
  .chain((id) => fc.constantFrom(...NAMES[id]).map((name) => ({ id, name })));
const courtesy = fc.record({
  before: fc.constantFrom('', 'hey, ', 'please ', 'quick question: ', 'hi - '),
  after: fc.constantFrom('', '?', ' please?', ', thanks', '??'),
});

/** A phrasing of a relation about a person, and the query it means. */
const RELATIONS: [(n: string) => string, (id: string) => Partial<DirectoryQuery>][] = [
  [(n) => `who reports to ${n}`, () => ({ kind: 'reports', all: false, operation: 'list' })],
  [(n) => `whose manager is ${n}`, () => ({ kind: 'reports', operation: 'list' })],
  [(n) => `whose boss is ${n}`, () => ({ kind: 'reports', operation: 'list' })],
  [(n) => `who does ${n} manage`, () => ({ kind: 'reports', operation: 'list' })],
  [(n) => `how many people report to ${n}`, () => ({ kind: 'reports', operation: 'count' })],
  [(n) => `how many direct reports does ${n} have`, () => ({ kind: 'reports', all: false, operation: 'count' })],
  [(n) => `who is in ${n}'s whole org`, () => ({ kind: 'reports', all: true })],
  [(n) => `list everyone who reports to ${n} directly or indirectly`, () => ({ kind: 'reports', all: true })],
  [(n) => `how big is ${n}'s team`, () => ({ kind: 'team', operation: 'count' })],
  [(n) => `who is ${n}'s manager`, () => ({ kind: 'manager', levels: 1 })],
  [(n) => `who does ${n} report to`, () => ({ kind: 'manager', levels: 1 })],
  [(n) => `${n}'s boss`, () => ({ kind: 'manager', levels: 1 })],
  [(n) => `who is ${n}'s skip-level`, () => ({ kind: 'manager', levels: 2 })],
  [(n) => `${n}'s manager's manager`, () => ({ kind: 'manager', levels: 2 })],
  [(n) => `who is ${n}'s grand boss`, () => ({ kind: 'manager', levels: 2 })],
  [(n) => `who is 3 levels up from ${n}`, () => ({ kind: 'manager', levels: 3 })],
  [(n) => `how do I reach ${n}`, () => ({ kind: 'attributes', attributes: ['email'] })],
  [(n) => `${n}'s mail`, () => ({ kind: 'attributes', attributes: ['email'] })],
  [(n) => `what is ${n}'s email address`, () => ({ kind: 'attributes', attributes: ['email'] })],
  [(n) => `what's ${n}'s job`, () => ({ kind: 'attributes', attributes: ['title'] })],
  [(n) => `what does ${n} do`, () => ({ kind: 'attributes', attributes: ['title'] })],
  [(n) => `where does ${n} sit`, () => ({ kind: 'attributes', attributes: ['location'] })],
  [(n) => `where does ${n} live`, () => ({ kind: 'attributes', attributes: ['location'] })],
  [(n) => `which office is ${n} in`, () => ({ kind: 'attributes', attributes: ['location'] })],
  [(n) => `which department is ${n} in`, () => ({ kind: 'attributes', attributes: ['department'] })],
  [(n) => `when did ${n} join`, () => ({ kind: 'attributes', attributes: ['startDate'] })],
  [(n) => `what is ${n}'s start date`, () => ({ kind: 'attributes', attributes: ['startDate'] })],
  [(n) => `which groups is ${n} in`, () => ({ kind: 'attributes', attributes: ['groups'] })],
  [(n) => `what's ${n}'s phone number`, () => ({ kind: 'missing', field: 'phone numbers' })],
  [(n) => `how much does ${n} earn`, () => ({ kind: 'missing', field: 'salaries or pay' })],
  [(n) => `when is ${n}'s birthday`, () => ({ kind: 'missing', field: 'birthdays' })],
  [(n) => `is ${n} in Finance`, () => ({ kind: 'check', relation: 'in' })],
  [(n) => `is ${n} based in Oslo`, () => ({ kind: 'check', relation: 'in' })],
  [(n) => `is ${n} in the Harbour Choir`, () => ({ kind: 'check', relation: 'in' })],
];

/** The person the query is about, whatever its kind. */
function subjectOf(query: DirectoryQuery): string[] | undefined {
  return 'person' in query ? query.person?.ids : undefined;
}

/** One letter of a keyword doubled or two swapped: the slips people make. */
const TYPOS: [string, string][] = [
  ['manager', 'manger'],
  ['reports', 'reprots'],
  ['department', 'deparment'],
];

describe('reads a relation or attribute about anyone, however the name is written', () => {
  it('reads composed questions into the query they mean', () => {
    fc.assert(
      fc.property(nameOf, fc.integer({ min: 0, max: RELATIONS.length - 1 }), courtesy, ({ id, name }, r, c) => {
        const [phrase, want] = RELATIONS[r];
        const text = `${c.before}${phrase(name)}${c.after}`;
        const query = parse(text);
        expect([text, query]).toMatchObject([text, want(id)]);
        expect([text, subjectOf(query!)]).toEqual([text, [id]]);
      }),
      { numRuns: 600 },
    );
  });

  it('mends a slip in the relation word', () => {
    for (const [word, typo] of TYPOS)
      for (const { id, name } of [{ id: 'p2', name: 'Tomasz' }]) {
        const text =
          word === 'department'
            ? `which ${typo} is ${name} in`
            : word === 'manager'
              ? `who is ${name}'s ${typo}`
              : `who ${typo} to ${name}`;
        expect([text, subjectOf(parse(text)!)]).toEqual([text, [id]]);
      }
  });
});

describe('reads counts and lists by the organization’s own values', () => {
  const CASES: [string, Record<string, unknown>][] = [
    ['how many people in Oslo', { kind: 'employees', operation: 'count', filters: { location: 'Oslo' } }],
    ['How many staff do we have in oslo?', { kind: 'employees', operation: 'count', filters: { location: 'Oslo' } }],
    [
      'who works in Customer Success',
      { kind: 'employees', operation: 'list', filters: { department: 'Customer Success' } },
    ],
    [
      'how many support engineers are there',
      { kind: 'employees', operation: 'count', filters: { title: 'Support Engineer' } },
    ],
    [
      'how many people work in finance in Bergen',
      { kind: 'employees', filters: { department: 'Finance', location: 'Bergen' } },
    ],
    [
      'who joined in 2023',
      {
        kind: 'employees',
        operation: 'list',
        filters: { started: { op: 'in', from: '2023-01-01', to: '2024-01-01' } },
      },
    ],
    [
      'how many people started after March 2024',
      {
        kind: 'employees',
        operation: 'count',
        filters: { started: { op: 'after', from: '2024-03-01', to: '2024-04-01' } },
      },
    ],
    ['who leads the Harbour Choir', { kind: 'lead' }],
    ['who chairs harbour choir?', { kind: 'lead' }],
    ['who owns the Harbour Choir', { kind: 'lead' }],
    ['how many members does the Harbour Choir have', { kind: 'members', operation: 'count' }],
    ['who is in the Harbour Choir', { kind: 'members', operation: 'list' }],
    ['does Tomasz report to Priya', { kind: 'check', relation: 'reportsTo' }],
    ['is Priya Tomasz’s manager?', { kind: 'check', relation: 'reportsTo', person: { value: 'Tomasz Wielgus' } }],
    ['Who does Priya Nobody report to?', { kind: 'unknownPerson', name: 'Priya Nobody' }],
    ['How many direct reports does Zed Quill have?', { kind: 'unknownPerson', name: 'Zed Quill' }],
    // Roles by initials or title words, as people (directory-roles.ts).
    [
      'who is our CFO',
      { kind: 'attributes', attributes: ['profile'], person: { ids: ['p1'], role: ['Chief Financial Officer'] } },
    ],
    ['what city is the cfo in', { kind: 'attributes', attributes: ['location'], person: { ids: ['p1'] } }],
    ['who reports to the chief financial officer', { kind: 'reports', all: false, person: { ids: ['p1'] } }],
    ['mail of the support eng in oslo', { kind: 'attributes', attributes: ['email'], person: { ids: ['p3'] } }],
    [
      'is Priya the cfo?',
      { kind: 'check', relation: 'in', against: { kind: 'title', value: 'Chief Financial Officer' } },
    ],
    // Chains as phrases, and a supposed asker.
    ['who is the boss of the boss of Tomasz', { kind: 'manager', levels: 2 }],
    ['who manages the manager of tomasz', { kind: 'manager', levels: 2 }],
    ["if i work for Tomasz who's my skip-level manager", { kind: 'manager', levels: 1, person: { ids: ['p2'] } }],
    // Peers, heads, several questions, pronouns and chat.
    ['who else works with Marguerite under the same manager', { kind: 'peers', person: { ids: ['p4'] } }],
    ["Tomasz's teammates", { kind: 'peers' }],
    ['who runs finance', { kind: 'head', department: 'Finance' }],
    ['who is in charge of customer success', { kind: 'head', department: 'Customer Success' }],
    ['whos the cfo and where is she', { kind: 'attributes', attributes: ['profile', 'location'] }],
    ['how many ppl does leilani have under her directly', { kind: 'reports', all: false, operation: 'count' }],
    ['how many people does leilani have under her', { kind: 'reports', all: true, operation: 'count' }],
  ];
  it.each(CASES)('%s', (text, want) => {
    expect(parse(text)).toMatchObject(want);
  });

  it('leaves questions that are not directory queries to the other readers', () => {
    for (const text of [
      'How many vacation days do I get?',
      'what is the parking policy',
      'How many employees do we have?',
    ])
      expect([text, parse(text)]).toEqual([text, null]);
  });
});

describe('reads questions about the asker', () => {
  // Tomasz asks: "I", "me" and "my" are his record; without a linked record the question is "unlinked".
  const asTomasz = readLexicon({ ...LEXICON, self: PEOPLE[1] });
  const asNobody = readLexicon({ ...LEXICON, self: null });
  const SELF_CASES: [string, Record<string, unknown>][] = [
    ['how many reports do I have', { kind: 'reports', operation: 'count' }],
    ['who is my manager?', { kind: 'manager', levels: 1 }],
    ['who do I report to', { kind: 'manager', levels: 1 }],
    ["who's my skip level", { kind: 'manager', levels: 2 }],
    ['which groups am I in', { kind: 'attributes', attributes: ['groups'] }],
    ["what's my job title", { kind: 'attributes', attributes: ['title'] }],
    ['when did I join?', { kind: 'attributes', attributes: ['startDate'] }],
    ['am I in Finance?', { kind: 'check', relation: 'in', against: { value: 'Finance' } }],
    ['do I report to Priya?', { kind: 'check', relation: 'reportsTo', against: { value: 'Priya Raman' } }],
    ['is Priya my boss?', { kind: 'check', relation: 'reportsTo', against: { value: 'Priya Raman' } }],
  ];
  it.each(SELF_CASES)('%s', (text, want) => {
    const query = parseDirectoryQuery(text, asTomasz);
    expect(query).toMatchObject(want);
    const person = query && 'person' in query ? query.person : undefined;
    expect(person).toMatchObject({ ids: ['p2'], self: true });
    expect(parseDirectoryQuery(text, asNobody)).toEqual({ kind: 'unlinked' });
  });

  it('leaves questions that mention the asker but ask something else', () => {
    for (const text of [
      'where do I submit my expenses?',
      'how do I reach the finance team?',
      'can my manager approve my leave?',
      'how long do I have to file my report',
      'How many vacation days do I get?',
      // Policies about the asker's pay or home, not fields of their record.
      'does the company pay for my broadband at home',
      'is my phone bill paid by the company?',
      'do I get a bonus?',
      'does the company cover my tennis club membership',
    ])
      expect([text, parseDirectoryQuery(text, asTomasz)]).toEqual([text, null]);
    expect(parseDirectoryQuery('tell me who reports to Priya', asTomasz)).toMatchObject({
      kind: 'reports',
      person: { value: 'Priya Raman' },
    });
  });
});

describe('reads roles without an article, yes/no after the name, and a missing field only of a person', () => {
  it('names a role by its whole title or initials, with or without "the"', () => {
    for (const text of ['what is the name of the cfo', "what's the cfo called", 'who is cfo'])
      expect([text, parse(text)]).toMatchObject([
        text,
        { kind: 'attributes', person: { ids: ['p1'] }, attributes: ['profile'] },
      ]);
    expect(parse('i need the e-mail of the accountant')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['p2'] },
      attributes: ['email'],
    });
    // A title's word alone, without "the", is no role: it stays a filter.
    expect(parse('how many Accountant in Bergen')).toMatchObject({
      kind: 'employees',
      filters: { title: 'Accountant', location: 'Bergen' },
    });
  });

  it('reads a yes/no question put after the name, and "or" as asking which', () => {
    expect(parse('tomasz wielgus is he in finance?')).toMatchObject({
      kind: 'check',
      person: { ids: ['p2'] },
      against: { value: 'Finance' },
      relation: 'in',
    });
    expect(parse('leilani, does she work in oslo')).toMatchObject({
      kind: 'check',
      person: { ids: ['p3'] },
      against: { value: 'Oslo' },
    });
    expect(parse('is tomasz in finance or customer success')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['p2'] },
      attributes: ['department'],
    });
    expect(parse('is priya based in bergen or oslo?')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['p1'] },
      attributes: ['location'],
    });
  });

  it('says a field is missing only when a person is what it is asked of', () => {
    for (const text of [
      "what is priya's salary",
      'how much does tomasz earn',
      'whose birthday is today',
      'what is my salary',
      'the cfo phone number?',
    ])
      expect([text, parse(text)]).toMatchObject([text, { kind: 'missing' }]);
    for (const text of [
      'if i swap with someone whose rate is higher, what am i paid',
      'when a colleague covers my shift who gets paid',
      'can i use my phone at work',
      'is my salary paid on the 25th',
    ])
      expect([text, parse(text)]).toEqual([text, null]);
  });
});

describe('a question with words the directory cannot account for', () => {
  it.each([
    'can I expense a taxi when travelling to Oslo',
    'I tripped in the Bergen warehouse, must I tell Priya?',
    'how many vacation days does Finance get',
    'may I forward the pricing spreadsheet to Tomasz',
    'is there a canteen at the Oslo office',
    'what should a new starter in Customer Success bring on the first morning',
  ])('is not claimed: %s', (text) => {
    expect(parse(text)).toBeNull();
  });

  it.each([
    ['who does Tomasz work for', { kind: 'manager', levels: 1 }],
    ['hey, how many people work in Oslo please?', { kind: 'employees', operation: 'count' }],
    ['how can I reach Tomasz, I need to mail him about the audit', { kind: 'attributes', attributes: ['email'] }],
  ])('is still read when every word is the directory’s: %s', (text, want) => {
    expect(parse(text)).toMatchObject(want);
  });

  it('reads a keyword with a plural s as the keyword, not as a misspelt value', () => {
    const lexicon = readLexicon({ ...LEXICON, values: { ...LEXICON.values, department: ['People', 'Finance'] } });
    expect(parseDirectoryQuery('how many peoples are working in Oslo?', lexicon)).toEqual({
      kind: 'employees',
      operation: 'count',
      filters: { location: 'Oslo' },
    });
  });

  it('reads a stated manager as where the asker is, and asks above them', () => {
    expect(parse('i report to tomasz wielgus. who is my managers manager')).toMatchObject({
      kind: 'manager',
      levels: 1,
      person: { ids: ['p2'] },
    });
  });
});

describe('reads what people type past the reader’s words', () => {
  const peopleDepartment = readLexicon({
    ...LEXICON,
    values: { ...LEXICON.values, department: ['People', 'Finance'] },
  });
  /** As the directory specialist reads a question: courtesy and fronted prepositions taken off first. */
  const read = (text: string) => parse(directoryText({ text }));

  it('reads a name with the possessive "s" typed without its mark', () => {
    expect(parse('who are priya ramans direct reports')).toMatchObject({ kind: 'reports', person: { ids: ['p1'] } });
    expect(parse('who is tomaszs boss')).toMatchObject({ kind: 'manager', levels: 1, person: { ids: ['p2'] } });
  });

  it('splits two keywords typed as one word, and reads "-wise" as the keyword', () => {
    expect(parse('howmany people are in finance')).toMatchObject({
      kind: 'employees',
      operation: 'count',
      filters: { department: 'Finance' },
    });
    expect(parse('which team does Tomasz belong to, department-wise?')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['p2'] },
      attributes: ['department'],
    });
  });

  it('reads a lower-case slip of a common word as that word, not as a value it is also near', () => {
    expect(parseDirectoryQuery('which peple are sitting in oslo', peopleDepartment)).toEqual({
      kind: 'employees',
      operation: 'list',
      filters: { location: 'Oslo' },
    });
  });

  it('reads a group whose two words are typed as one', () => {
    expect(parse('who is in the harbourchoir')).toMatchObject({ kind: 'members', group: { ids: ['g1'] } });
  });

  it('reads "X is the manager of who" as X’s reports', () => {
    expect(parse('Priya Raman is the manager of who?')).toMatchObject({ kind: 'reports', person: { ids: ['p1'] } });
  });

  it('reads a question inside courtesy, a fronted "to whom", and a manager’s manager said with "of"', () => {
    expect(read('Hi, sorry to bother - which office is Leilani Okafor in?')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['p3'] },
      attributes: ['location'],
    });
    expect(read('Dear HR helper, to whom does the CFO report? Thank you')).toMatchObject({
      kind: 'manager',
      levels: 1,
      person: { ids: ['p1'] },
    });
    expect(read('who is the manager of the manager of marguerite duval')).toMatchObject({
      kind: 'manager',
      levels: 2,
      person: { ids: ['p4'] },
    });
    // A tag keeps its mark: it asks yes or no.
    expect(read('tomasz is in finance, right?')).toMatchObject({ kind: 'check', person: { ids: ['p2'] } });
  });
});

describe('reads roles in the plural and over a department, values as people shorten them, and tenure', () => {
  const staff = [
    person('h1', 'Héctor Ibarra', { title: 'Head of Flight Operations', department: 'Flight Operations' }),
    person('h2', 'Fernanda Ochoa', { title: 'VP of Sales', department: 'Sales' }),
    person('h3', 'Ulla Jessen', { title: 'Quality Manager', department: 'Operations', managerId: 'h1' }),
    person('h4', 'Patrícia Lins', { title: 'Quality Manager', department: 'Operations', managerId: 'h1' }),
    person('h5', 'Karim Lahlou', { title: 'Harvest Technician', department: 'Operations', managerId: 'h3' }),
    person('h6', 'Lieke Jansen', { title: 'Drone Pilot', department: 'Flight Operations', managerId: 'h1' }),
    person('h7', 'Mele Fifita', { title: 'People Partner', department: 'People & Culture' }),
    person('h8', 'Sakura Ito', { title: 'Fish Health Veterinarian', department: 'Operations' }),
  ];
  const read = readLexicon({
    people: staff,
    groups: [
      { id: 'g1', name: 'Green Office Committee', description: 'Chaired by Ulla Jessen' },
      { id: 'g2', name: 'Spanish-Dutch Language Exchange', description: null },
      { id: 'g3', name: 'Sauna and Onsen Club', description: null },
      { id: 'g4', name: 'Safety Representatives', description: null },
    ],
    values: valuesOf(staff),
  });
  const ask = (text: string) => parseDirectoryQuery(directoryText({ text }), read);

  it('lists the holders of a role written in the plural, and reads a bare whole title as its holder', () => {
    expect(ask('who are the quality managers')).toMatchObject({ kind: 'holders', role: { ids: ['h3', 'h4'] } });
    expect(ask('list the harvest technicians')).toMatchObject({ kind: 'holders', role: { ids: ['h5'] } });
    expect(ask('who is the quality manager')).toMatchObject({ kind: 'attributes', person: { ids: ['h3', 'h4'] } });
    expect(ask('drone pilot email?')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['h6'] },
      attributes: ['email'],
    });
    // Counted or listed, a bare title stays a filter.
    expect(ask('how many Quality Manager are there')).toMatchObject({
      kind: 'employees',
      filters: { title: 'Quality Manager' },
    });
  });

  it('reads a role whose title holds a department, and never a role cut out of a department', () => {
    expect(ask('who is vp sales')).toMatchObject({ kind: 'attributes', person: { ids: ['h2'] } });
    expect(ask('I would like to write to the head of flight operations, what is his e-mail address?')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['h1'] },
      attributes: ['email'],
    });
    expect(ask('how many people in people & culture')).toMatchObject({
      kind: 'employees',
      filters: { department: 'People & Culture' },
    });
  });

  it('reads values and groups as people shorten or misspell them', () => {
    expect(ask('is Lieke in flight ops?')).toMatchObject({ kind: 'check', against: { value: 'Flight Operations' } });
    expect(ask('fernanda part of sales?')).toMatchObject({ kind: 'check', against: { value: 'Sales' } });
    expect(ask('sales dept size?')).toMatchObject({
      kind: 'employees',
      operation: 'count',
      filters: { department: 'Sales' },
    });
    expect(ask('who heads the green office committe')).toMatchObject({ kind: 'lead', group: { ids: ['g1'] } });
    expect(ask("who's in the sauna club")).toMatchObject({ kind: 'members', group: { ids: ['g3'] } });
    expect(ask('members of safety reps?')).toMatchObject({ kind: 'members', group: { ids: ['g4'] } });
    expect(ask('contact of the fish vet?')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['h8'] },
      attributes: ['email'],
    });
    expect(ask('which teams is sakura on')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['h8'] },
      attributes: ['groups'],
    });
    expect(ask('how many people are in the language exchange')).toMatchObject({
      kind: 'members',
      operation: 'count',
      group: { ids: ['g2'] },
    });
  });

  it('reads relations said tersely, in shorthand, or as "has X as their manager"', () => {
    expect(ask('who has Héctor as their manager')).toMatchObject({ kind: 'reports', person: { ids: ['h1'] } });
    expect(ask('hector direct reports')).toMatchObject({ kind: 'reports', person: { ids: ['h1'] } });
    expect(ask('ulla reports to who?')).toMatchObject({ kind: 'manager', levels: 1, person: { ids: ['h3'] } });
    expect(ask('who are the people reporting to ulla')).toMatchObject({ kind: 'reports', person: { ids: ['h3'] } });
    expect(ask('karim skip lvl mgr?')).toMatchObject({ kind: 'manager', levels: 2, person: { ids: ['h5'] } });
  });

  it('reads who joined last or has been there longest, and only when joining is asked', () => {
    expect(ask('who joined the company most recently')).toEqual({ kind: 'tenure', order: 'newest', filters: {} });
    expect(ask("who's the newest person in operations")).toEqual({
      kind: 'tenure',
      order: 'newest',
      filters: { department: 'Operations' },
    });
    expect(ask('who has been here the longest')).toEqual({ kind: 'tenure', order: 'longest', filters: {} });
    expect(ask('who is the first person on the list')).toBeNull();
  });

  it('reads an English word written in lower case as that word, not as a misspelt name, and a question past an apology', () => {
    expect(ask('i would like to reach Ulla, her email?')).toMatchObject({ person: { ids: ['h3'] } });
    expect(ask("Sorry if this is a silly question, but what is Karim's role?")).toMatchObject({
      kind: 'attributes',
      person: { ids: ['h5'] },
      attributes: ['title'],
    });
  });
});

describe('reads the organization’s own name, an asker who says who they are, and groups by another verb', () => {
  const staff = [
    person('k1', 'Defne Arslan', { title: 'Chief Executive Officer', department: 'Management', location: 'Istanbul' }),
    person('k2', 'Selin Karaca', { title: 'Head of Acoustics', department: 'Acoustics', managerId: 'k1' }),
    person('k3', 'Kerem Ozturk', { title: 'Senior Consultant', department: 'Acoustics', managerId: 'k2' }),
    person('k4', 'Noah Fischer', {
      title: 'QA Engineer',
      department: 'Engineering',
      location: 'Berlin',
      managerId: 'k3',
    }),
    person('k5', 'Claire Dubois', {
      title: 'Consultant',
      department: 'Acoustics',
      location: 'Vancouver',
      managerId: 'k3',
    }),
  ];
  const read = readLexicon({
    people: staff,
    groups: [
      { id: 'g1', name: 'Health and Safety Committee', description: null },
      { id: 'g2', name: 'Diversity and Inclusion Council', description: null },
      { id: 'g3', name: 'Halic Singers', description: 'The company choir' },
    ],
    values: valuesOf(staff),
    organization: ['halic', 'acoustics'],
  });
  const ask = (text: string) => parseDirectoryQuery(directoryText({ text }), read);

  it('reads the organization’s name as no word of the question, and counts everyone when it is what is counted', () => {
    expect(ask('when did noah fischer start at halic')).toMatchObject({
      kind: 'attributes',
      attributes: ['startDate'],
    });
    expect(ask('whats noah doing at halic, like his role')).toMatchObject({ attributes: ['title'] });
    expect(ask('who is the ceo of halic')).toMatchObject({ kind: 'attributes', person: { ids: ['k1'] } });
    expect(ask("halic's ceo?")).toMatchObject({ kind: 'attributes', person: { ids: ['k1'] }, attributes: ['profile'] });
    expect(ask('how many people work at halic')).toEqual({ kind: 'employees', operation: 'count', filters: {} });
    expect(ask('how many employees does the company have')).toMatchObject({ kind: 'employees', filters: {} });
    // Without the organization's words the reader still knows nothing of another company.
    expect(ask('when did noah start at acme')).toBeNull();
  });

  it('reads "begin", "what day" and "roughly" as the words of a start date and a count', () => {
    expect(ask('what day did noah begin his internship here?')).toMatchObject({ attributes: ['startDate'] });
    expect(ask('Roughly how many colleagues work out of our Vancouver office?')).toEqual({
      kind: 'employees',
      operation: 'count',
      filters: { location: 'Vancouver' },
    });
  });

  it('reads an asker who names themselves as that person, only when the name is someone’s whole', () => {
    expect(ask("i'm noah fischer, who is my manager's manager")).toMatchObject({
      kind: 'manager',
      person: { ids: ['k4'] },
      levels: 2,
    });
    expect(ask('this is Claire Dubois. where do i sit?')).toMatchObject({ person: { ids: ['k5'] } });
    expect(ask("I'm Noah, who is my manager")).toMatchObject({ kind: 'manager', person: { ids: ['k4'] } });
    // Words that name nobody whole ("in Berlin", "Noah's colleague") leave the asker the asker.
    for (const text of ["I'm in Berlin, who is my manager", "I'm Noah's colleague, who is my manager"])
      expect(ask(text) ?? {}).not.toMatchObject({ person: { ids: ['k4'] } });
  });

  it('reads a team the asker joined as their manager’s, and a chain asked "and who is above"', () => {
    expect(ask('i just joined kerem ozturks team, who is my skip-level?')).toMatchObject({
      kind: 'manager',
      person: { ids: ['k3'] },
      levels: 1,
    });
    expect(ask('Who is Noah Fischer’s manager, and who is above that person?')).toMatchObject({
      kind: 'manager',
      levels: 2,
    });
    expect(ask("who is above noah's manager")).toMatchObject({ kind: 'manager', levels: 2 });
  });

  it('reads a group written with "&" or initials for its "and", and its members by any verb of taking part', () => {
    expect(ask('members of the health & safety committee?')).toMatchObject({ kind: 'members', group: { ids: ['g1'] } });
    expect(ask('who is in the d&i council')).toMatchObject({ kind: 'members', group: { ids: ['g2'] } });
    expect(ask('who sings in the halic singers')).toMatchObject({ kind: 'members', group: { ids: ['g3'] } });
    expect(ask('who plays for the halic singers')).toMatchObject({ kind: 'members', group: { ids: ['g3'] } });
    // A verb elsewhere than right after "who" is still a word the directory cannot account for.
    expect(ask('do the halic singers perform in december')).toBeNull();
  });
});

describe('round 10: progressive and nested relations, tags, comparisons of start dates, any group, a department by one side', () => {
  const staff = [
    person('u1', 'Peace Akello', {
      title: 'Chief Operating Officer',
      department: 'Field Operations',
      location: 'Kampala',
    }),
    person('u2', 'Denis Ojok', { title: 'Field Supervisor', department: 'Field Operations', managerId: 'u1' }),
    person('u3', 'Tonny Okot', { title: 'Field Technician', department: 'Field Operations', managerId: 'u2' }),
    person('u4', 'Joseph Mwangi', {
      title: 'Partner Manager',
      department: 'Sales & Partnerships',
      location: 'Nairobi',
    }),
    person('u5', 'Elin Falk', {
      title: 'Data Engineer',
      department: 'Technology',
      location: 'Gothenburg',
      managerId: 'u1',
    }),
    person('u6', 'Faith Nansubuga', { department: 'Finance', startDate: '2020-03-02' }),
    person('u7', 'Patrick Mugisha', { department: 'Finance', startDate: '2018-09-17' }),
  ];
  const read = readLexicon({ people: staff, groups: [], values: valuesOf(staff) });
  const ask = (text: string) => parseDirectoryQuery(directoryText({ text }), read);

  it('reads "X reporting to" and "the boss of X’s boss"', () => {
    expect(ask('Hello! Who is Tonny Okot reporting to?')).toMatchObject({ kind: 'manager', levels: 1 });
    expect(ask("who is the boss of tonny okot's boss")).toMatchObject({
      kind: 'manager',
      person: { ids: ['u3'] },
      levels: 2,
    });
  });

  it('reads a statement ending "yes or no" as a yes/no question, and a department by one side of its "&"', () => {
    expect(ask('joseph mwangi is in sales yes or no')).toMatchObject({
      kind: 'check',
      against: { kind: 'department', value: 'Sales & Partnerships' },
    });
  });

  it('compares the start dates of the people named', () => {
    expect(ask('who joined first, faith or patrick?')).toMatchObject({
      kind: 'joinedFirst',
      order: 'longest',
      people: [{ ids: ['u6'] }, { ids: ['u7'] }],
    });
    expect(ask('who started later, faith or patrick')).toMatchObject({ kind: 'joinedFirst', order: 'newest' });
    // "later" is no keyword a common word is mended to.
    expect(ask('how much water does faith need')).toBeNull();
  });

  it('reads "any club or guild" as groups, "anyone in" as a list, and "shares her manager" as peers', () => {
    expect(ask('is elin in any club or guild?')).toMatchObject({ kind: 'attributes', attributes: ['groups'] });
    expect(ask("what's the name of the gothenburg office?")).toBeNull();
    expect(ask('anyone in gothenburg?')).toEqual({
      kind: 'employees',
      operation: 'list',
      filters: { location: 'Gothenburg' },
    });
    expect(ask('I work with Elin, who else shares her manager?')).toMatchObject({
      kind: 'peers',
      person: { ids: ['u5'] },
    });
    expect(ask('Could you share the contact email of Joseph Mwangi?')).toMatchObject({ attributes: ['email'] });
  });
});

describe('round 11: levels in words, other verbs of reporting, those under someone, values left out, groups by their kind', () => {
  const staff = [
    person('k1', 'Ximena Araya', { title: 'Chief Executive Officer', department: 'Executive', location: 'Valdivia' }),
    person('k2', 'Rein Saar', { title: 'Chief Technology Officer', department: 'Technology', managerId: 'k1' }),
    person('k3', 'Martin Kask', { title: 'Engineering Manager', department: 'Technology', managerId: 'k2' }),
    person('k4', 'Liisa Tamm', {
      title: 'Frontend Engineer',
      department: 'Technology',
      location: 'Tartu',
      managerId: 'k3',
    }),
    person('k5', 'Osvaldo Pérez', { title: 'Vault Technician', department: 'Operations', location: 'Talca' }),
    person('k6', 'Aivar Kull', { title: 'Vault Technician', department: 'Operations', location: 'Tartu' }),
    person('k7', 'Ruth Okello', {
      title: 'Regional Operations Manager, West',
      department: 'Operations',
      location: 'Mbarara',
    }),
    person('k8', 'Anna Berg', { title: 'Talent Acquisition Specialist', department: 'People' }),
  ];
  const groups = [
    { id: 'c1', name: 'Lõuna Singers', description: 'The staff choir; practises on Mondays. Conducted by Liisa Tamm.' },
    { id: 'c2', name: 'Masa Madre Club', description: 'Sourdough baking club that swaps starters between sites.' },
    { id: 'c3', name: 'Pay Panel', description: 'Reviews salary bands every spring.' },
  ];
  const read = readLexicon({ people: staff, groups, values: valuesOf(staff) });
  const ask = (text: string) => parseDirectoryQuery(directoryText({ text }), read);

  it('reads levels said in words, and "answer to" or "roll up to" as reporting', () => {
    expect(ask('who sits three levels above liisa?')).toMatchObject({ kind: 'manager', levels: 3 });
    expect(ask('who is above liisa tamm two levels up')).toMatchObject({ kind: 'manager', levels: 2 });
    expect(ask('who does the cto answer to?')).toMatchObject({ kind: 'manager', person: { ids: ['k2'] }, levels: 1 });
    expect(ask('who does martin roll up into')).toMatchObject({ kind: 'manager', person: { ids: ['k3'] } });
    expect(ask('does martin answer to rein?')).toMatchObject({ kind: 'check', relation: 'reportsTo' });
    // "the answer to" is a noun: no reporting in it.
    expect(directoryText({ text: 'what is the answer to rein’s question' })).toContain('answer to');
    // A number is never a misspelt word's mend ("right" is one edit from "eight").
    expect(ask('liisa is in technology, right?')).toMatchObject({ kind: 'check' });
  });

  it('reads those directly under someone as their reports, and below them all as everyone under', () => {
    expect(ask('which people are directly under rein saar?')).toMatchObject({
      kind: 'reports',
      person: { ids: ['k2'] },
      all: false,
      operation: 'list',
    });
    expect(ask('who is directly below the ceo')).toMatchObject({ kind: 'reports', all: false });
    expect(ask('everyone below rein')).toMatchObject({ kind: 'reports', all: true });
    expect(ask('how many people are under rein directly or indirectly')).toMatchObject({ kind: 'reports', all: true });
  });

  it('lists the people of a title asked with a people word, and leaves a value out when the words before it say so', () => {
    expect(ask('which employees are vault technicians?')).toEqual({
      kind: 'employees',
      operation: 'list',
      filters: { title: 'Vault Technician' },
    });
    expect(ask('any technology people outside tartu?')).toEqual({
      kind: 'employees',
      operation: 'list',
      filters: { department: 'Technology', except: { location: 'Tartu' } },
    });
    expect(ask('how many people work in operations but not in talca')).toMatchObject({
      operation: 'count',
      filters: { department: 'Operations', except: { location: 'Talca' } },
    });
    expect(ask('list everyone except the operations department')).toMatchObject({
      filters: { except: { department: 'Operations' } },
    });
  });

  it('reads a role through another form of its words, and a group by the kind its description says it is', () => {
    expect(ask('who is regional ops mgr for the west region?')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['k7'] },
    });
    expect(ask('who is our recruiter')).toMatchObject({ person: { ids: ['k8'] } });
    expect(ask('how many folks are in the choir')).toMatchObject({ kind: 'members', group: { ids: ['c1'] } });
    expect(ask('who runs the baking club?')).toMatchObject({ kind: 'lead', group: { ids: ['c2'] } });
    // A description that opens with a verb names no kind; "the panel" alone is no group's name.
    expect(ask('who is on the salary bands')).toBeNull();
    expect(ask('who are the co-leads of the pay panel')).toMatchObject({ kind: 'lead', group: { ids: ['c3'] } });
  });

  it('reads the members by any verb after the people counted or listed', () => {
    expect(ask('how many people sing in the lõuna singers?')).toMatchObject({ kind: 'members', operation: 'count' });
    expect(ask('which colleagues bake with the masa madre club')).toMatchObject({ kind: 'members', operation: 'list' });
  });
});

describe('round 12: the asker’s words around a relation, an address to write to, sites, typed slips', () => {
  const staff = [
    person('t1', 'Oyun Bat', { title: 'Chief Executive Officer', department: 'Executive', location: 'Ulaanbaatar' }),
    person('t2', 'Sophie Marchand', {
      title: 'Head of Dyehouse',
      department: 'Fibre Processing',
      location: 'Darkhan',
      managerId: 't1',
      startDate: '2019-03-04',
    }),
    person('t3', 'Nara Tumur', { title: 'Dyer', department: 'Fibre Processing', location: 'Darkhan', managerId: 't2' }),
    person('t4', 'Erdene Sodnom', {
      title: 'Dyer',
      department: 'Fibre Processing',
      location: 'Darkhan',
      managerId: 't2',
    }),
    person('t5', 'Claire Roy', { title: 'Designer', department: 'Design', location: 'Winnipeg', managerId: 't1' }),
  ];
  const groups = [{ id: 'n1', name: 'Tsagaan Sar Planning Committee', description: 'Plans the new year party.' }];
  const read = readLexicon({
    people: staff,
    groups,
    values: valuesOf(staff),
    organization: ['tuul', 'river', 'fibre', 'cooperative'],
  });
  const ask = (text: string) => parseDirectoryQuery(directoryText({ text }), read);

  it('reads the words of where a relation is drawn, and "straight", "alongside" and "X’s people"', () => {
    expect(ask('who is above nara on the org chart?')).toMatchObject({ kind: 'manager', levels: 1 });
    expect(ask('show me everyone reporting straight to sophie')).toMatchObject({ kind: 'reports', all: false });
    expect(ask('who works alongside nara under the same boss')).toMatchObject({ kind: 'peers' });
    expect(ask("who are sophie marchand's people")).toMatchObject({ kind: 'reports', person: { ids: ['t2'] } });
    expect(ask('who is sophie the manager of?')).toMatchObject({ kind: 'reports', person: { ids: ['t2'] } });
  });

  it('reads an address asked to write to someone as their e-mail', () => {
    expect(ask('i have to write to the head of dyehouse, what is her address?')).toMatchObject({
      kind: 'attributes',
      attributes: ['email'],
    });
    expect(ask("what is claire roy's home address")).toMatchObject({ kind: 'missing' });
  });

  it('reads a place with a word for a site, "what year" of a start, the organization as "the coop", and a slip of "which"', () => {
    expect(ask('who all works at the darkhan mill')).toMatchObject({
      kind: 'employees',
      filters: { location: 'Darkhan' },
    });
    expect(ask('what year did sophie start at the coop?')).toMatchObject({ attributes: ['startDate'] });
    expect(ask('wich city is claire in')).toMatchObject({ attributes: ['location'] });
    expect(ask('which groups does nara take part in?')).toMatchObject({ attributes: ['groups'] });
  });

  it('reads a group by its first and last words, and who runs what a head’s title names', () => {
    expect(ask('who is on the tsagaan committee')).toMatchObject({ kind: 'members', group: { ids: ['n1'] } });
    expect(ask('who runs the dyehouse?')).toMatchObject({ kind: 'attributes', person: { ids: ['t2'] } });
  });
});

describe('round 13: whole organizations, a manager as the subject, several questions, totals, kinds of title', () => {
  const staff = [
    person('c1', 'Amara Osei', { title: 'Chief Executive Officer', department: 'Executive', location: 'Accra', startDate: '2010-01-04' }),
    person('c2', 'Tuomas Lind', { title: 'Director of Field Services', department: 'Field Services', location: 'Kumasi', managerId: 'c1', startDate: '2012-05-02' }),
    person('c3', 'Efua Mensah', { title: 'Regional Service Manager', department: 'Field Services', location: 'Tamale', managerId: 'c2', startDate: '2014-03-10' }),
    person('c4', 'Kofi Adjei', { title: 'Regional Service Manager', department: 'Field Services', location: 'Kumasi', managerId: 'c2', startDate: '2015-09-01' }),
    person('c5', 'Kojo Asante', { title: 'Service Supervisor', department: 'Field Services', location: 'Tamale', managerId: 'c3', startDate: '2016-06-13' }),
    person('c6', 'Abena Boateng', { title: 'Refrigeration Technician', department: 'Field Services', location: 'Tamale', managerId: 'c5', startDate: '2020-02-03' }),
    person('c7', 'Yaw Darko', { title: 'Solar Technician', department: 'Field Services', location: 'Tamale', managerId: 'c5', startDate: '2022-08-22' }),
    person('c8', 'Esi Quaye', { title: 'Safety Advisor', department: 'Quality, Health and Safety', location: 'Kumasi', managerId: 'c1', startDate: '2018-04-16' }),
    person('c9', 'Ama Serwaa', { title: 'Key Account Manager', department: 'Sales', location: 'Tamale', managerId: 'c1', startDate: '2019-11-04' }),
  ]; // prettier-ignore
  const groups = [
    { id: 'r1', name: 'Cold Room Retrofit Group', description: 'Retrofits old cold rooms. Chaired by Tuomas Lind.' },
    {
      id: 'r2',
      name: 'Harmattan Cycling Club',
      description: 'Sunday rides out of Accra. Ama Serwaa organises the routes.',
    },
  ];
  const read = readLexicon({ people: staff, groups, values: valuesOf(staff), self: staff[2] });
  const ask = (text: string) => parseDirectoryQuery(directoryText({ text }), read);
  const parts = (text: string) => compoundQueries(directoryText({ text }), (part) => parseDirectoryQuery(part, read));

  it('reads someone’s whole organization, all levels down, however the widening is said', () => {
    const all = { kind: 'reports', person: { ids: ['c2'] }, all: true };
    expect(ask("Everyone in Tuomas's organisation please, including indirect reports")).toMatchObject(all);
    expect(ask("everyone in Tuomas Lind's org incl. indirect reports")).toMatchObject(all);
    expect(ask("how many people are in Tuomas Lind's whole org, all levels down?")).toMatchObject({
      ...all,
      operation: 'count',
    });
    expect(ask('Who all rolls up to me, including the technicians under my supervisors?')).toMatchObject({
      kind: 'reports',
      person: { ids: ['c3'], self: true },
      all: true,
    });
    // A clause that adds nobody further down is not read away.
    expect(ask('how many people work in Tamale, including contractors')).toBeNull();
  });

  it('reads "my manager" (or anyone’s) as the one asked about', () => {
    expect(ask('how many people report to my manager?')).toMatchObject({
      kind: 'reports',
      person: { ids: ['c3'], up: 1 },
      operation: 'count',
    });
    expect(ask("who reports to kojo's boss's boss")).toMatchObject({ kind: 'reports', person: { ids: ['c5'], up: 2 } });
    expect(ask('who else reports to my manager besides me')).toMatchObject({ kind: 'peers', person: { ids: ['c3'] } });
    expect(ask("what is kojo's manager's email")).toMatchObject({
      kind: 'attributes',
      person: { ids: ['c5'], up: 1 },
      attributes: ['email'],
    });
    expect(ask('who does my manager report to')).toMatchObject({ kind: 'manager', person: { ids: ['c3'] }, levels: 2 });
    expect(ask('who is my manager')).toMatchObject({ kind: 'manager', levels: 1 });
  });

  it('reads each question of a message, a pronoun as the one named before and "that person" after a manager as the answer', () => {
    expect(parts('Who is in the Cold Room Retrofit Group and who chairs it?')).toMatchObject([
      { kind: 'members', group: { ids: ['r1'] } },
      { kind: 'lead', group: { ids: ['r1'] } },
    ]);
    expect(parts("who is kojo asante's manager and when did he start?")).toMatchObject([
      { kind: 'manager', person: { ids: ['c5'] }, levels: 1 },
      { kind: 'attributes', person: { ids: ['c5'] }, attributes: ['startDate'] },
    ]);
    expect(parts("Who does Abena report to, and who is that person's manager?")).toMatchObject([
      { kind: 'manager', person: { ids: ['c6'] }, levels: 2 },
    ]);
    // A question that is not a directory one makes the message none of them; one question is no compound.
    expect(parts('who is efua and what is the parking policy')).toBeNull();
    expect(parts('who is efua')).toBeNull();
  });

  it('counts everyone in total, and several places together', () => {
    expect(ask('how many employees do we have in total?')).toEqual({
      kind: 'employees',
      operation: 'count',
      filters: {},
    });
    expect(ask('How many people work in Kumasi and Tamale combined')).toEqual({
      kind: 'employees',
      operation: 'count',
      filters: { location: 'Kumasi', also: { location: ['Tamale'] } },
    });
  });

  it('reads "too" for "to", a kind of title, a holder who covers a place, tenure in a place, a department by initials', () => {
    expect(ask('Who does kojo asante report too')).toMatchObject({
      kind: 'manager',
      person: { ids: ['c5'] },
      levels: 1,
    });
    expect(ask('Which technicians report to Kojo?')).toMatchObject({
      kind: 'reports',
      person: { ids: ['c5'] },
      titled: { word: 'technicians', titles: ['Refrigeration Technician', 'Solar Technician'] },
    });
    expect(ask('which key account manager covers Tamale')).toMatchObject({
      kind: 'employees',
      filters: { title: 'Key Account Manager', location: 'Tamale' },
    });
    expect(ask('Who is the longest-serving person in Tamale?')).toEqual({
      kind: 'tenure',
      order: 'longest',
      filters: { location: 'Tamale' },
    });
    expect(ask('QHS people in kumasi?')).toMatchObject({
      kind: 'employees',
      filters: { department: 'Quality, Health and Safety', location: 'Kumasi' },
    });
    expect(ask('who organises the harmattan cycling club')).toMatchObject({ kind: 'lead', group: { ids: ['r2'] } });
  });
});

describe('round 13 (continued): what is counted, whom to contact about a topic, a group’s apostrophe, managers as a kind', () => {
  const staff = [
    person('k1', 'Wanjiku Njoroge', { title: 'Chief Executive Officer', department: 'Executive', location: 'Nairobi', startDate: '2009-01-05' }),
    person('k2', 'Paavo Salo', { title: 'Chief Technology Officer', department: 'Engineering', location: 'Tampere', managerId: 'k1', startDate: '2011-03-01' }),
    person('k3', 'Otieno Were', { title: 'Director of Field Operations', department: 'Field Operations', location: 'Nairobi', managerId: 'k1', startDate: '2012-06-04' }),
    person('k4', 'Leena Koski', { title: 'Remote Monitoring Platform Developer', department: 'Engineering', location: 'Tampere', managerId: 'k2', startDate: '2021-09-01' }),
    person('k5', 'Juho Aalto', { title: 'Firmware Engineering Manager', department: 'Engineering', location: 'Tampere', managerId: 'k2', startDate: '2016-02-15' }),
    person('k6', 'Brian Kimani', { title: 'Field Installation Supervisor', department: 'Field Operations', location: 'Kisumu', managerId: 'k3', startDate: '2017-08-07' }),
    person('k7', 'Nuru Achieng', { title: 'Regional Installation Manager', department: 'Field Operations', location: 'Nairobi', managerId: 'k3', startDate: '2015-05-18' }),
    person('k8', 'Amos Kirui', { title: 'Refrigeration Technician', department: 'Field Operations', location: 'Kisumu', managerId: 'k6', startDate: '2020-01-13' }),
    person('k9', 'Wambui Mwangi', { title: 'Solar Technician', department: 'Field Operations', location: 'Nairobi', managerId: 'k7', startDate: '2022-04-04' }),
  ]; // prettier-ignore
  const groups = [
    {
      id: 'q1',
      name: "Solar Technicians' Guild",
      description: 'Swaps installation tips. Wambui Mwangi coordinates it.',
    },
    { id: 'q2', name: 'Sauna Club', description: 'Friday evening sauna. Paavo Salo organises it.' },
  ];
  const read = readLexicon({ people: staff, groups, values: valuesOf(staff), self: staff[3] });
  const ask = (text: string) => parseDirectoryQuery(directoryText({ text }), read);
  const unaccounted = (text: string) => unaccountedIn(directoryText({ text }), read);

  it('leaves a count or choice of something other than people to the documents, whatever place or person it names', () => {
    const things = ['WFH days', 'days of annual leave', 'sick days', 'hours', 'weeks of notice', 'quotes'];
    const askedSo = [
      (x: string) => `How many ${x} do we get in the Nairobi office?`,
      (x: string) => `how many ${x} do staff in Tampere get`,
      (x: string) => `how many ${x} does Leena Koski get?`,
      (x: string) => `which ${x} can Nairobi people take`,
      (x: string) => `number of ${x} for the Tampere engineers`,
      (x: string) => `how much ${x} do the Kisumu technicians get`,
    ];
    for (const said of askedSo)
      for (const thing of things) {
        const question = said(thing);
        expect([question, ask(question)]).toEqual([question, null]);
        // No intent of the directory may take it either: a word of it is none of the directory's.
        expect([question, unaccounted(question).length > 0]).toEqual([question, true]);
      }
    expect(ask('how much holiday do the Tampere people get')).toBeNull();
    expect(ask("what's the number of WFH days in Nairobi")).toBeNull();
    expect(ask('Nairobi people get how many days of leave?')).toBeNull();
    expect(ask('how many tonnes of fish were landed in Kisumu in 2025?')).toBeNull();
  });

  it('still counts and lists people, kinds of them, and reads a start date asked as a day', () => {
    expect(ask('How many people are based in Nairobi?')).toMatchObject({ kind: 'employees', operation: 'count' });
    expect(ask('how many of us are in Tampere')).toMatchObject({ kind: 'employees', filters: { location: 'Tampere' } });
    expect(ask('how many staff in field operations?')).toMatchObject({ kind: 'employees', operation: 'count' });
    expect(ask('how many technicians work in Kisumu')).toMatchObject({
      kind: 'employees',
      filters: { location: 'Kisumu', titled: { word: 'technicians' } },
    });
    expect(ask('how many direct reports does Otieno have')).toMatchObject({ kind: 'reports', operation: 'count' });
    expect(ask('which people work in Tampere')).toMatchObject({ kind: 'employees', operation: 'list' });
    expect(ask('what day did Leena Koski join')).toMatchObject({ kind: 'attributes', attributes: ['startDate'] });
    expect(ask('what year did Juho start')).toMatchObject({ kind: 'attributes', attributes: ['startDate'] });
    expect(ask('which department is Amos in')).toMatchObject({ kind: 'attributes', attributes: ['department'] });
    expect(ask('which groups is Wambui in')).toMatchObject({ kind: 'attributes', attributes: ['groups'] });
  });

  it('leaves whom to contact about a topic to the documents, and keeps contacting someone named', () => {
    for (const question of [
      'Who should I contact about problems on the remote monitoring platform?',
      'who do I talk to about the remote monitoring platform',
      'do you know who to ask regarding the remote monitoring platform',
      'whom should I email about issues with the monitoring platform',
      'who can I reach out to about remote monitoring',
      'who do I contact in Tampere about leave',
      'who is the contact for the remote monitoring platform?',
      'remote monitoring platform problems, who should I contact?',
      'who do I go to with remote monitoring platform issues',
    ]) {
      expect([question, ask(question)]).toEqual([question, null]);
      expect([question, unaccounted(question).length > 0]).toEqual([question, true]);
    }
    expect(ask('how do I contact Leena')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['k4'] },
      attributes: ['email'],
    });
    expect(ask("what is the remote monitoring platform developer's email")).toMatchObject({
      kind: 'attributes',
      person: { ids: ['k4'] },
      attributes: ['email'],
    });
    // A group is a record that answers: its lead.
    expect(ask('who do I ask about the sauna club?')).toMatchObject({ kind: 'lead', group: { ids: ['q2'] } });
    expect(ask('who should I talk to about the Sauna Club')).toMatchObject({ kind: 'lead', group: { ids: ['q2'] } });
    expect(ask('sauna club questions, who do I speak with?')).toMatchObject({ kind: 'lead', group: { ids: ['q2'] } });
  });

  it('reads a group’s name with an apostrophe in it, however the mark is written', () => {
    const guild = { ids: ['q1'] };
    expect(ask("who runs the Solar Technicians' Guild")).toMatchObject({ kind: 'lead', group: guild });
    expect(ask('who coordinates the solar technicians’ guild?')).toMatchObject({ kind: 'lead', group: guild });
    expect(ask("members of the Solar Technicians' Guild")).toMatchObject({ kind: 'members', group: guild });
    expect(ask("how many people are in the solar technicians' guild")).toMatchObject({
      kind: 'members',
      group: guild,
      operation: 'count',
    });
    expect(ask('who leads the solar technicians guild')).toMatchObject({ kind: 'lead', group: guild });
    // A possessive elsewhere is still one.
    expect(ask("who are Otieno's direct reports")).toMatchObject({ kind: 'reports', person: { ids: ['k3'] } });
  });

  it('reads words for managers as a kind of title among someone’s reports or a place’s people', () => {
    const managerial = expect.arrayContaining(['Firmware Engineering Manager', 'Field Installation Supervisor']);
    expect(ask('which managers report to Paavo?')).toMatchObject({
      kind: 'reports',
      person: { ids: ['k2'] },
      titled: { word: 'managers', titles: managerial },
    });
    expect(ask('Which supervisors report to Otieno')).toMatchObject({
      kind: 'reports',
      person: { ids: ['k3'] },
      titled: { word: 'supervisors', titles: ['Field Installation Supervisor'] },
    });
    expect(ask('how many managers report to the CEO')).toMatchObject({
      kind: 'reports',
      person: { ids: ['k1'] },
      operation: 'count',
      titled: { word: 'managers' },
    });
    expect(ask('which managers work in Nairobi')).toMatchObject({
      kind: 'employees',
      filters: { location: 'Nairobi', titled: { word: 'managers', titles: managerial } },
    });
    // Not a kind when someone's manager is asked.
    expect(ask("who is Amos's manager")).toMatchObject({ kind: 'manager', person: { ids: ['k8'] }, levels: 1 });
  });
});

describe('round 14: a title said in the plural, its initials or clipped, a kind of employee by its stem, typed question words', () => {
  const staff = [
    person('w1', 'Fiona Gallagher', { title: 'Chief Executive Officer', department: 'Executive', location: 'Perth' }),
    person('w2', 'Tom Nguyen', { title: 'Head of Engineering', department: 'Engineering', location: 'Perth', managerId: 'w1' }),
    person('w3', 'Liam Forsyth', { title: 'Principal Process Engineer', department: 'Engineering', location: 'Perth', managerId: 'w2' }),
    person('w4', 'Hannah Kowalski', { title: 'Process Engineer', department: 'Engineering', location: 'Perth', managerId: 'w3' }),
    person('w5', 'Jarrah Wilson', { title: 'Reverse Osmosis Plant Supervisor', department: 'Operations', location: 'Karratha', managerId: 'w1' }),
    person('w6', 'Nathan Pike', { title: 'Water Treatment Plant Operator', department: 'Operations', location: 'Karratha', managerId: 'w5' }),
    person('w7', 'Mick Doyle', { title: 'Electrical and Instrumentation Technician', department: 'Operations', location: 'Karratha', managerId: 'w5' }),
    person('w8', 'Joaquin Morales', { title: 'Electrical and Instrumentation Technician', department: 'Operations', location: 'Antofagasta', managerId: 'w5', startDate: '2021-10-04' }),
    person('w9', 'Olena Savchenko', { title: 'Structural Engineering Team Lead', department: 'Engineering', location: 'Lviv', managerId: 'w2' }),
    person('w10', 'Dmytro Lysenko', { title: 'Structural Engineer', department: 'Engineering', location: 'Lviv', managerId: 'w9' }),
    person('w11', 'Roman Petrenko', { title: 'Senior BIM Coordinator', department: 'Engineering', location: 'Lviv', managerId: 'w9' }),
  ]; // prettier-ignore
  const read = readLexicon({ people: staff, groups: [], values: valuesOf(staff), self: staff[4] });
  const ask = (text: string) => parseDirectoryQuery(directoryText({ text }), read);

  it('reads a title said in the plural as its holders, with words in their short forms, initials or clipped', () => {
    const holders = (ids: string[], role: string[]) => ({ kind: 'holders', role: { ids, role, plural: true } });
    expect(ask('who are the principal process engineers')).toMatchObject(
      holders(['w3'], ['Principal Process Engineer']),
    );
    expect(ask('Who are our structural engineers?')).toMatchObject(holders(['w10'], ['Structural Engineer']));
    expect(ask('Who are the RO plant supervisors?')).toMatchObject(
      holders(['w5'], ['Reverse Osmosis Plant Supervisor']),
    );
    const technicians = ['Electrical and Instrumentation Technician'];
    expect(ask('who are the E&I techs')).toMatchObject(holders(['w7', 'w8'], technicians));
    expect(ask('who are the EI technicians')).toMatchObject(holders(['w7', 'w8'], technicians));
  });

  it('counts or lists a kind of employee that opens with a keyword, and by a word of its stem anywhere in the title', () => {
    expect(ask('how many plant operators do we have')).toMatchObject({
      kind: 'employees',
      operation: 'count',
      filters: { titled: { word: 'plant operators', titles: ['Water Treatment Plant Operator'] } },
    });
    expect(ask('which engineers are in Lviv')).toMatchObject({
      kind: 'employees',
      filters: {
        location: 'Lviv',
        titled: {
          word: 'engineers',
          titles: expect.arrayContaining(['Structural Engineering Team Lead', 'Structural Engineer']),
        },
      },
    });
    // A word of the place's titles that names no people is no kind of them.
    expect(ask('which people work in Lviv')).toEqual({
      kind: 'employees',
      operation: 'list',
      filters: { location: 'Lviv' },
    });
  });

  it('reads slips of question words', () => {
    for (const question of ['wen did joaquin start', 'wehn did Joaquin join'])
      expect(ask(question)).toMatchObject({ kind: 'attributes', person: { ids: ['w8'] }, attributes: ['startDate'] });
  });
});

describe('round 15: names with marks or slips, greetings, the asker’s own values, initials, group roles, widening words', () => {
  const staff = [
    person('n1', 'Sione Havili', { title: 'Managing Director', department: 'Executive', location: 'Apia' }),
    person('n2', 'ʻEli Moala', { title: 'Head of People Services', department: 'People Services', location: 'Apia', managerId: 'n1' }), // prettier-ignore
    person('n3', 'Grete Aasen', { title: 'Payroll Officer', department: 'People Services', location: 'Suva', managerId: 'n2' }), // prettier-ignore
    person('n4', 'Hemi Parata', { title: 'Dock Line Supervisor', department: 'Harbour Works', location: 'Suva', managerId: 'n1' }), // prettier-ignore
    person('n5', 'Ofa Tonga', { title: 'Crane Operator', department: 'Harbour Works', location: 'Apia', managerId: 'n4' }), // prettier-ignore
    person('n6', 'Wiremu Rakete', { title: 'Crane Operator', department: 'Harbour Works', location: 'Suva', managerId: 'n4' }), // prettier-ignore
  ];
  const groups = [
    {
      id: 'q1',
      name: 'Harbour Brass Band',
      description: 'Plays at the port open day. Hemi Parata is its band master.',
    },
    { id: 'q2', name: 'Kava Evenings Committee', description: 'Organises the kava evenings and the year-end feast.' },
    {
      id: 'q3',
      name: 'Tide Runners',
      description: 'Staff running squad for the harbour fun run. Ofa Tonga captains it.',
    },
    { id: 'q4', name: 'Night Shift Crew', description: 'Moves containers overnight. Wiremu Rakete is the crew lead.' },
    { id: 'q5', name: 'Quay Upgrade Working Group', description: 'Plans the new berth.' },
    { id: 'q6', name: 'Pier Seven-a-side', description: 'Plays football on Fridays.' },
    { id: 'q7', name: 'Graduate Induction Circle', description: 'Welcomes new graduates.' },
  ];
  const read = readLexicon({ people: staff, groups, values: valuesOf(staff), self: staff[4] });
  const ask = (text: string) => parseDirectoryQuery(directoryText({ text }), read);

  it('finds a name without its marks, a last name slipped twice after the first, and a first name slipped before the rest', () => {
    expect(ask('where is Eli Moala based')).toMatchObject({ kind: 'attributes', person: { ids: ['n2'] } });
    expect(ask('who is wiremu rokate’s manager')).toMatchObject({ kind: 'manager', person: { ids: ['n6'] } });
    expect(ask('who is the manager of ofu tonga')).toMatchObject({ kind: 'manager', person: { ids: ['n5'] } });
    expect(ask('whos managr of ofa tonga?')).toMatchObject({ kind: 'manager', person: { ids: ['n5'] }, levels: 1 });
  });

  it('reads past a greeting or an address before the question word, and a line manager as the manager', () => {
    expect(ask('Talofa who is Ofa’s boss?')).toMatchObject({ kind: 'manager', person: { ids: ['n5'] } });
    expect(ask('Who is the line manager of Ofa Tonga?')).toMatchObject({ kind: 'manager', person: { ids: ['n5'] } });
  });

  it('reads the asker’s own department and place among people, and an e-mail asked first of their manager', () => {
    expect(ask('how many people are in my department')).toEqual({
      kind: 'employees',
      operation: 'count',
      filters: { department: 'Harbour Works' },
    });
    expect(ask('who in my department is based in Suva?')).toMatchObject({
      kind: 'employees',
      filters: { department: 'Harbour Works', location: 'Suva' },
    });
    expect(ask('email of my manager?')).toMatchObject({ kind: 'attributes', person: { up: 1 }, attributes: ['email'] });
    expect(ask('who else works in Suva besides me')).toMatchObject({
      kind: 'employees',
      filters: { location: 'Suva', besides: { id: 'n5' } },
    });
  });

  it('reads initials written in capitals, the addresses of a role’s holders, someone’s team without the possessive’s mark, and everyone below', () => {
    expect(ask('I need the email addresses of both crane operators')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['n5', 'n6'], plural: true },
      attributes: ['email'],
    });
    expect(ask('who is in HW')).toMatchObject({ kind: 'employees', filters: { department: 'Harbour Works' } });
    expect(ask('who is in Hemi Parata team?')).toMatchObject({ kind: 'team', person: { ids: ['n4'] } });
    expect(ask('who works under Sione, all the way down?')).toMatchObject({ kind: 'reports', all: true });
    expect(ask('how many people does Sione have below him in total')).toMatchObject({
      kind: 'reports',
      all: true,
      operation: 'count',
    });
  });

  it('reads a role a group’s description gives, a lead’s fields, a group by its name’s first words, and any kind of group', () => {
    expect(ask('who is the band master of the harbour brass band')).toMatchObject({
      kind: 'lead',
      group: { ids: ['q1'] },
      role: ['band', 'master'],
    });
    expect(ask('what is the email of the tide runners captain?')).toMatchObject({
      kind: 'lead',
      attributes: ['email'],
    });
    expect(ask('who organises the kava evenings')).toMatchObject({
      kind: 'lead',
      group: { ids: ['q2'] },
      verb: 'organises',
    });
    expect(ask('who is the crew lead of the night shift crew')).toMatchObject({
      kind: 'lead',
      group: { ids: ['q4'] },
      role: ['crew', 'lead'],
    });
    expect(ask('who is in the quay working group')).toMatchObject({ kind: 'members', group: { ids: ['q5'] } });
    expect(ask('who plays in the pier seven a side')).toMatchObject({ kind: 'members', group: { ids: ['q6'] } });
    expect(ask('who is in the grad induction circle')).toMatchObject({ kind: 'members', group: { ids: ['q7'] } });
    expect(ask('Is Ofa in any fun run team? Which one?')).toMatchObject({
      kind: 'attributes',
      person: { ids: ['n5'] },
      attributes: ['groups'],
    });
  });
});

describe('round 16: letters with their own mark, the answer as a later pronoun, places by initials, ranked values, closest group names', () => {
  const staff = [
    person('r1', 'Ægir Þórsson', { title: 'Managing Director', department: 'Executive', location: 'Rio Grande Valley', startDate: '2010-02-01' }), // prettier-ignore
    person('r2', 'Đorđe Petrović', { title: 'Head of Rigging', department: 'Rigging', location: 'Rio Grande Valley', managerId: 'r1', startDate: '2012-05-14' }), // prettier-ignore
    person('r3', 'Ħelena Borg', { title: 'Rigging Engineer', department: 'Rigging', location: 'Saint Malo', managerId: 'r2', startDate: '2021-03-01' }), // prettier-ignore
    person('r4', 'Łukasz Ørnberg', { title: 'Rigging Engineer', department: 'Rigging', location: 'Rio Grande Valley', managerId: 'r2', startDate: '2024-09-16' }), // prettier-ignore
    person('r5', 'Tomás Keanes', { title: 'Net Mender', department: 'Rigging', location: 'Saint Malo', managerId: 'r4', startDate: '2025-06-02' }), // prettier-ignore
    person('r6', 'Ines Varga', { title: 'Network Systems Administrator', department: 'IT', location: 'Rio Grande Valley', managerId: 'r1', startDate: '2026-01-12' }), // prettier-ignore
    person('r7', 'Owen Pryce', { title: 'Purchaser', department: 'Procurement', location: 'Saint Malo', managerId: 'r1', startDate: '2019-04-01' }), // prettier-ignore
    person('r8', 'Maeve Dunne', { title: 'Purchaser', department: 'Procurement', location: 'Rio Grande Valley', managerId: 'r7', startDate: '2018-08-20' }), // prettier-ignore
  ];
  const groups = [
    {
      id: 'h1',
      name: 'Rope Safety Committee',
      description: 'Chaired by Ħelena Borg. Reviews the rope strength tests.',
    },
    {
      id: 'h2',
      name: 'Safety Committee',
      description: 'Chaired by Đorđe Petrović; looks into every incident on site.',
    },
    { id: 'h3', name: 'Wednesday Darts', description: 'Darts at the harbour pub, all welcome.' },
    { id: 'h4', name: 'Dockside Crane Renewal', description: 'Replaces both quay cranes by 2027. Owen Pryce is the project lead.' }, // prettier-ignore
  ];
  const read = readLexicon({ people: staff, groups, values: valuesOf(staff), self: staff[3] });
  const ask = (text: string) => parseDirectoryQuery(directoryText({ text }), read);
  const parts = (text: string) => compoundQueries(directoryText({ text }), (part) => parseDirectoryQuery(part, read));

  it('folds letters no decomposition takes the mark off, in the reader and in SQL alike', () => {
    expect(foldName('Đorđe Ħelena Łukasz Ørnberg Ægir Þórsson Straße Işık')).toBe(
      'dorde helena lukasz ornberg aegir thorsson strasse isik',
    );
    // The SQL twin decomposes and takes the marks off too ("ặ"), and makes the letters with their own mark plain.
    expect(foldedSql('name')).toContain('normalize(name, NFD)');
    expect(foldedSql('name')).toMatch(/'đĐ[^']*', 'dd/);
    expect(ask('who does dorde petrovic manage')).toMatchObject({ kind: 'reports', person: { ids: ['r2'] } });
    expect(ask('where is helena borg based')).toMatchObject({ kind: 'attributes', person: { ids: ['r3'] } });
    expect(ask('what does aegir thorsson do')).toMatchObject({ kind: 'attributes', person: { ids: ['r1'] } });
  });

  it('reads a later possessive or "they" after a manager asked as that manager; a subject pronoun stays the one named', () => {
    expect(parts('Who is Tomás Keanes’s boss, and what is his email?')).toMatchObject([
      { kind: 'manager', person: { ids: ['r5'] }, levels: 1 },
      { kind: 'attributes', person: { ids: ['r5'], up: 1 }, attributes: ['email'] },
    ]);
    expect(parts('who does Ines Varga report to and where are they based')).toMatchObject([
      { kind: 'manager', person: { ids: ['r6'] } },
      { kind: 'attributes', person: { ids: ['r6'], up: 1 }, attributes: ['location'] },
    ]);
    expect(parts('who is Owen Pryce’s manager and when did he start?')).toMatchObject([
      { kind: 'manager' },
      { kind: 'attributes', person: { ids: ['r7'] }, attributes: ['startDate'] },
    ]);
    expect(parts('who is Owen Pryce’s manager and when did he start?')![1]).not.toHaveProperty('person.up');
  });

  it('reads a place by its initials, two letters only in capitals', () => {
    expect(ask('how many people work in RGV?')).toMatchObject({ filters: { location: 'Rio Grande Valley' } });
    expect(ask('who is based in rgv')).toMatchObject({ filters: { location: 'Rio Grande Valley' } });
    expect(ask('anyone in SM?')).toMatchObject({ filters: { location: 'Saint Malo' } });
  });

  it('reads any verb of taking part right after "who" as a group’s members', () => {
    expect(ask('who throws wednesday darts')).toMatchObject({ kind: 'members', group: { ids: ['h3'] } });
    expect(ask('who goes to Wednesday Darts?')).toMatchObject({ kind: 'members', group: { ids: ['h3'] } });
  });

  it('reads "rolls up under" as reporting, and a closing clause of a kind of employee as everyone below', () => {
    expect(ask('list everyone who rolls up under Đorđe, indirect reports included')).toMatchObject({
      kind: 'reports',
      person: { ids: ['r2'] },
      all: true,
    });
    expect(ask('how many people are in my reporting line, the net menders included?')).toMatchObject({
      kind: 'reports',
      person: { self: true },
      all: true,
      operation: 'count',
    });
  });

  it('reads a hire date, a possessive of a name ending in s, and years in a row', () => {
    expect(ask('when was Tomás Keanes hired')).toMatchObject({ kind: 'attributes', attributes: ['startDate'] });
    expect(ask('what is Keanes’s hire date?')).toMatchObject({ person: { ids: ['r5'] }, attributes: ['startDate'] });
    expect(ask('who joined in 2024 or 2025')).toMatchObject({
      kind: 'employees',
      filters: { started: { op: 'in', from: '2024-01-01', to: '2026-01-01' } },
    });
    expect(ask('who started in 2019, 2020 and 2021?')).toMatchObject({
      filters: { started: { from: '2019-01-01', to: '2022-01-01' } },
    });
  });

  it('reads the newest or longest serving holder of a title’s word after "which"', () => {
    expect(ask('which purchaser joined most recently')).toMatchObject({
      kind: 'tenure',
      order: 'newest',
      filters: { title: 'Purchaser' },
    });
    expect(ask('which engineer has been here the longest?')).toMatchObject({
      kind: 'tenure',
      order: 'longest',
      filters: { titled: { titles: ['Rigging Engineer'] } },
    });
  });

  it('reads the place or department with the most or fewest people', () => {
    expect(ask('which of our sites has the most employees?')).toEqual({
      kind: 'ranked',
      field: 'location',
      order: 'most',
    });
    expect(ask('what is the smallest department')).toEqual({ kind: 'ranked', field: 'department', order: 'fewest' });
  });

  it('prefers the group whose name is the words asked over one whose name ends with them', () => {
    expect(ask('who is on the safety committee?')).toMatchObject({ kind: 'members', group: { ids: ['h2'] } });
    expect(ask('who heads the safety committee')).toMatchObject({ kind: 'lead', group: { ids: ['h2'] } });
    expect(ask('who is on the rope safety committee?')).toMatchObject({ kind: 'members', group: { ids: ['h1'] } });
  });

  it('reads an address noun after the field, other languages’ words for e-mail, and a sysadmin', () => {
    expect(ask('e-mail address of my boss?')).toMatchObject({
      kind: 'attributes',
      person: { self: true, up: 1 },
      attributes: ['email'],
    });
    expect(ask('what is the mailadres of Owen Pryce')).toMatchObject({ attributes: ['email'] });
    expect(ask('Maeve Dunne’s correo?')).toMatchObject({ attributes: ['email'] });
    expect(ask('e-postadresse for Maeve Dunne')).toMatchObject({ attributes: ['email'] });
    expect(ask('who is the sys admin?')).toMatchObject({ person: { ids: ['r6'] } });
    expect(ask('who is our sysadmin')).toMatchObject({ person: { ids: ['r6'] } });
  });

  it('reads a title in the plural after "which" as its holders, "they" after them, and a project’s lead by the role', () => {
    expect(parts('Which purchasers do we have, and where are they based?')).toMatchObject([
      { kind: 'holders', role: { ids: ['r7', 'r8'] } },
      { kind: 'attributes', person: { ids: ['r7', 'r8'] }, attributes: ['location'] },
    ]);
    expect(ask('who is the project lead for the dockside crane renewal')).toMatchObject({
      kind: 'lead',
      group: { ids: ['h4'] },
      role: ['project', 'lead'],
    });
  });
});
