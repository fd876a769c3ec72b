import { randomUUID } from 'node:crypto';
import { Created, Status } from '../src/common/record.embeddables';
import { findByIds, scopeToTenant, TENANT_FILTER } from '../src/db/tenant-filter';
import { Organization } from '../src/modules/organization/organization.entity';
import { OrganizationKey } from '../src/modules/organization/organization-key.entity';
import { orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp, testDatabase } from './helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(() => t.close());

function newOrganization(name: string): Organization {
  return Object.assign(new Organization(), {
    name,
    alias: `iso-${randomUUID().slice(0, 8)}`,
    status: Status.of('ACTIVE', null),
    created: Created.by(null),
  });
}

describe('database', () => {
  it(`runs on ${testDatabase() === 'pglite' ? 'the embedded PGlite' : 'a PostgreSQL server'}`, async () => {
    expect(t.app.db.mode).toBe(testDatabase() === 'pglite' ? 'embedded' : 'postgres');
    const res = await t.api.get<{ status: string; database: string }>('/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('keeps two concurrent transactions isolated (one shared connection in embedded mode)', async () => {
    const { orm } = t.app.db;
    const name = `Isolated ${randomUUID()}`;
    let releaseWriter!: () => void;
    const writerMayFinish = new Promise<void>((resolve) => (releaseWriter = resolve));
    let writerInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (writerInserted = resolve));

    // The writer inserts, then waits inside its open transaction and finally rolls back.
    const writer = orm.em.fork().transactional(async (em) => {
      em.persist(newOrganization(name));
      await em.flush();
      writerInserted();
      await writerMayFinish;
      throw new Error('roll back');
    });
    const writerDone = writer.catch((error: Error) => error.message);
    await inserted;

    // The reader runs concurrently: it must not see the uncommitted row, whether it waits for the
    // connection (embedded) or runs on its own connection (server).
    const reader = orm.em.fork().transactional((em) => em.count(Organization, { name }));
    const readerOrTimeout = Promise.race([
      reader,
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 300)),
    ]);
    const early = await readerOrTimeout;
    if (early !== 'waiting') expect(early).toBe(0);
    releaseWriter();
    expect(await writerDone).toBe('roll back');
    expect(await reader).toBe(0);
    expect(await orm.em.fork().count(Organization, { name })).toBe(0);
  });

  it('commits work of concurrent transactions without mixing them up', async () => {
    const { orm } = t.app.db;
    const names = Array.from({ length: 6 }, (_, i) => `Parallel ${i} ${randomUUID()}`);
    const results = await Promise.allSettled(
      names.map((name, i) =>
        orm.em.fork().transactional(async (em) => {
          em.persist(newOrganization(name));
          await em.flush();
          if (i % 2 === 1) throw new Error('odd ones roll back');
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    const stored = await orm.em.fork().find(Organization, { name: { $in: names } });
    expect(stored.map((o) => o.name).sort()).toEqual([names[0], names[2], names[4]].sort());
  });

  it('filters organization-owned rows to the current organization in one place', async () => {
    const a = await orgWithAdmin(t);
    const b = await orgWithAdmin(t);
    await t.api.post('/api/v1/organization/keys', { name: 'a-key' }, a.admin.token);
    await t.api.post('/api/v1/organization/keys', { name: 'b-key' }, b.admin.token);
    const em = t.app.db.orm.em.fork();
    scopeToTenant(em, a.org.id);
    const seen = await em.find(OrganizationKey, {});
    expect(seen.map((k) => k.name)).toEqual(['a-key']);
    // Even asking for b's key by its organization finds nothing through a's scope.
    expect(await em.find(OrganizationKey, { organization: b.org.id })).toEqual([]);
    const none = t.app.db.orm.em.fork();
    scopeToTenant(none, null);
    expect(await none.find(OrganizationKey, {})).toEqual([]);
    const all = await t.app.db.orm.em
      .fork()
      .find(OrganizationKey, { organization: { $in: [a.org.id, b.org.id] } }, { filters: { [TENANT_FILTER]: false } });
    expect(all).toHaveLength(2);
  });

  it('reads rows by id with plain SQL only inside the current organization (findByIds)', async () => {
    const a = await orgWithAdmin(t);
    const b = await orgWithAdmin(t);
    const keyA = await t.api.post<{ keys: { id: string; name: string }[] }>(
      '/api/v1/organization/keys',
      { name: 'a-key' },
      a.admin.token,
    );
    const keyB = await t.api.post<{ keys: { id: string; name: string }[] }>(
      '/api/v1/organization/keys',
      { name: 'b-key' },
      b.admin.token,
    );
    const ids = [...keyA.body.keys, ...keyB.body.keys].map((k) => k.id);
    expect(ids).toHaveLength(2);
    const em = t.app.db.orm.em.fork();
    scopeToTenant(em, a.org.id);
    const seen = await findByIds(em, OrganizationKey, 'id', ids, 'name');
    expect(seen.map((k) => [k.name, k instanceof OrganizationKey])).toEqual([['a-key', true]]);
    // The row is a managed entity: the identity map hands back the same object.
    expect(await em.findOne(OrganizationKey, seen[0].id)).toBe(seen[0]);
    const none = t.app.db.orm.em.fork();
    scopeToTenant(none, null);
    expect(await findByIds(none, OrganizationKey, 'id', ids, 'name')).toEqual([]);
    expect(await findByIds(em, OrganizationKey, 'id', [], 'name')).toEqual([]);
  });
});
