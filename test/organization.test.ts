import { randomUUID } from 'node:crypto';
import { type Member, type OrgRecord, orgWithAdmin, platformAdmin } from './helpers/fixtures';
import { signOrgToken } from './helpers/org-token';
import { startTestApp, type TestApp } from './helpers/test-app';

// The organization API through /graphql: the same abilities as the REST routes.
let t: TestApp;
let org: OrgRecord;
let admin: Member;
let foreign: OrgRecord;

const FIELDS =
  'id name alias active owners status { current changedAt changedBy } created { createdAt createdBy } profile { timezone website } keys { id name limitToRole secretBase64 }';

beforeAll(async () => {
  t = await startTestApp();
  ({ org, admin } = await orgWithAdmin(t, 'Graph Org'));
  ({ org: foreign } = await orgWithAdmin(t, 'Foreign Org'));
});

afterAll(() => t.close());

const code = (result: { errors?: { extensions?: { code?: string } }[] }) => result.errors?.[0]?.extensions?.code;

describe('organization queries', () => {
  it('lists, gets the current one, gets by id and by alias, reads the profile', async () => {
    const result = await t.api.graphql<{
      organizations: { nodes: { id: string }[] };
      organization: { id: string };
      byId: { name: string };
      organizationByAlias: { id: string };
      organizationProfile: { timezone: string | null };
    }>(
      `query($id: UUID, $alias: String!) {
        organizations { nodes { id } }
        organization { id }
        byId: organization(id: $id) { name }
        organizationByAlias(alias: $alias) { id }
        organizationProfile { timezone }
      }`,
      { id: org.id, alias: org.alias },
      admin.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      organizations: { nodes: [{ id: org.id }] },
      organization: { id: org.id },
      byId: { name: 'Graph Org' },
      organizationByAlias: { id: org.id },
      organizationProfile: { timezone: null },
    });
  });

  it('hides other tenants (NOT_FOUND) and needs a token (UNAUTHENTICATED)', async () => {
    const hidden = await t.api.graphql(
      `query($id: UUID) { organization(id: $id) { id } }`,
      { id: foreign.id },
      admin.token,
    );
    expect(code(hidden)).toBe('NOT_FOUND');
    const byAlias = await t.api.graphql(
      `query($a: String!) { organizationByAlias(alias: $a) { id } }`,
      { a: foreign.alias },
      admin.token,
    );
    expect(code(byAlias)).toBe('NOT_FOUND');
    const anonymous = await t.api.graphql('{ organizations { nodes { id } } }');
    expect(code(anonymous)).toBe('UNAUTHENTICATED');
  });

  it('rejects a malformed id before any resolver runs', async () => {
    const result = await t.api.graphql(`{ organization(id: "nope") { id } }`, {}, admin.token);
    expect(result.status).toBe(400);
    expect(result.errors?.[0].message).toMatch(/must be a UUID/);
  });

  it('loads the keys of many organizations with one query per request (no N+1)', async () => {
    const token = platformAdmin(t);
    const result = await t.api.graphql<{ organizations: { nodes: { id: string; keys: unknown[] }[] } }>(
      '{ organizations { nodes { id keys { id } } } }',
      {},
      token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.organizations.nodes.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the organization list, a connection', () => {
  // A user who created three organizations holds a grant in exactly those: the list is theirs alone.
  let token: string;
  const made: { id: string; name: string }[] = [];

  type Page = {
    organizations: {
      totalCount: number;
      nodes: { id: string; name: string }[];
      edges: { cursor: string; node: { id: string } }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    };
  };
  const PAGE = `query($first: Int, $after: String, $offset: Int, $since: DateTimeISO) {
    organizations(first: $first, after: $after, offset: $offset, updatedSince: $since) {
      totalCount nodes { id name } edges { cursor node { id } } pageInfo { hasNextPage endCursor }
    }
  }`;
  const page = async (variables: Record<string, unknown>) => {
    const result = await t.api.graphql<Page>(PAGE, variables, token);
    expect(result.errors).toBeUndefined();
    return result.data!.organizations;
  };

  beforeAll(async () => {
    const email = `pager-${randomUUID()}@example.com`;
    token = t.token({ sub: email, email });
    // Made out of name order, so that the list's order is its own.
    for (const name of ['Paging C', 'Paging A', 'Paging B']) {
      const created = await t.api.graphql<{ createOrganization: { id: string; name: string } }>(
        'mutation($name: String!) { createOrganization(input: { name: $name }) { id name } }',
        { name },
        token,
      );
      made.push(created.data!.createOrganization);
    }
    made.sort((a, b) => a.name.localeCompare(b.name));
  });

  it('pages by name with first and after, each page saying the total and whether more follow', async () => {
    const first = await page({ first: 2 });
    expect(first.totalCount).toBe(3);
    expect(first.nodes.map((o) => o.name)).toEqual(['Paging A', 'Paging B']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.edges.map((e) => e.node.id)).toEqual(first.nodes.map((o) => o.id));
    expect(first.pageInfo.endCursor).toBe(first.edges[1].cursor);
    const second = await page({ first: 2, after: first.pageInfo.endCursor });
    expect(second.totalCount).toBe(3);
    expect(second.nodes.map((o) => o.name)).toEqual(['Paging C']);
    expect(second.pageInfo.hasNextPage).toBe(false);
    // One at a time, the same three in the same order.
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const one = await page({ first: 1, after });
      seen.push(...one.nodes.map((o) => o.id));
      after = one.pageInfo.hasNextPage ? one.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toEqual(made.map((o) => o.id));
  });

  it('answers the whole list in one page of 500 unless first says otherwise, and skips with offset', async () => {
    const whole = await page({});
    expect(whole.nodes.map((o) => o.id)).toEqual(made.map((o) => o.id));
    expect(whole.pageInfo.hasNextPage).toBe(false);
    expect((await page({ offset: 2 })).nodes.map((o) => o.name)).toEqual(['Paging C']);
  });

  it('lists what changed at or after updatedSince, oldest change first', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // B, then A: change order, not name order.
    for (const org of [made[1], made[0]]) {
      const renamed = await t.api.graphql(
        'mutation($id: UUID, $name: String) { updateOrganization(id: $id, input: { name: $name }) { id } }',
        { id: org.id, name: `${org.name} renamed` },
        token,
      );
      expect(renamed.errors).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const changed = await page({ since: since.toISOString() });
    expect(changed.nodes.map((o) => o.id)).toEqual([made[1].id, made[0].id]);
    expect(changed.totalCount).toBe(2);
  });

  it('refuses a page size outside 1-500 and a cursor of another list, naming the argument', async () => {
    for (const first of [0, 501]) {
      const result = await t.api.graphql(PAGE, { first }, token);
      expect([code(result), result.errors?.[0].message]).toEqual(['BAD_USER_INPUT', 'first must be between 1 and 500']);
    }
    const result = await t.api.graphql(PAGE, { after: 'not-a-cursor' }, token);
    expect([code(result), result.errors?.[0].message]).toEqual([
      'BAD_USER_INPUT',
      'after is not a cursor of this list',
    ]);
  });
});

describe('organization mutations', () => {
  it('creates, updates, sets the profile, and creates and deletes a key', async () => {
    const email = `gql-${randomUUID()}@example.com`;
    const creator = t.token({ sub: email, email });
    const created = await t.api.graphql<{ createOrganization: OrgRecord }>(
      `mutation($input: OrganizationInput!) { createOrganization(input: $input) { ${FIELDS} } }`,
      { input: { name: 'Made In GraphQL', alias: 'made-in-graphql' } },
      creator,
    );
    expect(created.errors).toBeUndefined();
    const made = created.data!.createOrganization;
    expect(made).toMatchObject({
      name: 'Made In GraphQL',
      alias: 'made-in-graphql',
      active: true,
      status: { current: 'ACTIVE' },
    });
    const owner = t.token({ sub: email, email, org: made.id });

    const updated = await t.api.graphql<{ updateOrganization: OrgRecord }>(
      `mutation { updateOrganization(input: { name: "Renamed", active: false }) { ${FIELDS} } }`,
      {},
      owner,
    );
    expect(updated.data!.updateOrganization).toMatchObject({
      name: 'Renamed',
      active: false,
      status: { current: 'INACTIVE', changedBy: made.owners[0] },
    });

    const replaced = await t.api.graphql<{ replaceOrganizationProfile: OrgRecord }>(
      `mutation { replaceOrganizationProfile(input: { timezone: "Asia/Tokyo", website: "https://renamed.example" }) { ${FIELDS} } }`,
      {},
      owner,
    );
    expect(replaced.data!.replaceOrganizationProfile.profile).toEqual({
      timezone: 'Asia/Tokyo',
      website: 'https://renamed.example',
    });
    const patched = await t.api.graphql<{ updateOrganizationProfile: OrgRecord }>(
      `mutation { updateOrganizationProfile(input: { website: "" }) { ${FIELDS} } }`,
      {},
      owner,
    );
    expect(patched.data!.updateOrganizationProfile.profile).toEqual({ timezone: 'Asia/Tokyo', website: null });

    const keyed = await t.api.graphql<{ createOrganizationKey: OrgRecord }>(
      `mutation { createOrganizationKey(input: { name: "ci", limitToRole: EMPLOYEE }) { ${FIELDS} } }`,
      {},
      owner,
    );
    const key = keyed.data!.createOrganizationKey.keys[0];
    expect(key).toMatchObject({ name: 'ci', limitToRole: 'EMPLOYEE' });
    expect(key.secretBase64).toEqual(expect.any(String));

    // The key's token acts as EMPLOYEE: it may read but not administer.
    const keyToken = signOrgToken(key.id, key.secretBase64!);
    const read = await t.api.graphql<{ organization: { id: string } }>('{ organization { id } }', {}, keyToken);
    expect(read.data!.organization.id).toBe(made.id);
    const denied = await t.api.graphql('mutation { updateOrganization(input: { name: "No" }) { id } }', {}, keyToken);
    expect(code(denied)).toBe('FORBIDDEN');

    const deleted = await t.api.graphql<{ deleteOrganizationKey: OrgRecord }>(
      `mutation($key: UUID!) { deleteOrganizationKey(key: $key) { ${FIELDS} } }`,
      { key: key.id },
      owner,
    );
    expect(deleted.data!.deleteOrganizationKey.keys).toEqual([]);
  });

  it('answers BAD_USER_INPUT with the field named, CONFLICT, NOT_FOUND and FORBIDDEN', async () => {
    const blank = await t.api.graphql('mutation { createOrganization(input: { name: "  " }) { id } }', {}, admin.token);
    expect(code(blank)).toBe('BAD_USER_INPUT');
    expect(blank.errors![0].message).toBe('name must be 1-200 characters');
    const clash = await t.api.graphql(
      `mutation($a: String!) { createOrganization(input: { name: "X", alias: $a }) { id } }`,
      { a: foreign.alias },
      admin.token,
    );
    expect(code(clash)).toBe('CONFLICT');
    const elsewhere = await t.api.graphql(
      `mutation($id: UUID) { updateOrganization(id: $id, input: { name: "Mine now" }) { id } }`,
      { id: foreign.id },
      admin.token,
    );
    expect(code(elsewhere)).toBe('NOT_FOUND');
    const profile = await t.api.graphql(
      'mutation { updateOrganizationProfile(input: { website: "not a url" }) { id } }',
      {},
      admin.token,
    );
    expect(profile.errors![0].message).toBe('website must be an http(s) URL');
  });
});
