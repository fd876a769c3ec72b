import {
  DIRECTORY_INTENTS,
  directoryIntent,
  directoryIntents,
  type Intent,
  normalizedQuestion,
} from '../src/modules/agent/specialists/directory-intents';

// The directory specialist's reading of a question (src/modules/agent/specialists/
// directory-intents.ts): which intent, and about whom. Pure: no database.

const CASES: Record<Intent, [question: string, subject: string][]> = {
  count: [
    ['How many employees do we have?', ''],
    ['How many people work in engineering?', ''],
  ],
  myTasksOverdue: [['Which of my tasks are overdue?', '']],
  myTasksDue: [['What are my tasks due this month?', '']],
  managerOf: [
    ['Who does Tom Becker report to?', 'Tom Becker'],
    ['Who is Maria’s manager?', 'Maria'],
    ["Who is Maria's line manager?", 'Maria'],
    ['Who is my boss?', 'my'],
    ['Who manages Tom?', 'Tom'],
    ['manager of Lena Fischer', 'Lena Fischer'],
    ["Tom's supervisor?", 'Tom'],
    ["who's Priya's boss?", 'Priya'],
    ['whos Tom Becker’s line manager', 'Tom Becker'],
    ["Who is Hannah's manager's manager?", "Hannah's manager"],
    ['Ana - who does she report to?', 'Ana'],
    ['who does the CTO report to', 'the CTO'],
    ["Tom's boss's name?", 'Tom'],
    ['who does Mei work for', 'Mei'],
  ],
  reportsOf: [
    ["Who are Maria's reports?", 'Maria'],
    ['What are Maria’s direct reports?', 'Maria'],
    ["List James' reports", 'James'],
    ['Who reports to Maria Lopez?', 'Maria Lopez'],
    ['Who reports directly to Maria?', 'Maria'],
    ['direct reports of Maria', 'Maria'],
    ['Who works for Maria?', 'Maria'],
    ['Who works under Maria?', 'Maria'],
    ['Who does Maria manage?', 'Maria'],
    ["Kenji's team - who reports directly to him?", 'Kenji'],
    ["Maria's team members", 'Maria'],
    ['Kenji’s reports please', 'Kenji'],
    ['does anyone report to Tom?', 'Tom'],
    ['how many people report to Maria', 'Maria'],
  ],
  teamOf: [
    ["Who is on Ana's team?", 'Ana'],
    ['Who’s in Ana’s team?', 'Ana'],
    ["Who are the members of Ana's team?", 'Ana'],
    ["Show me Ana's team", 'Ana'],
    ["what is Mei's team", 'Mei'],
  ],
  titleOf: [
    ["What is Tom's job title?", 'Tom'],
    ['What’s Tom’s role?', 'Tom'],
    ["What's Tom Becker's position?", 'Tom Becker'],
    ['What does Omar do?', 'Omar'],
    ['What does Omar Haddad do here?', 'Omar Haddad'],
    ['What role does Omar have?', 'Omar'],
    ['What is my job title?', 'my'],
    ["Tom Becker's title", 'Tom Becker'],
    ["Mei's role?", 'Mei'],
  ],
  locationOf: [
    ['Where is Lena based?', 'Lena'],
    ['Where is Lena Fischer located?', 'Lena Fischer'],
    ['Where does Lena work?', 'Lena'],
    ["What is Lena's office?", 'Lena'],
    ['Which office is Lena in?', 'Lena'],
    ['where is our head of finance based', 'our head of finance'],
    ["Lena's location please", 'Lena'],
  ],
  departmentOf: [
    ['Which department is Kai in?', 'Kai'],
    ['What department is Kai Müller in?', 'Kai Müller'],
    ['Which team is Kai on?', 'Kai'],
    ['What department does Kai work in?', 'Kai'],
    ["What is Kai's department?", 'Kai'],
    ["Kai's department", 'Kai'],
  ],
  groupsOf: [
    ['Which groups is Rory part of?', 'Rory'],
    ['what committees is Lena Fischer on', 'Lena Fischer'],
    ['Which clubs does Tom belong to?', 'Tom'],
    ["what are Ana's groups", 'Ana'],
  ],
  members: [
    ['Who is in the Platform Guild?', 'Platform Guild'],
    ['Members of the Chess Club', 'Chess Club'],
    ['Who belongs to Design Council?', 'Design Council'],
    ['who are the wellbeing champions', 'wellbeing champions'],
    ["Who's part of the Chess Club?", 'Chess Club'],
    ['who sits on the works council', 'works council'],
    ['whos on the wellbeing champions', 'wellbeing champions'],
    ['Who sits on the D&I committee?', 'D&I committee'],
  ],
  whoIs: [
    ['Who is Alice Moreau?', 'Alice Moreau'],
    ['who is alice', 'alice'],
    ['who is our head of people?', 'our head of people'],
    ["who's the CFO", 'the CFO'],
    ['tell me about Kenji', 'Kenji'],
  ],
};

