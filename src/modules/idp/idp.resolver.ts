import { firstParts, PartArgs, PartList } from '../../common/part-list';
import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../auth/context';
import { type Connection, ConnectionType } from '../../common/connection';
import { UUIDScalar } from '../../graphql/scalars';
import { GraphOnly } from '../../graphql/rest-fields';
import { Account } from '../account/account.entity';
import { visibleAccount } from '../account/account-directory.service';
import { Idp, type Sharing } from './idp.entity';
import { IdpAssignee } from './idp-assignee.entity';
import { IdpInput, IdpListArgs, IdpUpdateInput } from './idp.inputs';
import { IdpNote } from './idp-note.entity';
import type { AssigneeView, NoteView, PlanView, TaskView } from './idp.read-model';
import type { IdpService } from './idp.service';
import { IdpTask } from './idp-task.entity';

export const IdpConnection = ConnectionType(Idp);

@Resolver(() => Idp)
export class IdpResolver {
  constructor(private readonly service: IdpService) {}

  @Authorized()
  @Query(() => IdpConnection, { description: 'Plans the caller may see, by name; scope MINE or REPORTS narrows them' })
  idps(@Ctx() ctx: Context, @Args(() => IdpListArgs) args: IdpListArgs): Promise<Connection<PlanView>> {
    return this.service.list(ctx, args);
  }

  @Authorized()
  @Query(() => Idp)
  idp(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<PlanView> {
    return this.service.get(ctx, id);
  }

  @Authorized()
  @Mutation(() => Idp, { description: 'Any member may start a plan; the caller owns it unless owner is given' })
  createIdp(@Ctx() ctx: Context, @Arg('input', () => IdpInput) input: IdpInput): Promise<Idp> {
    return this.service.create(ctx, input);
  }

  @Authorized()
  @Mutation(() => Idp, { description: 'Owner, an assignee’s manager or ORG_ADMIN' })
  updateIdp(
    @Ctx() ctx: Context,
    @Arg('id', () => UUIDScalar) id: string,
    @Arg('input', () => IdpUpdateInput) input: IdpUpdateInput,
  ): Promise<Idp> {
    return this.service.update(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Deletes the plan with its tasks, notes and assignees' })
  deleteIdp(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<boolean> {
    return this.service.delete(ctx, id);
  }

  // Roots are a PlanView (reads) or an Idp (changes): typed by what both have, which also keeps
  // TypeGraphQL from copying a plain root into a new entity instance for each call.

  @FieldResolver(() => [IdpTask], { description: 'In order' })
  @PartList()
  tasks(@Ctx() ctx: Context, @Root() plan: { id: string }, @Args() parts: PartArgs): Promise<TaskView[]> {
    return this.service.tasks(ctx, plan).then((all) => firstParts(all, parts));
  }

  @FieldResolver(() => [IdpNote], { description: 'Notes on the plan itself; tasks carry their own' })
  @PartList()
  notes(@Ctx() ctx: Context, @Root() plan: { id: string }, @Args() parts: PartArgs): Promise<NoteView[]> {
    return this.service.notes(ctx, plan).then((all) => firstParts(all, parts));
  }

  @FieldResolver(() => Account, {
    nullable: true,
    description: 'The owning account; null without one, or when the caller may not see it (as with the account query)',
  })
  @GraphOnly()
  owner(@Ctx() ctx: Context, @Root() plan: { sharing: Sharing }): Promise<Account | null> {
    return visibleAccount(ctx, plan.sharing.ownerId);
  }

  @FieldResolver(() => [IdpAssignee])
  @PartList()
  assignees(@Ctx() ctx: Context, @Root() plan: { id: string }, @Args() parts: PartArgs): Promise<AssigneeView[]> {
    return this.service.assignees(ctx, plan).then((all) => firstParts(all, parts));
  }
}
