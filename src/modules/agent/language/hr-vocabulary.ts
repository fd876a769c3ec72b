/**
 * Everyday words and the words HR policies use for the same thing. People ask about "holiday",
 * "being off sick" or "claiming back" a taxi; handbooks write "annual leave", "sickness absence"
 * and "reimbursement". A question word or phrase found in a class is also looked for as each of
 * the others (retrieval weighs them a little below the word itself). Lower case; plurals are
 * matched without their final "s", so list singulars.
 */
export const HR_CLASSES: readonly (readonly string[])[] = [
  [
    'holiday',
    'vacation',
    'annual leave',
    'leave',
    'time off',
    'paid time off',
    'pto',
    'day off',
    'days off',
    'leave allowance',
    'holiday allowance',
    'leave entitlement',
    'annual holiday',
  ],
  [
    'sick',
    'off sick',
    'sickness',
    'illness',
    'ill',
    'unwell',
    'sick leave',
    'sick day',
    'sickness absence',
    'sick pay',
    'medical leave',
    'call in sick',
  ],
  [
    'maternity',
    'paternity',
    'parental leave',
    'maternity leave',
    'paternity leave',
    'shared parental leave',
    'adoption leave',
    'family leave',
    'baby',
    'pregnant',
    'pregnancy',
  ],
  [
    'expense',
    'claim',
    'claim back',
    'reimbursement',
    'reimburse',
    'reimbursed',
    'refund',
    'pay back',
    'out of pocket',
    'expense claim',
    'money back',
    'get reimbursed',
    'paid back',
  ],
  [
    'remote',
    'remote working',
    'remote work',
    'work from home',
    'working from home',
    'wfh',
    'home working',
    'homeworking',
    'telework',
    'teleworking',
    'hybrid working',
    'fully remote',
    'permanently remote',
    'remote eligible',
  ],
  [
    'pay',
    'salary',
    'wage',
    'raise',
    'pay rise',
    'pay raise',
    'salary review',
    'salary increase',
    'compensation',
    'remuneration',
  ],
  ['payday', 'pay day', 'payroll', 'payslip', 'pay slip', 'paid'],
  ['appraisal', 'performance review', 'performance', 'review', 'evaluation', 'assessment'],
  [
    'training',
    'course',
    'learning',
    'learning and development',
    'professional development',
    'study',
    'education',
    'qualification',
    'exam',
    'revise',
    'revision',
    'study leave',
  ],
  [
    'quit',
    'resign',
    'resignation',
    'notice',
    'notice period',
    'leave the company',
    'leaving the company',
    'hand in my notice',
  ],
  ['fired', 'sacked', 'dismissal', 'dismissed', 'termination', 'let go', 'disciplinary'],
  ['complaint', 'grievance', 'harassment', 'bullying', 'raise a concern', 'whistleblowing'],
  ['pension', 'retirement', 'retirement plan', 'retirement savings'],
  ['overtime', 'extra hours', 'time in lieu', 'toil'],
  ['working hours', 'hours', 'core hours', 'flexitime', 'flexible working', 'flexible hours', 'start time'],
  ['boss', 'manager', 'line manager', 'supervisor'],
  ['perk', 'benefit', 'fringe benefit'],
  ['health insurance', 'medical insurance', 'private medical', 'healthcare', 'medical cover'],
  ['business trip', 'business travel', 'travel', 'trip'],
  ['laptop', 'computer', 'equipment', 'hardware'],
  [
    'first day',
    'start date',
    'onboarding',
    'induction',
    'new starter',
    'new joiner',
    'new hire',
    'newcomer',
    'orientation',
    'welcome session',
    'welcome day',
  ],
  ['last day', 'leaving date', 'offboarding', 'exit'],
  [
    'bereavement',
    'compassionate leave',
    'funeral',
    'death in the family',
    'death',
    'die',
    'died',
    'pass away',
    'passed away',
  ],
  ['jury duty', 'jury service'],
  ['promotion', 'promoted', 'career progression', 'career development'],
  ['dress code', 'clothing', 'attire', 'what to wear'],
  ['sabbatical', 'career break', 'unpaid leave'],
  ['carry over', 'carryover', 'roll over', 'unused leave', 'unspent', 'use it or lose it', 'roll forward'],
  ['childcare', 'nursery', 'daycare'],
  ['relocation', 'relocate', 'moving'],
  ['referral', 'refer a friend'],
  ['probation', 'probation period', 'probationary period'],
  ['part time', 'part-time', 'reduced hours'],
  ['gift', 'present', 'hospitality', 'freebie', 'gifts and hospitality'],
  [
    'second job',
    'side job',
    'side gig',
    'side hustle',
    'freelance',
    'freelancing',
    'moonlighting',
    'outside employment',
    'outside work',
    'conflict of interest',
  ],
  [
    'anonymous',
    'anonymously',
    'confidential',
    'confidentially',
    'without my name',
    'without giving my name',
    'without saying who i am',
  ],
  ['child', 'children', 'kid', 'dependant', 'dependent', 'family member'],
  ['relative', 'grandmother', 'grandfather', 'grandparent', 'aunt', 'uncle', 'cousin', 'in-law'],
  ['take effect', 'kick in', 'come into effect', 'effective', 'effective from'],
  ['flight', 'fly', 'flying', 'airfare', 'plane ticket', 'air travel'],
  ['meal', 'food', 'dinner', 'lunch', 'breakfast', 'subsistence', 'per diem'],
  ['overnight', 'overnight stay', 'hotel', 'accommodation', 'lodging'],
  ['mileage', 'own car', 'personal car', 'mileage allowance'],
  ['appointment', 'medical appointment', 'dental appointment', 'dentist', 'doctor', 'gp', 'hospital appointment'],
  ['phishing', 'suspicious email', 'scam', 'scam email', 'fake email', 'strange email', 'weird email'],
];

/**
 * Words that frame a question rather than say what it is about ("what does the handbook say
 * about", "can I get", "am I allowed"), and the days and months a question is asked for ("can I
 * work from home on Fridays"), which a policy rarely names: the question's weight is its other
 * words. A question of nothing else keeps them.
 */
export const QUESTION_FILLER: ReadonlySet<string> = new Set(
  `get got getting need want know tell say says said explain find mean happen happens work
   policy policies rule rules procedure procedures process handbook guide guideline guidelines
   company organisation organization employee employees staff allowed allow possible able please
   many much long often usually exactly anything something thing things way ok okay like
   today tomorrow yesterday may
   hi hello hey oops sorry thanks thank cheers just actually really basically`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Names in the calendar ("may" is filler above: mostly the verb). Like a number, one is most often the asker's case ("can I take Friday
 * off"), and weighs little when nothing holds it; one a policy names ("the first Tuesday of the
 * month", "open on Saturdays") is a word like any other.
 */
export const CALENDAR_NAMES: ReadonlySet<string> = new Set(
  `monday tuesday wednesday thursday friday saturday sunday
   january february march april june july august september october november december`.split(/\s+/),
);
