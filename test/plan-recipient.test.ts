import { askThenAssign } from './helpers/agent';
import { type AccountMember, member } from './helpers/directory';
import { type Member, orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// A recipient named in a request ("email Tom the report", "send it to Maria Santos", "mail my
// manager") is found in the organization's directory when the request is planned
// (src/modules/agent/planner/recipient.ts): one match gives notifyTo that employee's e-mail;
// none or several make the planner ask; another organization's employee of the same name is
// never used. Over REST: POST /api/v1/agent/ask, then /api/v1/agent/assign.

let t: TestApp;
let admin: Member;
let carol: AccountMember;
let tom: AccountMember;
let maria: AccountMember;
let boss: AccountMember;
let etienne: AccountMember;
let katrin: AccountMember;
let grand: AccountMember;
let maria2: AccountMember;

interface Holder {
  response: string;
  needsConfirmation: boolean;
  newWorkflow: boolean;
  notificationChannel: string;
  notificationTo: string | null;
}

async function employee(body: Record<string, unknown>, token = admin.token): Promise<string> {
  const res = await t.api.post<{ id: string }>('/api/v1/employee', body, token);
  if (res.status !== 201) throw new Error(`POST /employee: ${res.status} ${res.text}`);
  return res.body.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const made = await orgWithAdmin(t, 'Recipients Org');
  admin = made.admin;
  carol = await member(t, made.org, admin);
  tom = await member(t, made.org, admin);
  maria = await member(t, made.org, admin);
  boss = await member(t, made.org, admin);
  etienne = await member(t, made.org, admin);
  katrin = await member(t, made.org, admin);
  grand = await member(t, made.org, admin);
  maria2 = await member(t, made.org, admin);
  const top = await employee({ name: 'Olu Adeyemi', email: grand.email });
  const manager = await employee({ name: 'Priya Natarajan', email: boss.email, manager: top });
  await employee({ name: 'Carol Jones', account: carol.id, manager });
  await employee({ name: 'Tom Berger', email: tom.email });
  await employee({ name: 'Maria Santos', email: maria.email });
  await employee({ name: 'Étienne Gagnon', email: etienne.email });
  await employee({ name: 'Katrin Vogel', email: katrin.email });
  await employee({ name: 'Jorge Iván Restrepo', email: maria2.email });
  await employee({ name: 'Sam Lee', email: 'sam.lee@example.com' });
  await employee({ name: 'Sam Ortiz', email: 'sam.ortiz@example.com' });
  // Names written family name first, with letters no short table of accents holds, a modifier
  // letter, or a title before the given name.
  await employee({ name: 'Huỳnh Thị Mai', email: 'mai.huynh@example.com' });
  await employee({ name: 'Trịnh Thu Trang', email: 'trang.trinh@example.com' });
  await employee({ name: 'Đoàn Thị Phương Anh', email: 'phuonganh@example.com' });
  await employee({ name: 'ʻAna Kaufusi', email: 'ana.kaufusi@example.com' });
  await employee({ name: 'Ratu Isikeli Nawaqa', email: 'isikeli@example.com' });
  // Another organization has its own Tom and a Yusuf this one does not have.
  const other = await orgWithAdmin(t, 'Other Recipients Org');
  await employee({ name: 'Tom Wright', email: 'tom.wright@example.net' }, other.admin.token);
  await employee({ name: 'Yusuf Demir', email: 'yusuf@example.net' }, other.admin.token);
});

afterAll(() => t.close());

const assign = (request: string) => askThenAssign<Holder>(t, request, carol.token);

