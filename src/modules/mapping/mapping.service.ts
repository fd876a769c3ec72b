import type { EntityManager } from '@mikro-orm/postgresql';
import { administeredOrganization, currentOrganization, requireCaller, requireRoleIn } from '../../auth/access';
import type { Context } from '../../auth/context';
import { Role } from '../../auth/roles';
import { type BatchLoad, groupBy } from '../../common/loaders';
import { flushUnique } from '../../common/flush-unique';
import { Created } from '../../common/record.embeddables';
import type { SecretBox } from '../../common/secret-box';
import { findByIds, findInOrganizations } from '../../db/tenant-filter';
import { badInput, conflict, notFound } from '../../graphql/errors';
import { type StringMap, withoutNulls } from '../../graphql/string-map';
import { Grant } from '../account/grant.entity';
import { App } from '../app/app.entity';
import { type Connection, findPage, LONG_PAGE, type LongSyncPageArgs } from '../../common/connection';
import { revealSecrets } from '../app/app-secrets';
import { Employee } from '../employee/employee.entity';
import { Group } from '../group/group.entity';
import { Idp } from '../idp/idp.entity';
import { IdpTask } from '../idp/idp-task.entity';
import { MappedEntity } from './mapped-entity';
import { MappedType, Mapping } from './mapping.entity';
import { type MappingInput, MappingUpdateInput } from './mapping.inputs';
import { copyDeclaredFields } from '../../common/input-fields';

const IN_USE = 'mappedId is already mapped in this namespace of the app';

/** Organization-owned records that can be mapped, by type; all of them are tenant-filtered. */
const OWNED = {
  [MappedType.EMPLOYEE]: Employee,
  [MappedType.GROUP]: Group,
  [MappedType.IDP]: Idp,
  [MappedType.IDP_TASK]: IdpTask,
} as const;

/** Mappings of records to their counterparts in apps: members read them, ORG_ADMIN writes. */
/** Fields update() checks or transforms itself; the input's other fields are copied as given. */
const MAPPING_HANDLED = ['namespace', 'mappedId', 'mappingData', 'mappingSecrets'];

export class MappingService {
  constructor(private readonly secrets: SecretBox) {}

  async ofApp(ctx: Context, appId: string, page: LongSyncPageArgs): Promise<Connection<MappedEntity>> {
    await this.app(ctx, appId);
    const mappings = await findPage(ctx.em, Mapping, { app: appId }, page, LIST_ORDER, LONG_PAGE);
    return {
      ...mappings,
      nodes: mappings.nodes.map(MappedEntity.of),
      cursorOf: (item) => mappings.cursorOf(item.mapping),
    };
  }

  /** The record mapped to `mappedId` in the app's namespace: how integrations sync back. */
  async byMappedId(ctx: Context, appId: string, namespace: string, mappedId: string): Promise<MappedEntity> {
    await this.app(ctx, appId);
    const mapping = await ctx.em.findOne(Mapping, { app: appId, namespace, mappedId });
    if (!mapping) throw notFound('mapping');
    return MappedEntity.of(mapping);
  }

  async map(ctx: Context, appId: string, input: MappingInput): Promise<Mapping> {
    const caller = requireCaller(ctx);
    const orgId = currentOrganization(caller);
    requireRoleIn(caller, orgId, [Role.ORG_ADMIN]);
    const app = await this.app(ctx, appId);
    await checkEntity(ctx.em, orgId, input.entityType, input.entityId);
    await this.checkFree(ctx.em, appId, input.namespace, input.mappedId);
    const mapping = ctx.em.create(Mapping, {
      organization: orgId,
      app,
      entityType: input.entityType,
      entityId: input.entityId,
      namespace: input.namespace,
      mappedId: input.mappedId,
      reference: input.reference || null,
      mappingData: input.mappingData ?? {},
      secretEncrypted: this.secrets.encryptMap(input.mappingSecrets ?? {}),
      created: Created.by(caller.actorId),
    });
    await flushUnique(ctx.em, IN_USE);
    return mapping;
  }

