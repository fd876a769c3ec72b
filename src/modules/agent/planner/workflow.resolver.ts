import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../../auth/context';
import { type Connection, ConnectionType, WholeSyncPageArgs } from '../../../common/connection';
import { UUIDScalar } from '../../../graphql/scalars';
import { UserRequestInput } from '../agent.inputs';
import { BaseAssignmentHolder } from './assignment.types';
import { Workflow } from './workflow.entity';
import type { WorkflowService } from './workflow.service';

export const WorkflowConnection = ConnectionType(Workflow);

@Resolver(() => Workflow)
export class WorkflowResolver {
  constructor(private readonly service: WorkflowService) {}

  @Authorized()
  @Mutation(() => BaseAssignmentHolder, {
    description:
      'Plan the user’s last request of a conversation (conversationId required) into steps, a schedule and a notification',
  })
  assign(
    @Ctx() ctx: Context,
    @Arg('input', () => UserRequestInput) input: UserRequestInput,
  ): Promise<BaseAssignmentHolder> {
    return this.service.assign(ctx, input);
  }

  @Authorized()
  @Query(() => WorkflowConnection, { description: 'The caller’s workflows, newest first' })
  workflows(
    @Ctx() ctx: Context,
    @Args(() => WholeSyncPageArgs) page: WholeSyncPageArgs,
  ): Promise<Connection<Workflow>> {
    return this.service.list(ctx, page);
  }

  @Authorized()
  @Query(() => Workflow)
  workflow(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<Workflow> {
    return this.service.get(ctx, id);
  }

  @Authorized()
  @Mutation(() => Workflow, { description: 'Pause a workflow: no run happens until it is resumed' })
  pauseWorkflow(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<Workflow> {
    return this.service.setActive(ctx, id, false);
  }

  @Authorized()
  @Mutation(() => Workflow, { description: 'Resume a paused workflow from its next scheduled time' })
  resumeWorkflow(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<Workflow> {
    return this.service.setActive(ctx, id, true);
  }

  @Authorized()
  @Mutation(() => Workflow, {
    description:
      'Run a workflow once now (paused or not), e.g. to try it; its schedule is unchanged. The run happens in the background: its result arrives like a scheduled run’s (the conversation, a workflow.patch event, lastResult).',
  })
  runWorkflow(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<Workflow> {
    return this.service.runNow(ctx, id);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Delete a workflow; its next run does not happen' })
  deleteWorkflow(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<boolean> {
    return this.service.delete(ctx, id);
  }
}
