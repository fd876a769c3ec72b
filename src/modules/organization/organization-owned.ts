import { randomUUID } from 'node:crypto';
import { ManyToOne, PrimaryKey, type Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { Organization } from './organization.entity';

/**
 * The start of every record an organization owns: a UUID id and the owning organization, which
 * the tenant filter (src/db/tenant-filter.ts) keys on. Deleting the organization deletes the row.
 */
@ObjectType('OrganizationOwned', {
  description: 'Not part of the API: the fields every organization-owned record starts with',
})
export abstract class OrganizationOwned {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Organization, { ref: true, deleteRule: 'cascade' })
  organization!: Ref<Organization>;

  @Field(() => ID, { name: 'organization', description: 'The organization (uuid)' })
  get organizationId(): string {
    return this.organization.id;
  }
}
