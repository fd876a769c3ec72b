import { Arg, Authorized, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../auth/context';
import { Organization } from '../organization/organization.entity';
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
  @Query(() => [Organization], {
    description: 'Organizations with an app of this type (ADMIN: all, others: their own)',
  })
  organizationsByApp(@Ctx() ctx: Context, @Arg('type', () => String) type: string): Promise<Organization[]> {
    return this.lookups.byType(ctx, type);
  }

  @Authorized()
  @Query(() => [Organization], { description: 'Organizations with an app of this type and external id' })
  organizationsByAppId(
    @Ctx() ctx: Context,
    @Arg('type', () => String) type: string,
    @Arg('externalId', () => String) externalId: string,
  ): Promise<Organization[]> {
    return this.lookups.byExternalId(ctx, type, externalId);
  }

  @Authorized()
  @Query(() => [Organization], { description: 'Organizations with an app of this type whose appData has key = value' })
  organizationsByAppData(
    @Ctx() ctx: Context,
    @Arg('type', () => String) type: string,
    @Arg('key', () => String) key: string,
    @Arg('value', () => String) value: string,
  ): Promise<Organization[]> {
    return this.lookups.byData(ctx, type, key, value);
  }

  @Authorized()
  @Query(() => [Organization], {
    description:
      'Organizations with an app of this type whose secretData has key = secret: platform ADMIN only (403 to anyone else); at most 10 failed look-ups a minute (429)',
  })
  organizationsByAppSecret(
    @Ctx() ctx: Context,
    @Arg('type', () => String) type: string,
    @Arg('key', () => String) key: string,
    @Arg('input', () => AppSecretInput) input: AppSecretInput,
  ): Promise<Organization[]> {
    return this.lookups.bySecret(ctx, type, key, input.secret);
  }

  @FieldResolver(() => [App], { description: 'The organization’s apps' })
  apps(@Ctx() ctx: Context, @Root() org: Organization): Promise<App[]> {
    return this.appService.ofOrganization(ctx, org);
  }
}
