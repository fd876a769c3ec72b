/** The demo organization: a small org chart, groups, plans with tasks and a few handbook pages. */

export const DEMO_ALIAS = 'demo';
export const DEMO_OWNER = 'ana@example.com';

export interface DemoPerson {
  name: string;
  title: string;
  department: string;
  location: string;
  /** The name of their manager. */
  manager?: string;
}

export const PEOPLE: readonly DemoPerson[] = [
  { name: 'Ana Silva', title: 'Chief Executive Officer', department: 'Executive', location: 'Lisbon' },
  {
    name: 'Ben Carter',
    title: 'Head of Engineering',
    department: 'Engineering',
    location: 'London',
    manager: 'Ana Silva',
  },
  { name: 'Chloé Martin', title: 'Head of People', department: 'People', location: 'Paris', manager: 'Ana Silva' },
  {
    name: 'Dev Patel',
    title: 'Senior Software Engineer',
    department: 'Engineering',
    location: 'London',
    manager: 'Ben Carter',
  },
  {
    name: 'Eva Novak',
    title: 'Software Engineer',
    department: 'Engineering',
    location: 'Prague',
    manager: 'Ben Carter',
  },
  {
    name: 'Femi Okoro',
    title: 'Product Designer',
    department: 'Engineering',
    location: 'Lisbon',
    manager: 'Ben Carter',
  },
  { name: 'Gina Rossi', title: 'Recruiter', department: 'People', location: 'Paris', manager: 'Chloé Martin' },
  {
    name: 'Hugo Weber',
    title: 'Learning Coordinator',
    department: 'People',
    location: 'Berlin',
    manager: 'Chloé Martin',
  },
];

export const GROUPS: readonly { name: string; description: string; members: string[] }[] = [
  {
    name: 'Platform Guild',
    description: 'Keeps the build, deployment and monitoring healthy',
    members: ['Ben Carter', 'Dev Patel', 'Eva Novak'],
  },
  {
    name: 'Wellbeing Champions',
    description: 'Volunteers who run the wellbeing programme',
    members: ['Femi Okoro', 'Gina Rossi', 'Hugo Weber'],
  },
];

/** Plans owned by the demo owner, each with tasks due so many days from the seeding day. */
export const PLANS: readonly {
  name: string;
  type: string;
  tasks: { name: string; description: string; dueInDays: number }[];
}[] = [
  {
    name: 'Grow into a people leader',
    type: 'CAREER',
    tasks: [
      { name: 'Finish the coaching course', description: 'Six modules of the internal coaching course', dueInDays: 14 },
      { name: 'Run a 1:1 with each direct report', description: 'Use the 1:1 template in the handbook', dueInDays: 30 },
      { name: 'Ask for 360° feedback', description: 'Five colleagues from two teams', dueInDays: -3 },
    ],
  },
  {
    name: 'Cloud skills',
    type: 'LEARNING',
    tasks: [
      { name: 'Pass the Kubernetes certification', description: 'Book the CKA exam and pass it', dueInDays: 45 },
      { name: 'Write a Terraform module', description: 'For the staging environment', dueInDays: 20 },
    ],
  },
];

export const DOCUMENTS: readonly { name: string; text: string }[] = [
  {
    name: 'annual-leave.md',
    text: `# Annual Leave Policy

## Entitlement
Full-time employees receive 25 days of annual leave a year, plus public holidays. Part-time employees receive a pro-rata entitlement.

## Booking leave
Request leave in the HR portal at least two weeks ahead for more than three days; your line manager answers within three working days.

## Carry over
Up to 5 unused days may be carried over into the next year and must be taken by 31 March.`,
  },
  {
    name: 'expenses.md',
    text: `# Travel and Expenses Policy

## Claiming expenses
Submit receipts in the expenses tool within 30 days. Claims are reimbursed with the next monthly salary.

## Travel
Book economy class for flights under six hours. Hotels up to 180 euros a night in capital cities.`,
  },
  {
    name: 'remote-work.md',
    text: `# Remote and Hybrid Working

## Working from home
Employees may work from home up to three days a week, agreed with their line manager. Core hours are 10:00 to 16:00.

## Equipment
A one-off home office allowance of 300 euros covers a desk, a chair or a screen.`,
  },
];
