import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../auth/context';
import { type Connection, ConnectionType, LongSyncPageArgs } from '../../common/connection';
import { UUIDScalar } from '../../graphql/scalars';
import { type StringMap, StringMapScalar } from '../../graphql/string-map';
import { App } from './app.entity';
import { AppInput, AppListArgs, AppUpdateInput } from './app.inputs';
import type { AppService } from './app.service';

export const AppConnection = ConnectionType(App);

@Resolver(() => App)
export class AppResolver {
  constructor(private readonly service: AppService) {}

  @Authorized()
  @Query(() => AppConnection, {
    description: 'Apps of the current organization, by type and name (pages of 100 unless `first` says otherwise)',
  })
  apps(@Ctx() ctx: Context, @Args(() => AppListArgs) args: AppListArgs): Promise<Connection<App>> {
    return this.service.list(ctx, args);
  }

  @Authorized()
  @Query(() => App)
  app(@Ctx() ctx: Context, @Arg('app', () => UUIDScalar) id: string): Promise<App> {
    return this.service.get(ctx, id);
  }

  @Authorized()
  @Query(() => AppConnection, { description: 'Apps of one type in the current organization' })
  appsByType(
    @Ctx() ctx: Context,
    @Arg('type', () => String) type: string,
    @Args(() => LongSyncPageArgs) page: LongSyncPageArgs,
  ): Promise<Connection<App>> {
    return this.service.list(ctx, { ...page, type });
  }

  @Authorized()
  @Query(() => App, { description: 'The app of a type with this external id in the current organization' })
  appByExternalId(
    @Ctx() ctx: Context,
    @Arg('type', () => String) type: string,
    @Arg('externalId', () => String) externalId: string,
  ): Promise<App> {
    return this.service.getByExternalId(ctx, type, externalId);
  }

  @Authorized()
  @Mutation(() => App, { description: 'ORG_ADMIN; (type, externalId) is unique in the organization' })
  createApp(@Ctx() ctx: Context, @Arg('input', () => AppInput) input: AppInput): Promise<App> {
    return this.service.create(ctx, input);
  }

  @Authorized()
  @Mutation(() => App, {
    description: 'ORG_ADMIN; a map sent replaces the stored one, and a key set to null is removed',
  })
  updateApp(
    @Ctx() ctx: Context,
    @Arg('app', () => UUIDScalar) id: string,
    @Arg('input', () => AppUpdateInput) input: AppUpdateInput,
  ): Promise<App> {
    return this.service.update(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'ORG_ADMIN; deletes the app and its mappings' })
  deleteApp(@Ctx() ctx: Context, @Arg('app', () => UUIDScalar) id: string): Promise<boolean> {
    return this.service.delete(ctx, id);
  }

  @FieldResolver(() => StringMapScalar, {
    nullable: true,
    description: 'Secret data: to ORG_ADMIN, ADMIN and organization tokens acting as ORG_ADMIN only, null to others',
  })
  secretData(@Ctx() ctx: Context, @Root() app: App): StringMap | null {
    return this.service.secretData(ctx, app);
  }
}
