import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../helpers/api';
import { member } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin, platformAdmin } from '../helpers/fixtures';
import { signOrgToken } from '../helpers/org-token';
import { queriesOf } from '../helpers/queries';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Every app route (/app), the mapping routes (/app/{app}/mappings) and the four by-app organization
// look-ups (/organization/by-app*).
interface AppRecord {
  id: string;
  organization: string;
  type: string;
  externalId: string;
  internal: boolean;
  name: string;
  active: boolean;
  status: { current: string; changedAt: string; changedBy: string | null };
  created: { createdAt: string; createdBy: string | null };
  appData: Record<string, string>;
  secretData: Record<string, string> | null;
}
interface MappingRecord {
  id: string;
  app: string;
  entityType: string;
  entityId: string;
  namespace: string;
  mappedId: string;
  reference: string | null;
  mappingData: Record<string, string>;
  mappingSecrets: Record<string, string> | null;
}

let t: TestApp;
let org: OrgRecord;
let other: OrgRecord;
let admin: Member;
let otherAdmin: Member;
let reader: Member;
let orgToken: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ org, admin } = await orgWithAdmin(t, 'Apps Org'));
  ({ org: other, admin: otherAdmin } = await orgWithAdmin(t, 'Other Apps Org'));
  reader = await member(t, org, admin);
  const keyed = await t.api.post<OrgRecord>('/api/v1/organization/keys', { name: 'integration' }, admin.token);
  const key = keyed.body.keys.find((k) => k.secretBase64)!;
  orgToken = signOrgToken(key.id, key.secretBase64!);
});

afterAll(() => t.close());

const uniqueId = () => `ext-${randomUUID().slice(0, 8)}`;
const create = (body: Record<string, unknown>, token = admin.token) =>
  t.api.post<AppRecord>(
    '/api/v1/app',
    { type: 'CRM', externalId: uniqueId(), internal: false, name: 'Sales CRM', ...body },
    token,
  );

describe('POST /api/v1/app', () => {
  it('creates an app with appData and secretData; the secret is shown to the ORG_ADMIN', async () => {
    const externalId = uniqueId();
    const res = await create({
      externalId,
      name: ' Pipeline ',
      appData: { region: 'eu' },
      secretData: { apiKey: 's3cr3t-value' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      organization: org.id,
      type: 'CRM',
      externalId,
      internal: false,
      name: 'Pipeline',
      active: true,
      status: { current: 'ACTIVE' },
      appData: { region: 'eu' },
      secretData: { apiKey: 's3cr3t-value' },
    });
    expect(res.body.created.createdAt).toEqual(expect.any(String));
  });

  it('answers 400 naming the field for each missing or malformed one, storing nothing', async () => {
    const before = (await t.api.get<AppRecord[]>('/api/v1/app', admin.token)).body.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ type: undefined }, 'type is required'],
      [{ externalId: undefined }, 'externalId is required'],
      [{ internal: undefined }, 'internal is required'],
      [{ name: undefined }, 'name is required'],
      [{ name: '  ' }, 'name must be 1-200 characters'],
      [{ type: '' }, 'type must be 1-100 characters'],
      [{ internal: 'yes' }, 'internal must be a boolean'],
      [{ appData: { region: 3 } }, 'appData must be an object whose values are strings (region is not)'],
      [{ secretData: ['x'] }, 'secretData must be an object whose values are strings'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect([res.status, res.body]).toEqual([400, message]);
    }
    expect((await t.api.get<AppRecord[]>('/api/v1/app', admin.token)).body).toHaveLength(before);
  });

  it('answers 409 for a type and externalId in use in the organization, but not across organizations', async () => {
    const externalId = uniqueId();
    expect((await create({ externalId })).status).toBe(201);
    const again = await create({ externalId, name: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body).toBe('an app of this type with this externalId already exists in the organization');
    expect((await create({ externalId }, otherAdmin.token)).status).toBe(201);
  });

  it('answers 403 to a member who is not ORG_ADMIN and 401 without a token', async () => {
    expect((await create({}, reader.token)).status).toBe(403);
    expect((await t.api.post('/api/v1/app', { type: 'CRM', externalId: 'x', internal: true, name: 'n' })).status).toBe(
      401,
    );
  });

  it('lets an organization token create and read secrets', async () => {
    const res = await create({ secretData: { token: 'by-key' } }, orgToken);
    expect(res.status).toBe(201);
    expect(res.body.created.createdBy).toEqual(expect.any(String));
    expect((await t.api.get<AppRecord>(`/api/v1/app/${res.body.id}`, orgToken)).body.secretData).toEqual({
      token: 'by-key',
    });
  });
});

