import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../helpers/api';
import { type Member, type OrgRecord, orgWithAdmin, platformAdmin } from '../helpers/fixtures';
import { signOrgToken } from '../helpers/org-token';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let acme: OrgRecord;
let admin: Member;
let other: OrgRecord;
let otherAdmin: Member;
/** An organization token of acme acting as EMPLOYEE: authenticated, but not an administrator. */
let employeeToken: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ org: acme, admin } = await orgWithAdmin(t, 'Acme Corp'));
  ({ org: other, admin: otherAdmin } = await orgWithAdmin(t, 'Other Inc'));
  const key = await t.api.post<OrgRecord>(
    '/api/v1/organization/keys',
    { name: 'staff', limitToRole: 'EMPLOYEE' },
    admin.token,
  );
  const created = key.body.keys.find((k) => k.secretBase64)!;
  employeeToken = signOrgToken(created.id, created.secretBase64!);
});

afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('POST /api/v1/organization', () => {
  it('creates an organization, derives the alias, and makes the caller owner and ORG_ADMIN', async () => {
    const email = `owner-${randomUUID()}@example.com`;
    const token = t.token({ sub: email, email });
    const res = await t.api.post<OrgRecord>('/api/v1/organization', { name: '  Bright Futures Ltd  ' }, token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Bright Futures Ltd', alias: 'bright-futures-ltd', active: true, keys: [] });
    expect(res.body.owners).toHaveLength(1);
    expect(res.body.status).toMatchObject({ current: 'ACTIVE', changedBy: res.body.owners[0] });
    expect(res.body.created.createdBy).toBe(res.body.owners[0]);
    expect(Date.parse(res.body.created.createdAt)).not.toBeNaN();
    // The owner administers it: a token naming it may update it.
    const patch = await t.api.patch(
      '/api/v1/organization',
      { name: 'Bright' },
      t.token({ sub: email, email, org: res.body.id }),
    );
    expect(patch.status).toBe(200);
  });

  it('numbers derived aliases that are taken', async () => {
    const res = await t.api.post<OrgRecord>('/api/v1/organization', { name: 'Acme Corp' }, admin.token);
    expect(res.status).toBe(201);
    expect(res.body.alias).toBe('acme-corp-2');
  });

  it('makes the account of ownerEmail the owner, creating the account, when a platform ADMIN names it', async () => {
    // Anybody else naming another owner is refused (docs/rules.md; test/e2e/organization-creation.e2e.test.ts).
    const refused = await t.api.post<OrgRecord>(
      '/api/v1/organization',
      { name: 'Owned', ownerEmail: 'New.Owner@Example.com' },
      admin.token,
    );
    expect(refused.status).toBe(403);
    const res = await t.api.post<OrgRecord>(
      '/api/v1/organization',
      { name: 'Owned', ownerEmail: 'New.Owner@Example.com' },
      platformAdmin(t),
    );
    expect(res.status).toBe(201);
    const ownerToken = t.token({ sub: 'new-owner', email: 'new.owner@example.com', org: res.body.id });
    const mine = await t.api.get<OrgRecord[]>('/api/v1/organization', ownerToken);
    expect(mine.body.map((o) => o.id)).toEqual([res.body.id]);
    expect(res.body.owners).toHaveLength(1);
  });

  it('refuses a duplicate alias with 409', async () => {
    const res = await t.api.post('/api/v1/organization', { name: 'Clash', alias: acme.alias }, admin.token);
    expect(res.status).toBe(409);
    expect(res.body).toBe('alias is already in use');
  });

  it.each([
    [{}, 'name is required'],
    [{ name: '' }, 'name must be 1-200 characters'],
    [{ name: '   ' }, 'name must be 1-200 characters'],
    [{ name: 'x'.repeat(201) }, 'name must be 1-200 characters'],
    [{ name: 42 }, 'name must be a string'],
    [
      { name: 'Ok', alias: 'Not Valid' },
      'alias must contain only lowercase letters, digits and single dashes between them',
    ],
    [{ name: 'Ok', ownerEmail: 'nope' }, 'ownerEmail must be an email address'],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const before = await t.api.get<OrgRecord[]>('/api/v1/organization', platformAdmin(t));
    const res = await t.api.post('/api/v1/organization', body, admin.token);
    expect(res.status).toBe(400);
    expect(res.body).toBe(message);
    const after = await t.api.get<OrgRecord[]>('/api/v1/organization', platformAdmin(t));
    expect(after.body.length).toBe(before.body.length);
  });

  it('answers 400 for malformed JSON, a non-object body and a wrong content type', async () => {
    const malformed = await t.api.request('POST', '/api/v1/organization', {
      token: admin.token,
      raw: { body: '{"name":', type: 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toBe('request body is not valid JSON');
    const array = await t.api.request('POST', '/api/v1/organization', {
      token: admin.token,
      raw: { body: '[1]', type: 'application/json' },
    });
    expect(array.status).toBe(400);
    expect(array.body).toBe('request body must be a JSON object');
    const text = await t.api.request('POST', '/api/v1/organization', {
      token: admin.token,
      raw: { body: 'name=x', type: 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(text.body).toMatch(/content-type: application\/json/);
  });

  it('answers 401 without a token and with a bad one', async () => {
    expect((await t.api.post('/api/v1/organization', { name: 'x' })).status).toBe(401);
    expect((await t.api.post('/api/v1/organization', { name: 'x' }, 'not-a-jwt')).status).toBe(401);
  });
});

describe('GET /api/v1/organization', () => {
  it('lists the organizations the caller holds a grant in', async () => {
    const res = await t.api.get<OrgRecord[]>('/api/v1/organization', otherAdmin.token);
    expect(res.status).toBe(200);
    expect(res.body.map((o) => o.id)).toEqual([other.id]);
  });

  it('lists every organization to a platform ADMIN', async () => {
    const res = await t.api.get<OrgRecord[]>('/api/v1/organization', platformAdmin(t));
    expect(res.body.map((o) => o.id)).toEqual(expect.arrayContaining([acme.id, other.id]));
  });

  it('answers 401 without a token', async () => {
    expect((await t.api.get('/api/v1/organization')).status).toBe(401);
  });

  it('answers the whole list by default, saying its total and linking no next page', async () => {
    const res = await t.api.get<OrgRecord[]>('/api/v1/organization', platformAdmin(t));
    expect(res.body.length).toBeGreaterThanOrEqual(2);
    expect(res.headers.get('x-total-count')).toBe(String(res.body.length));
    expect(res.headers.get('link')).toBeNull();
  });

  it('pages with limit: an array of one, X-Total-Count, and Link rel="next" through every page', async () => {
    const token = platformAdmin(t);
    const whole = (await t.api.get<OrgRecord[]>('/api/v1/organization', token)).body.map((o) => o.id);
    const res = await t.api.get<OrgRecord[]>('/api/v1/organization?limit=1', token);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((o) => o.id)).toEqual(whole.slice(0, 1));
    expect(res.headers.get('x-total-count')).toBe(String(whole.length));
    expect(res.headers.get('link')).toBe('</api/v1/organization?limit=1&offset=1>; rel="next"');
    // Following the links reads the whole list once, in its order; the last page links nowhere.
    const seen: string[] = [];
    let url: string | undefined = '/api/v1/organization?limit=1';
    while (url) {
      const page: ApiResponse<OrgRecord[]> = await t.api.get<OrgRecord[]>(url, token);
      expect(page.headers.get('x-total-count')).toBe(String(whole.length));
      seen.push(...page.body.map((o) => o.id));
      const link = page.headers.get('link');
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : undefined;
    }
    expect(seen).toEqual(whole);
  });

  it('answers 400 naming limit for a limit outside 1-500', async () => {
    for (const limit of [0, 501]) {
      const res = await t.api.get(`/api/v1/organization?limit=${limit}`, admin.token);
      expect([res.status, res.body]).toEqual([400, 'limit must be between 1 and 500']);
    }
  });

  it('answers 400 naming updatedSince for a value that is not a time', async () => {
    const res = await t.api.get('/api/v1/organization?updatedSince=yesterday', admin.token);
    expect(res.status).toBe(400);
    expect(res.text).toContain('updatedSince');
  });
});

describe('GET /api/v1/organization/{organization}', () => {
  it('returns the whole organization record', async () => {
    const res = await t.api.get<OrgRecord>(`/api/v1/organization/${acme.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'active',
        'alias',
        'apps',
        'created',
        'id',
        'keys',
        'mappings',
        'name',
        'owners',
        'preferences',
        'profile',
        'status',
      ].sort(),
    );
    expect(res.body.id).toBe(acme.id);
  });

  it('answers 404 for another tenant and for an unknown id, 400 for a non-UUID, 401 without token', async () => {
    const foreign = await t.api.get(`/api/v1/organization/${other.id}`, admin.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toBe('organization not found');
    expect((await t.api.get(`/api/v1/organization/${randomUUID()}`, admin.token)).status).toBe(404);
    const bad = await t.api.get('/api/v1/organization/not-an-id', admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toBe('organization must be a UUID');
    expect((await t.api.get(`/api/v1/organization/${acme.id}`)).status).toBe(401);
  });
});

describe('PATCH /api/v1/organization and /api/v1/organization/{organization}', () => {
  it('updates the current organization', async () => {
    const res = await t.api.patch<OrgRecord>('/api/v1/organization', { name: 'Acme Corporation' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Acme Corporation');
    expect(res.body.alias).toBe(acme.alias);
  });

  it('updates by id, deactivates with a status change, and adds an owner by email (a platform ADMIN only)', async () => {
    const refused = await t.api.patch<OrgRecord>(
      `/api/v1/organization/${other.id}`,
      { active: false, ownerEmail: 'second@example.com' },
      otherAdmin.token,
    );
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: 'ownerEmail naming anybody but the caller needs a platform ADMIN',
    });
    expect((await t.api.get<OrgRecord>(`/api/v1/organization/${other.id}`, otherAdmin.token)).body).toMatchObject({
      active: true,
      owners: [expect.any(String)],
    });
    const res = await t.api.patch<OrgRecord>(
      `/api/v1/organization/${other.id}`,
      { active: false, ownerEmail: 'second@example.com' },
      platformAdmin(t, other.id),
    );
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(false);
    expect(res.body.status.current).toBe('INACTIVE');
    expect(res.body.owners).toHaveLength(2);
    const back = await t.api.patch<OrgRecord>(`/api/v1/organization/${other.id}`, { active: true }, otherAdmin.token);
    expect(back.body.status.current).toBe('ACTIVE');
  });

  it('answers 409 for an alias in use, 400 for a bad one', async () => {
    const clash = await t.api.patch(`/api/v1/organization/${acme.id}`, { alias: other.alias }, admin.token);
    expect(clash.status).toBe(409);
    const bad = await t.api.patch(`/api/v1/organization/${acme.id}`, { alias: '-x-' }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/^alias /);
    const still = await t.api.get<OrgRecord>(`/api/v1/organization/${acme.id}`, admin.token);
    expect(still.body.alias).toBe(acme.alias);
  });

  it('answers 403 to a member who is not ORG_ADMIN, 404 for another tenant, 401 without token', async () => {
    const denied = await t.api.patch('/api/v1/organization', { name: 'Hijack' }, employeeToken);
    expect(denied.status).toBe(403);
    expect((await t.api.patch(`/api/v1/organization/${other.id}`, { name: 'Hijack' }, admin.token)).status).toBe(404);
    expect((await t.api.patch('/api/v1/organization', { name: 'x' })).status).toBe(401);
    const unchanged = await t.api.get<OrgRecord>(`/api/v1/organization/${other.id}`, otherAdmin.token);
    expect(unchanged.body.name).toBe('Other Inc');
  });
});

describe('organization profile routes', () => {
  it('GET /organization/profile returns the current profile', async () => {
    const res = await t.api.get<Record<string, unknown>>('/api/v1/organization/profile', admin.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'companySize',
      'countryCode',
      'location',
      'logoUrl',
      'mission',
      'timezone',
      'website',
    ]);
  });

  it('POST creates or replaces (201), PATCH merges (200)', async () => {
    const post = await t.api.post<OrgRecord>(
      '/api/v1/organization/profile',
      { website: 'https://acme.example', timezone: 'Europe/Paris', countryCode: 'fr' },
      admin.token,
    );
    expect(post.status).toBe(201);
    expect(post.body.profile).toMatchObject({
      website: 'https://acme.example',
      timezone: 'Europe/Paris',
      countryCode: 'FR',
      mission: null,
    });
    const patch = await t.api.patch<OrgRecord>('/api/v1/organization/profile', { mission: 'Grow people' }, admin.token);
    expect(patch.status).toBe(200);
    expect(patch.body.profile).toMatchObject({ website: 'https://acme.example', mission: 'Grow people' });
    const replace = await t.api.post<OrgRecord>('/api/v1/organization/profile', { location: 'Lyon' }, admin.token);
    expect(replace.body.profile).toMatchObject({ location: 'Lyon', website: null, mission: null });
  });

  it('by id: GET, POST, PATCH', async () => {
    const post = await t.api.post<OrgRecord>(
      `/api/v1/organization/${other.id}/profile`,
      { companySize: '11-50' },
      otherAdmin.token,
    );
    expect(post.status).toBe(201);
    const patch = await t.api.patch<OrgRecord>(
      `/api/v1/organization/${other.id}/profile`,
      { logoUrl: 'https://other.example/logo.png' },
      otherAdmin.token,
    );
    expect(patch.status).toBe(200);
    const get = await t.api.get<Record<string, unknown>>(`/api/v1/organization/${other.id}/profile`, otherAdmin.token);
    expect(get.body).toMatchObject({ companySize: '11-50', logoUrl: 'https://other.example/logo.png' });
  });

  it.each([
    [{ timezone: 'Mars/Olympus' }, 'timezone must be an IANA time zone such as Europe/Paris'],
    [{ website: 'ftp://x' }, 'website must be an http(s) URL'],
    [{ countryCode: 'FRA' }, 'countryCode must be an ISO 3166-1 alpha-2 code such as FR'],
    [{ mission: 7 }, 'mission must be a string'],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const res = await t.api.patch('/api/v1/organization/profile', body, admin.token);
    expect(res.status).toBe(400);
    expect(res.body).toBe(message);
  });

  it('answers 403, 404 and 401 as docs/rest.md says', async () => {
    expect((await t.api.patch('/api/v1/organization/profile', { mission: 'x' }, employeeToken)).status).toBe(403);
    expect((await t.api.get(`/api/v1/organization/${other.id}/profile`, admin.token)).status).toBe(404);
    expect((await t.api.post(`/api/v1/organization/${other.id}/profile`, {}, admin.token)).status).toBe(404);
    expect((await t.api.get('/api/v1/organization/profile')).status).toBe(401);
  });
});

describe('organization preferences routes', () => {
  it('PUT replaces a namespace, GET reads it, and the record lists it', async () => {
    const put = await t.api.request<{ namespace: string; values: Record<string, string> }>(
      'PUT',
      '/api/v1/organization/preferences/ui',
      { token: admin.token, body: { values: { theme: 'dark', locale: 'fr' } } },
    );
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ namespace: 'ui', values: { theme: 'dark', locale: 'fr' } });
    const replaced = await t.api.request<{ values: Record<string, string> }>(
      'PUT',
      `/api/v1/organization/${acme.id}/preferences/ui`,
      { token: admin.token, body: { values: { theme: 'light' } } },
    );
    expect(replaced.body.values).toEqual({ theme: 'light' });
    const get = await t.api.get<{ values: Record<string, string> }>(
      '/api/v1/organization/preferences/ui',
      employeeToken,
    );
    expect(get.status).toBe(200);
    expect(get.body.values).toEqual({ theme: 'light' });
    const unset = await t.api.get<{ values: Record<string, string> }>(
      `/api/v1/organization/${acme.id}/preferences/never-set`,
      admin.token,
    );
    expect(unset.body).toEqual({ namespace: 'never-set', values: {} });
    const record = await t.api.get<{ preferences: { namespace: string }[] }>(
      `/api/v1/organization/${acme.id}`,
      admin.token,
    );
    expect(record.body.preferences).toEqual([{ namespace: 'ui', values: { theme: 'light' } }]);
  });

  it('answers 400 naming the field, 403, 404 and 401 as docs/rest.md says', async () => {
    const notStrings = await t.api.request('PUT', '/api/v1/organization/preferences/ui', {
      token: admin.token,
      body: { values: { theme: 1 } },
    });
    expect(notStrings.status).toBe(400);
    expect(notStrings.body).toBe('values must be an object whose values are strings (theme is not)');
    const missing = await t.api.request('PUT', '/api/v1/organization/preferences/ui', { token: admin.token, body: {} });
    expect(missing.body).toBe('values is required');
    const badName = await t.api.request('PUT', '/api/v1/organization/preferences/a%20b', {
      token: admin.token,
      body: { values: {} },
    });
    expect(badName.status).toBe(400);
    expect(badName.body).toMatch(/^namespace /);
    expect(
      (
        await t.api.request('PUT', '/api/v1/organization/preferences/ui', {
          token: employeeToken,
          body: { values: {} },
        })
      ).status,
    ).toBe(403);
    expect((await t.api.get(`/api/v1/organization/${other.id}/preferences/ui`, admin.token)).status).toBe(404);
    expect(
      (
        await t.api.request('PUT', `/api/v1/organization/${other.id}/preferences/ui`, {
          token: admin.token,
          body: { values: {} },
        })
      ).status,
    ).toBe(404);
    expect((await t.api.get('/api/v1/organization/preferences/ui')).status).toBe(401);
    const kept = await t.api.get<{ values: Record<string, string> }>(
      '/api/v1/organization/preferences/ui',
      admin.token,
    );
    expect(kept.body.values).toEqual({ theme: 'light' });
  });
});

describe('GET /api/v1/organization/alias/{alias}', () => {
  it('finds an organization by alias', async () => {
    const res = await t.api.get<OrgRecord>(`/api/v1/organization/alias/${acme.alias}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(acme.id);
  });

  it('answers 404 for another tenant and for an unknown alias, 401 without token', async () => {
    expect((await t.api.get(`/api/v1/organization/alias/${other.alias}`, admin.token)).status).toBe(404);
    expect((await t.api.get('/api/v1/organization/alias/no-such-org', admin.token)).status).toBe(404);
    expect((await t.api.get(`/api/v1/organization/alias/${acme.alias}`)).status).toBe(401);
  });
});

describe('organization keys', () => {
  it('creates a key whose secret is shown once and whose tokens act for the organization', async () => {
    const res = await t.api.post<OrgRecord>('/api/v1/organization/keys', { name: 'sync' }, admin.token);
    expect(res.status).toBe(201);
    const key = res.body.keys.find((k) => k.name === 'sync')!;
    expect(Buffer.from(key.secretBase64!, 'base64')).toHaveLength(32);
    expect(res.body.keys.filter((k) => k.secretBase64)).toHaveLength(1);
    const again = await t.api.get<OrgRecord>(`/api/v1/organization/${acme.id}`, admin.token);
    expect(again.body.keys.find((k) => k.id === key.id)!.secretBase64).toBeNull();

    // Without limitToRole the key acts as ORG_ADMIN of its organization only.
    const orgToken = signOrgToken(key.id, key.secretBase64!);
    const mine = await t.api.patch<OrgRecord>('/api/v1/organization/profile', { mission: 'by key' }, orgToken);
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(acme.id);
    expect((await t.api.get(`/api/v1/organization/${other.id}`, orgToken)).status).toBe(404);

    // Deleted: its tokens are refused with 401.
    const deleted = await t.api.delete<OrgRecord>(`/api/v1/organization/keys/${key.id}`, admin.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.keys.map((k) => k.id)).not.toContain(key.id);
    expect((await t.api.get('/api/v1/organization/profile', orgToken)).status).toBe(401);
  });

  it('creates and deletes keys by organization id', async () => {
    const res = await t.api.post<OrgRecord>(
      `/api/v1/organization/${other.id}/keys`,
      { name: 'hr', limitToRole: 'MANAGER' },
      otherAdmin.token,
    );
    expect(res.status).toBe(201);
    const key = res.body.keys.find((k) => k.name === 'hr')!;
    expect(key.limitToRole).toBe('MANAGER');
    const managerToken = signOrgToken(key.id, key.secretBase64!);
    expect((await t.api.patch('/api/v1/organization', { name: 'x' }, managerToken)).status).toBe(403);
    const deleted = await t.api.delete(`/api/v1/organization/${other.id}/keys/${key.id}`, otherAdmin.token);
    expect(deleted.status).toBe(200);
  });

  it('lists keys to administrators only', async () => {
    const res = await t.api.get<OrgRecord>(`/api/v1/organization/${acme.id}`, employeeToken);
    expect(res.status).toBe(200);
    expect(res.body.keys).toEqual([]);
  });

  it('answers 400, 403, 404 and 401 as docs/rest.md says', async () => {
    const missing = await t.api.post('/api/v1/organization/keys', {}, admin.token);
    expect(missing.status).toBe(400);
    expect(missing.body).toBe('name is required');
    const role = await t.api.post('/api/v1/organization/keys', { name: 'k', limitToRole: 'OWNER' }, admin.token);
    expect(role.status).toBe(400);
    expect(role.body).toBe('limitToRole must be one of ADMIN, ORG_ADMIN, MANAGER, EMPLOYEE');
    const platform = await t.api.post('/api/v1/organization/keys', { name: 'k', limitToRole: 'ADMIN' }, admin.token);
    expect(platform.status).toBe(400);
    expect((await t.api.post('/api/v1/organization/keys', { name: 'k' }, employeeToken)).status).toBe(403);
    expect((await t.api.post(`/api/v1/organization/${other.id}/keys`, { name: 'k' }, admin.token)).status).toBe(404);
    expect((await t.api.delete(`/api/v1/organization/keys/${randomUUID()}`, admin.token)).status).toBe(404);
    const foreignKey = await t.api.post<OrgRecord>(
      `/api/v1/organization/${other.id}/keys`,
      { name: 'theirs' },
      otherAdmin.token,
    );
    const theirs = foreignKey.body.keys.find((k) => k.name === 'theirs')!;
    expect((await t.api.delete(`/api/v1/organization/keys/${theirs.id}`, admin.token)).status).toBe(404);
    expect((await t.api.delete(`/api/v1/organization/${acme.id}/keys/${theirs.id}`, admin.token)).status).toBe(404);
    expect((await t.api.delete(`/api/v1/organization/keys/${theirs.id}`)).status).toBe(401);
    expect((await t.api.delete('/api/v1/organization/keys/x', admin.token)).body).toBe('key must be a UUID');
  });
});

describe('REST errors (docs/rest.md)', () => {
  it('answers RFC 9457 problems on request', async () => {
    const res = await t.api.request('GET', `/api/v1/organization/${randomUUID()}`, {
      token: admin.token,
      headers: { accept: 'application/problem+json' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(res.body).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'organization not found',
      code: 'NOT_FOUND',
    });
  });

  it('answers unknown routes with 404 in JSON', async () => {
    const res = await t.api.request('GET', '/api/v1/nothing-here', { token: admin.token, headers: json });
    expect(res.status).toBe(404);
    expect(res.body).toBe('no route for GET /api/v1/nothing-here');
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await t.api.post('/api/v1/organization', { name: 'x', pad: 'y'.repeat(1_100_000) }, admin.token);
    expect(res.status).toBe(413);
  });

  it('ignores fields a body does not define, so a record can be sent back as it was read', async () => {
    const read = await t.api.get<OrgRecord[]>('/api/v1/organization', admin.token);
    const record = read.body.find((o) => o.id === acme.id)!;
    // A raw body, so that "__proto__" arrives as a key, as a hostile client would send it.
    const body = JSON.stringify({ ...record, name: 'Acme Again' }).replace(/^\{/, '{"__proto__":{"polluted":true},');
    const res = await t.api.request<OrgRecord>('PATCH', '/api/v1/organization', {
      token: admin.token,
      raw: { body, type: 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Acme Again');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
