/**
 * Words for the seeded messages and knowledge chunks. Each theme's words appear mostly in that
 * theme's documents (a twenty-fifth of the chunks), the general words everywhere, so a question
 * about one theme matches a few hundred of 10,000 chunks, as a real handbook would.
 */
export const THEMES: string[][] = [
  ['travel', 'hotel', 'flight', 'reimbursement', 'receipt', 'mileage'],
  ['parental', 'leave', 'maternity', 'paternity', 'adoption', 'childcare'],
  ['laptop', 'hardware', 'monitor', 'keyboard', 'replacement', 'warranty'],
  ['password', 'phishing', 'encryption', 'firewall', 'incident', 'breach'],
  ['salary', 'payroll', 'bonus', 'compensation', 'raise', 'equity'],
  ['onboarding', 'buddy', 'orientation', 'welcome', 'checklist', 'induction'],
  ['mentoring', 'coaching', 'mentor', 'mentee', 'feedback', 'growth'],
  ['conference', 'workshop', 'certification', 'course', 'training', 'tuition'],
  ['remote', 'hybrid', 'office', 'desk', 'commute', 'coworking'],
  ['health', 'insurance', 'dental', 'vision', 'wellness', 'gym'],
  ['pension', 'retirement', 'savings', 'contribution', 'vesting', 'fund'],
  ['holiday', 'vacation', 'sabbatical', 'absence', 'sick', 'carryover'],
  ['expense', 'invoice', 'procurement', 'vendor', 'purchase', 'approval'],
  ['promotion', 'career', 'ladder', 'level', 'calibration', 'review'],
  ['diversity', 'inclusion', 'belonging', 'accessibility', 'equity', 'bias'],
  ['privacy', 'gdpr', 'consent', 'retention', 'deletion', 'audit'],
  ['release', 'deployment', 'rollback', 'pipeline', 'staging', 'canary'],
  ['customer', 'support', 'ticket', 'escalation', 'satisfaction', 'churn'],
  ['sales', 'quota', 'pipeline', 'forecast', 'commission', 'territory'],
  ['hiring', 'interview', 'candidate', 'referral', 'offer', 'recruiter'],
  ['offboarding', 'resignation', 'notice', 'exit', 'handover', 'alumni'],
  ['volunteering', 'charity', 'donation', 'community', 'sustainability', 'carbon'],
  ['overtime', 'shift', 'timesheet', 'weekend', 'oncall', 'rota'],
  ['relocation', 'visa', 'immigration', 'housing', 'moving', 'allowance'],
  ['meeting', 'agenda', 'minutes', 'standup', 'retrospective', 'planning'],
];

export const GENERAL: string[] = `
  team company employee manager process policy guideline request form document system tool
  quarter month week year goal objective result metric target report update status plan
  project milestone deadline priority owner stakeholder decision question answer note
  department group role responsibility colleague partner budget cost amount limit rule
  exception example detail summary overview section chapter appendix template version
  draft final internal external global local region country city site location building
  access account portal platform service application data record file folder archive
  morning afternoon evening schedule calendar reminder message email chat channel call
`
  .split(/\s+/)
  .filter(Boolean);

/** Questions for the agent, one per theme: each names a few of its theme's words. */
export const QUESTIONS: string[] = THEMES.map(
  (words) => `What does the handbook say about ${words[0]} and ${words[1]} ${words[3]}?`,
);

/** Searches over conversation messages: two theme words each. */
export const SEARCHES: string[] = THEMES.map((words) => `${words[1]} ${words[2]}`);