describe.each(Object.entries(CASES))('%s', (intent, cases) => {
  it.each(cases)('reads “%s” as about “%s”', (question, subject) => {
    expect(directoryIntent(question)).toEqual({ intent, subject });
  });
});

it('has a case for every intent of the table', () => {
  expect(new Set(DIRECTORY_INTENTS.map((i) => i.intent))).toEqual(new Set(Object.keys(CASES)));
});

it.each([
  'What does the handbook say about travel?',
  'How much holiday do I get?',
  'What does the policy say I should do?',
  'Where is the office based?',
  'Which department is the best to work in?',
  'Can I work from home?',
])('leaves “%s” to the other specialists', (question) => {
  expect(directoryIntent(question)).toBeNull();
});

describe('normalizedQuestion', () => {
  it.each([
    ['whos on the team', 'who is on the team'],
    ['Whats Tom’s role and wheres he based', 'what is Tom’s role and where is Tom based'],
    ['Priya: who is her manager?', 'Priya: who is Priya manager?'],
    ["Kenji's reports - list them", "Kenji's reports - list Kenji"],
    ['Hi, what is her title?', 'Hi, what is her title?'],
    ['What is his title?', 'What is his title?'],
  ])('reads “%s” as “%s”', (question, read) => {
    expect(normalizedQuestion(question)).toBe(read);
  });
});

describe('directoryIntents', () => {
  it('reads each question of a message asking several, a pronoun meaning the first one’s person', () => {
    expect(directoryIntents('what does Mei do and where does she work')).toEqual([
      { intent: 'titleOf', subject: 'Mei' },
      { intent: 'locationOf', subject: 'Mei' },
    ]);
    expect(directoryIntents("who is on Ana's team? who is her manager?")).toEqual([
      { intent: 'teamOf', subject: 'Ana' },
      { intent: 'managerOf', subject: 'Ana' },
    ]);
  });

  it('reads one question as one, and leaves a message with a part no directory question to the others', () => {
    expect(directoryIntents('Who is Maria’s manager?')).toEqual([{ intent: 'managerOf', subject: 'Maria' }]);
    expect(directoryIntents('where is Lena based and how much holiday do I get')).toBeNull();
    expect(directoryIntents('How much holiday do I get?')).toBeNull();
  });

  it('reads the longest message allowed in one pass, however it is spaced', () => {
    // The splitter once backtracked over whitespace: 10,000 spaces took minutes.
    for (const message of [' '.repeat(10_000), `${'? '.repeat(2_500)}${' and'.repeat(1_000)}`, '\t\n'.repeat(5_000)])
      expect(directoryIntents(message)).toBeNull();
    // Past five questions a message is read as one.
    expect(directoryIntents(Array.from({ length: 6 }, () => "what is Tom's title").join(' and '))).toBeNull();
  });
});
