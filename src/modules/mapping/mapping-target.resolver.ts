import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { canRead } from '../../auth/access';
import type { Context } from '../../auth/context';
import { GraphOnly } from '../../graphql/rest-fields';
import { planIfReadable, taskIfReadable } from '../idp/idp-access';
import { Idp } from '../idp/idp.entity';
import type { PlanView, TaskView } from '../idp/idp.read-model';
import { IdpTask } from '../idp/idp-task.entity';
import { Organization } from '../organization/organization.entity';
import { MappedType, Mapping } from './mapping.entity';

/** The mapping's entityId when it names a record of `type`. */
const idOf = (mapping: Mapping, type: MappedType) => (mapping.entityType === type ? mapping.entityId : null);

/**
 * Mapping.idp, task and mappedOrganization: the mapped plan, task or organization (employee, group
 * and account come from namedRecordFieldsOf). A plan or task is shown only to a caller who may
 * read the plan, by the plans' own rules, checked for all mappings of a request in one query.
 */
@Resolver(() => Mapping)
export class MappingTargetResolver {
  @FieldResolver(() => Idp, {
    nullable: true,
    description: 'The mapped plan, when entityType is IDP and the caller may read it (as with the idp query)',
  })
  @GraphOnly()
  idp(@Ctx() ctx: Context, @Root() mapping: Mapping): Promise<PlanView | null> {
    return planIfReadable(ctx, idOf(mapping, MappedType.IDP));
  }

  @FieldResolver(() => IdpTask, {
    nullable: true,
    description: 'The mapped task, when entityType is IDP_TASK and the caller may read its plan',
  })
  @GraphOnly()
  task(@Ctx() ctx: Context, @Root() mapping: Mapping): Promise<TaskView | null> {
    return taskIfReadable(ctx, idOf(mapping, MappedType.IDP_TASK));
  }

  @FieldResolver(() => Organization, {
    nullable: true,
    description: 'The mapped organization, when entityType is ORGANIZATION (`organization` is the owner’s id)',
  })
  @GraphOnly()
  async mappedOrganization(@Ctx() ctx: Context, @Root() mapping: Mapping): Promise<Organization | null> {
    const id = idOf(mapping, MappedType.ORGANIZATION);
    return id && ctx.caller && canRead(ctx.caller, id) ? ctx.loaders.one(Organization, id) : null;
  }
}
