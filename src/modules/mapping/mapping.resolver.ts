import { firstParts, PartArgs, PartList } from '../../common/part-list';
import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../auth/context';
import { UUIDScalar } from '../../graphql/scalars';
import { type StringMap, StringMapScalar } from '../../graphql/string-map';
import { Account } from '../account/account.entity';
import { type Connection, ConnectionType, LongSyncPageArgs } from '../../common/connection';
import { Employee } from '../employee/employee.entity';
import { Group } from '../group/group.entity';
import { Idp } from '../idp/idp.entity';
import { IdpTask } from '../idp/idp-task.entity';
import { Organization } from '../organization/organization.entity';
import { namedRecordFieldsOf } from '../named-records';
import { MappedEntity } from './mapped-entity';
import { MappedType, Mapping } from './mapping.entity';
import { MappingInput, MappingUpdateInput } from './mapping.inputs';
import type { MappingService } from './mapping.service';

export const MappedEntityConnection = ConnectionType(MappedEntity);

@Resolver(() => Mapping)
export class MappingResolver {
  constructor(private readonly service: MappingService) {}

  @Authorized()
  @Query(() => MappedEntityConnection, {
    description: 'The records mapped to an app, with their mappings, by namespace and mappedId',
  })
  appMappings(
    @Ctx() ctx: Context,
    @Arg('app', () => UUIDScalar) app: string,
    @Args(() => LongSyncPageArgs) page: LongSyncPageArgs,
  ): Promise<Connection<MappedEntity>> {
    return this.service.ofApp(ctx, app, page);
  }

  @Authorized()
  @Query(() => MappedEntity, { description: 'The record mapped to mappedId in a namespace of an app' })
  mappedEntity(
    @Ctx() ctx: Context,
    @Arg('app', () => UUIDScalar) app: string,
    @Arg('namespace', () => String) namespace: string,
    @Arg('mappedId', () => String) mappedId: string,
  ): Promise<MappedEntity> {
    return this.service.byMappedId(ctx, app, namespace, mappedId);
  }

  @Authorized()
  @Mutation(() => Mapping, { description: 'ORG_ADMIN; (app, namespace, mappedId) is unique' })
  mapEntity(
    @Ctx() ctx: Context,
    @Arg('app', () => UUIDScalar) app: string,
    @Arg('input', () => MappingInput) input: MappingInput,
  ): Promise<Mapping> {
    return this.service.map(ctx, app, input);
  }

  @Authorized()
  @Mutation(() => Mapping, { description: 'ORG_ADMIN' })
  updateMapping(
    @Ctx() ctx: Context,
    @Arg('app', () => UUIDScalar) app: string,
    @Arg('mapping', () => UUIDScalar) mapping: string,
    @Arg('input', () => MappingUpdateInput) input: MappingUpdateInput,
  ): Promise<Mapping> {
    return this.service.update(ctx, app, mapping, input);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'ORG_ADMIN; removes a mapping' })
  unmapEntity(
    @Ctx() ctx: Context,
    @Arg('app', () => UUIDScalar) app: string,
    @Arg('mapping', () => UUIDScalar) mapping: string,
  ): Promise<boolean> {
    return this.service.unmap(ctx, app, mapping);
  }

  @FieldResolver(() => StringMapScalar, {
    nullable: true,
    description: 'Secrets: to ORG_ADMIN, ADMIN and organization tokens acting as ORG_ADMIN only, null to others',
  })
  mappingSecrets(@Ctx() ctx: Context, @Root() mapping: Mapping): StringMap | null {
    return this.service.mappingSecrets(ctx, mapping);
  }
}

/** Mapping.employee, group and account: the mapped record, as a field per type (plans and tasks: mapping-target.resolver.ts). */
export const MappingRecordResolver = namedRecordFieldsOf(Mapping, 'mapped');

type Mappable = abstract new (...args: never[]) => { id: string };

/** A resolver adding `mappings` to one mappable type; one class per type, built alike. */
function mappingsOf(target: Mappable, type: MappedType) {
  @Resolver(() => target)
  class MappingsFieldResolver {
    constructor(readonly service: MappingService) {}

    @FieldResolver(() => [Mapping], { description: 'How this record is mapped to apps' })
    @PartList()
    mappings(@Ctx() ctx: Context, @Root() record: { id: string }, @Args() parts: PartArgs): Promise<Mapping[]> {
      return this.service.ofEntity(ctx, type, record.id).then((all) => firstParts(all, parts));
    }
  }
  Object.defineProperty(MappingsFieldResolver, 'name', { value: `${target.name}MappingsResolver` });
  return MappingsFieldResolver;
}

export const MAPPINGS_RESOLVERS = [
  mappingsOf(Organization, MappedType.ORGANIZATION),
  mappingsOf(Account, MappedType.ACCOUNT),
  mappingsOf(Employee, MappedType.EMPLOYEE),
  mappingsOf(Group, MappedType.GROUP),
  mappingsOf(Idp, MappedType.IDP),
  mappingsOf(IdpTask, MappedType.IDP_TASK),
];
