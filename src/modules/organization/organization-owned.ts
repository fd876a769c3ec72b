import { randomUUID } from 'node:crypto';
import { ManyToOne, type Opt, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { UpdatedAtField } from '../../graphql/rest-fields';
// A type-only import, and the relation named by its entity name: organization.entity.ts need not be
// loaded before the entities that extend this class (the organization's own keys and preferences
// among them), so no import cycle can leave this class undefined when they are declared.
import type { Organization } from './organization.entity';

/**
 * The start of every row an organization owns: a UUID id and the owning organization, which the
 * tenant filter (src/db/tenant-filter.ts) keys on. Deleting the organization deletes the row.
 * Storage only: what the API shows of a row is its own choice (OrganizationRecord below shows both).
 */
export abstract class OrganizationOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne('Organization', { ref: true, deleteRule: 'cascade' })
  organization!: Ref<Organization>;

  get organizationId(): string {
    return this.organization.id;
  }

  /** Stamped by the unit of work on every change; what `updatedSince` lists and sync clients read. */
  @Property({ type: 'timestamptz', onUpdate: () => new Date(), defaultRaw: 'now()' })
  updatedAt: Opt<Date> = new Date();
}

/** An organization-owned row that the API shows starting with its `id` and `organization`. */
@ObjectType('OrganizationRecord', {
  description: 'Not part of the API: the fields every organization-owned record starts with',
})
export abstract class OrganizationRecord extends OrganizationOwned {
  // Declared again only to carry the GraphQL field; the stored property is OrganizationOwned's
  // (useDefineForClassFields is off, so this emits no second initialiser).
  @Field(() => ID)
  declare id: string;

  @Field(() => ID, { name: 'organization', description: 'The organization (uuid)' })
  override get organizationId(): string {
    return this.organization.id;
  }

  @UpdatedAtField()
  declare updatedAt: Opt<Date>;
}
