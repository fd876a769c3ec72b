import type { EntityManager } from '@mikro-orm/postgresql';
import { currentOrganization, requireCaller, requireRoleIn } from '../../auth/access';
import type { Context } from '../../auth/context';
import { Role } from '../../auth/roles';
import { groupBy } from '../../common/loaders';
import { flushUnique } from '../../common/flush-unique';
import { Created, Status } from '../../common/record.embeddables';
import type { SecretBox } from '../../common/secret-box';
import { findInOrganizations } from '../../db/tenant-filter';
import { conflict, notFound } from '../../graphql/errors';
import { type StringMap, withoutNulls } from '../../graphql/string-map';
import type { Organization } from '../organization/organization.entity';
import { APP_STATES, App } from './app.entity';
import { type AppInput, type AppListArgs, AppUpdateInput } from './app.inputs';
import { revealSecrets } from './app-secrets';
import { type Connection, findPage, LONG_PAGE } from '../../common/connection';
import { copyDeclaredFields } from '../../common/input-fields';

/** Fields update() checks or transforms itself; the input's other fields are copied as given. */
const APP_HANDLED = ['type', 'externalId', 'appData', 'secretData', 'active'];

const IN_USE = 'an app of this type with this externalId already exists in the organization';

/** Apps of the current organization: members read them (without secrets), ORG_ADMIN writes. */
export class AppService {
  constructor(private readonly secrets: SecretBox) {}

  /** A page by type and name (or by change, with updatedSince); REST's pages hold 100 unless asked otherwise. */
  list(ctx: Context, args: AppListArgs): Promise<Connection<App>> {
    requireCaller(ctx);
    const where = args.type === undefined || args.type === null ? {} : { type: args.type };
    return findPage(ctx.em, App, where, args, { keys: ['type', 'name', 'id'] }, LONG_PAGE);
  }

  async get(ctx: Context, id: string): Promise<App> {
    requireCaller(ctx);
    const app = await ctx.em.findOne(App, id);
    if (!app) throw notFound('app');
    return app;
  }

  async getByExternalId(ctx: Context, type: string, externalId: string): Promise<App> {
    requireCaller(ctx);
    const app = await ctx.em.findOne(App, { type, externalId });
    if (!app) throw notFound('app');
    return app;
  }

  async create(ctx: Context, input: AppInput): Promise<App> {
    const caller = requireCaller(ctx);
    const orgId = currentOrganization(caller);
    requireRoleIn(caller, orgId, [Role.ORG_ADMIN]);
    if (await ctx.em.count(App, { type: input.type, externalId: input.externalId })) throw conflict(IN_USE);
    const app = ctx.em.create(App, {
      organization: orgId,
      type: input.type,
      externalId: input.externalId,
      internal: input.internal,
      name: input.name,
      appData: input.appData ?? {},
      status: Status.of(APP_STATES.ACTIVE, caller.actorId),
      created: Created.by(caller.actorId),
    });
    this.setSecrets(app, input.secretData ?? {});
    await flushUnique(ctx.em, IN_USE);
    return app;
  }

  async update(ctx: Context, id: string, input: AppUpdateInput): Promise<App> {
    const caller = requireCaller(ctx);
    const app = await this.get(ctx, id);
    requireRoleIn(caller, app.organization.id, [Role.ORG_ADMIN]);
    const type = input.type ?? app.type;
    const externalId = input.externalId ?? app.externalId;
    if (
      (type !== app.type || externalId !== app.externalId) &&
      (await ctx.em.count(App, { type, externalId, id: { $ne: app.id } }))
    ) {
      throw conflict(IN_USE);
    }
    app.type = type;
    app.externalId = externalId;
    copyDeclaredFields(app, input, AppUpdateInput, ctx.em.getMetadata().get(App), APP_HANDLED);
    if (input.appData) app.appData = withoutNulls(input.appData);
    if (input.secretData) this.setSecrets(app, withoutNulls(input.secretData));
    if (input.active !== undefined && input.active !== null && input.active !== app.active) {
      app.active = input.active;
      app.status = Status.of(input.active ? APP_STATES.ACTIVE : APP_STATES.INACTIVE, caller.actorId);
    }
    await flushUnique(ctx.em, IN_USE);
    return app;
  }

  /** Deletes the app; its mappings go with it (the foreign key cascades). */
  async delete(ctx: Context, id: string): Promise<boolean> {
    const caller = requireCaller(ctx);
    const app = await this.get(ctx, id);
    requireRoleIn(caller, app.organization.id, [Role.ORG_ADMIN]);
    await ctx.em.remove(app).flush();
    return true;
  }

  secretData(ctx: Context, app: App): StringMap | null {
    return revealSecrets(this.secrets, requireCaller(ctx), app.organization.id, app.secretEncrypted);
  }

  /** The apps of an organization record the caller was allowed to read. */
  ofOrganization(ctx: Context, org: Organization): Promise<App[]> {
    return ctx.loaders.get(appsByOrganization).load(org.id);
  }

  private setSecrets(app: App, secretData: StringMap): void {
    app.secretEncrypted = this.secrets.encryptMap(secretData);
    app.secretHashes = this.secrets.hashMap(secretData);
  }
}

async function appsByOrganization(em: EntityManager, orgIds: readonly string[]): Promise<App[][]> {
  const apps = await findInOrganizations(em, App, orgIds, {}, { type: 'asc', name: 'asc', id: 'asc' });
  return groupBy(orgIds, apps, (app) => app.organization.id);
}
