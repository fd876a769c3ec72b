import { MODULES, ROUTES } from '../../src/modules';
import type { ModuleDescriptor } from '../../src/modules/module';
import { NO_ROLE_CHECK } from '../../src/rest/openapi-responses';
import type { RestRoute } from '../../src/rest/routes';
import { APP_SECRET, appId } from '../access/app';
import {
  fixtureFiles,
  fixturesOf,
  label,
  Objects,
  PREFERENCES,
  requestOf,
  type Row,
  unique,
  type World,
  world,
} from '../access/fixtures';
import { member } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin, platformAdmin } from '../helpers/fixtures';
import { PageServer } from '../helpers/knowledge-files';
import { type OpenApi, operationOf } from '../helpers/openapi';
import { signOrgToken } from '../helpers/org-token';
import { Receiver } from '../helpers/receiver';
import { rowCounter } from '../helpers/row-counts';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The access matrix: every REST route of ROUTES, called by eight callers, with the status each
// call must answer written down as a literal in the fixture file of the route's module,
// test/access/<module>.ts (one row per route; a route without a row, a row of a route its module
// does not have, and a module without a fixture file fail the suite).
//
// Columns (callers):
//   none    no Authorization header
//   expired the ORG_ADMIN's own user token, expired 10 s ago
//   other   the ORG_ADMIN of a second organization, naming objects of the first one
//   EMP     a plain member of the organization (EMPLOYEE grant)
//   MGR     a member with the MANAGER grant (and no one reporting to them)
//   OA      the ORG_ADMIN who created the organization
//   token   an organization token whose key has limitToRole EMPLOYEE
//   ADMIN   the platform administrator, naming the organization in the token
//   forged  the EMPLOYEE's own account with a token whose roles claim names ORG_ADMIN, MANAGER,
//           lowercase variants and junk: organization roles come from grants only (docs/tokens.md),
//           so this column is the EMPLOYEE column, for every route (not written out)
//
// The rules (docs/rules.md; the statuses of docs/rest.md, "Errors"): no token or an expired one
// 401; a role below the route's 403; another tenant's object 404, never revealed. Routes that act
// on the caller's *current* organization (no id in the path) serve the second organization's own
// data to `other`: that is a 2xx, and its body must not carry the first organization's id.
//
// Every cell gets objects of its own, made just before the call (so a DELETE in one cell leaves
// the next one an object to delete), and a valid body, both as the fixture file of the route's
// module makes them (test/access/fixtures.ts), so a 2xx means the call was allowed and a 4xx is
// the access decision, not validation. A refused mutation must leave every row count unchanged.
// Objects of the organization are made by the ORG_ADMIN. Plans, their tasks and notes,
// conversations and workflows belong to a user: here the EMPLOYEE owns and wrote them, so the
// EMP column is their owner and the other columns say who else reaches them: a PRIVATE plan
// is read by ORG_ADMIN and ADMIN and is 404 to everyone else (MGR manages nobody); a note is
// edited by its author only (403 to ORG_ADMIN and ADMIN, who may read and delete it); a
// conversation or workflow exists for its owner alone (404 to everyone, ORG_ADMIN and ADMIN
// included), and an organization token cannot hold conversations at all (403: it is no user).
// POST /organization names no ownerEmail: any signed-in user may create an organization and owns
// it (ORG_CREATION=anyone), naming somebody else needs a platform ADMIN
// (test/e2e/organization-creation.e2e.test.ts), and a token that is not an account cannot own
// one (400, the field named).

type Caller = 'none' | 'expired' | 'other' | 'employee' | 'manager' | 'orgAdmin' | 'orgToken' | 'admin' | 'forged';
const WRITTEN: readonly Caller[] = ['none', 'expired', 'other', 'employee', 'manager', 'orgAdmin', 'orgToken', 'admin'];
const CALLERS: readonly Caller[] = [...WRITTEN, 'forged'];
/** The expected status of a caller in a row; the forged-roles caller is the EMPLOYEE. */
const expectedOf = (row: Row, caller: Caller) =>
  row[WRITTEN.indexOf(caller === 'forged' ? 'employee' : caller) + 1] as number;

