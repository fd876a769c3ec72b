import { randomUUID } from 'node:crypto';
import { type AccountMember, member, withId } from './helpers/directory';
import { type OrgRecord, orgWithAdmin, platformAdmin } from './helpers/fixtures';
import { queriesOf } from './helpers/queries';
import { startTestApp, type TestApp } from './helpers/test-app';

// Apps and mappings through /graphql: secrets at rest and in answers, mappings on every mappable
// record, the look-up of a record by its mapped id, and the cost of the by-app look-ups at 10,000 apps.
let t: TestApp;
let org: OrgRecord;
let admin: AccountMember;
let reader: AccountMember;

type Result<T> = { data?: T; errors?: { message: string; extensions?: { code?: string } }[]; status: number };
const gql = <T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, token: string) =>
  t.api.graphql<T>(query, variables, token) as Promise<Result<T>>;

const CREATE_APP = 'mutation($input: AppInput!) { createApp(input: $input) { id type externalId appData secretData } }';
const MAP =
  'mutation($app: UUID!, $input: MappingInput!) { mapEntity(app: $app, input: $input) { id app entityType entityId mappedId mappingData mappingSecrets } }';

async function createApp(
  input: Record<string, unknown>,
  token = admin.token,
): Promise<{ id: string; externalId: string }> {
  const result = await gql<{ createApp: { id: string; externalId: string } }>(
    CREATE_APP,
    { input: { type: 'HRIS', externalId: randomUUID(), internal: true, name: 'People', ...input } },
    token,
  );
  if (!result.data) throw new Error(`createApp failed: ${JSON.stringify(result.errors)}`);
  return result.data.createApp;
}

async function map(app: string, entityType: string, entityId: string, extra: Record<string, unknown> = {}) {
  const result = await gql<{ mapEntity: { id: string; mappingSecrets: Record<string, string> | null } }>(
    MAP,
    { app, input: { entityType, entityId, namespace: 'sync', mappedId: randomUUID(), ...extra } },
    admin.token,
  );
  if (!result.data) throw new Error(`mapEntity failed: ${JSON.stringify(result.errors)}`);
  return result.data.mapEntity;
}

beforeAll(async () => {
  t = await startTestApp();
  const created = await orgWithAdmin(t, 'Integrations');
  org = created.org;
  admin = await withId(t, created.admin);
  reader = await member(t, org, admin);
});

afterAll(() => t.close());

describe('secrets', () => {
  it('stores secretData and mappingSecrets encrypted: the raw rows hold no plaintext secret', async () => {
    const app = await createApp({ secretData: { apiKey: 'plain-app-secret-4711' } });
    await map(app.id, 'ORGANIZATION', org.id, { mappingSecrets: { token: 'plain-mapping-secret-0815' } });
    const rows = await t.app.db.orm.em
      .fork()
      .getConnection()
      .execute<{ row: string }[]>(
        `select row_to_json(a)::text as row from app a where a.id = ? union all select row_to_json(m)::text from mapping m where m.app_id = ?`,
        [app.id, app.id],
      );
    expect(rows).toHaveLength(2);
    const raw = rows.map((r) => r.row).join('\n');
    expect(raw).toContain('apiKey');
    expect(raw).not.toContain('plain-app-secret-4711');
    expect(raw).not.toContain('plain-mapping-secret-0815');
    expect(raw).not.toContain(Buffer.from('plain-app-secret-4711').toString('base64'));
  });

  it('answers secretData and mappingSecrets to ORG_ADMIN and ADMIN, null to other members', async () => {
    const app = await createApp({ secretData: { apiKey: 'only-for-admins' } });
    const mapping = await map(app.id, 'ORGANIZATION', org.id, { mappingSecrets: { pin: '9999' } });
    expect(mapping.mappingSecrets).toEqual({ pin: '9999' });
    const QUERY =
      'query($id: UUID!) { app(app: $id) { secretData } appMappings(app: $id) { nodes { mapping { mappingSecrets } } } }';
    const asAdmin = await gql<{
      app: { secretData: unknown };
      appMappings: { nodes: { mapping: { mappingSecrets: unknown } }[] };
    }>(QUERY, { id: app.id }, admin.token);
    expect(asAdmin.data).toEqual({
      app: { secretData: { apiKey: 'only-for-admins' } },
      appMappings: { nodes: [{ mapping: { mappingSecrets: { pin: '9999' } } }] },
    });
    const asPlatform = await gql<{ app: { secretData: unknown } }>(QUERY, { id: app.id }, platformAdmin(t, org.id));
    expect(asPlatform.data!.app.secretData).toEqual({ apiKey: 'only-for-admins' });
    const asReader = await gql<{
      app: { secretData: unknown };
      appMappings: { nodes: { mapping: { mappingSecrets: unknown } }[] };
    }>(QUERY, { id: app.id }, reader.token);
    expect(asReader.data).toEqual({
      app: { secretData: null },
      appMappings: { nodes: [{ mapping: { mappingSecrets: null } }] },
    });
  });
});

