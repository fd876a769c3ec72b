import { firstParts, PartArgs, PartList } from '../../common/part-list';
import { Arg, Args, Authorized, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../auth/context';
import { type Connection, WholePageArgs } from '../../common/connection';
import { Organization } from '../organization/organization.entity';
import { OrganizationConnection } from '../organization/organization.connection';
import { App } from './app.entity';
import { AppSecretInput } from './app.inputs';
import type { AppService } from './app.service';
import type { AppLookupService } from './app-lookup.service';

/** Organizations found by their apps, and the apps of an organization record. */
@Resolver(() => Organization)
export class AppLookupResolver {
  constructor(
    private readonly lookups: AppLookupService,
    private readonly appService: AppService,
  ) {}

  @Authorized()
  @Query(() => OrganizationConnection, {
    description: 'Organizations with an app of this type (ADMIN: all, others: their own), by name',
  })
  organizationsByApp(
    @Ctx() ctx: Context,
    @Arg('type', () => String) type: string,
    @Args(() => WholePageArgs) page: WholePageArgs,
  ): Promise<Connection<Organization>> {
    return this.lookups.byType(ctx, type, page);
  }

  @Authorized()
  @Query(() => OrganizationConnection, {
    description: 'Organizations with an app of this type and external id, by name',
  })
  organizationsByAppId(
    @Ctx() ctx: Context,
    @Arg('type', () => String) type: string,
    @Arg('externalId', () => String) externalId: string,
    @Args(() => WholePageArgs) page: WholePageArgs,
  ): Promise<Connection<Organization>> {
    return this.lookups.byExternalId(ctx, type, externalId, page);
  }

  @Authorized()
  @Query(() => OrganizationConnection, {
    description: 'Organizations with an app of this type whose appData has key = value, by name',
  })
  organizationsByAppData(
    @Ctx() ctx: Context,
    @Arg('type', () => String) type: string,
    @Arg('key', () => String) key: string,
    @Arg('value', () => String) value: string,
    @Args(() => WholePageArgs) page: WholePageArgs,
  ): Promise<Connection<Organization>> {
    return this.lookups.byData(ctx, type, key, value, page);
  }

  @Authorized()
  @Query(() => OrganizationConnection, {
    description:
      'Organizations with an app of this type whose secretData has key = secret, by name: platform ADMIN only (403 to anyone else); at most 10 failed look-ups a minute (429)',
  })
  organizationsByAppSecret(
    @Ctx() ctx: Context,
    @Arg('type', () => String) type: string,
    @Arg('key', () => String) key: string,
    @Arg('input', () => AppSecretInput) input: AppSecretInput,
    @Args(() => WholePageArgs) page: WholePageArgs,
  ): Promise<Connection<Organization>> {
    return this.lookups.bySecret(ctx, type, key, input.secret, page);
  }

  @FieldResolver(() => [App], { description: 'The organization’s apps' })
  @PartList()
  apps(@Ctx() ctx: Context, @Root() org: Organization, @Args() parts: PartArgs): Promise<App[]> {
    return this.appService.ofOrganization(ctx, org).then((all) => firstParts(all, parts));
  }
}