/** Every row of the matrix: the modules' fixture files (test/access/<module>.ts). */
const EXPECTED: Row[] = MODULES.flatMap((m) => fixtureFiles().get(m.name)?.rows ?? []);

let t: TestApp;
let site: PageServer;
let receiver: Receiver;
let org: OrgRecord;
let admin: Member;
/** The first organization, its ORG_ADMIN and EMPLOYEE, as the fixtures' makers see them. */
let w: World;
const tokens = {} as Record<Caller, string | undefined>;
let rowCounts: () => Promise<Record<string, string>>;

beforeAll(async () => {
  site = await new PageServer().start();
  site.pages.set('/handbook', { type: 'text/plain', body: 'Expenses are filed by the fifth of each month.' });
  receiver = await new Receiver().start();
  // Webhooks and the URL knowledge route reach the loopback receiver and page server.
  // Each cell on a workflow route makes a workflow of the same user: more than WORKFLOW_MAX_PER_USER allows.
  t = await startTestApp({ ALLOW_PRIVATE_URLS: 'true', WORKFLOW_MAX_PER_USER: '200' });
  ({ org, admin } = await orgWithAdmin(t, 'Access Org'));
  const { admin: stranger } = await orgWithAdmin(t, 'Stranger Org');
  const employee = await member(t, org, admin);
  w = world({ t, org, admin, employee, webhookUrl: receiver.url, pageUrl: `${site.url}/handbook` });
  const keyed = await t.api.post<OrgRecord>(
    '/api/v1/organization/keys',
    { name: 'limited', limitToRole: 'EMPLOYEE' },
    admin.token,
  );
  const key = keyed.body.keys.find((k) => k.secretBase64)!;
  Object.assign(tokens, {
    none: undefined,
    expired: t.token({ sub: admin.sub, email: admin.email, org: org.id }, { expiresIn: -600 }),
    other: stranger.token,
    employee: employee.token,
    manager: (await member(t, org, admin, 'MANAGER')).token,
    orgAdmin: admin.token,
    orgToken: signOrgToken(key.id, key.secretBase64!),
    admin: platformAdmin(t, org.id),
    forged: t.token({
      sub: employee.sub,
      email: employee.email,
      org: org.id,
      // Junk of every JSON kind, too: the claim is not typed by the signer.
      roles: [
        'ORG_ADMIN',
        'MANAGER',
        'org_admin',
        'Org_Admin',
        'manager',
        'admin',
        ' ADMIN',
        'ADMIN ',
        'EMPLOYEE',
        'SUPERUSER',
        '',
        42,
        null,
        { role: 'ORG_ADMIN' },
        ['ORG_ADMIN'],
      ] as unknown as string[],
    }),
  });
  // Both organizations get a default signing key, so that creating a webhook is valid for both.
  await w.created('/webhook-key', { name: 'default' });
  await w.created('/webhook-key', { name: 'default' }, stranger.token);
  // A user's first request creates their account: made here, so it counts in no refused cell.
  for (const caller of CALLERS) await t.api.get('/api/v1/organization', tokens[caller]);
  rowCounts = await rowCounter(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await site?.close();
  await receiver?.close();
});

interface Cell {
  status: number;
  /** What is wrong besides the status: a refused call that stored rows, another tenant's id in an answer. */
  problem?: string;
  text: string;
}

async function runCell(route: RestRoute, caller: Caller, objects = new Objects(w)): Promise<Cell> {
  const { url, options } = await requestOf(route, objects);
  const writes = route.operation === 'mutation';
  const before = writes ? await rowCounts() : undefined;
  const res = await t.api.request(route.method.toUpperCase(), url, { ...options, token: tokens[caller] });
  const cell: Cell = { status: res.status, text: res.text.slice(0, 200) };
  if (before && res.status >= 400) {
    const after = await rowCounts();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    if (changed.length) cell.problem = `refused with ${res.status} but changed rows of ${changed.join(', ')}`;
  }
  if (caller === 'other' && res.status < 300 && res.text.includes(org.id))
    cell.problem = 'answered the first organization’s id to another organization';
  return cell;
}

describe('the access matrix', () => {
  it('has a fixture file for every module, and fails naming a module without one', () => {
    expect(MODULES.filter((m) => !fixtureFiles().has(m.name)).map((m) => m.name)).toEqual([]);
    expect([...fixtureFiles().keys()].filter((name) => !MODULES.some((m) => m.name === name))).toEqual([]);
    expect(() => fixturesOf({ name: 'payroll' })).toThrow(
      'the module payroll has no fixture file: write test/access/payroll.ts',
    );
  });

  it('has exactly one row per REST route, in the fixture file of its module', () => {
    const byModule = (labelsOf: (m: ModuleDescriptor) => string[]) =>
      Object.fromEntries(MODULES.map((m) => [m.name, labelsOf(m).sort()]));
    expect(byModule((m) => (fixtureFiles().get(m.name)?.rows ?? []).map((row) => row[0]))).toEqual(
      byModule((m) => m.routes.map(label)),
    );
  });

  it('is what the OpenAPI document says each route can answer', async () => {
    const doc = await t.api.get<OpenApi>('/api/v1/openapi.json');
    for (const route of ROUTES) {
      const row = EXPECTED.find((r) => r[0] === label(route))!;
      const { responses } = operationOf(doc.body, route);
      const refused = [...new Set(row.slice(1) as number[])].filter((status) => status >= 400);
      expect({ route: row[0], documented: refused.filter((status) => responses[status]) }).toEqual({
        route: row[0],
        documented: refused,
      });
      // A role refuses someone in the matrix: the document must not say no role check guards it.
      if (refused.includes(403))
        expect({ route: row[0], forbidden: responses[403].description }).not.toEqual({
          route: row[0],
          forbidden: NO_ROLE_CHECK,
        });
    }
  });

  it.each(ROUTES.map((route) => [label(route), route] as const))(
    '%s',
    async (name, route) => {
      const row = EXPECTED.find((r) => r[0] === name);
      const statuses: Partial<Record<Caller, number>> = {};
      const problems: string[] = [];
      for (const caller of CALLERS) {
        const cell = await runCell(route, caller);
        statuses[caller] = cell.status;
        if (row && cell.status !== expectedOf(row, caller)) problems.push(`${caller}: ${cell.status} ${cell.text}`);
        if (cell.problem) problems.push(`${caller}: ${cell.problem}`);
      }
      const expected = Object.fromEntries(CALLERS.map((caller) => [caller, row && expectedOf(row, caller)]));
      expect({ statuses, problems }).toEqual({ statuses: expected, problems: [] });
    },
    120_000,
  );
});

describe('a user’s own objects', () => {
  // The matrix has the EMPLOYEE own the plans, notes, conversations and workflows; any user
  // who owns them (a MANAGER, an ORG_ADMIN, the platform ADMIN) gets what the EMPLOYEE column says.
  const OWNED = ROUTES.filter((route) =>
    /^\/idp\/:id|^\/agent\/(conversations\/:id|workflows\/:id|reply|assign|history)/.test(route.path),
  );
  const OWNERS = ['manager', 'orgAdmin', 'admin'] as const;

  it('covers every route on a plan, a conversation or a workflow', () => {
    expect(OWNED).toHaveLength(28);
  });

  it.each(OWNED.map((route) => [label(route), route] as const))(
    '%s',
    async (name, route) => {
      const row = EXPECTED.find((r) => r[0] === name)!;
      const owners = expectedOf(row, 'employee');
      const statuses: Record<string, number> = {};
      const problems: string[] = [];
      for (const owner of OWNERS) {
        const cell = await runCell(route, owner, new Objects(w, tokens[owner]));
        statuses[owner] = cell.status;
        if (cell.status !== owners) problems.push(`${owner}: ${cell.status} ${cell.text}`);
        if (cell.problem) problems.push(`${owner}: ${cell.problem}`);
      }
      expect({ statuses, problems }).toEqual({
        statuses: Object.fromEntries(OWNERS.map((owner) => [owner, owners])),
        problems: [],
      });
    },
    60_000,
  );
});

describe('an organization token creating an organization', () => {
  // A token that is no account cannot become the new organization's owner: it names one.
  it('is refused without ownerEmail, naming the field, and stores nothing', async () => {
    const before = await rowCounts();
    const res = await t.api.post('/api/v1/organization', { name: unique('Ownerless') }, tokens.orgToken);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: expect.stringContaining('ownerEmail'),
    });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('an account that also belongs to another organization', () => {
  // An ORG_ADMIN may add any existing account by email, and sign-in finds an account by its
  // email: were the ORG_ADMIN allowed to change that account's email, a token of theirs carrying
  // the new email would act as the account in its other organizations. So it is 403 (the account
  // is visible, the change is not allowed) and nothing is stored; the account itself still may.
  it('is not changed by one organization’s ORG_ADMIN, nor taken over through its email', async () => {
    const { org: elsewhere, admin: theirs } = await orgWithAdmin(t, 'Shared Org');
    const shared = await w.created<{ id: string }>('/account', { email: theirs.email });
    const before = await rowCounts();
    const refused = [
      await t.api.patch(`/api/v1/account/${shared.id}`, { email: 'taker@example.com' }, admin.token),
      await t.api.patch(`/api/v1/account/${shared.id}`, { active: false }, admin.token),
      await t.api.request('PUT', `/api/v1/account/${shared.id}/preferences/ui`, {
        body: PREFERENCES,
        token: admin.token,
      }),
    ];
    expect(refused.map((res) => res.status)).toEqual([403, 403, 403]);
    expect(await rowCounts()).toEqual(before);
    const taker = t.token({ sub: 'taker', email: 'taker@example.com', org: elsewhere.id });
    expect((await t.api.get(`/api/v1/organization/${elsewhere.id}`, taker)).status).toBe(403);
    expect((await t.api.patch(`/api/v1/account/${shared.id}`, { name: 'Still mine' }, theirs.token)).status).toBe(200);
  });
});

describe('secrets of apps and mappings', () => {
  // A 200 on GET /app/:app is not the whole answer: secretData and mappingSecrets go to those who
  // administer the organization only. A key's limitToRole restricts the role its tokens act with
  // (docs/tokens.md, "Organization tokens"), so a token limited to EMPLOYEE reads them as an
  // EMPLOYEE does: null.
  it('are answered to ORG_ADMIN and ADMIN, and null to EMPLOYEE (forged roles claim or not), MANAGER and an EMPLOYEE-limited token', async () => {
    const o = new Objects(w);
    const app = await appId(o);
    await o.get('mapping');
    const seen: Partial<Record<Caller, unknown>> = {};
    for (const caller of ['employee', 'forged', 'manager', 'orgAdmin', 'orgToken', 'admin'] as const) {
      const one = await t.api.get<{ secretData: unknown }>(`/api/v1/app/${app}`, tokens[caller]);
      const mapped = await t.api.get<{ mapping: { mappingSecrets: unknown } }[]>(
        `/api/v1/app/${app}/mappings`,
        tokens[caller],
      );
      seen[caller] = [one.body.secretData, mapped.body[0].mapping.mappingSecrets];
    }
    const secret = [{ [APP_SECRET.key]: APP_SECRET.value }, {}];
    expect(seen).toEqual({
      employee: [null, null],
      forged: [null, null],
      manager: [null, null],
      orgAdmin: secret,
      orgToken: [null, null],
      admin: secret,
    });
  });
});