describe('mappings on records', () => {
  it('lists mappings on organizations, accounts, employees, groups, plans and tasks; finds a record by its mapped id', async () => {
    const app = await createApp({});
    const employee = (
      await gql<{ createEmployee: { id: string } }>(
        'mutation { createEmployee(input: { name: "Mapped" }) { id } }',
        {},
        admin.token,
      )
    ).data!.createEmployee.id;
    const group = (
      await gql<{ createGroup: { id: string } }>(
        'mutation { createGroup(input: { name: "Mapped Group" }) { id } }',
        {},
        admin.token,
      )
    ).data!.createGroup.id;
    const plan = (
      await gql<{ createIdp: { id: string } }>(
        'mutation { createIdp(input: { name: "Mapped plan", type: "CAREER", startDate: "2026-01-01", visibility: ORGANIZATION }) { id } }',
        {},
        admin.token,
      )
    ).data!.createIdp.id;
    const task = (
      await gql<{ addIdpTask: { id: string } }>(
        'mutation($id: UUID!) { addIdpTask(idpId: $id, input: { name: "Mapped task" }) { id } }',
        { id: plan },
        admin.token,
      )
    ).data!.addIdpTask.id;
    const targets: [string, string][] = [
      ['ORGANIZATION', org.id],
      ['ACCOUNT', reader.id],
      ['EMPLOYEE', employee],
      ['GROUP', group],
      ['IDP', plan],
      ['IDP_TASK', task],
    ];
    const mapped: Record<string, string> = {};
    for (const [type, id] of targets) mapped[type] = (await map(app.id, type, id, { mappedId: `${type}-1` })).id;
    const READ = `query($org: UUID!, $account: String!, $employee: UUID!, $group: UUID!, $plan: UUID!, $task: UUID!) {
      organization(id: $org) { mappings { id } }
      account(accountIdOrEmail: $account) { mappings { id } }
      employee(id: $employee) { mappings { id } }
      group(id: $group) { mappings { id } }
      idp(id: $plan) { mappings { id } }
      idpTask(idpId: $plan, taskId: $task) { mappings { id } }
    }`;
    const read = await gql<Record<string, { mappings: { id: string }[] }>>(
      READ,
      { org: org.id, account: reader.id, employee, group, plan, task },
      reader.token,
    );
    expect(read.errors).toBeUndefined();
    // The organization carries the mappings of the earlier tests too.
    expect(read.data!.organization.mappings).toContainEqual({ id: mapped.ORGANIZATION });
    expect({ ...read.data, organization: undefined }).toEqual({
      organization: undefined,
      account: { mappings: [{ id: mapped.ACCOUNT }] },
      employee: { mappings: [{ id: mapped.EMPLOYEE }] },
      group: { mappings: [{ id: mapped.GROUP }] },
      idp: { mappings: [{ id: mapped.IDP }] },
      idpTask: { mappings: [{ id: mapped.IDP_TASK }] },
    });
    const FIND =
      'query($app: UUID!, $id: String!) { mappedEntity(app: $app, namespace: "sync", mappedId: $id) { entity { entityId type organization } mapping { id } } }';
    const found = await gql<{ mappedEntity: unknown }>(FIND, { app: app.id, id: 'GROUP-1' }, reader.token);
    expect(found.data!.mappedEntity).toEqual({
      entity: { entityId: group, type: 'GROUP', organization: org.id },
      mapping: { id: mapped.GROUP },
    });
    // Deleting a record deletes its mappings, also a task's that goes with its plan.
    expect(
      (await gql('mutation($id: UUID!) { deleteEmployee(id: $id) }', { id: employee }, admin.token)).errors,
    ).toBeUndefined();
    expect(
      (await gql('mutation($id: UUID!) { deleteIdp(id: $id) }', { id: plan }, admin.token)).errors,
    ).toBeUndefined();
    const left = await gql<{ appMappings: { nodes: { entity: { type: string } }[] } }>(
      'query($app: UUID!) { appMappings(app: $app) { nodes { entity { type } } } }',
      { app: app.id },
      admin.token,
    );
    expect(left.data!.appMappings.nodes.map((m) => m.entity.type).sort()).toEqual(['ACCOUNT', 'GROUP', 'ORGANIZATION']);
    const missing = await gql(FIND, { app: app.id, id: 'nobody' }, reader.token);
    expect(missing.errors![0].extensions!.code).toBe('NOT_FOUND');
    const outsider = (await orgWithAdmin(t, 'Outside Integrations')).admin;
    expect((await gql(FIND, { app: app.id, id: 'GROUP-1' }, outsider.token)).errors![0].extensions!.code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('look-ups at 10,000 apps', () => {
  let lister: string;
  const type = 'BULK';

  const LOOKUPS: Record<string, string> = {
    byApp: 'query($type: String!) { found: organizationsByApp(type: $type) { nodes { id } } }',
    byId: 'query($type: String!) { found: organizationsByAppId(type: $type, externalId: "bulk-7") { nodes { id } } }',
    byData:
      'query($type: String!) { found: organizationsByAppData(type: $type, key: "shard", value: "s-7") { nodes { id } } }',
    bySecret:
      'query($type: String!) { found: organizationsByAppSecret(type: $type, key: "signing", input: { secret: "needle" }) { nodes { id } } }',
  };

  async function lookUp(): Promise<{ counts: number[]; ids: Record<string, string[]> }> {
    const counts: number[] = [];
    const ids: Record<string, string[]> = {};
    for (const [name, query] of Object.entries(LOOKUPS)) {
      const queries = await queriesOf(t, async () => {
        const result = await gql<{ found: { nodes: { id: string }[] } }>(query, { type }, lister);
        expect(result.errors).toBeUndefined();
        ids[name] = result.data!.found.nodes.map((o) => o.id);
      });
      counts.push(queries.length);
    }
    return { counts, ids };
  }

  it('answers each look-up with the same statements at 10,000 apps as at one', async () => {
    const owner = await orgWithAdmin(t, 'Bulk Owner');
    lister = platformAdmin(t);
    const adminToken = owner.admin.token;
    await createApp(
      { type, externalId: 'bulk-7', appData: { shard: 's-7' }, secretData: { signing: 'needle' } },
      adminToken,
    );
    const small = await lookUp();
    expect(small.ids).toEqual({
      byApp: [owner.org.id],
      byId: [owner.org.id],
      byData: [owner.org.id],
      bySecret: [owner.org.id],
    });

    // 10,000 more apps in 100 organizations, seeded in two statements.
    const connection = t.app.db.orm.em.getConnection();
    await connection.execute(
      `insert into organization (id, name, active, alias, owners, status_current, status_changed_at, created_at, profile, updated_at)
       select gen_random_uuid(), 'Bulk ' || i, true, 'bulk-seed-' || i, '{}', 'ACTIVE', now(), now(), '{}', now() from generate_series(1, 100) as i`,
    );
    await connection.execute(
      `insert into app (id, organization_id, external_id, internal, name, type, active, status_current, status_changed_at, created_at, app_data, secret_encrypted, secret_hashes, updated_at)
       select gen_random_uuid(), o.id, 'x-' || i, false, 'App ' || i, ?, true, 'ACTIVE', now(), now(), jsonb_build_object('shard', 'other-' || i), '{}', jsonb_build_object('signing', md5(i::text)), now()
       from generate_series(1, 10000) as i join (select id, row_number() over (order by id) as n from organization where alias like 'bulk-seed-%') o on o.n = 1 + i % 100`,
      [type],
    );
    const large = await lookUp();
    expect(large.ids.byId).toEqual([owner.org.id]);
    expect(large.ids.byData).toEqual([owner.org.id]);
    expect(large.ids.bySecret).toEqual([owner.org.id]);
    expect(large.ids.byApp).toHaveLength(101);
    expect(large.counts).toEqual(small.counts);
    // Resolving the caller costs the same statements for every request; the look-up itself is one.
    const baseline = (await queriesOf(t, () => gql('{ __typename }', {}, lister))).length;
    expect(large.counts.map((n) => n - baseline)).toEqual([1, 1, 1, 1]);
  }, 120_000);
});