describe('GET /api/v1/app/{app}', () => {
  it('reads an app; members other than admins get it without secretData', async () => {
    const app = (await create({ secretData: { password: 'hidden-from-members' } })).body;
    const asAdmin = await t.api.get<AppRecord>(`/api/v1/app/${app.id}`, admin.token);
    expect(asAdmin.body.secretData).toEqual({ password: 'hidden-from-members' });
    const asReader = await t.api.get<AppRecord>(`/api/v1/app/${app.id}`, reader.token);
    expect(asReader.status).toBe(200);
    expect(asReader.body.secretData).toBeNull();
    expect(asReader.text).not.toContain('hidden-from-members');
    expect((await t.api.get<AppRecord>(`/api/v1/app/${app.id}`, platformAdmin(t, org.id))).body.secretData).toEqual({
      password: 'hidden-from-members',
    });
  });

  it('answers 404 for another tenant’s app and an unknown id, 400 for a non-UUID, 401 without a token', async () => {
    const app = (await create({})).body;
    expect((await t.api.get(`/api/v1/app/${app.id}`, otherAdmin.token)).status).toBe(404);
    expect((await t.api.get(`/api/v1/app/${randomUUID()}`, admin.token)).status).toBe(404);
    const bad = await t.api.get('/api/v1/app/not-a-uuid', admin.token);
    expect([bad.status, bad.body]).toEqual([400, 'app must be a UUID']);
    expect((await t.api.get(`/api/v1/app/${app.id}`)).status).toBe(401);
  });
});

describe('PATCH /api/v1/app/{app}', () => {
  it('changes fields; a map sent replaces the stored map and a key set to null is left out', async () => {
    const app = (await create({ appData: { a: '1', b: '2' }, secretData: { k1: 'v1', k2: 'v2' } })).body;
    const res = await t.api.patch<AppRecord>(
      `/api/v1/app/${app.id}`,
      { name: 'Renamed', appData: { b: null, c: '3' }, secretData: { k2: null, k3: 'v3' } },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed',
      type: 'CRM',
      externalId: app.externalId,
      appData: { c: '3' },
      secretData: { k3: 'v3' },
    });
    const untouched = await t.api.patch<AppRecord>(`/api/v1/app/${app.id}`, { internal: true }, admin.token);
    expect(untouched.body).toMatchObject({ internal: true, appData: { c: '3' }, secretData: { k3: 'v3' } });
  });

  it('deactivates with active false, recording the status change', async () => {
    const app = (await create({})).body;
    const res = await t.api.patch<AppRecord>(`/api/v1/app/${app.id}`, { active: false }, admin.token);
    expect(res.body.active).toBe(false);
    expect(res.body.status.current).toBe('INACTIVE');
    expect(res.body.status.changedAt > app.status.changedAt).toBe(true);
  });

  it('answers 409 when the new type and externalId are in use, changing nothing', async () => {
    const first = (await create({})).body;
    const second = (await create({ name: 'Second' })).body;
    const res = await t.api.patch(
      `/api/v1/app/${second.id}`,
      { externalId: first.externalId, name: 'Clash' },
      admin.token,
    );
    expect(res.status).toBe(409);
    expect((await t.api.get<AppRecord>(`/api/v1/app/${second.id}`, admin.token)).body).toMatchObject({
      name: 'Second',
      externalId: second.externalId,
    });
  });

  it('answers 400 naming the field, 403 to a member, 404 for another tenant, 401 without a token', async () => {
    const app = (await create({})).body;
    const bad = await t.api.patch(`/api/v1/app/${app.id}`, { name: '' }, admin.token);
    expect([bad.status, bad.body]).toEqual([400, 'name must be 1-200 characters']);
    const badMap = await t.api.patch(`/api/v1/app/${app.id}`, { appData: 'x' }, admin.token);
    expect([badMap.status, badMap.body]).toEqual([400, 'appData must be an object whose values are strings or null']);
    expect((await t.api.patch(`/api/v1/app/${app.id}`, { name: 'x' }, reader.token)).status).toBe(403);
    expect((await t.api.patch(`/api/v1/app/${app.id}`, { name: 'x' }, otherAdmin.token)).status).toBe(404);
    expect((await t.api.patch(`/api/v1/app/${app.id}`, { name: 'x' })).status).toBe(401);
    expect((await t.api.get<AppRecord>(`/api/v1/app/${app.id}`, admin.token)).body.name).toBe('Sales CRM');
  });
});