it.each([
  ['every Monday at 9am email Tom the overdue tasks', () => tom.email],
  ['every Monday at 9am send the headcount to Maria Santos', () => maria.email],
  ['every Friday at 4pm mail my manager the open reviews', () => boss.email],
  ['every Friday at 4pm mail my manager’s manager the open reviews', () => grand.email],
  // A name of the directory after "to", where a sending verb leads: that person, names of two words too.
  ['every Friday at 4pm forward the open reviews to katrin vogel', () => katrin.email],
  // A first name of two words, as a three-word name's holder goes by.
  ['every Monday at 7:30 send the weekly downtime report to Jorge Iván', () => maria2.email],
  // Written in lower case or without the accents the directory has: the same person.
  ['every Monday at 9am email Etienne the overdue tasks', () => etienne.email],
  ['every Monday at 9am mail étienne gagnon the overdue tasks', () => etienne.email],
  ['daily 0800 email katrin the list of new hires', () => katrin.email],
  ['every Monday at 9am mail KATRIN the overdue tasks', () => katrin.email],
])('“%s” e-mails the employee the directory names', async (request, address) => {
  const holder = await assign(request);
  expect(holder).toMatchObject({
    notificationChannel: 'EMAIL',
    notificationTo: address(),
    needsConfirmation: false,
    newWorkflow: true,
  });
  expect(holder.response).toContain(`e-mailed to ${address()}`);
});

it.each([
  ['every Monday at 9am email Mai the rejected lots', 'mai.huynh@example.com'],
  ['every Tuesday at 9am send the new joiners to trinh thu trang', 'trang.trinh@example.com'],
  ['every Friday at noon email Phương Anh the buyer visits', 'phuonganh@example.com'],
  ['on the 25th of every month at 10 email ana kaufusi the leave balances', 'ana.kaufusi@example.com'],
  ['every Monday at 9am email Isikeli the safety record', 'isikeli@example.com'],
])('“%s”: a name is found by its given name where it is written last or after a title', async (request, address) => {
  const holder = await assign(request);
  expect(holder).toMatchObject({ notificationChannel: 'EMAIL', notificationTo: address, needsConfirmation: false });
  // "thu" of a name is no Thursday: the plan stays weekly on Tuesday.
  expect(holder.response).not.toMatch(/Thursday/);
});

it.each([
  ['every Monday at 9am email katrin overdue tasks', () => katrin.email, '“overdue tasks”'],
  ['each friday at 4pm mail tom berger open purchase orders', () => tom.email, '“open purchase orders”'],
  ['every Monday at 9am send maria santos headcount changes', () => maria.email, '“headcount changes”'],
])(
  '“%s”: a name the directory holds, in any case and with no article after it, is the recipient, not the task',
  async (request, address, task) => {
    const holder = await assign(request);
    expect(holder).toMatchObject({ notificationChannel: 'EMAIL', notificationTo: address(), needsConfirmation: false });
    expect(holder.response).toContain(task);
  },
);

it('never reads another organization’s employee as a recipient from the words alone', async () => {
  // Yusuf is only the other organization's: "yusuf" stays a word of the task, e-mailed to the asker.
  const holder = await assign('every Monday at 9am email yusuf overdue tasks');
  expect(holder.notificationTo).not.toBe('yusuf@example.net');
  expect(holder.response).not.toContain('yusuf@example.net');
});

it('asks who a lower-case word after the sending verb is when the directory has nobody of that name, never guessing', async () => {
  const holder = await assign('every Monday at 9am email zorblat the overdue tasks');
  expect(holder).toMatchObject({ needsConfirmation: true, newWorkflow: false, notificationTo: null });
  expect(holder.response).toContain('who “zorblat” is: nobody of that name is in the directory');
});

it('asks which one is meant when several employees have the name, listing them', async () => {
  const holder = await assign('every Monday at 9am email Sam the overdue tasks');
  expect(holder).toMatchObject({ needsConfirmation: true, newWorkflow: false, notificationTo: null });
  expect(holder.response).toContain('which “Sam” you mean: Sam Lee or Sam Ortiz');
});

it('asks who is meant when nobody in this organization has the name, never another organization’s employee', async () => {
  const nobody = await assign('every Monday at 9am email Yusuf the overdue tasks');
  expect(nobody).toMatchObject({ needsConfirmation: true, newWorkflow: false, notificationTo: null });
  expect(nobody.response).toContain('who “Yusuf” is: nobody of that name is in the directory');
  // "Tom" is Tom Berger here; the other organization's Tom Wright is not a candidate.
  const holder = await assign('every Monday at 9am email Tom the overdue tasks');
  expect(holder.notificationTo).toBe(tom.email);
  expect(holder.response).not.toContain('Wright');
});