  async update(ctx: Context, appId: string, id: string, input: MappingUpdateInput): Promise<Mapping> {
    const mapping = await this.writable(ctx, appId, id);
    const namespace = input.namespace ?? mapping.namespace;
    const mappedId = input.mappedId ?? mapping.mappedId;
    if (namespace !== mapping.namespace || mappedId !== mapping.mappedId)
      await this.checkFree(ctx.em, appId, namespace, mappedId);
    mapping.namespace = namespace;
    mapping.mappedId = mappedId;
    copyDeclaredFields(mapping, input, MappingUpdateInput, ctx.em.getMetadata().get(Mapping), MAPPING_HANDLED);
    if (input.mappingData) mapping.mappingData = withoutNulls(input.mappingData);
    if (input.mappingSecrets) mapping.secretEncrypted = this.secrets.encryptMap(withoutNulls(input.mappingSecrets));
    await flushUnique(ctx.em, IN_USE);
    return mapping;
  }

  async unmap(ctx: Context, appId: string, id: string): Promise<boolean> {
    const mapping = await this.writable(ctx, appId, id);
    await ctx.em.remove(mapping).flush();
    return true;
  }

  mappingSecrets(ctx: Context, mapping: Mapping): StringMap | null {
    return revealSecrets(this.secrets, requireCaller(ctx), mapping.organization.id, mapping.secretEncrypted);
  }

  /** The mappings of a record the caller was allowed to read, in one query per type for a list. */
  ofEntity(ctx: Context, type: MappedType, id: string): Promise<Mapping[]> {
    return ctx.loaders.get(MAPPINGS_OF[type]).load(id);
  }

  private async app(ctx: Context, appId: string): Promise<App> {
    requireCaller(ctx);
    const app = await ctx.em.findOne(App, appId);
    if (!app) throw notFound('app');
    return app;
  }

  private async writable(ctx: Context, appId: string, id: string): Promise<Mapping> {
    administeredOrganization(ctx);
    await this.app(ctx, appId);
    const mapping = await ctx.em.findOne(Mapping, { id, app: appId });
    if (!mapping) throw notFound('mapping');
    return mapping;
  }

  private async checkFree(em: EntityManager, appId: string, namespace: string, mappedId: string): Promise<void> {
    if (await em.count(Mapping, { app: appId, namespace, mappedId })) throw conflict(IN_USE);
  }
}

/** The mapped record must exist in the organization (400 otherwise, naming entityId). */
async function checkEntity(em: EntityManager, orgId: string, type: MappedType, id: string): Promise<void> {
  let found: boolean;
  if (type === MappedType.ORGANIZATION) found = id === orgId;
  else if (type === MappedType.ACCOUNT) found = (await em.count(Grant, { account: id })) > 0;
  else found = (await em.count(OWNED[type], { id })) > 0;
  if (!found) throw badInput(`entityId must be an existing ${type} of the organization`);
}

const ORDER = { namespace: 'asc', mappedId: 'asc', id: 'asc' } as const;
/** The same order for the app's paged list. */
const LIST_ORDER = { keys: ['namespace', 'mappedId', 'id'] } as const;

/**
 * One batch load per mapped type. Organization records of a list may belong to several
 * organizations (a platform ADMIN's list), each already checked, so their mappings are read
 * across exactly those; the other types are read through the tenant filter.
 */
const MAPPINGS_OF = Object.fromEntries(
  Object.values(MappedType).map((type): [MappedType, BatchLoad<string, Mapping[]>] => [
    type,
    async (em, ids) => {
      const rows =
        type === MappedType.ORGANIZATION
          ? await findInOrganizations(em, Mapping, ids, { entityType: type, entityId: { $in: [...ids] } }, ORDER)
          : await findByIds(em, Mapping, 'entity_id', ids, 'namespace, mapped_id, id', `entity_type = '${type}'`);
      return groupBy(ids, rows, (m) => m.entityId);
    },
  ]),
) as Record<MappedType, BatchLoad<string, Mapping[]>>;
