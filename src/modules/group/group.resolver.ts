import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../auth/context';
import { UUIDScalar } from '../../graphql/scalars';
import { Employee } from '../employee/employee.entity';
import { Group } from './group.entity';
import { GroupInput, GroupMembersInput, GroupUpdateInput } from './group.inputs';
import type { GroupService } from './group.service';

@Resolver(() => Group)
export class GroupResolver {
  constructor(private readonly service: GroupService) {}

  @Authorized()
  @Query(() => [Group], { description: 'Groups of the current organization, by name' })
  groups(
    @Ctx() ctx: Context,
    @Arg('limit', () => Int, { nullable: true, description: 'Page size, 1-500 (default 100)' }) limit?: number,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
  ): Promise<Group[]> {
    return this.service.list(ctx, limit ?? undefined, offset ?? undefined);
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
  members(@Ctx() ctx: Context, @Root() group: Group): Promise<Employee[]> {
    return this.service.members(ctx, group);
  }
}
