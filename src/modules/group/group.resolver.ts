import { firstParts, PartArgs, PartList } from '../../common/part-list';
import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../auth/context';
import { type Connection, ConnectionType, LongSyncPageArgs } from '../../common/connection';
import { UUIDScalar } from '../../graphql/scalars';
import { Employee } from '../employee/employee.entity';
import { Group } from './group.entity';
import { GroupInput, GroupMembersInput, GroupUpdateInput } from './group.inputs';
import type { GroupService } from './group.service';

export const GroupConnection = ConnectionType(Group);

@Resolver(() => Group)
export class GroupResolver {
  constructor(private readonly service: GroupService) {}

  @Authorized()
  @Query(() => GroupConnection, {
    description: 'Groups of the current organization, by name (pages of 100 unless `first` says otherwise)',
  })
  groups(@Ctx() ctx: Context, @Args(() => LongSyncPageArgs) args: LongSyncPageArgs): Promise<Connection<Group>> {
    return this.service.list(ctx, args);
  }

  @Authorized()
  @Query(() => Group)
  group(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<Group> {
    return this.service.get(ctx, id);
  }

  @Authorized()
  @Mutation(() => Group)
  createGroup(@Ctx() ctx: Context, @Arg('input', () => GroupInput) input: GroupInput): Promise<Group> {
    return this.service.create(ctx, input);
  }

  @Authorized()
  @Mutation(() => Group)
  updateGroup(
    @Ctx() ctx: Context,
    @Arg('id', () => UUIDScalar) id: string,
    @Arg('input', () => GroupUpdateInput) input: GroupUpdateInput,
  ): Promise<Group> {
    return this.service.update(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Boolean)
  deleteGroup(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<boolean> {
    return this.service.delete(ctx, id);
  }

  @Authorized()
  @Mutation(() => Group)
  addGroupMembers(
    @Ctx() ctx: Context,
    @Arg('id', () => UUIDScalar) id: string,
    @Arg('input', () => GroupMembersInput) input: GroupMembersInput,
  ): Promise<Group> {
    return this.service.add(ctx, id, input.employeeIds);
  }

  @Authorized()
  @Mutation(() => Group)
  removeGroupMembers(
    @Ctx() ctx: Context,
    @Arg('id', () => UUIDScalar) id: string,
    @Arg('input', () => GroupMembersInput) input: GroupMembersInput,
  ): Promise<Group> {
    return this.service.remove(ctx, id, input.employeeIds);
  }

  @Authorized()
  @Mutation(() => Group, { description: 'Removes one member (REST: DELETE /group/{id}/members/{employeeId})' })
  removeGroupMember(
    @Ctx() ctx: Context,
    @Arg('id', () => UUIDScalar) id: string,
    @Arg('employeeId', () => UUIDScalar) employeeId: string,
  ): Promise<Group> {
    return this.service.remove(ctx, id, [employeeId]);
  }

  @FieldResolver(() => [Employee])
  @PartList()
  members(@Ctx() ctx: Context, @Root() group: Group, @Args() parts: PartArgs): Promise<Employee[]> {
    return this.service.members(ctx, group).then((all) => firstParts(all, parts));
  }
}