describe('GET /api/v1/app/by-type/{type} and /api/v1/app/by-type-id/{type}/{id}', () => {
  it('lists the apps of a type in the organization only, and finds one by external id', async () => {
    const type = `HRIS-${randomUUID().slice(0, 6)}`;
    const a = (await create({ type, name: 'A' })).body;
    const b = (await create({ type, name: 'B' })).body;
    await create({ type }, otherAdmin.token);
    const listed = await t.api.get<AppRecord[]>(`/api/v1/app/by-type/${type}`, reader.token);
    expect(listed.body.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(listed.body.every((x) => x.secretData === null)).toBe(true);
    const one = await t.api.get<AppRecord>(`/api/v1/app/by-type-id/${type}/${b.externalId}`, reader.token);
    expect(one.body.id).toBe(b.id);
    expect((await t.api.get(`/api/v1/app/by-type-id/${type}/${b.externalId}`, otherAdmin.token)).status).toBe(404);
    expect((await t.api.get(`/api/v1/app/by-type-id/${type}/nothing-here`, admin.token)).status).toBe(404);
    expect((await t.api.get(`/api/v1/app/by-type/${type}`)).status).toBe(401);
    expect((await t.api.get<AppRecord[]>('/api/v1/app/by-type/NO-SUCH-TYPE', admin.token)).body).toEqual([]);
  });
});

describe('DELETE /api/v1/app/{app}', () => {
  it('deletes the app with its mappings; 404 afterwards', async () => {
    const app = (await create({})).body;
    const mapped = await t.api.post(
      `/api/v1/app/${app.id}/mappings`,
      { entityType: 'ORGANIZATION', entityId: org.id, namespace: 'accounts', mappedId: uniqueId() },
      admin.token,
    );
    expect(mapped.status).toBe(201);
    expect((await t.api.delete(`/api/v1/app/${app.id}`, reader.token)).status).toBe(403);
    expect((await t.api.delete(`/api/v1/app/${app.id}`, otherAdmin.token)).status).toBe(404);
    const res = await t.api.delete(`/api/v1/app/${app.id}`, admin.token);
    expect([res.status, res.text]).toEqual([200, '']);
    expect((await t.api.get(`/api/v1/app/${app.id}`, admin.token)).status).toBe(404);
    const [{ count }] = await t.app.db.orm.em
      .fork()
      .getConnection()
      .execute<{ count: string }[]>('select count(*) as count from mapping where app_id = ?', [app.id]);
    expect(Number(count)).toBe(0);
  });
});

describe('mappings: POST, GET, PATCH and DELETE /api/v1/app/{app}/mappings', () => {
  it('maps records of the organization; the record and the app both list the mapping', async () => {
    const app = (await create({})).body;
    const employee = await t.api.post<{ id: string }>('/api/v1/employee', { name: 'Mapped Person' }, admin.token);
    const body = {
      entityType: 'EMPLOYEE',
      entityId: employee.body.id,
      namespace: 'workers',
      mappedId: 'W-1',
      reference: 'https://hr.example.com/W-1',
      mappingData: { site: 'Lyon' },
      mappingSecrets: { pin: '1234' },
    };
    const res = await t.api.post<MappingRecord>(`/api/v1/app/${app.id}/mappings`, body, admin.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...body, app: app.id });
    const listed = await t.api.get<
      { entity: { entityId: string; type: string; organization: string }; mapping: MappingRecord }[]
    >(`/api/v1/app/${app.id}/mappings`, reader.token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        entity: { entityId: employee.body.id, type: 'EMPLOYEE', organization: org.id },
        mapping: expect.objectContaining({ id: res.body.id, mappedId: 'W-1', mappingSecrets: null }),
      },
    ]);
    const person = await t.api.get<{ mappings: MappingRecord[] }>(`/api/v1/employee/${employee.body.id}`, reader.token);
    expect(person.body.mappings).toEqual([
      expect.objectContaining({ id: res.body.id, namespace: 'workers', mappingSecrets: null }),
    ]);
    const record = await t.api.get<{ mappings: MappingRecord[] }>(`/api/v1/organization/${org.id}`, admin.token);
    expect(record.body.mappings).toEqual([]);
  });

  it('answers 409 for a mappedId in use in the namespace of the app, storing nothing', async () => {
    const app = (await create({})).body;
    const body = { entityType: 'ORGANIZATION', entityId: org.id, namespace: 'tenants', mappedId: 'T-1' };
    expect((await t.api.post(`/api/v1/app/${app.id}/mappings`, body, admin.token)).status).toBe(201);
    const again = await t.api.post(`/api/v1/app/${app.id}/mappings`, body, admin.token);
    expect([again.status, again.body]).toEqual([409, 'mappedId is already mapped in this namespace of the app']);
    expect(
      (await t.api.post(`/api/v1/app/${app.id}/mappings`, { ...body, namespace: 'other' }, admin.token)).status,
    ).toBe(201);
    expect((await t.api.get<unknown[]>(`/api/v1/app/${app.id}/mappings`, admin.token)).body).toHaveLength(2);
  });

  it('answers 400 naming the field, 403, 404 for another tenant’s app or record, 401', async () => {
    const app = (await create({})).body;
    const good = { entityType: 'ORGANIZATION', entityId: org.id, namespace: 'n', mappedId: uniqueId() };
    const bad = async (body: Record<string, unknown>) => {
      const res = await t.api.post(`/api/v1/app/${app.id}/mappings`, { ...good, ...body }, admin.token);
      return [res.status, res.body];
    };
    expect(await bad({ entityType: 'PLANET' })).toEqual([
      400,
      'entityType must be one of ORGANIZATION, ACCOUNT, EMPLOYEE, GROUP, IDP, IDP_TASK',
    ]);
    expect(await bad({ entityId: 'x' })).toEqual([400, 'entityId must be a UUID']);
    expect(await bad({ mappedId: '' })).toEqual([400, 'mappedId must be 1-500 characters']);
    expect(await bad({ namespace: undefined })).toEqual([400, 'namespace is required']);
    expect(await bad({ entityId: other.id })).toEqual([
      400,
      'entityId must be an existing ORGANIZATION of the organization',
    ]);
    const foreignEmployee = await t.api.post<{ id: string }>(
      '/api/v1/employee',
      { name: 'Elsewhere' },
      otherAdmin.token,
    );
    expect(await bad({ entityType: 'EMPLOYEE', entityId: foreignEmployee.body.id })).toEqual([
      400,
      'entityId must be an existing EMPLOYEE of the organization',
    ]);
    expect((await t.api.post(`/api/v1/app/${app.id}/mappings`, good, reader.token)).status).toBe(403);
    expect(
      (await t.api.post(`/api/v1/app/${app.id}/mappings`, { ...good, entityId: other.id }, otherAdmin.token)).status,
    ).toBe(404);
    expect((await t.api.post(`/api/v1/app/${app.id}/mappings`, good)).status).toBe(401);
    expect((await t.api.get(`/api/v1/app/${app.id}/mappings`, otherAdmin.token)).status).toBe(404);
    expect((await t.api.get<unknown[]>(`/api/v1/app/${app.id}/mappings`, admin.token)).body).toEqual([]);
  });

  it('pages the mappings of an app and the apps of a type with limit and offset', async () => {
    const type = `PAGED-${randomUUID().slice(0, 6)}`;
    const app = (await create({ type, name: 'A' })).body;
    const second = (await create({ type, name: 'B' })).body;
    for (const mappedId of ['M-1', 'M-2', 'M-3']) {
      expect(
        (
          await t.api.post(
            `/api/v1/app/${app.id}/mappings`,
            { entityType: 'ORGANIZATION', entityId: org.id, namespace: 'n', mappedId },
            admin.token,
          )
        ).status,
      ).toBe(201);
    }
    const page = async (query: string) =>
      (await t.api.get<{ mapping: MappingRecord }[]>(`/api/v1/app/${app.id}/mappings${query}`, admin.token)).body.map(
        (m) => m.mapping.mappedId,
      );
    expect(await page('')).toEqual(['M-1', 'M-2', 'M-3']);
    expect(await page('?limit=2')).toEqual(['M-1', 'M-2']);
    expect(await page('?limit=2&offset=2')).toEqual(['M-3']);
    const tooMany = await t.api.get(`/api/v1/app/${app.id}/mappings?limit=501`, admin.token);
    expect([tooMany.status, tooMany.body]).toEqual([400, 'limit must be between 1 and 500']);
    const byType = async (query: string) =>
      (await t.api.get<AppRecord[]>(`/api/v1/app/by-type/${type}${query}`, admin.token)).body.map((a) => a.id);
    expect(await byType('?limit=1')).toEqual([app.id]);
    expect(await byType('?limit=1&offset=1')).toEqual([second.id]);
    const negative = await t.api.get(`/api/v1/app/by-type/${type}?offset=-1`, admin.token);
    expect([negative.status, negative.body]).toEqual([400, 'offset must be 0 or more']);
  });

  it('changes and removes a mapping', async () => {
    const app = (await create({})).body;
    const created = await t.api.post<MappingRecord>(
      `/api/v1/app/${app.id}/mappings`,
      { entityType: 'ORGANIZATION', entityId: org.id, namespace: 'n', mappedId: 'M-1', mappingData: { a: '1' } },
      admin.token,
    );
    const path = `/api/v1/app/${app.id}/mappings/${created.body.id}`;
    const changed = await t.api.patch<MappingRecord>(
      path,
      { mappedId: 'M-2', reference: 'ref', mappingData: { a: null, b: '2' } },
      admin.token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ mappedId: 'M-2', reference: 'ref', mappingData: { b: '2' } });
    expect((await t.api.patch(path, { mappedId: 'x' }, reader.token)).status).toBe(403);
    expect((await t.api.patch(path, { mappedId: 'x' }, otherAdmin.token)).status).toBe(404);
    expect((await t.api.delete(path, reader.token)).status).toBe(403);
    const removed = await t.api.delete(path, admin.token);
    expect([removed.status, removed.text]).toEqual([200, '']);
    expect((await t.api.delete(path, admin.token)).status).toBe(404);
    expect((await t.api.get<unknown[]>(`/api/v1/app/${app.id}/mappings`, admin.token)).body).toEqual([]);
  });
});

