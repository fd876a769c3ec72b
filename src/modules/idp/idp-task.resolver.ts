import { firstParts, PartArgs, PartList } from '../../common/part-list';
import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../auth/context';
import { type Connection, ConnectionType, WholePageArgs } from '../../common/connection';
import { UUIDScalar } from '../../graphql/scalars';
import { IdpAssignee } from './idp-assignee.entity';
import { IdpNote } from './idp-note.entity';
import { IdpTask } from './idp-task.entity';
import { IdpTaskInput, IdpTaskUpdateInput, TasksDueArgs } from './idp-task.inputs';
import type { IdpTaskService } from './idp-task.service';
import type { AssigneeView, NoteView, TaskView } from './idp.read-model';

export const IdpTaskConnection = ConnectionType(IdpTask);

@Resolver(() => IdpTask)
export class IdpTaskResolver {
  constructor(private readonly service: IdpTaskService) {}

  @Authorized()
  @Query(() => IdpTaskConnection, { description: 'Tasks of a plan, in order' })
  idpTasks(
    @Ctx() ctx: Context,
    @Arg('idpId', () => UUIDScalar) idpId: string,
    @Args(() => WholePageArgs) page: WholePageArgs,
  ): Promise<Connection<TaskView>> {
    return this.service.list(ctx, idpId, page);
  }

  @Authorized()
  @Query(() => IdpTask)
  idpTask(
    @Ctx() ctx: Context,
    @Arg('idpId', () => UUIDScalar) idpId: string,
    @Arg('taskId', () => UUIDScalar) taskId: string,
  ): Promise<TaskView> {
    return this.service.get(ctx, idpId, taskId);
  }

  @Authorized()
  @Query(() => IdpTaskConnection, {
    description: 'Tasks due before a date (or overdue), across the plans the caller may see, soonest first',
  })
  idpTasksDue(@Ctx() ctx: Context, @Args(() => TasksDueArgs) args: TasksDueArgs): Promise<Connection<IdpTask>> {
    return this.service.due(ctx, args);
  }

  @Authorized()
  @Mutation(() => IdpTask, { description: 'Owner, an assignee’s manager or ORG_ADMIN' })
  addIdpTask(
    @Ctx() ctx: Context,
    @Arg('idpId', () => UUIDScalar) idpId: string,
    @Arg('input', () => IdpTaskInput) input: IdpTaskInput,
  ): Promise<IdpTask> {
    return this.service.add(ctx, idpId, input);
  }

  @Authorized()
  @Mutation(() => IdpTask, { description: 'Also the plan’s assignees (but for the task’s assignees)' })
  updateIdpTask(
    @Ctx() ctx: Context,
    @Arg('idpId', () => UUIDScalar) idpId: string,
    @Arg('taskId', () => UUIDScalar) taskId: string,
    @Arg('input', () => IdpTaskUpdateInput) input: IdpTaskUpdateInput,
  ): Promise<IdpTask> {
    return this.service.update(ctx, idpId, taskId, input);
  }

  @Authorized()
  @Mutation(() => IdpTask, { description: 'Sets the status to DONE' })
  completeIdpTask(
    @Ctx() ctx: Context,
    @Arg('idpId', () => UUIDScalar) idpId: string,
    @Arg('taskId', () => UUIDScalar) taskId: string,
  ): Promise<IdpTask> {
    return this.service.complete(ctx, idpId, taskId);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Deletes the task and its notes; the others close up' })
  deleteIdpTask(
    @Ctx() ctx: Context,
    @Arg('idpId', () => UUIDScalar) idpId: string,
    @Arg('taskId', () => UUIDScalar) taskId: string,
  ): Promise<boolean> {
    return this.service.delete(ctx, idpId, taskId);
  }

  // Roots are a TaskView (reads) or an IdpTask (changes): typed by what both have, which also
  // keeps TypeGraphQL from copying a plain root into a new entity instance for each call.

  @FieldResolver(() => [IdpNote])
  @PartList()
  notes(
    @Ctx() ctx: Context,
    @Root() task: { id: string; idpId: string },
    @Args() parts: PartArgs,
  ): Promise<NoteView[]> {
    return this.service.notes(ctx, task).then((all) => firstParts(all, parts));
  }

  @FieldResolver(() => [IdpAssignee])
  @PartList()
  assignees(
    @Ctx() ctx: Context,
    @Root() task: { id: string; idpId: string },
    @Args() parts: PartArgs,
  ): Promise<AssigneeView[]> {
    return this.service.assignees(ctx, task).then((all) => firstParts(all, parts));
  }
}
