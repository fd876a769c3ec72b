import { firstParts, PartArgs, PartList } from '../../common/part-list';
import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../auth/context';
import { type Connection, WholeSyncPageArgs } from '../../common/connection';
import { TOPICS } from '../../graphql/pubsub';
import { UUIDScalar } from '../../graphql/scalars';
import { OrganizationConnection } from './organization.connection';
import { Organization } from './organization.entity';
import {
  OrganizationInput,
  OrganizationKeyInput,
  OrganizationProfileInput,
  OrganizationUpdateInput,
} from './organization.inputs';
import { Preferences, PreferencesInput } from '../../common/preferences';
import type { OrganizationService } from './organization.service';
import { OrganizationKey } from './organization-key.entity';
import type { OrganizationPreferenceService } from './organization-preference.service';
import { OrganizationProfile } from './organization-profile.embeddable';

const ORG_ARG = { nullable: true, description: 'The organization; the current one when omitted' };

@Resolver(() => Organization)
export class OrganizationResolver {
  constructor(
    private readonly service: OrganizationService,
    private readonly preferences: OrganizationPreferenceService,
  ) {}

  @Authorized()
  @Query(() => OrganizationConnection, {
    description:
      'Organizations the caller holds a grant in (ADMIN: all), by name (pages of 500 unless `first` says otherwise)',
  })
  organizations(
    @Ctx() ctx: Context,
    @Args(() => WholeSyncPageArgs) page: WholeSyncPageArgs,
  ): Promise<Connection<Organization>> {
    return this.service.list(ctx, page);
  }

  @Authorized()
  @Query(() => Organization)
  organization(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar, ORG_ARG) id?: string): Promise<Organization> {
    return this.service.get(ctx, id);
  }

  @Authorized()
  @Query(() => Organization)
  organizationByAlias(@Ctx() ctx: Context, @Arg('alias', () => String) alias: string): Promise<Organization> {
    return this.service.getByAlias(ctx, alias);
  }

  @Authorized()
  @Query(() => OrganizationProfile)
  organizationProfile(
    @Ctx() ctx: Context,
    @Arg('id', () => UUIDScalar, ORG_ARG) id?: string,
  ): Promise<OrganizationProfile> {
    return this.service.profile(ctx, id);
  }

  @Authorized()
  @Mutation(() => Organization, {
    description: 'Creates an organization; the caller (or ownerEmail) becomes its owner',
  })
  createOrganization(
    @Ctx() ctx: Context,
    @Arg('input', () => OrganizationInput) input: OrganizationInput,
  ): Promise<Organization> {
    return this.service.create(ctx, input);
  }

  @Authorized()
  @Mutation(() => Organization)
  updateOrganization(
    @Ctx() ctx: Context,
    @Arg('input', () => OrganizationUpdateInput) input: OrganizationUpdateInput,
    @Arg('id', () => UUIDScalar, ORG_ARG) id?: string,
  ): Promise<Organization> {
    return this.service.update(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Organization, { description: 'Creates or replaces the profile: omitted fields are cleared' })
  replaceOrganizationProfile(
    @Ctx() ctx: Context,
    @Arg('input', () => OrganizationProfileInput) input: OrganizationProfileInput,
    @Arg('id', () => UUIDScalar, ORG_ARG) id?: string,
  ): Promise<Organization> {
    return this.service.setProfile(ctx, id, input, true);
  }

  @Authorized()
  @Mutation(() => Organization, { description: 'Changes the given profile fields; an empty string clears one' })
  updateOrganizationProfile(
    @Ctx() ctx: Context,
    @Arg('input', () => OrganizationProfileInput) input: OrganizationProfileInput,
    @Arg('id', () => UUIDScalar, ORG_ARG) id?: string,
  ): Promise<Organization> {
    return this.service.setProfile(ctx, id, input, false);
  }

  @Authorized()
  @Mutation(() => Organization, { description: 'Creates a key; its secretBase64 is in this response only' })
  createOrganizationKey(
    @Ctx() ctx: Context,
    @Arg('input', () => OrganizationKeyInput) input: OrganizationKeyInput,
    @Arg('organization', () => UUIDScalar, ORG_ARG) organization?: string,
  ): Promise<Organization> {
    return this.service.createKey(ctx, organization, input);
  }

  @Authorized()
  @Mutation(() => Organization, { description: 'Deletes a key; tokens it signed are refused from now on' })
  deleteOrganizationKey(
    @Ctx() ctx: Context,
    @Arg('key', () => UUIDScalar) key: string,
    @Arg('organization', () => UUIDScalar, ORG_ARG) organization?: string,
  ): Promise<Organization> {
    return this.service.deleteKey(ctx, organization, key);
  }

  @FieldResolver(() => [OrganizationKey], { description: 'Keys; listed to the organization administrators only' })
  @PartList()
  keys(@Ctx() ctx: Context, @Root() org: Organization, @Args() parts: PartArgs): Promise<OrganizationKey[]> {
    return this.service.keys(ctx, org).then((all) => firstParts(all, parts));
  }

  @FieldResolver(() => [Preferences], { name: 'preferences', description: 'Preferences by namespace' })
  @PartList()
  preferenceList(@Ctx() ctx: Context, @Root() org: Organization, @Args() parts: PartArgs): Promise<Preferences[]> {
    return this.preferences.list(ctx, org).then((all) => firstParts(all, parts));
  }

  @Authorized()
  @Query(() => Preferences, { description: 'One preferences namespace of an organization' })
  organizationPreferences(
    @Ctx() ctx: Context,
    @Arg('namespace', () => String) namespace: string,
    @Arg('organization', () => UUIDScalar, ORG_ARG) organization?: string,
  ): Promise<Preferences> {
    return this.preferences.get(ctx, organization, namespace);
  }

  @Authorized()
  @Mutation(() => Preferences, { description: 'Replaces the values of one preferences namespace' })
  setOrganizationPreferences(
    @Ctx() ctx: Context,
    @Arg('namespace', () => String) namespace: string,
    @Arg('input', () => PreferencesInput) input: PreferencesInput,
    @Arg('organization', () => UUIDScalar, ORG_ARG) organization?: string,
  ): Promise<Preferences> {
    return this.preferences.set(ctx, organization, namespace, input.values);
  }

  @Authorized()
  @Subscription(() => Organization, {
    topics: TOPICS.organizationUpdated,
    filter: ({ payload, context }: { payload: string; context: Context }) => payload === context.caller?.orgId,
    description: 'The current organization, each time it or its profile or keys change',
  })
  organizationUpdated(@Ctx() ctx: Context, @Root() orgId: string): Promise<Organization> {
    // A subscription's context lives as long as the subscription: read afresh for each event.
    ctx.em.clear();
    return this.service.get(ctx, orgId);
  }
}