describe('organization look-ups by app', () => {
  const type = `LOOKUP-${randomUUID().slice(0, 6)}`;
  let mine: AppRecord;

  beforeAll(async () => {
    mine = (await create({ type, appData: { tenant: 'acme-eu' }, secretData: { webhookSecret: 'shared-secret-1' } }))
      .body;
    await create(
      { type, appData: { tenant: 'other-eu' }, secretData: { webhookSecret: 'shared-secret-2' } },
      otherAdmin.token,
    );
  });

  const ids = (body: unknown) => (body as { id: string }[]).map((o) => o.id).sort();

  it('by-app/{type}: the caller’s organizations with such an app; a platform ADMIN sees all', async () => {
    expect(ids((await t.api.get(`/api/v1/organization/by-app/${type}`, admin.token)).body)).toEqual([org.id]);
    expect(ids((await t.api.get(`/api/v1/organization/by-app/${type}`, platformAdmin(t))).body)).toEqual(
      [org.id, other.id].sort(),
    );
    expect((await t.api.get(`/api/v1/organization/by-app/${type}`)).status).toBe(401);
  });

  it('by-app-id/{type}/{externalId}', async () => {
    expect(
      ids((await t.api.get(`/api/v1/organization/by-app-id/${type}/${mine.externalId}`, reader.token)).body),
    ).toEqual([org.id]);
    expect(
      (await t.api.get(`/api/v1/organization/by-app-id/${type}/${mine.externalId}`, otherAdmin.token)).body,
    ).toEqual([]);
  });

  it('by-app-data/{type}/{key}/{value}', async () => {
    expect(
      ids((await t.api.get(`/api/v1/organization/by-app-data/${type}/tenant/acme-eu`, platformAdmin(t))).body),
    ).toEqual([org.id]);
    expect(
      ids((await t.api.get(`/api/v1/organization/by-app-data/${type}/tenant/other-eu`, platformAdmin(t))).body),
    ).toEqual([other.id]);
    expect((await t.api.get(`/api/v1/organization/by-app-data/${type}/tenant/nobody`, platformAdmin(t))).body).toEqual(
      [],
    );
  });

  it('POST by-app-secret/{type}/{key} finds by the secret without revealing it', async () => {
    const found = await t.api.post(
      `/api/v1/organization/by-app-secret/${type}/webhookSecret`,
      { secret: 'shared-secret-2' },
      platformAdmin(t),
    );
    expect(found.status).toBe(200);
    expect(ids(found.body)).toEqual([other.id]);
    expect(
      (
        await t.api.post(
          `/api/v1/organization/by-app-secret/${type}/otherKey`,
          { secret: 'shared-secret-1' },
          platformAdmin(t),
        )
      ).body,
    ).toEqual([]);
    const missing = await t.api.post(`/api/v1/organization/by-app-secret/${type}/webhookSecret`, {}, admin.token);
    expect([missing.status, missing.body]).toEqual([400, 'secret is required']);
    expect((await t.api.post(`/api/v1/organization/by-app-secret/${type}/webhookSecret`, { secret: 'x' })).status).toBe(
      401,
    );
  });

  it('by-app-secret is for platform ADMIN only: 403 to everyone else, even with the right secret', async () => {
    for (const token of [admin.token, reader.token, orgToken, otherAdmin.token]) {
      const res = await t.api.post(
        `/api/v1/organization/by-app-secret/${type}/webhookSecret`,
        { secret: 'shared-secret-1' },
        token,
      );
      expect([res.status, res.body]).toEqual([403, 'only a platform ADMIN may find organizations by an app secret']);
    }
    const graphql = await t.api.graphql(
      `query { organizationsByAppSecret(type: "${type}", key: "webhookSecret", input: { secret: "shared-secret-1" }) { nodes { id } } }`,
      {},
      reader.token,
    );
    expect([graphql.status, graphql.errors?.map((e) => e.extensions?.code)]).toEqual([403, ['FORBIDDEN']]);
  });

  it('an EMPLOYEE cannot guess a 4-digit secret: every guess is 403 from the first', async () => {
    const pin = `PIN-${randomUUID().slice(0, 6)}`;
    await create({ type: pin, secretData: { pin: '0042' } });
    const statuses = new Set<number>();
    for (let guess = 0; guess <= 60; guess++) {
      const res = await t.api.post(
        `/api/v1/organization/by-app-secret/${pin}/pin`,
        { secret: String(guess).padStart(4, '0') },
        reader.token,
      );
      statuses.add(res.status);
    }
    expect([...statuses]).toEqual([403]);
  });

  it('an ADMIN gets 429 with Retry-After after 10 failed look-ups a minute; found ones do not count', async () => {
    const sub = `integration-${randomUUID()}`;
    const integration = t.token({ sub, email: `${sub}@example.com`, roles: ['ADMIN'] });
    const lookUp = (secret: string) =>
      t.api.post(`/api/v1/organization/by-app-secret/${type}/webhookSecret`, { secret }, integration);
    for (let i = 0; i < 3; i++) expect(ids((await lookUp('shared-secret-1')).body)).toEqual([org.id]);
    const failed: number[] = [];
    for (let i = 0; i < 10; i++) failed.push((await lookUp(`wrong-${i}`)).status);
    expect(failed).toEqual(Array(10).fill(200));
    const refused = await lookUp('wrong-10');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(6);
    expect(refused.body).toBe(`too many failed look-ups by secret: at most 10 a minute; retry after ${wait} s`);
    // Once the budget is spent, even the right secret waits: a guess cannot be told from a hit.
    expect((await lookUp('shared-secret-1')).status).toBe(429);
    // Other ADMINs have budgets of their own.
    expect(
      (
        await t.api.post(
          `/api/v1/organization/by-app-secret/${type}/webhookSecret`,
          { secret: 'shared-secret-1' },
          platformAdmin(t),
        )
      ).status,
    ).toBe(200);
  });

  describe('paging', () => {
    // Three organizations share an app of one type, external id, appData value and secret, so
    // each look-up finds all three.
    const shared = `PAGED-${randomUUID().slice(0, 6)}`;
    let found: string[];

    beforeAll(async () => {
      const third = await orgWithAdmin(t, 'Third Apps Org');
      for (const token of [admin.token, otherAdmin.token, third.admin.token]) {
        const app = await create(
          { type: shared, externalId: 'same', appData: { region: 'eu' }, secretData: { signing: 'common' } },
          token,
        );
        expect(app.status).toBe(201);
      }
      found = [
        { id: org.id, name: org.name },
        { id: other.id, name: other.name },
        { id: third.org.id, name: third.org.name },
      ]
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
        .map((o) => o.id);
    });

    const LOOKUPS = {
      organizationsByApp: '',
      organizationsByAppId: ', externalId: "same"',
      organizationsByAppData: ', key: "region", value: "eu"',
      organizationsByAppSecret: ', key: "signing", input: { secret: "common" }',
    };
    type Page = {
      page: { totalCount: number; nodes: { id: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
    };

    it.each(Object.entries(LOOKUPS))('%s pages by name with first and after', async (field, args) => {
      const query = `query($type: String!, $after: String, $offset: Int) {
        page: ${field}(type: $type${args}, first: 2, after: $after, offset: $offset) {
          totalCount nodes { id } pageInfo { hasNextPage endCursor }
        }
      }`;
      const read = async (variables: Record<string, unknown>) => {
        const res = await t.api.graphql<Page>(query, { type: shared, ...variables }, platformAdmin(t));
        expect(res.errors).toBeUndefined();
        return res.data!.page;
      };
      const first = await read({});
      expect([first.totalCount, first.nodes.map((o) => o.id), first.pageInfo.hasNextPage]).toEqual([
        3,
        found.slice(0, 2),
        true,
      ]);
      const second = await read({ after: first.pageInfo.endCursor });
      expect([second.totalCount, second.nodes.map((o) => o.id), second.pageInfo.hasNextPage]).toEqual([
        3,
        found.slice(2),
        false,
      ]);
      expect((await read({ offset: 1 })).nodes.map((o) => o.id)).toEqual(found.slice(1));
      const foreign = await t.api.graphql(query, { type: shared, after: 'not-a-cursor' }, platformAdmin(t));
      expect(foreign.errors?.[0].message).toBe('after is not a cursor of this list');
    });

    it('pages the REST look-ups with limit, X-Total-Count and Link rel="next"', async () => {
      const byApp = await t.api.get<{ id: string }[]>(
        `/api/v1/organization/by-app/${shared}?limit=2`,
        platformAdmin(t),
      );
      expect([byApp.status, byApp.body.map((o) => o.id), byApp.headers.get('x-total-count')]).toEqual([
        200,
        found.slice(0, 2),
        '3',
      ]);
      expect(byApp.headers.get('link')).toBe(`</api/v1/organization/by-app/${shared}?limit=2&offset=2>; rel="next"`);
      // The POST look-up pages the same way: the secret stays in the body, the page in the query.
      const bySecret = await t.api.post<{ id: string }[]>(
        `/api/v1/organization/by-app-secret/${shared}/signing?limit=1&offset=2`,
        { secret: 'common' },
        platformAdmin(t),
      );
      expect([bySecret.status, bySecret.body.map((o) => o.id), bySecret.headers.get('x-total-count')]).toEqual([
        200,
        found.slice(2),
        '3',
      ]);
      expect(bySecret.headers.get('link')).toBeNull();
      // A caller sees only their own organizations, in the page and in the total.
      const mine = await t.api.get<{ id: string }[]>(`/api/v1/organization/by-app-id/${shared}/same`, admin.token);
      expect([mine.body.map((o) => o.id), mine.headers.get('x-total-count')]).toEqual([[org.id], '1']);
      const tooMany = await t.api.get(`/api/v1/organization/by-app-data/${shared}/region/eu?limit=501`, admin.token);
      expect([tooMany.status, tooMany.body]).toEqual([400, 'limit must be between 1 and 500']);
    });
  });

  it('aliases in one GraphQL request cannot multiply an ADMIN’s attempts', async () => {
    const sub = `integration-${randomUUID()}`;
    const integration = t.token({ sub, email: `${sub}@example.com`, roles: ['ADMIN'] });
    const guesses = Array.from(
      { length: 40 },
      (_, i) =>
        `g${i}: organizationsByAppSecret(type: "${type}", key: "webhookSecret", input: { secret: "guess-${i}" }) { nodes { id } }`,
    );
    let res: ApiResponse<{ errors?: { extensions?: { code?: string } }[] }> | undefined;
    const statements = await queriesOf(t, async () => {
      res = await t.api.request('POST', '/graphql', {
        body: { query: `{ ${guesses.join(' ')} }` },
        token: integration,
      });
    });
    expect(res!.status).toBe(429);
    expect(Number(res!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(new Set(res!.body.errors?.map((e) => e.extensions?.code))).toEqual(new Set(['TOO_MANY_REQUESTS']));
    // The first 10 guesses ran (and failed); the other 30 were refused before looking.
    expect(statements.filter((sql) => sql.includes('secret_hashes @>'))).toHaveLength(10);
    const after = await t.api.post(
      `/api/v1/organization/by-app-secret/${type}/webhookSecret`,
      { secret: 'shared-secret-1' },
      integration,
    );
    expect(after.status).toBe(429);
  });
});
